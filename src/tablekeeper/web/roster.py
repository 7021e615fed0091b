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
from tablekeeper.services import campaigns, roster
from tablekeeper.services.access import Viewer
from tablekeeper.web.encounter import _act, _version
from tablekeeper.web.pages import Form, PageRoute
from tablekeeper.web.sheet_forms import (
    SHEET_JSON,
    posted_of,
    read_sheet,
    sheet_form_of,
    with_problems,
)


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
        sheet_form = sheet_form_of(campaigns.get_campaign(unit_of_work(request), campaign_id))
        read = read_sheet(sheet_form, form)
        npc = {"id": form.get("npc_id", ""), "name": form.get("npc_name", "")}

        def walk_in(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            try:
                if read.problems:  # the services still judge the rest: every error at once
                    roster.check_new_actor(uow, encounter_id, read.sheet, viewer=viewer, **npc)
                else:
                    return roster.add_new_actor(
                        uow,
                        encounter_id,
                        read.sheet,
                        viewer=viewer,
                        expected_version=_version(form),
                        **npc,
                    )
            except RulesError as error:
                raise with_problems(error, read.problems, read.aliases) from None
            raise with_problems(None, read.problems, read.aliases)

        posted = posted_of(form)
        kept = {"values": {"npc": dict(form)}, "npc_posted": posted, "roster_open": True}
        names = sheet_form.input_names() | set(read.aliases.values()) | set(read.problems)
        names |= {"id", "name", SHEET_JSON}
        return _act(
            request,
            campaign_id,
            encounter_id,
            walk_in,
            "roster-new",
            kept,
            names,
            aliases=read.aliases,
        )

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
