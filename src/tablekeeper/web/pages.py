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

import email.parser
import email.policy
import json
import re
from collections.abc import Callable, Coroutine, Iterator, Mapping
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Depends, Request
from fastapi.routing import APIRoute
from starlette.responses import RedirectResponse, Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.api.errors import status_of
from tablekeeper.errors import (
    AuthenticationError,
    ConflictError,
    InvalidInputError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import (
    campaigns,
    characters,
    copies,
    deletions,
    encounter_names,
    encounters,
    exports,
    safe_input,
    views,
)
from tablekeeper.services.access import (
    Viewer,
    add_player,
    authenticate,
    issue_gm_secret,
    list_players,
    new_secret,
    require_gm,
    rotate_player_token,
)
from tablekeeper.services.rulesets import installed_rulesets, ruleset_named
from tablekeeper.web import access
from tablekeeper.web.form_fields import FormItem
from tablekeeper.web.forms import (
    errors_by_field,
    form_values,
    posted_names,
    read_form,
    sheet_fields,
)
from tablekeeper.web.templating import is_htmx, render

MAX_FORM_BYTES = 1_000_000
"""The largest form the console reads (an import of a few hundred characters fits)."""

MAX_UPLOAD_BYTES = 20_000_000
"""The largest campaign import the console reads (a long campaign's whole log fits)."""

COPY_HINT = (
    "This campaign (or one of its encounters) is already on this server: check "
    "\u201cImport as a copy\u201d to import it beside the original."
)
"""What an import whose ids are taken adds to its error."""

OPTIONS = "options"
"""The prefix of every campaign option's input name: ``options.critical_divisor``, the
path the services name in their errors."""


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
    return await _read_form(request, MAX_FORM_BYTES)


async def upload_data(request: Request) -> FormData:
    """A form that may carry a file (``multipart/form-data``; each file as its text), up to
    :data:`MAX_UPLOAD_BYTES`; or a plain form."""
    return await _read_form(request, MAX_UPLOAD_BYTES)


async def _read_form(request: Request, limit: int) -> FormData:
    body = await request.body()
    if len(body) > limit:
        raise InvalidInputError(f"the form is larger than {limit} bytes", field="form")
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/form-data"):
        pairs = _multipart_pairs(content_type, body)
    else:
        pairs = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
    for name, value in pairs:  # no NUL in anything a form brings (safe_input)
        safe_input.check_text(value, name)
    return FormData(pairs)


def _multipart_pairs(content_type: str, body: bytes) -> list[tuple[str, str]]:
    """The fields of a ``multipart/form-data`` body (the standard library's MIME parser;
    a file's content is read as UTF-8 text)."""
    head = f"Content-Type: {content_type}\r\n\r\n".encode("latin-1", "replace")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
    if not message.is_multipart():
        raise InvalidInputError("the upload is not a readable multipart form", field="form")
    pairs: list[tuple[str, str]] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        payload = part.get_payload(decode=True)
        raw = payload if isinstance(payload, bytes) else b""
        pairs.append((name, raw.decode("utf-8", "replace")))
    return pairs


Form = Annotated[FormData, Depends(form_data)]
Upload = Annotated[FormData, Depends(upload_data)]
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


def campaign_rulesets() -> list[str]:
    """The rulesets a campaign may play, in the order the create form offers them."""
    return list(installed_rulesets())


def option_items(ruleset: str) -> tuple[FormItem, ...]:
    """The inputs of a ruleset's campaign options, from its ``Options`` model."""
    schema = ruleset_named(ruleset).Options.model_json_schema()
    return sheet_fields(schema, prefix=OPTIONS)


def shown_ruleset(chosen: str) -> str:
    """The ruleset whose options the create form shows: the chosen one when a campaign may
    play it, else the first offered (the one a browser then selects)."""
    offered = campaign_rulesets()
    return chosen if chosen in offered else offered[0]


def option_values(ruleset: str, form: Mapping[str, str] | None = None) -> dict[str, str]:
    """The option inputs as the form shows them: what was submitted for this ruleset's
    options (``options_for``), else the ruleset's defaults (its project rulings)."""
    items = option_items(ruleset)
    if form is not None and form.get("options_for") == ruleset:
        names = posted_names(items, form)
        return {name: value for name, value in form.items() if name in names}
    defaults = ruleset_named(ruleset).Options().model_dump(mode="json")
    return form_values(items, defaults, defaults=True)


def build_router() -> APIRouter:
    """The console's campaign, player and encounter pages (characters: ``web/characters.py``)."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.get("/")
    def home(request: Request, uow: UnitOfWork) -> Response:
        """The campaigns, and the create form (``?ruleset=``: the second step without
        JavaScript, showing the options of the ruleset chosen)."""
        query = FormData(list(request.query_params.multi_items()))
        values = {"name": query.text("name"), "ruleset": query.text("ruleset")}
        ruleset = shown_ruleset(values["ruleset"])
        values |= option_values(ruleset, query)
        return _home(request, uow, values, {}, [])

    @router.get("/campaign-options")
    def options_fragment(request: Request, ruleset: str = "") -> Response:
        """The options fieldset of ``ruleset``, which htmx swaps in when the select changes."""
        if ruleset not in campaign_rulesets():
            raise UnknownNameError(
                f"no campaign ruleset {ruleset!r} (campaign rulesets: "
                f"{', '.join(campaign_rulesets())})",
                field="ruleset",
            )
        context = {
            "options_ruleset": ruleset,
            "option_items": option_items(ruleset),
            "values": option_values(ruleset),
            "errors": {},
        }
        return render(request, "_campaign_options.html", context)

    @router.post("/campaigns")
    def create(request: Request, uow: UnitOfWork, form: Form) -> Response:
        """A new campaign. Its options are read from the form when the fieldset shown was
        the chosen ruleset's (``options_for``); none shown, or another ruleset's left as
        they were, means the defaults; another ruleset's changed shows the chosen one's
        options first (the second step without JavaScript)."""
        values = {"name": form.text("name"), "ruleset": form.text("ruleset")}
        ruleset = shown_ruleset(values["ruleset"])
        items = option_items(ruleset)
        values |= option_values(ruleset, form)
        shown_for = form.get("options_for")
        options: dict[str, Any] = {}
        read = read_form(items, form)
        if shown_for == ruleset:
            options = read.values
            if read.problems:
                return _home(request, uow, values, read.problems, [], 422)
        elif (
            shown_for in campaign_rulesets()
            and values["ruleset"] == ruleset
            and option_values(shown_for, form) != option_values(shown_for)
        ):
            note = (
                f"The options shown were {shown_for}'s, and you changed some: these are "
                f"{ruleset}'s. Check them, then create the campaign."
            )
            return _home(request, uow, values, {}, [], notice=note)
        secret = new_secret()
        try:
            campaign = campaigns.create_campaign(
                uow, values["name"], values["ruleset"], options, gm_secret=secret
            )
        except RulesError as error:
            found, general = errors_by_field(
                error,
                {"name", "ruleset"} | posted_names(items, form),
                aliases={"campaign.name": "name", **read.aliases(OPTIONS, OPTIONS)},
            )
            return _home(request, unit_of_work(request), values, found, general, 422)
        response = render(
            request,
            "created.html",
            {
                "campaign": campaign,
                "gm_link": gm_link(request, campaign.id, secret),
                "imported": False,
            },
            status_code=201,
        )
        access.remember(response, campaign.id, secret)
        return response

    @router.post("/campaigns/import")
    def import_campaign(request: Request, uow: UnitOfWork, form: Upload) -> Response:
        """Store an exported campaign (an uploaded file, else the pasted text) and give its
        GM a new link: the export carries no secret."""
        return _import(request, uow, form)

    @router.get("/campaigns/{campaign_id}/export")
    def export_campaign(request: Request, uow: UnitOfWork, campaign_id: str) -> Response:
        """The campaign as one JSON document, downloaded (the GM only)."""
        document = exports.export_campaign(
            uow, campaign_id, viewer=access.viewer_of(request, campaign_id)
        )
        return Response(
            json.dumps(document, indent=2, ensure_ascii=False) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{campaign_id}.json"'},
        )

    @router.get("/campaigns/{campaign_id}")
    def campaign_page(request: Request, uow: UnitOfWork, campaign_id: str) -> Response:
        if (keyed := key_taken(request, uow, campaign_id)) is not None:
            return keyed
        viewer = access.viewer_of(request, campaign_id)
        return campaign_response(request, campaign_id, viewer)

    _add_table_routes(router)
    return router


def key_taken(request: Request, uow: SqlUnitOfWork, campaign_id: str) -> Response | None:
    """A GM link's ``?key=`` taken in: the key checked and remembered, and the same page
    again without it (so the secret leaves the address bar); ``None`` without a key."""
    key = request.query_params.get("key")
    if key is None:
        return None
    authenticate(uow, campaign_id, key)
    response = RedirectResponse(request.url.path, status_code=303)
    access.remember(response, campaign_id, key)
    return response


def _add_table_routes(router: APIRouter) -> None:
    """The routes that seat a table: a player joining, the GM's players, a new encounter."""

    @router.get("/join/{campaign_id}/{token}")
    def join(request: Request, uow: UnitOfWork, campaign_id: str, token: str) -> Response:
        authenticate(uow, campaign_id, token)
        response = RedirectResponse(f"/campaigns/{campaign_id}", status_code=303)
        access.remember(response, campaign_id, token)
        return response

    @router.post("/campaigns/{campaign_id}/players")
    def new_player(request: Request, uow: UnitOfWork, campaign_id: str, form: Form) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "add a player")  # before the form: a player's post is a 403 page
        name = form.text("player_name")
        context: dict[str, Any] = {"player_value": name}
        status = 201
        try:
            player, token = add_player(
                uow, campaign_id, player_id_for(name) or name, name, viewer=viewer
            )
        except RulesError as error:
            found, general = errors_by_field(
                error, {"player_name"}, aliases={"player": "player_name"}
            )
            context.update(player_errors=found, player_general=general)
            status = 422
        else:
            context.update(new_player=player, new_link=join_link(request, campaign_id, token))
            context["player_value"] = ""
        return campaign_response(
            request, campaign_id, viewer, context, status, partial="_players.html"
        )

    @router.post("/campaigns/{campaign_id}/players/{player_id}/link")
    def new_link(request: Request, uow: UnitOfWork, campaign_id: str, player_id: str) -> Response:
        """A new join link for a player (the old one stops working): how the players of an
        imported campaign, or one who lost their link, get back in."""
        viewer = access.viewer_of(request, campaign_id)
        token = rotate_player_token(uow, campaign_id, player_id, viewer=viewer)
        player = next(p for p in list_players(uow, campaign_id, viewer=viewer) if p.id == player_id)
        context = {
            "new_player": player,
            "new_link": join_link(request, campaign_id, token),
            "link_replaced": True,
        }
        return campaign_response(request, campaign_id, viewer, context, partial="_players.html")

    @router.post("/campaigns/{campaign_id}/encounters")
    def new_encounter(request: Request, uow: UnitOfWork, campaign_id: str, form: Form) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        chosen = form.all("character")
        try:
            view = encounters.start_encounter(uow, campaign_id, characters=chosen, viewer=viewer)
        except RulesError as error:
            context = {"encounter_error": str(error), "chosen": set(chosen)}
            return campaign_response(request, campaign_id, viewer, context, 422)
        return see_other(request, f"/campaigns/{campaign_id}/encounters/{view.encounter.id}")


def _json_document(text: str) -> Any:
    """The pasted or uploaded export, parsed within the import's limits (errors name the
    ``document``)."""
    if not text.strip():
        raise InvalidInputError(
            "choose an exported campaign file or paste its JSON", field=exports.ROOT
        )
    return safe_input.load_json(text, exports.ROOT, safe_input.CAMPAIGN)


def _home(
    request: Request,
    uow: SqlUnitOfWork,
    values: Mapping[str, str] | None,
    errors: Mapping[str, str],
    general: list[str],
    status: int = 200,
    *,
    notice: str = "",
    import_context: Mapping[str, Any] | None = None,
) -> Response:
    ruleset = shown_ruleset((values or {}).get("ruleset", ""))
    shown = dict(values) if values is not None else option_values(ruleset)
    context: dict[str, Any] = {
        "campaigns": campaigns.list_campaigns(uow),
        "deleted_campaigns": deletions.deleted_campaigns(uow)[::-1],
        "held": access.held_campaigns(request),
        "rulesets": campaign_rulesets(),
        "values": shown,
        "errors": errors,
        "general": general,
        "notice": notice,
        "options_ruleset": ruleset,
        "option_items": option_items(ruleset),
        "import_document": "",
        "import_errors": {},
        "import_general": [],
    }
    context.update(import_context or {})
    return render(request, "home.html", context, status_code=status)


def campaign_response(
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
        "player_names": views.player_names(unit_of_work(request), campaign_id),
        "encounters": campaigns.list_encounters(unit_of_work(request), campaign_id),
        "player_value": "",
        "player_errors": {},
        "player_general": [],
        "new_player": None,
        "new_link": None,
        "encounter_error": None,
        "chosen": set(),
        "duplicate_errors": {},
        "duplicate_values": {},
        "link_replaced": False,
        "deleted": deletions.deletions(unit_of_work(request), campaign_id) if viewer.is_gm else [],
        "labels": encounter_names.encounter_labels(
            unit_of_work(request), campaign_id, viewer=viewer
        ),
    }
    context.update(extra or {})
    return render(request, "campaign.html", context, status_code=status, partial=partial)


def _import(request: Request, uow: SqlUnitOfWork, form: FormData) -> Response:
    """The import: the campaign stored (as a copy when asked), or the form with its errors."""
    uploaded = form.get("file", "")
    source = "file" if uploaded.strip() else "document"
    text = uploaded if source == "file" else form.get("document", "")
    try:
        document = _json_document(text)
        if form.get("as_copy"):  # new ids: the original may stay on this server
            document = copies.as_copy(document)
        campaign = exports.import_campaign(uow, document)
    except RulesError as error:
        found, general = errors_by_field(error, {exports.ROOT})
        if exports.ROOT in found:
            found = {source: found[exports.ROOT]}
        if isinstance(error, ConflictError):
            general.append(COPY_HINT)
        context = {
            "import_document": form.get("document", ""),
            "import_errors": found,
            "import_general": general,
            "import_as_copy": bool(form.get("as_copy")),
        }
        return _home(request, unit_of_work(request), None, {}, [], 422, import_context=context)
    secret = issue_gm_secret(unit_of_work(request), campaign.id)
    response = render(
        request,
        "created.html",
        {
            "campaign": campaign,
            "gm_link": gm_link(request, campaign.id, secret),
            "imported": True,
        },
        status_code=201,
    )
    access.remember(response, campaign.id, secret)
    return response
