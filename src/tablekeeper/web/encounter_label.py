"""The GM names an encounter and keeps notes on it, from the encounter page.

``POST /campaigns/{id}/encounters/{encounter}/label`` stores both
(``services/encounter_names.py``) and goes back to the page; an error (a name too long)
comes back as the page with status 422 and the message next to its field. The GM only.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.errors import RulesError
from tablekeeper.services import encounter_names
from tablekeeper.web import access
from tablekeeper.web.encounter import table_context
from tablekeeper.web.pages import Form, PageRoute, UnitOfWork, see_other
from tablekeeper.web.templating import render


def build_router() -> APIRouter:
    """The label form's route."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.post("/campaigns/{campaign_id}/encounters/{encounter_id}/label")
    def label(
        request: Request, uow: UnitOfWork, campaign_id: str, encounter_id: str, form: Form
    ) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        try:
            encounter_names.label_encounter(
                uow,
                campaign_id,
                encounter_id,
                name=form.get("name", ""),
                notes=form.get("notes", ""),
                viewer=viewer,
            )
        except RulesError as error:
            if error.field is None or not error.field.startswith("label"):
                raise
            context = table_context(request, campaign_id, encounter_id, viewer)
            context["label_error"] = str(error)
            return render(request, "encounter.html", context, status_code=422)
        return see_other(request, f"/campaigns/{campaign_id}/encounters/{encounter_id}")

    return router
