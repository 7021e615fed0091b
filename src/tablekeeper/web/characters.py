"""The character pages: a form generated from the ruleset's creature model, and import.

The sheet's inputs come from ``ENCOUNTER_KINDS[ruleset].creature`` (``web/forms.py``), so
a ruleset gets its character form by having a model; the services validate, and their
errors come back next to the field they name. Only the GM reaches these pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.errors import RulesError
from tablekeeper.services import campaigns, characters
from tablekeeper.services.access import list_players, require_gm
from tablekeeper.web import access
from tablekeeper.web.forms import (
    FormItem,
    errors_by_field,
    field_names,
    sheet_fields,
    sheet_from_form,
)
from tablekeeper.web.pages import Form, PageRoute, UnitOfWork, see_other
from tablekeeper.web.templating import render

ENTRY_FIELDS = frozenset({"id", "name", "kind", "player"})
"""The inputs about the character itself, beside its sheet."""


def sheet_items(ruleset: str) -> tuple[FormItem, ...]:
    """The sheet inputs of a ruleset's character form (the id is the character's own)."""
    kind = campaigns.ENCOUNTER_KINDS[ruleset]
    schema = kind.creature.model_json_schema()
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
        if unreadable:
            return _form(request, campaign_id, form, unreadable, [], 422)
        kind: Literal["pc", "npc"] = "npc" if form.text("kind") == "npc" else "pc"
        try:
            characters.create_character(
                uow,
                campaign_id,
                id=form.text("id"),
                name=form.text("name"),
                kind=kind,
                player=form.text("player") or None,
                sheet=sheet,
                viewer=viewer,
            )
        except RulesError as error:
            found, general = errors_by_field(error, field_names(items) | ENTRY_FIELDS)
            return _form(request, campaign_id, form, found, general, 422)
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

    return router


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
