"""The HTTP API: thin routes over the services, answering the CLI's ``--json`` documents.

``create_app()`` builds the app; nothing is built at import.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query

from tablekeeper.api import errors
from tablekeeper.api.schemas import (
    OddsOut,
    ResolveIn,
    ResolverOddsIn,
    ResolverOut,
    RollIn,
    RollOut,
)
from tablekeeper.services import dice as dice_service
from tablekeeper.services import resolvers as resolver_service


def build_router() -> APIRouter:
    """The ``/api`` routes."""
    router = APIRouter(prefix="/api", responses=errors.ERROR_RESPONSES)

    @router.get("/odds", response_model=OddsOut, tags=["dice"])
    def get_odds(expr: Annotated[str, Query(description="Dice notation: 2d6+3.")]) -> Any:
        """The exact distribution of a dice expression."""
        canonical, distribution = dice_service.odds_with_expression(expr)
        return dice_service.odds_document(canonical, distribution)

    @router.post("/rolls", response_model=RollOut, tags=["dice"])
    def post_roll(body: RollIn) -> Any:
        """Roll a dice expression with a seed, the faces rolled at the table, or at random."""
        result = dice_service.roll_expression(body.expression, seed=body.seed, dice=body.dice)
        return dice_service.roll_document(result)

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
    def post_resolver_odds(name: str, body: ResolverOddsIn) -> Any:
        """The exact odds of each outcome of a resolver, without rolling."""
        return resolver_service.resolver_odds(name, body.input).to_dict()

    return router


def create_app() -> FastAPI:
    """Build the Tablekeeper HTTP API."""
    app = FastAPI(
        title="Tablekeeper",
        summary="Every roll explained, exact odds before the dice fall.",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    errors.install(app)
    app.include_router(build_router())
    return app
