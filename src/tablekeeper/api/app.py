"""The HTTP API: thin routes over the services, answering the CLI's ``--json`` documents.

``create_app()`` builds the app; nothing is built at import. The app's state holds the
database URL, its engine (opened on the first campaign request, see ``api/deps.py``), the
:class:`~tablekeeper.api.live.LiveHub` of live watchers and the
:class:`~tablekeeper.persistence.notifications.Broadcaster` that carries announcements
between workers; the app's lifespan starts and stops the broadcaster.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from starlette.responses import Response

from tablekeeper.api import errors, limits, live, log_redaction, routes_campaigns
from tablekeeper.api.disconnect import until_disconnected
from tablekeeper.api.schemas import (
    OddsOut,
    ResolveIn,
    ResolverOddsIn,
    ResolverOut,
    RollIn,
    RollOut,
    RulesetOut,
)
from tablekeeper.dice.parse import MAX_LENGTH
from tablekeeper.persistence.notifications import Broadcaster, broadcaster_for
from tablekeeper.services import dice as dice_service
from tablekeeper.services import odds_jobs, server_odds, settings
from tablekeeper.services import resolvers as resolver_service
from tablekeeper.services import rulesets as ruleset_service
from tablekeeper.services.odds_worker import WARM_ODDS_VARIABLE, OddsWorkers


def build_router() -> APIRouter:
    """The ``/api`` routes."""
    router = APIRouter(prefix="/api", responses=errors.ERROR_RESPONSES)

    @router.get("/odds", response_model=OddsOut, tags=["dice"])
    async def get_odds(
        request: Request,
        expr: Annotated[str, Query(max_length=MAX_LENGTH, description="Dice notation: 2d6+3.")],
    ) -> Any:
        """The exact distribution of a dice expression (422 when it is too costly to
        compute exactly, with a Monte Carlo estimate when one is cheap)."""
        workers = request.app.state.odds_workers
        _, document = await until_disconnected(
            request, server_odds.exact, workers, expr, odds_jobs.odds_json
        )
        return Response(document, media_type="application/json")

    @router.post("/rolls", response_model=RollOut, tags=["dice"])
    def post_roll(body: RollIn) -> Any:
        """Roll a dice expression with a seed, the faces rolled at the table, or at random."""
        result = dice_service.roll_expression(body.expression, seed=body.seed, dice=body.dice)
        return dice_service.roll_document(result)

    @router.get("/rulesets", response_model=list[RulesetOut], tags=["rulesets"])
    def get_rulesets() -> Any:
        """Every installed ruleset: its summary, rule document, the schemas of its options
        and of a character sheet, and its GM commands."""
        return [ruleset_service.ruleset_info(name) for name in ruleset_service.installed_rulesets()]

    @router.get("/rulesets/{name}", response_model=RulesetOut, tags=["rulesets"])
    def get_ruleset(name: str) -> Any:
        """One installed ruleset (see ``GET /api/rulesets``)."""
        return ruleset_service.ruleset_info(name)

    @router.get("/resolvers", response_model=list[ResolverOut], tags=["resolvers"])
    def get_resolvers() -> Any:
        """Every resolver, with its input schema."""
        return [info.to_dict() for info in resolver_service.list_resolvers()]

    @router.post("/resolve/{name}", response_model=dict[str, Any], tags=["resolvers"])
    def post_resolve(name: str, body: ResolveIn) -> Any:
        """Run a resolver: validate the input, roll, and record every face."""
        resolution = resolver_service.resolve(name, body.input, seed=body.seed, dice=body.dice)
        return resolution.to_dict()

    @router.post("/resolve/{name}/odds", response_model=dict[str, Any], tags=["resolvers"])
    async def post_resolver_odds(request: Request, name: str, body: ResolverOddsIn) -> Any:
        """The exact odds of each outcome of a resolver, without rolling (computed under
        the same budget as ``/odds``)."""
        workers = request.app.state.odds_workers
        outcome_odds = await until_disconnected(
            request,
            server_odds.in_worker,
            workers,
            f"the odds of {name}",
            odds_jobs.resolver_odds,
            name,
            body.input,
        )
        return outcome_odds.to_dict()

    return router


def create_app(
    database_url: str | None = None, *, broadcaster: Broadcaster | None = None
) -> FastAPI:
    """Build the Tablekeeper HTTP API over ``database_url`` (default: the
    ``TABLEKEEPER_DATABASE_URL`` variable, else a SQLite file in the user's data directory).

    ``broadcaster`` carries announcements between workers; by default PostgreSQL's
    ``LISTEN``/``NOTIFY`` for a PostgreSQL URL, in-process otherwise.
    """
    url = database_url or settings.database_url()
    hub = live.LiveHub()
    chosen = broadcaster or broadcaster_for(url, hub.publish, on_listening=hub.publish_all)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        log_redaction.install()  # again: a log configuration may have been loaded since
        if os.environ.get(WARM_ODDS_VARIABLE) == "1":  # a real server, not a test's app
            app.state.odds_workers.warm()
        chosen.start()
        try:
            yield
        finally:
            chosen.stop()
            app.state.odds_workers.close()
            if app.state.engine is not None:
                app.state.engine.dispose()

    app = FastAPI(
        title="Tablekeeper",
        summary="Every roll explained, exact odds before the dice fall.",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.database_url = url
    app.state.engine = None
    app.state.hub = hub
    app.state.broadcaster = chosen
    app.state.odds_workers = OddsWorkers()
    errors.install(app)
    limits.install(app)
    log_redaction.install()
    app.include_router(build_router())
    app.include_router(live.build_router())
    app.include_router(routes_campaigns.build_router())
    return app
