"""The encounter table's map: a token dragged (or moved by the keyboard) to a square.

The map itself is the partial ``_map.html`` (with ``static/map.js``), drawn from the
ruleset's board as the viewer may see it (``services/boards.py``). Moving a token is one
form, ``POST .../map/moves`` with the actor and the square: it works without JavaScript,
and the script only fills it in from a drag or the arrow keys. The move is the ruleset's
move command submitted like any other (its legality, reactions, decisions, the log and
undo), answered as every write from the table is: the fresh table for htmx, a refusal's
reason at the top of the map ("Cannot move there: (9, 5) is more than 1 pace away"), the
square's or the actor's inputs marked invalid when the refusal names them.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import boards
from tablekeeper.services.access import Viewer
from tablekeeper.web.encounter import _act, _faces_kept, _roller, _version
from tablekeeper.web.pages import Form, PageRoute


def build_router() -> APIRouter:
    """The map's one write."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.post("/campaigns/{campaign_id}/encounters/{encounter_id}/map/moves")
    def move(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def moving(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return boards.move_token(
                uow,
                encounter_id,
                form.get("actor", "").strip(),
                boards.square_of(form.get("x", ""), form.get("y", "")),
                viewer=viewer,
                roller=_roller(form, viewer),
                expected_version=_version(form),
            )

        kept, _ = _faces_kept(form)
        # A refusal naming the square (the move command's ``to``) or the actor marks those
        # inputs; the map says it at its top as one sentence (``_map.html``).
        names = {"actor", "to", "x", "y"}
        return _act(request, campaign_id, encounter_id, moving, "map", kept, names=names)

    return router
