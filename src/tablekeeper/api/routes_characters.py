"""The character routes: a campaign's player characters and NPC stat blocks.

A sheet is the ruleset's actor spec (``Ruleset.Actor``) without its id, validated on
every write: an error names ``sheet.<field>``. The GM creates, edits, imports and
exports; a player reads their own characters in full and sees the other player
characters' names only (no NPCs).
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Security
from pydantic import Field

from tablekeeper.api.resources import (
    BEARER,
    ID_LENGTH,
    ID_PATTERN,
    CampaignIdPath,
    CampaignViewer,
    CharacterCreate,
    CharacterDocument,
    CharacterIdPath,
    CharacterPublic,
    CharacterUpdate,
    UnitOfWorkDep,
)
from tablekeeper.engine.campaigns import Character
from tablekeeper.services import characters as character_service

CharacterIds = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN)]] | None,
    Query(max_length=500, description="Only these characters (default: all)."),
]


def character_public(character: Character) -> CharacterPublic:
    """A character as the service let the viewer read it."""
    return CharacterPublic(
        id=character.id,
        name=character.name,
        kind=character.kind,
        player=character.player,
        sheet=dict(character.sheet),
        schema_version=character.schema_version,
        version=character.version,
    )


def build_router() -> APIRouter:
    """The ``/campaigns/{campaign_id}/characters`` routes."""
    router = APIRouter(tags=["characters"], dependencies=[Security(BEARER)])
    base = "/campaigns/{campaign_id}/characters"

    @router.get(base, response_model=list[CharacterPublic], summary="List characters")
    def get_characters(
        campaign_id: CampaignIdPath, viewer: CampaignViewer, uow: UnitOfWorkDep
    ) -> list[CharacterPublic]:
        """The campaign's characters, oldest first. The GM sees every one in full; a
        player sees their own in full, the other player characters without their sheet,
        and no NPC."""
        return [
            character_public(character)
            for character in character_service.list_characters(uow, campaign_id, viewer)
        ]

    @router.post(
        base, status_code=201, response_model=CharacterPublic, summary="Create a character"
    )
    def post_character(
        campaign_id: CampaignIdPath,
        body: CharacterCreate,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> CharacterPublic:
        """A new player character (owned by a player) or NPC stat block; the sheet is
        validated by the campaign's ruleset (errors name ``sheet.<field>``). The GM only."""
        character = character_service.create_character(
            uow,
            campaign_id,
            id=body.id,
            name=body.name,
            kind=body.kind,
            player=body.player,
            sheet=body.sheet,
            viewer=viewer,
        )
        return character_public(character)

    @router.get(f"{base}/export", response_model=CharacterDocument, summary="Export characters")
    def get_characters_export(
        campaign_id: CampaignIdPath,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
        format: Annotated[Literal["json", "yaml"], Query()] = "json",
        ids: CharacterIds = None,
    ) -> CharacterDocument:
        """Characters as a JSON or YAML document with its ``schema_version``: what
        ``POST .../characters/import`` takes back. The GM only."""
        text = character_service.export_characters(
            uow, campaign_id, ids, format=format, viewer=viewer
        )
        return CharacterDocument(format=format, text=text)

    @router.post(
        f"{base}/import",
        status_code=201,
        response_model=list[CharacterPublic],
        summary="Import characters",
    )
    def post_characters_import(
        campaign_id: CampaignIdPath,
        body: CharacterDocument,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> list[CharacterPublic]:
        """Store the characters of an exported document (one character, or a list); all
        are validated before any is written (errors name ``document.<path>``). The GM
        only."""
        imported = character_service.import_characters(
            uow, campaign_id, body.text, format=body.format, viewer=viewer
        )
        return [character_public(character) for character in imported]

    @router.get(
        f"{base}/{{character_id}}", response_model=CharacterPublic, summary="Read a character"
    )
    def get_character(
        campaign_id: CampaignIdPath,
        character_id: CharacterIdPath,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> CharacterPublic:
        """One character in full. The GM, or the player who owns it."""
        return character_public(
            character_service.get_character(uow, campaign_id, character_id, viewer)
        )

    @router.patch(
        f"{base}/{{character_id}}", response_model=CharacterPublic, summary="Edit a character"
    )
    def patch_character(
        campaign_id: CampaignIdPath,
        character_id: CharacterIdPath,
        body: CharacterUpdate,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> CharacterPublic:
        """Change the fields given, if the character is still at ``expected_version``
        (else 409, nothing written); the edit and its reason go into the campaign log.
        ``"player": null`` takes the character from its player. The GM only."""
        changes = body.model_dump(include=body.model_fields_set - {"expected_version"})
        character = character_service.edit_character(
            uow,
            campaign_id,
            character_id,
            expected_version=body.expected_version,
            viewer=viewer,
            **changes,
        )
        return character_public(character)

    return router
