"""The GM chooses who sees a creature's rolls, from its card (ruling C-16).

``POST .../encounters/{id}/roll-modes`` sets the creature's default (public, or the GM
only) in the campaign's log and answers the table as every write from it does; each
command may still choose for itself (the table's "Who sees the next roll").
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import encounters, roll_modes
from tablekeeper.services.access import Viewer
from tablekeeper.web.encounter import _act
from tablekeeper.web.pages import Form, PageRoute


def build_router() -> APIRouter:
    """The roll mode's write."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    base = "/campaigns/{campaign_id}/encounters/{encounter_id}/roll-modes"

    @router.post(base)
    def choose(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def keep(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            roll_modes.set_roll_mode(
                uow, campaign_id, form.get("actor", ""), form.get("roll_mode", ""), viewer=viewer
            )
            return encounters.load_encounter(uow, encounter_id)

        return _act(request, campaign_id, encounter_id, keep, "cards")

    return router
