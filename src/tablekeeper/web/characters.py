"""The character pages: a form generated from the ruleset's creature model, import, edit,
and an NPC duplicated into minions.

The sheet's inputs come from ``ENCOUNTER_KINDS[ruleset].creature`` (``web/forms.py``), so
a ruleset gets its character form by having a model; the edit form is the same inputs
filled from the stored sheet. The services validate, and their errors come back next to
the field they name. Only the GM reaches these pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.engine.campaigns import Character
from tablekeeper.errors import ConflictError, InvalidInputError, RulesError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.services import campaigns, characters
from tablekeeper.services.access import list_players, require_gm
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.web import access
from tablekeeper.web.forms import (
    FormItem,
    errors_by_field,
    field_names,
    form_values,
    sheet_fields,
    sheet_from_form,
)
from tablekeeper.web.pages import Form, PageRoute, UnitOfWork, campaign_response, see_other
from tablekeeper.web.templating import render

STALE = (
    "This character changed since you opened it: below is how it stands now. Make your edit again."
)
"""What the edit form says when someone else saved the character first."""

EDIT_FIELDS = frozenset({"name", "player", "reason", "expected_version"})
"""The edit form's inputs beside the sheet."""

ENTRY_FIELDS = frozenset({"id", "name", "kind", "player"})
"""The inputs about the character itself, beside its sheet."""


def sheet_items(ruleset: str) -> tuple[FormItem, ...]:
    """The sheet inputs of a ruleset's character form (the id is the character's own)."""
    schema = ruleset_named(ruleset).Actor.model_json_schema()
    skip = (
        frozenset({"id", "name"}) if "name" in schema.get("properties", {}) else frozenset({"id"})
    )
    return sheet_fields(schema, skip=skip)


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
        items = sheet_items(campaign.ruleset)
        sheet, unreadable = sheet_from_form(items, form)
        kind: Literal["pc", "npc"] = "npc" if form.text("kind") == "npc" else "pc"
        try:  # an unreadable input is told with every other problem, all at once
            characters.create_character(
                uow,
                campaign_id,
                id=form.text("id"),
                name=form.text("name"),
                kind=kind,
                player=form.text("player") or None,
                sheet=sheet,
                viewer=viewer,
                dry_run=bool(unreadable),
            )
        except RulesError as error:
            found, general = errors_by_field(error, field_names(items) | ENTRY_FIELDS)
            return _form(request, campaign_id, form, {**found, **unreadable}, general, 422)
        if unreadable:
            return _form(request, campaign_id, form, unreadable, [], 422)
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
        items = sheet_items(campaign.ruleset)
        sheet, unreadable = sheet_from_form(items, form)
        if unreadable:
            return _edit(request, campaign_id, stored, form, unreadable, [], 422)
        shown = {item.path for item in items}
        kept = {key: value for key, value in stored.sheet.items() if key not in shown}
        try:
            expected = _version(form.text("expected_version"))
            characters.edit_character(
                unit_of_work(request),
                campaign_id,
                character_id,
                expected_version=expected,
                name=form.text("name"),
                player=(form.text("player") or None) if stored.kind == "pc" else ...,
                sheet={**kept, **sheet},
                reason=form.text("reason"),
                viewer=viewer,
            )
        except StaleVersionError:
            fresh = characters.get_character(unit_of_work(request), campaign_id, character_id)
            values = _stored_values(request, fresh) | {"reason": form.text("reason")}
            return _edit(request, campaign_id, fresh, values, {}, [STALE], 409, stale=True)
        except RulesError as error:
            names = field_names(items) | EDIT_FIELDS
            found, general = errors_by_field(error, names, aliases={"edit.reason": "reason"})
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


def _stored_values(request: Request, character: Character) -> dict[str, str]:
    """The edit form's inputs as the stored character fills them."""
    campaign = campaigns.get_campaign(unit_of_work(request), character.campaign_id)
    return {
        "name": character.name,
        "player": character.player or "",
        "reason": "",
        "expected_version": str(character.version),
    } | form_values(sheet_items(campaign.ruleset), character.sheet)


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
        "items": sheet_items(campaign.ruleset),
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
        "items": sheet_items(campaign.ruleset),
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
