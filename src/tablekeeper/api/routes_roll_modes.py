"""Each creature's roll mode (rulings C-16, C-20): ``GET .../roll-modes`` lists the defaults the GM
set, ``PUT .../roll-modes/{actor}`` sets one. The GM only (a player: 403): the players
are not told whose rolls are secret. A command or an answer chooses for itself with its
body's ``roll_mode``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Security
from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.api.resources import (
    BEARER,
    ID_LENGTH,
    ID_PATTERN,
    CampaignIdPath,
    CampaignViewer,
    UnitOfWorkDep,
)
from tablekeeper.engine.roll_modes import RollMode
from tablekeeper.services import roll_modes
from tablekeeper.services.access import require_gm


class RollModeIn(BaseModel):
    """Who sees the creature's rolls from now on."""

    model_config = ConfigDict(extra="forbid")

    mode: RollMode = Field(
        description="public, dice_only (the dice, not the targets: C-20) or gm_only (a secret "
        "roll)."
    )


class RollModesPublic(BaseModel):
    """The creatures whose default the GM set, each with its mode (the others: public)."""

    modes: dict[str, RollMode]


def build_router() -> APIRouter:
    """The ``/campaigns/{campaign_id}/roll-modes`` routes."""
    router = APIRouter(tags=["roll modes"], dependencies=[Security(BEARER)])
    base = "/campaigns/{campaign_id}/roll-modes"

    @router.get(base, response_model=RollModesPublic, summary="Who sees each creature's rolls")
    def get_modes(
        campaign_id: CampaignIdPath, viewer: CampaignViewer, uow: UnitOfWorkDep
    ) -> RollModesPublic:
        """The default roll mode of each creature the GM set one for."""
        require_gm(viewer, "read who sees each creature's rolls")
        return RollModesPublic(modes=dict(roll_modes.roll_modes(uow, campaign_id)))

    @router.put(
        f"{base}/{{actor}}", response_model=RollModesPublic, summary="Set a creature's roll mode"
    )
    def put_mode(
        campaign_id: CampaignIdPath,
        actor: Annotated[str, Path(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN)],
        body: RollModeIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> RollModesPublic:
        """Make ``mode`` the default of the creature's rolls (in the campaign's log)."""
        roll_modes.set_roll_mode(uow, campaign_id, actor, body.mode, viewer=viewer)
        return RollModesPublic(modes=dict(roll_modes.roll_modes(uow, campaign_id)))

    return router
