"""The GM adds combatants to a running encounter and takes them out, from the table.

Three writes, each a form that works without JavaScript and answers htmx with the table
(``web/encounter.py``'s ``_act``): the campaign's characters chosen in a list
(``/roster/add``), a fresh NPC from the ruleset's sheet inputs (``/roster/new``) and one
actor's removal from its card (``/roster/remove``). The services do the rest
(``services/roster.py``): one logged GM command each, undone with Undo.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.errors import RulesError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import encounters, roster
from tablekeeper.services.access import Viewer
from tablekeeper.web.characters import sheet_items
from tablekeeper.web.encounter import _act, _version
from tablekeeper.web.forms import field_names, sheet_from_form
from tablekeeper.web.pages import Form, PageRoute


def build_router() -> APIRouter:
    """The roster's writes."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    base = "/campaigns/{campaign_id}/encounters/{encounter_id}/roster"

    @router.post(base + "/add")
    def add(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        chosen = [key for key in form.all("characters") if key]

        def join(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return roster.add_characters(
                uow, encounter_id, chosen, viewer=viewer, expected_version=_version(form)
            )

        return _act(request, campaign_id, encounter_id, join, "roster")

    @router.post(base + "/new")
    def new(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        ruleset = encounters.get_encounter(unit_of_work(request), encounter_id).ruleset
        items = sheet_items(ruleset)

        def walk_in(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            sheet, unreadable = sheet_from_form(items, form)
            if unreadable:
                problems = "; ".join(f"{name}: {text}" for name, text in unreadable.items())
                raise RulesError(problems, field=next(iter(unreadable)))
            return roster.add_new_actor(
                uow,
                encounter_id,
                sheet,
                id=form.get("npc_id", ""),
                name=form.get("npc_name", ""),
                viewer=viewer,
                expected_version=_version(form),
            )

        kept = {"values": {"npc": dict(form)}, "roster_open": True}
        names = field_names(items) | {"id", "name"}
        return _act(request, campaign_id, encounter_id, walk_in, "roster-new", kept, names)

    @router.post(base + "/remove")
    def remove(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def take_out(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return roster.remove_actor(
                uow,
                encounter_id,
                form.get("actor", ""),
                viewer=viewer,
                expected_version=_version(form),
            )

        return _act(request, campaign_id, encounter_id, take_out, "roster")

    return router
