"""The character pages: the ruleset's sheet form, import, edit, and an NPC duplicated into
minions.

The sheet's inputs are the ruleset's own (``Ruleset.sheet_form``, read by
``web/sheet_forms.py``): labels in the rules' words, numbers as number inputs, skills,
weapons and armour picked from its data; the edit form is the same inputs filled from
the stored sheet, and what no field fills waits in a collapsed JSON box. The services
validate, and every error comes back at once, next to the field it names. Only the GM
reaches these pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.engine.campaigns import Campaign, Character
from tablekeeper.engine.sheet_forms import SheetForm
from tablekeeper.errors import ConflictError, InvalidInputError, RulesError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.services import campaigns, characters
from tablekeeper.services.access import list_players, require_gm
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.web import access
from tablekeeper.web.forms import errors_by_field
from tablekeeper.web.pages import (
    Form,
    FormData,
    PageRoute,
    UnitOfWork,
    campaign_response,
    see_other,
)
from tablekeeper.web.sheet_forms import (
    SHEET_JSON,
    ReadSheet,
    first,
    posted_of,
    read_sheet,
    sheet_errors,
    sheet_form_of,
    sheet_json,
    table_rows,
)
from tablekeeper.web.templating import render

STALE = (
    "This character changed since you opened it: below is how it stands now. Make your edit again."
)
"""What the edit form says when someone else saved the character first."""

EDIT_FIELDS = frozenset({"name", "player", "reason", "expected_version"})
"""The edit form's inputs beside the sheet."""

ENTRY_FIELDS = frozenset({"id", "name", "kind", "player"})
"""The inputs about the character itself, beside its sheet."""


def build_router() -> APIRouter:
    """The character form and import pages of a campaign."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.get("/campaigns/{campaign_id}/characters/new")
    def new_character(request: Request, campaign_id: str) -> Response:
        require_gm(access.viewer_of(request, campaign_id), "create a character")
        return _form(request, campaign_id, {}, {}, [])

    @router.post("/campaigns/{campaign_id}/characters")
    def create_character(
        request: Request, uow: UnitOfWork, campaign_id: str, form: Form
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "create a character")
        campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
        sheet_form = sheet_form_of(campaign)
        read = read_sheet(sheet_form, form)
        kind: Literal["pc", "npc"] = "npc" if form.text("kind") == "npc" else "pc"
        try:  # an unreadable input is told with every other problem, all at once
            characters.create_character(
                uow,
                campaign_id,
                id=form.text("id"),
                name=form.text("name"),
                kind=kind,
                player=form.text("player") or None,
                sheet=read.sheet,
                viewer=viewer,
                dry_run=bool(read.problems),
            )
        except RulesError as error:
            found, general = sheet_errors(error, sheet_form, read, set(ENTRY_FIELDS))
            return _form(request, campaign_id, form, found, general, 422)
        if read.problems:
            return _form(request, campaign_id, form, read.problems, [], 422)
        return see_other(request, f"/campaigns/{campaign_id}")

    @router.post("/campaigns/{campaign_id}/characters/import")
    def import_characters(
        request: Request, uow: UnitOfWork, campaign_id: str, form: Form
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "import characters")
        text = form.get("document", "")
        chosen: Literal["json", "yaml"] = "yaml" if form.text("format") == "yaml" else "json"
        try:
            characters.import_characters(uow, campaign_id, text, format=chosen, viewer=viewer)
        except RulesError as error:
            found, general = errors_by_field(error, {"document", "format"})
            context = {
                "document": text,
                "format": chosen,
                "import_errors": found,
                "import_general": general,
            }
            return _form(request, campaign_id, {}, {}, [], 422, context)
        return see_other(request, f"/campaigns/{campaign_id}")

    _add_change_routes(router)
    return router


def _add_change_routes(router: APIRouter) -> None:
    """The routes that change a stored character: its edit form, the edit, its minions."""

    @router.get("/campaigns/{campaign_id}/characters/{character_id}/edit")
    def edit_form(
        request: Request, uow: UnitOfWork, campaign_id: str, character_id: str
    ) -> Response:
        """The character's edit form, filled from its stored sheet."""
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "edit a character")
        character = characters.get_character(uow, campaign_id, character_id, viewer)
        return _edit(request, campaign_id, character, _stored_values(request, character), {}, [])

    @router.post("/campaigns/{campaign_id}/characters/{character_id}/edit")
    def edit_character(
        request: Request, uow: UnitOfWork, campaign_id: str, character_id: str, form: Form
    ) -> Response:
        """Save the edit (with its reason) if the character is still at the version the
        form was filled from."""
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "edit a character")
        stored = characters.get_character(uow, campaign_id, character_id, viewer)
        campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
        sheet_form = sheet_form_of(campaign, stored.sheet)
        read = read_sheet(sheet_form, form)
        if read.problems:  # what the fields cannot say is told with what the rules refuse
            return _unreadable_edit(request, campaign, stored, form, sheet_form, read)
        try:
            expected = _version(form.text("expected_version"))
            characters.edit_character(
                unit_of_work(request),
                campaign_id,
                character_id,
                expected_version=expected,
                name=form.text("name"),
                player=(form.text("player") or None) if stored.kind == "pc" else ...,
                sheet=read.sheet,
                reason=form.text("reason"),
                viewer=viewer,
            )
        except StaleVersionError:
            fresh = characters.get_character(unit_of_work(request), campaign_id, character_id)
            values = _stored_values(request, fresh, form.text("reason"))
            return _edit(request, campaign_id, fresh, values, {}, [STALE], 409, stale=True)
        except RulesError as error:
            read = replace(read, aliases={**read.aliases, "edit.reason": "reason"})
            found, general = sheet_errors(error, sheet_form, read, set(EDIT_FIELDS))
            return _edit(request, campaign_id, stored, form, found, general, 422)
        return see_other(request, f"/campaigns/{campaign_id}")

    @router.post("/campaigns/{campaign_id}/characters/{character_id}/duplicate")
    def duplicate(
        request: Request, uow: UnitOfWork, campaign_id: str, character_id: str, form: Form
    ) -> Response:
        """The NPC's minions (``count`` of them), listed on the campaign page; a count the
        rules refuse comes back next to that NPC's count field."""
        viewer = access.viewer_of(request, campaign_id)
        require_gm(viewer, "duplicate an NPC")
        typed = form.text("count")
        try:
            count = _count(typed)
            minions = characters.duplicate_character(
                uow, campaign_id, character_id, count, viewer=viewer
            )
        except (InvalidInputError, ConflictError) as error:
            if error.field != "count":
                raise
            context = {
                "duplicate_errors": {character_id: str(error)},
                "duplicate_values": {character_id: typed},
            }
            return campaign_response(request, campaign_id, viewer, context, 422)
        return see_other(request, f"/campaigns/{campaign_id}#character-{minions[0].id}")


def _count(text: str) -> int:
    """The number of minions typed in the form."""
    try:
        return int(text)
    except ValueError:
        raise InvalidInputError(
            f"the number of minions is a whole number, not {text!r}", field="count"
        ) from None


def _version(text: str) -> int:
    """The version the edit form was filled from (a hidden input)."""
    try:
        return int(text)
    except ValueError:
        raise InvalidInputError(
            "the form lost the character's version: reload the page", field="expected_version"
        ) from None


def _unreadable_edit(
    request: Request,
    campaign: Campaign,
    stored: Character,
    form: Mapping[str, str],
    sheet_form: SheetForm,
    read: ReadSheet,
) -> Response:
    """The edit form again with the inputs that could not be read and, beside them, what
    the rules refuse in the rest of the sheet."""
    try:
        characters.validate_sheet(ruleset_named(campaign.ruleset), stored.id, read.sheet)
    except RulesError as error:
        found, general = sheet_errors(error, sheet_form, read, set(EDIT_FIELDS))
        return _edit(request, campaign.id, stored, form, found, general, 422)
    return _edit(request, campaign.id, stored, form, read.problems, [], 422)


def _stored_values(request: Request, character: Character, reason: str = "") -> FormData:
    """The edit form's inputs as the stored character fills them."""
    campaign = campaigns.get_campaign(unit_of_work(request), character.campaign_id)
    sheet_form = sheet_form_of(campaign, character.sheet)
    pairs = [
        ("name", character.name),
        ("player", character.player or ""),
        ("reason", reason),
        ("expected_version", str(character.version)),
        (SHEET_JSON, sheet_json(sheet_form, character.sheet)),
    ]
    for name, values in sheet_form.values(character.sheet).items():
        pairs.extend((name, value) for value in values)
    return FormData(pairs)


def _edit(
    request: Request,
    campaign_id: str,
    character: Character,
    values: Mapping[str, str],
    errors: Mapping[str, str],
    general: list[str],
    status: int = 200,
    *,
    stale: bool = False,
) -> Response:
    campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
    context: dict[str, Any] = {
        "campaign": campaign,
        "character": character,
        "sheet_form": sheet_form_of(campaign, character.sheet),
        "posted": posted_of(values),
        "table_rows": table_rows,
        "first": first,
        "players": list_players(unit_of_work(request), campaign_id),
        "values": values,
        "errors": errors,
        "general": general,
        "stale": stale,
    }
    return render(request, "character_edit.html", context, status_code=status)


def _form(
    request: Request,
    campaign_id: str,
    values: Mapping[str, str],
    errors: Mapping[str, str],
    general: list[str],
    status: int = 200,
    extra: Mapping[str, Any] | None = None,
) -> Response:
    campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
    context: dict[str, Any] = {
        "campaign": campaign,
        "sheet_form": sheet_form_of(campaign),
        "posted": posted_of(values),
        "table_rows": table_rows,
        "first": first,
        "players": list_players(unit_of_work(request), campaign_id),
        "values": values,
        "errors": errors,
        "general": general,
        "document": "",
        "format": "yaml",
        "import_errors": {},
        "import_general": [],
    }
    context.update(extra or {})
    return render(
        request, "character_new.html", context, status_code=status, partial="_character_form.html"
    )
