"""The console's pages: campaigns, players and their join links, encounters.

Each route is thin (STYLE.md, lesson 9): read the form, find who asks (``web/access.py``),
call one service function, render a template. A :class:`~tablekeeper.errors.RulesError`
from a form goes back next to its field with status 422; any other (an unknown campaign,
a missing or wrong credential, a player asking for the GM's page) is an HTML error page
with the status the API would answer (:class:`PageRoute`), never a traceback.

Every form works without JavaScript (a POST, then a redirect or the page again); htmx
only swaps the part that changed when it is there (``hx-post`` with ``hx-target``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterator, Mapping
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Depends, Request
from fastapi.routing import APIRoute
from starlette.responses import RedirectResponse, Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.api.errors import status_of
from tablekeeper.errors import AuthenticationError, InvalidInputError, RulesError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, characters, views
from tablekeeper.services.access import (
    Viewer,
    add_player,
    authenticate,
    list_players,
    new_secret,
    require_gm,
)
from tablekeeper.web import access
from tablekeeper.web.forms import errors_by_field
from tablekeeper.web.templating import is_htmx, render

MAX_FORM_BYTES = 1_000_000
"""The largest form the console reads (an import of a few hundred characters fits)."""


class FormData(Mapping[str, str]):
    """A submitted form: the first value of each name, and :meth:`all` of them."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self._values: dict[str, list[str]] = {}
        for name, value in pairs:
            self._values.setdefault(name, []).append(value)

    def __getitem__(self, name: str) -> str:
        return self._values[name][0]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def all(self, name: str) -> list[str]:
        """Every value submitted under ``name`` (checked boxes)."""
        return list(self._values.get(name, []))

    def text(self, name: str) -> str:
        """The value of ``name``, stripped; empty when absent."""
        return self.get(name, "").strip()


async def form_data(request: Request) -> FormData:
    """The request's ``application/x-www-form-urlencoded`` body (the console's forms)."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise InvalidInputError(f"the form is larger than {MAX_FORM_BYTES} bytes", field="form")
    return FormData(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))


Form = Annotated[FormData, Depends(form_data)]
UnitOfWork = Annotated[SqlUnitOfWork, Depends(unit_of_work)]


class PageRoute(APIRoute):
    """A console route: a :class:`RulesError` it lets out becomes an HTML error page."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def page(request: Request) -> Response:
            try:
                return await handler(request)
            except RulesError as error:
                return error_page(request, error)

        return page


def error_page(request: Request, error: RulesError) -> Response:
    """The error as a page, with the status the API gives it."""
    status = status_of(error)
    return render(
        request,
        "error.html",
        {
            "status": status,
            "message": str(error),
            "needs_link": isinstance(error, AuthenticationError),
        },
        status_code=status,
    )


def see_other(request: Request, url: str) -> Response:
    """Go to ``url`` after a successful POST (htmx: a full navigation, not a swap)."""
    if is_htmx(request):
        return Response(status_code=200, headers={"HX-Redirect": url})
    return RedirectResponse(url, status_code=303)


def gm_link(request: Request, campaign_id: str, secret: str) -> str:
    """The GM's link to a campaign (shown once: the secret is stored hashed)."""
    return f"{request.base_url}campaigns/{campaign_id}?key={secret}"


def join_link(request: Request, campaign_id: str, token: str) -> str:
    """A player's link into a campaign (shown once: the token is stored hashed)."""
    return f"{request.base_url}join/{campaign_id}/{token}"


def player_id_for(name: str) -> str:
    """A player id made from the name the GM typed: ``Ann Lee`` -> ``ann-lee``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40]


def build_router() -> APIRouter:
    """The console's campaign, player and encounter pages (characters: ``web/characters.py``)."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.get("/")
    def home(request: Request, uow: UnitOfWork) -> Response:
        return _home(request, uow, {}, {}, [])

    @router.post("/campaigns")
    def create(request: Request, uow: UnitOfWork, form: Form) -> Response:
        values = {"name": form.text("name"), "ruleset": form.text("ruleset")}
        secret = new_secret()
        try:
            campaign = campaigns.create_campaign(
                uow, values["name"], values["ruleset"], gm_secret=secret
            )
        except RulesError as error:
            found, general = errors_by_field(
                error, {"name", "ruleset"}, aliases={"campaign.name": "name"}
            )
            return _home(request, unit_of_work(request), values, found, general, 422)
        response = render(
            request,
            "created.html",
            {"campaign": campaign, "gm_link": gm_link(request, campaign.id, secret)},
            status_code=201,
        )
        access.remember(response, campaign.id, secret)
        return response

    @router.get("/campaigns/{campaign_id}")
    def campaign_page(request: Request, uow: UnitOfWork, campaign_id: str) -> Response:
        key = request.query_params.get("key")
        if key is not None:
            authenticate(uow, campaign_id, key)
            response = RedirectResponse(f"/campaigns/{campaign_id}", status_code=303)
            access.remember(response, campaign_id, key)
            return response
        viewer = access.viewer_of(request, campaign_id)
        return _campaign(request, campaign_id, viewer)

    @router.get("/join/{campaign_id}/{token}")
    def join(request: Request, uow: UnitOfWork, campaign_id: str, token: str) -> Response:
        authenticate(uow, campaign_id, token)
        response = RedirectResponse(f"/campaigns/{campaign_id}", status_code=303)
        access.remember(response, campaign_id, token)
        return response

    @router.post("/campaigns/{campaign_id}/players")
    def new_player(request: Request, uow: UnitOfWork, campaign_id: str, form: Form) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "add a player")
        name = form.text("player_name")
        context: dict[str, Any] = {"player_value": name}
        status = 201
        try:
            player, token = add_player(uow, campaign_id, player_id_for(name) or name, name)
        except RulesError as error:
            found, general = errors_by_field(
                error, {"player_name"}, aliases={"player": "player_name"}
            )
            context.update(player_errors=found, player_general=general)
            status = 422
        else:
            context.update(new_player=player, new_link=join_link(request, campaign_id, token))
            context["player_value"] = ""
        return _campaign(request, campaign_id, viewer, context, status, partial="_players.html")

    @router.post("/campaigns/{campaign_id}/encounters")
    def new_encounter(request: Request, uow: UnitOfWork, campaign_id: str, form: Form) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "start an encounter")
        chosen = form.all("character")
        try:
            view = campaigns.start_encounter(uow, campaign_id, characters=chosen)
        except RulesError as error:
            context = {"encounter_error": str(error), "chosen": set(chosen)}
            return _campaign(request, campaign_id, viewer, context, 422)
        return see_other(request, f"/campaigns/{campaign_id}/encounters/{view.encounter.id}")

    @router.get("/campaigns/{campaign_id}/encounters/{encounter_id}")
    def encounter_page(
        request: Request, uow: UnitOfWork, campaign_id: str, encounter_id: str
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        view = campaigns.load_encounter(uow, encounter_id)
        if view.encounter.campaign_id != campaign_id:
            raise InvalidInputError(
                f"encounter {encounter_id} is not in campaign {campaign_id}", field="encounter"
            )
        document = views.encounter_document(unit_of_work(request), view, viewer)
        state = document["state"]
        creatures = state.get("creatures", state.get("combatants")) or {}
        return render(
            request,
            "encounter.html",
            {
                "campaign": campaigns.get_campaign(unit_of_work(request), campaign_id),
                "viewer": viewer,
                "encounter": document["encounter"],
                "creatures": sorted(creatures) if isinstance(creatures, dict) else [],
                "players": document["players"],
            },
        )

    return router


def _home(
    request: Request,
    uow: SqlUnitOfWork,
    values: Mapping[str, str],
    errors: Mapping[str, str],
    general: list[str],
    status: int = 200,
) -> Response:
    return render(
        request,
        "home.html",
        {
            "campaigns": campaigns.list_campaigns(uow),
            "held": access.held_campaigns(request),
            "rulesets": sorted(campaigns.ENCOUNTER_KINDS),
            "values": values,
            "errors": errors,
            "general": general,
        },
        status_code=status,
    )


def _campaign(
    request: Request,
    campaign_id: str,
    viewer: Viewer,
    extra: Mapping[str, Any] | None = None,
    status: int = 200,
    *,
    partial: str | None = None,
) -> Response:
    """The campaign page as ``viewer`` may see it (``partial``: one section of it)."""
    campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
    context: dict[str, Any] = {
        "campaign": campaign,
        "viewer": viewer,
        "characters": characters.list_characters(unit_of_work(request), campaign_id, viewer),
        "players": list_players(unit_of_work(request), campaign_id) if viewer.is_gm else [],
        "encounters": campaigns.list_encounters(unit_of_work(request), campaign_id),
        "player_value": "",
        "player_errors": {},
        "player_general": [],
        "new_player": None,
        "new_link": None,
        "encounter_error": None,
        "chosen": set(),
    }
    context.update(extra or {})
    return render(request, "campaign.html", context, status_code=status, partial=partial)
