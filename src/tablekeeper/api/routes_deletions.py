"""The deletion routes: the GM deletes a campaign, or a character, player or encounter.

Two steps, as at the console: ``GET .../deletions/preview`` answers what would go (named
and counted) and deletes nothing; ``POST .../deletions`` deletes it, naming it again,
and answers the audit record written in the same transaction. ``GET .../deletions``
lists a campaign's audit records. The GM only (a player: 403).
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Security
from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.api.resources import (
    BEARER,
    ID_LENGTH,
    ID_PATTERN,
    CampaignIdPath,
    CampaignViewer,
    UnitOfWorkDep,
)
from tablekeeper.engine.campaigns import Deletion
from tablekeeper.services import deletions as deletion_service

Kind = Literal["campaign", "character", "player", "encounter"]


class DeletionIn(BaseModel):
    """What to delete: its kind, and its id (the campaign's own id for a campaign)."""

    model_config = ConfigDict(extra="forbid")

    kind: Kind
    id: str = Field(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN)


class DeletionPublic(BaseModel):
    """The audit record of a deletion (``sequence`` 0: a preview, nothing deleted)."""

    campaign_id: str
    kind: Kind
    id: str
    name: str
    contents: dict[str, int] = Field(description="What goes with it, counted.")
    sequence: int


def deletion_public(deletion: Deletion) -> DeletionPublic:
    """An audit record as the API shows it."""
    return DeletionPublic(
        campaign_id=deletion.campaign_id,
        kind=deletion.kind,
        id=deletion.target_id,
        name=deletion.name,
        contents=dict(deletion.contents),
        sequence=deletion.sequence,
    )


def build_router() -> APIRouter:
    """The ``/campaigns/{campaign_id}/deletions`` routes."""
    router = APIRouter(tags=["deletions"], dependencies=[Security(BEARER)])
    base = "/campaigns/{campaign_id}/deletions"

    @router.get(f"{base}/preview", response_model=DeletionPublic, summary="What would go")
    def get_preview(
        campaign_id: CampaignIdPath,
        kind: Annotated[Kind, Query(description="What to delete.")],
        id: Annotated[
            str,
            Query(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN, description="Its id."),
        ],
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> DeletionPublic:
        """What deleting it would remove, named and counted; nothing is deleted."""
        found = deletion_service.what_goes(uow, campaign_id, kind, id, viewer=viewer)
        return deletion_public(found)

    @router.post(base, status_code=201, response_model=DeletionPublic, summary="Delete")
    def post_deletion(
        campaign_id: CampaignIdPath, body: DeletionIn, viewer: CampaignViewer, uow: UnitOfWorkDep
    ) -> DeletionPublic:
        """Delete it and answer the audit record, which outlives it. A campaign goes with
        everything it holds; a player's characters stay, unowned. The GM only."""
        done = deletion_service.delete(uow, campaign_id, body.kind, body.id, viewer=viewer)
        return deletion_public(done)

    @router.get(base, response_model=list[DeletionPublic], summary="What was deleted")
    def get_deletions(
        campaign_id: CampaignIdPath, viewer: CampaignViewer, uow: UnitOfWorkDep
    ) -> list[DeletionPublic]:
        """The campaign's audit records of deletions, oldest first. The GM only."""
        found = deletion_service.deletions(uow, campaign_id, viewer=viewer)
        return [deletion_public(each) for each in found]

    return router
