"""A campaign's roster in SQL: its characters (and NPC stat blocks) and its players.

The SQLAlchemy adapters of :class:`~tablekeeper.persistence.repositories.CharacterRepository`
and :class:`~tablekeeper.persistence.repositories.PlayerRepository`, through the unit of
work's session. A character's owner must be a player of its campaign (a foreign key, and
checked first so that the error names ``player``); a player's token is kept only as its
hash, never in the :class:`~tablekeeper.engine.campaigns.Player` value.
"""

from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tablekeeper.engine.campaigns import Character, Player
from tablekeeper.errors import ConflictError, UnknownNameError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.models import CampaignRow, CharacterRow, PlayerRow


def check_edit(character: Character, expected_version: int) -> None:
    """Refuse an edit whose version was not bumped by exactly one (a caller's bug)."""
    if character.version != expected_version + 1:
        raise ValueError(
            f"an edit of character {character.id} from version {expected_version} "
            f"stores version {expected_version + 1}, not {character.version}"
        )


def no_campaign(campaign_id: str) -> UnknownNameError:
    """The error for a campaign that is not stored."""
    return UnknownNameError(f"no campaign {campaign_id!r}", field="campaign")


def no_character(campaign_id: str, character_id: str) -> UnknownNameError:
    """The error for a character its campaign does not have."""
    return UnknownNameError(
        f"campaign {campaign_id!r} has no character {character_id!r}", field="character"
    )


def no_player(campaign_id: str, player_id: str) -> UnknownNameError:
    """The error for a player its campaign does not have."""
    return UnknownNameError(f"campaign {campaign_id!r} has no player {player_id!r}", field="player")


def check_unused(campaign_id: str, token_hash: str, holder: Player | None) -> None:
    """Refuse a token hash another player holds (tokens are random: a caller's bug)."""
    if holder is not None:
        raise ValueError(f"player {holder.id} of campaign {campaign_id} holds that token hash")


def taken(campaign_id: str, what: str, taken_id: str) -> ConflictError:
    """The error for an id its campaign already gave to a character or player."""
    return ConflictError(f"campaign {campaign_id!r} already has a {what} {taken_id!r}", field="id")


class SqlCharacterRepository:
    """Characters in SQL, through the unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, character: Character) -> None:
        """Store a new character."""
        self._check_refs(character)
        if self.session.get(CharacterRow, (character.campaign_id, character.id)) is not None:
            raise taken(character.campaign_id, "character", character.id)
        self.session.add(
            CharacterRow(
                campaign_id=character.campaign_id,
                id=character.id,
                name=character.name,
                kind=character.kind,
                player=character.player,
                sheet=character.sheet,
                schema_version=character.schema_version,
                version=character.version,
                created_sequence=character.created_sequence,
            )
        )
        try:
            self.session.flush()
        except IntegrityError as error:  # stored by a racing writer since the check
            raise taken(character.campaign_id, "character", character.id) from error

    def get(self, campaign_id: str, character_id: str) -> Character:
        """The character ``character_id`` of the campaign."""
        row = self.session.get(CharacterRow, (campaign_id, character_id), populate_existing=True)
        if row is None:
            raise no_character(campaign_id, character_id)
        return _character(row)

    def list_for(self, campaign_id: str) -> list[Character]:
        """The campaign's characters, oldest first."""
        rows = self.session.scalars(
            select(CharacterRow)
            .where(CharacterRow.campaign_id == campaign_id)
            .order_by(CharacterRow.created_sequence, CharacterRow.id)
            .execution_options(populate_existing=True)
        )
        return [_character(row) for row in rows]

    def update(self, character: Character, expected_version: int) -> None:
        """Compare-and-set the character's version and store its new fields."""
        check_edit(character, expected_version)
        self._check_refs(character)
        connection = self.session.connection()
        key = (CharacterRow.campaign_id == character.campaign_id, CharacterRow.id == character.id)
        changed = connection.execute(
            update(CharacterRow)
            .where(*key, CharacterRow.version == expected_version)
            .values(
                name=character.name,
                kind=character.kind,
                player=character.player,
                sheet=character.sheet,
                schema_version=character.schema_version,
                version=character.version,
            )
        )
        if changed.rowcount != 1:
            found = connection.execute(
                select(CharacterRow.version).where(*key)
            ).scalar_one_or_none()
            if found is None:
                raise no_character(character.campaign_id, character.id)
            raise StaleVersionError(character.id, expected_version, found, what="character")

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next character gets."""
        last = self.session.scalar(
            select(func.max(CharacterRow.created_sequence)).where(
                CharacterRow.campaign_id == campaign_id
            )
        )
        return (last or 0) + 1

    def _check_refs(self, character: Character) -> None:
        if self.session.get(CampaignRow, character.campaign_id) is None:
            raise no_campaign(character.campaign_id)
        owner = character.player
        if (
            owner is not None
            and self.session.get(PlayerRow, (character.campaign_id, owner)) is None
        ):
            raise no_player(character.campaign_id, owner)


class SqlPlayerRepository:
    """Players and their token hashes in SQL, through the unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, player: Player, token_hash: str) -> None:
        """Store a new player with the hash of their token."""
        if self.session.get(CampaignRow, player.campaign_id) is None:
            raise no_campaign(player.campaign_id)
        if self.session.get(PlayerRow, (player.campaign_id, player.id)) is not None:
            raise taken(player.campaign_id, "player", player.id)
        check_unused(
            player.campaign_id, token_hash, self.by_token_hash(player.campaign_id, token_hash)
        )
        self.session.add(
            PlayerRow(
                campaign_id=player.campaign_id,
                id=player.id,
                name=player.name,
                token_hash=token_hash,
                revoked=player.revoked,
                created_sequence=player.created_sequence,
            )
        )
        try:
            self.session.flush()
        except IntegrityError as error:  # stored by a racing writer since the check
            raise taken(player.campaign_id, "player", player.id) from error

    def get(self, campaign_id: str, player_id: str) -> Player:
        """The player ``player_id`` of the campaign."""
        row = self.session.get(PlayerRow, (campaign_id, player_id), populate_existing=True)
        if row is None:
            raise no_player(campaign_id, player_id)
        return _player(row)

    def list_for(self, campaign_id: str) -> list[Player]:
        """The campaign's players, oldest first."""
        rows = self.session.scalars(
            select(PlayerRow)
            .where(PlayerRow.campaign_id == campaign_id)
            .order_by(PlayerRow.created_sequence, PlayerRow.id)
            .execution_options(populate_existing=True)
        )
        return [_player(row) for row in rows]

    def by_token_hash(self, campaign_id: str, token_hash: str) -> Player | None:
        """The player whose token hashes to ``token_hash``, revoked or not."""
        row = self.session.scalars(
            select(PlayerRow)
            .where(PlayerRow.campaign_id == campaign_id, PlayerRow.token_hash == token_hash)
            .execution_options(populate_existing=True)
        ).one_or_none()
        return None if row is None else _player(row)

    def set_token_hash(self, campaign_id: str, player_id: str, token_hash: str) -> None:
        """Replace the player's token hash."""
        holder = self.by_token_hash(campaign_id, token_hash)
        if holder is None or holder.id != player_id:
            check_unused(campaign_id, token_hash, holder)
        self._change(campaign_id, player_id, token_hash=token_hash)

    def revoke(self, campaign_id: str, player_id: str) -> None:
        """Mark the player revoked."""
        self._change(campaign_id, player_id, revoked=True)

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next player gets."""
        last = self.session.scalar(
            select(func.max(PlayerRow.created_sequence)).where(PlayerRow.campaign_id == campaign_id)
        )
        return (last or 0) + 1

    def _change(self, campaign_id: str, player_id: str, **values: str | bool) -> None:
        changed = self.session.connection().execute(
            update(PlayerRow)
            .where(PlayerRow.campaign_id == campaign_id, PlayerRow.id == player_id)
            .values(**values)
        )
        if changed.rowcount != 1:
            raise no_player(campaign_id, player_id)


def _character(row: CharacterRow) -> Character:
    return Character.model_validate(
        {
            "id": row.id,
            "campaign_id": row.campaign_id,
            "name": row.name,
            "kind": row.kind,
            "player": row.player,
            "sheet": row.sheet,
            "schema_version": row.schema_version,
            "version": row.version,
            "created_sequence": row.created_sequence,
        }
    )


def _player(row: PlayerRow) -> Player:
    return Player(
        id=row.id,
        campaign_id=row.campaign_id,
        name=row.name,
        revoked=row.revoked,
        created_sequence=row.created_sequence,
    )
