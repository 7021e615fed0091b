"""An encounter's name and the GM's notes on it (ruling C-14).

``PUT .../encounters/{encounter_id}/label`` is the GM's (a player: 403); ``GET`` answers
the name to anyone at the table and the notes to the GM only (``null`` for a player).
"""

from __future__ import annotations

from fastapi import APIRouter, Security
from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.api.resources import (
    BEARER,
    CampaignIdPath,
    CampaignViewer,
    EncounterIdPath,
    UnitOfWorkDep,
)
from tablekeeper.services import encounter_names


class LabelIn(BaseModel):
    """The encounter's name (empty: none) and the GM's notes on it."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="", max_length=200)
    notes: str = Field(default="", max_length=5000)


class LabelPublic(BaseModel):
    """The name, and the notes if the reader is the GM (else ``null``)."""

    name: str
    notes: str | None


def build_router() -> APIRouter:
    """The label routes of an encounter."""
    router = APIRouter(tags=["encounters"], dependencies=[Security(BEARER)])
    path = "/campaigns/{campaign_id}/encounters/{encounter_id}/label"

    @router.put(path, response_model=LabelPublic, summary="Name an encounter")
    def put_label(
        campaign_id: CampaignIdPath,
        encounter_id: EncounterIdPath,
        body: LabelIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> LabelPublic:
        """Name the encounter and keep notes on it. The GM only."""
        label = encounter_names.label_encounter(
            uow, campaign_id, encounter_id, name=body.name, notes=body.notes, viewer=viewer
        )
        return LabelPublic(name=label.name, notes=label.notes)

    @router.get(path, response_model=LabelPublic, summary="Read an encounter's name")
    def get_label(
        campaign_id: CampaignIdPath,
        encounter_id: EncounterIdPath,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> LabelPublic:
        """The name to anyone at the table; the notes to the GM only."""
        label = encounter_names.label_of(uow, campaign_id, encounter_id, viewer)
        return LabelPublic(name=label.name, notes=label.notes)

    return router
