"""The campaign routes: campaigns, their players, and a whole campaign's export and import.

Every route under ``/api/campaigns/{campaign_id}`` reads ``Authorization: Bearer <token>``
(the GM secret or a player's token): no token or a wrong one is 401, a player doing what
only the GM may is 403. Creating or importing a campaign needs no token: it answers the
new campaign's GM secret, once. :func:`build_router` also gathers the routes of what a
campaign holds (characters, encounters, the table log), so the app includes one router.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Security

from tablekeeper.api import (
    errors,
    routes_characters,
    routes_deletions,
    routes_encounter_labels,
    routes_encounters,
    routes_roll_modes,
    routes_table,
)
from tablekeeper.api.resources import (
    BEARER,
    CampaignCreate,
    CampaignCreated,
    CampaignDetail,
    CampaignIdPath,
    CampaignPublic,
    CampaignSummary,
    PlayerCreate,
    PlayerIdPath,
    PlayerPublic,
    PlayerToken,
    UnitOfWorkDep,
    ViewerPublic,
)
from tablekeeper.api.resources import CampaignViewer as ViewerDep
from tablekeeper.engine.campaigns import Campaign, Player
from tablekeeper.services import access, exports
from tablekeeper.services import campaigns as campaign_service
from tablekeeper.services.access import Viewer

AUTHENTICATED = errors.ERROR_RESPONSES
"""Every answer a campaign route may give besides its own: 400, 401, 403, 404, 409, 422."""


def campaign_public(campaign: Campaign) -> CampaignPublic:
    """A stored campaign as the API shows it."""
    return CampaignPublic(
        id=campaign.id,
        name=campaign.name,
        ruleset=campaign.ruleset,
        options=dict(campaign.options),
        version=campaign.version,
    )


def player_public(player: Player) -> PlayerPublic:
    """A player as the API shows them (no token: none is stored)."""
    return PlayerPublic(id=player.id, name=player.name, revoked=player.revoked)


def viewer_public(viewer: Viewer) -> ViewerPublic:
    """Who a token speaks for."""
    return ViewerPublic(
        role=viewer.role, player=viewer.player, characters=sorted(viewer.characters)
    )


def build_router() -> APIRouter:
    """The ``/api/campaigns`` routes, with those of characters, encounters and the table."""
    router = APIRouter(prefix="/api", responses=AUTHENTICATED)
    router.include_router(_campaign_routes())
    router.include_router(routes_characters.build_router())
    router.include_router(routes_encounters.build_router())
    router.include_router(routes_table.build_router())
    router.include_router(routes_deletions.build_router())
    router.include_router(routes_roll_modes.build_router())
    router.include_router(routes_encounter_labels.build_router())
    return router


def _campaign_routes() -> APIRouter:
    router = APIRouter(tags=["campaigns"])
    secured = APIRouter(tags=["campaigns"], dependencies=[Security(BEARER)])

    @router.post(
        "/campaigns",
        status_code=201,
        response_model=CampaignCreated,
        summary="Create a campaign",
    )
    def post_campaign(body: CampaignCreate, uow: UnitOfWorkDep) -> CampaignCreated:
        """A new campaign bound to one ruleset and its options (validated: errors name
        ``options.<field>``; an unknown ruleset is 404 naming ``ruleset``). Answers the GM
        secret once: keep it, it is stored only hashed."""
        secret = access.new_secret()
        campaign = campaign_service.create_campaign(
            uow, body.name, body.ruleset, body.options, campaign_id=body.id, gm_secret=secret
        )
        return CampaignCreated(campaign=campaign_public(campaign), gm_secret=secret)

    @router.get("/campaigns", response_model=list[CampaignSummary], summary="List campaigns")
    def get_campaigns(uow: UnitOfWorkDep) -> list[CampaignSummary]:
        """Every campaign's id, name and ruleset, oldest first (nothing else: the rest
        needs the campaign's GM secret or a player token)."""
        return [
            CampaignSummary(id=campaign.id, name=campaign.name, ruleset=campaign.ruleset)
            for campaign in campaign_service.list_campaigns(uow)
        ]

    @router.post(
        "/campaigns/import",
        status_code=201,
        response_model=CampaignCreated,
        summary="Import a campaign",
    )
    def post_campaign_import(
        document: Annotated[dict[str, Any], Body(description="An exported campaign.")],
        uow: UnitOfWorkDep,
    ) -> CampaignCreated:
        """Store an exported campaign (what ``GET /campaigns/{id}/export`` answers) with
        a fresh GM secret, answered once. Errors name ``document.<path>``; an id already
        taken is refused; nothing is written unless all of it is right. Players keep no
        token across an export: the GM issues new ones."""
        campaign = exports.import_campaign(uow, document)
        secret = access.issue_gm_secret(uow, campaign.id)
        return CampaignCreated(campaign=campaign_public(campaign), gm_secret=secret)

    @secured.get(
        "/campaigns/{campaign_id}", response_model=CampaignDetail, summary="Read a campaign"
    )
    def get_campaign(
        campaign_id: CampaignIdPath, viewer: ViewerDep, uow: UnitOfWorkDep
    ) -> CampaignDetail:
        """The campaign, and who the token speaks for (the GM or a player and the
        characters they own). The GM or any player."""
        campaign = campaign_service.get_campaign(uow, campaign_id)
        return CampaignDetail(
            **campaign_public(campaign).model_dump(), viewer=viewer_public(viewer)
        )

    @secured.get(
        "/campaigns/{campaign_id}/export",
        response_model=dict[str, Any],
        summary="Export a campaign",
    )
    def get_campaign_export(
        campaign_id: CampaignIdPath, viewer: ViewerDep, uow: UnitOfWorkDep
    ) -> dict[str, Any]:
        """The whole campaign as one JSON document (campaign, characters, players without
        tokens, the campaign log, every encounter with every record) that
        ``POST /campaigns/import`` takes back identically. The GM only."""
        return exports.export_campaign(uow, campaign_id, viewer=viewer)

    @secured.post(
        "/campaigns/{campaign_id}/players",
        status_code=201,
        response_model=PlayerToken,
        summary="Add a player",
    )
    def post_player(
        campaign_id: CampaignIdPath, body: PlayerCreate, viewer: ViewerDep, uow: UnitOfWorkDep
    ) -> PlayerToken:
        """A new player and their join token, answered once (stored only hashed). The GM
        only."""
        player, token = access.add_player(uow, campaign_id, body.id, body.name, viewer=viewer)
        return PlayerToken(player=player_public(player), token=token)

    @secured.get(
        "/campaigns/{campaign_id}/players",
        response_model=list[PlayerPublic],
        summary="List players",
    )
    def get_players(
        campaign_id: CampaignIdPath, viewer: ViewerDep, uow: UnitOfWorkDep
    ) -> list[PlayerPublic]:
        """The campaign's players in the order they joined, revoked ones too. The GM only."""
        players = access.list_players(uow, campaign_id, viewer=viewer)
        return [player_public(player) for player in players]

    @secured.delete(
        "/campaigns/{campaign_id}/players/{player_id}",
        response_model=PlayerPublic,
        summary="Revoke a player",
    )
    def delete_player(
        campaign_id: CampaignIdPath,
        player_id: PlayerIdPath,
        viewer: ViewerDep,
        uow: UnitOfWorkDep,
    ) -> PlayerPublic:
        """Revoke the player: their token stops working at once; their characters stay.
        The GM only."""
        return player_public(access.revoke_player(uow, campaign_id, player_id, viewer=viewer))

    @secured.post(
        "/campaigns/{campaign_id}/players/{player_id}/token",
        response_model=PlayerToken,
        summary="Replace a player's token",
    )
    def post_player_token(
        campaign_id: CampaignIdPath,
        player_id: PlayerIdPath,
        viewer: ViewerDep,
        uow: UnitOfWorkDep,
    ) -> PlayerToken:
        """A new join token for the player, answered once; the old one stops working.
        The GM only."""
        token = access.rotate_player_token(uow, campaign_id, player_id, viewer=viewer)
        player = next(
            player for player in access.list_players(uow, campaign_id) if player.id == player_id
        )
        return PlayerToken(player=player_public(player), token=token)

    router.include_router(secured)
    return router
