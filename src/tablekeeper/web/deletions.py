"""The console's deletions: a confirmation page naming what will go, then the deletion.

``GET /campaigns/{id}/delete/{kind}/{target}`` is the confirmation step (what goes,
counted, and a button naming it; nothing is deleted); its form POSTs to the same address,
which deletes and writes the audit record (``services/deletions.py``), then goes back to
the campaign, or to the campaigns page when the campaign itself went. The GM only: a
player's request is the 403 page the services answer.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.services import deletions
from tablekeeper.web import access
from tablekeeper.web.pages import PageRoute, UnitOfWork, see_other
from tablekeeper.web.templating import render

WHAT = {
    "campaign": "the campaign",
    "character": "the character",
    "player": "the player",
    "encounter": "the encounter",
}
"""How the confirmation page names each kind."""


def build_router() -> APIRouter:
    """The confirmation page and the deletion it confirms."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    path = "/campaigns/{campaign_id}/delete/{kind}/{target_id}"

    @router.get(path)
    def confirm(
        request: Request, uow: UnitOfWork, campaign_id: str, kind: str, target_id: str
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        going = deletions.what_goes(uow, campaign_id, kind, target_id, viewer=viewer)
        context = {"going": going, "what": WHAT[going.kind], "campaign_id": campaign_id}
        return render(request, "delete_confirm.html", context)

    @router.post(path)
    def delete(
        request: Request, uow: UnitOfWork, campaign_id: str, kind: str, target_id: str
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        gone = deletions.delete(uow, campaign_id, kind, target_id, viewer=viewer)
        if gone.kind == "campaign":
            return see_other(request, "/")
        return see_other(request, f"/campaigns/{campaign_id}#deleted")

    return router
