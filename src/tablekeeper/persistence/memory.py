"""In-memory repositories and unit of work: the fakes service tests run against.

An :class:`InMemoryStore` is the "database"; each :class:`InMemoryUnitOfWork` works on a
copy of it and writes the copy back on commit, after checking that no encounter or
campaign log it appended to, and no character it edited, was moved on by another unit of
work (the same optimistic concurrency as the SQL adapter: the loser gets
:class:`~tablekeeper.persistence.errors.StaleVersionError` and writes nothing).
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Literal, Self

from tablekeeper.engine.campaigns import (
    Campaign,
    Character,
    Deletion,
    Encounter,
    Player,
    Snapshot,
)
from tablekeeper.engine.events import LogRecord
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.memory_deletions import InMemoryDeletionRepository
from tablekeeper.persistence.repositories import check_append
from tablekeeper.persistence.roster import (
    check_edit,
    check_unused,
    no_campaign,
    no_character,
    no_player,
    taken,
)
from tablekeeper.persistence.unit_of_work import UnitOfWork

Key = tuple[str, str]
"""A roster entry's key: (campaign id, character or player id)."""


@dataclass
class InMemoryStore:
    """Everything a fake unit of work commits: campaigns (their own logs, GM secret
    hashes), encounters (records, snapshots), characters, players (token hashes), the
    audit records of deletions."""

    campaigns: dict[str, Campaign] = field(default_factory=dict)
    campaign_records: dict[str, list[LogRecord]] = field(default_factory=dict)
    gm_secret_hashes: dict[str, str] = field(default_factory=dict)
    encounters: dict[str, Encounter] = field(default_factory=dict)
    records: dict[str, list[LogRecord]] = field(default_factory=dict)
    snapshots: dict[tuple[str, int], Snapshot] = field(default_factory=dict)
    command_keys: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    characters: dict[Key, Character] = field(default_factory=dict)
    players: dict[Key, Player] = field(default_factory=dict)
    token_hashes: dict[Key, str] = field(default_factory=dict)
    deletions: list[Deletion] = field(default_factory=list)


class InMemoryCampaignRepository:
    """Campaigns, their own logs and GM secret hashes in dicts."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store
        self.appended: dict[str, int] = {}
        """Campaign id -> the version this unit of work first appended at."""

    def add(self, campaign: Campaign) -> None:
        """Store a new campaign."""
        if campaign.id in self.store.campaigns:
            raise ValueError(f"campaign {campaign.id} is already stored")
        self.store.campaigns[campaign.id] = campaign

    def get(self, campaign_id: str) -> Campaign:
        """The campaign ``campaign_id``."""
        if campaign_id not in self.store.campaigns:
            raise no_campaign(campaign_id)
        return self.store.campaigns[campaign_id]

    def list(self) -> list[Campaign]:
        """Every campaign, oldest first."""
        return sorted(self.store.campaigns.values(), key=lambda c: c.created_sequence)

    def next_sequence(self) -> int:
        """The ``created_sequence`` the next campaign gets."""
        return max((c.created_sequence for c in self.store.campaigns.values()), default=0) + 1

    def records(self, campaign_id: str, *, after: int = 0) -> builtins.list[LogRecord]:
        """The campaign-level records numbered after ``after``."""
        return [r for r in self.store.campaign_records.get(campaign_id, []) if r.sequence > after]

    def append(self, campaign_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Check the campaign's version, then append the records and bump it."""
        check_append(campaign_id, expected_version, records, owner="campaign")
        campaign = self.store.campaigns.get(campaign_id)
        if campaign is None or campaign.version != expected_version:
            found = None if campaign is None else campaign.version
            raise StaleVersionError(campaign_id, expected_version, found, what="campaign")
        self.appended.setdefault(campaign_id, expected_version)
        new_version = expected_version + len(records)
        self.store.campaign_records.setdefault(campaign_id, []).extend(records)
        self.store.campaigns[campaign_id] = campaign.model_copy(update={"version": new_version})
        return new_version

    def set_gm_secret_hash(self, campaign_id: str, secret_hash: str) -> None:
        """Store the hash of the campaign's GM secret."""
        self.get(campaign_id)
        self.store.gm_secret_hashes[campaign_id] = secret_hash

    def gm_secret_hash(self, campaign_id: str) -> str | None:
        """The hash of the campaign's GM secret, if one was set."""
        self.get(campaign_id)
        return self.store.gm_secret_hashes.get(campaign_id)


class InMemoryCharacterRepository:
    """Characters in a dict, by (campaign id, character id)."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store
        self.edited: dict[Key, int] = {}
        """(Campaign id, character id) -> the version this unit of work first edited."""

    def add(self, character: Character) -> None:
        """Store a new character."""
        self._check_refs(character)
        key = (character.campaign_id, character.id)
        if key in self.store.characters:
            raise taken(character.campaign_id, "character", character.id)
        self.store.characters[key] = character

    def get(self, campaign_id: str, character_id: str) -> Character:
        """The character ``character_id`` of the campaign."""
        found = self.store.characters.get((campaign_id, character_id))
        if found is None:
            raise no_character(campaign_id, character_id)
        return found

    def list_for(self, campaign_id: str) -> list[Character]:
        """The campaign's characters, oldest first."""
        mine = [c for c in self.store.characters.values() if c.campaign_id == campaign_id]
        return sorted(mine, key=lambda c: (c.created_sequence, c.id))

    def update(self, character: Character, expected_version: int) -> None:
        """Check the stored character's version, then store the edited one."""
        check_edit(character, expected_version)
        self._check_refs(character)
        stored = self.get(character.campaign_id, character.id)
        if stored.version != expected_version:
            raise StaleVersionError(
                character.id, expected_version, stored.version, what="character"
            )
        key = (character.campaign_id, character.id)
        self.edited.setdefault(key, expected_version)
        self.store.characters[key] = character.model_copy(
            update={"created_sequence": stored.created_sequence}
        )

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next character gets."""
        return max((c.created_sequence for c in self.list_for(campaign_id)), default=0) + 1

    def _check_refs(self, character: Character) -> None:
        if character.campaign_id not in self.store.campaigns:
            raise no_campaign(character.campaign_id)
        owner = character.player
        if owner is not None and (character.campaign_id, owner) not in self.store.players:
            raise no_player(character.campaign_id, owner)


class InMemoryPlayerRepository:
    """Players and their token hashes in dicts, by (campaign id, player id)."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store

    def add(self, player: Player, token_hash: str) -> None:
        """Store a new player with the hash of their token."""
        if player.campaign_id not in self.store.campaigns:
            raise no_campaign(player.campaign_id)
        key = (player.campaign_id, player.id)
        if key in self.store.players:
            raise taken(player.campaign_id, "player", player.id)
        check_unused(
            player.campaign_id, token_hash, self.by_token_hash(player.campaign_id, token_hash)
        )
        self.store.players[key] = player
        self.store.token_hashes[key] = token_hash

    def get(self, campaign_id: str, player_id: str) -> Player:
        """The player ``player_id`` of the campaign."""
        found = self.store.players.get((campaign_id, player_id))
        if found is None:
            raise no_player(campaign_id, player_id)
        return found

    def list_for(self, campaign_id: str) -> list[Player]:
        """The campaign's players, oldest first."""
        mine = [p for p in self.store.players.values() if p.campaign_id == campaign_id]
        return sorted(mine, key=lambda p: (p.created_sequence, p.id))

    def by_token_hash(self, campaign_id: str, token_hash: str) -> Player | None:
        """The player whose token hashes to ``token_hash``, revoked or not."""
        for (cid, player_id), held in self.store.token_hashes.items():
            if cid == campaign_id and held == token_hash:
                return self.store.players[(cid, player_id)]
        return None

    def set_token_hash(self, campaign_id: str, player_id: str, token_hash: str) -> None:
        """Replace the player's token hash."""
        self.get(campaign_id, player_id)
        holder = self.by_token_hash(campaign_id, token_hash)
        if holder is None or holder.id != player_id:
            check_unused(campaign_id, token_hash, holder)
        self.store.token_hashes[(campaign_id, player_id)] = token_hash

    def revoke(self, campaign_id: str, player_id: str) -> None:
        """Mark the player revoked."""
        player = self.get(campaign_id, player_id)
        self.store.players[(campaign_id, player_id)] = player.model_copy(update={"revoked": True})

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next player gets."""
        return max((p.created_sequence for p in self.list_for(campaign_id)), default=0) + 1


class InMemoryEncounterRepository:
    """Encounters, records and snapshots in dicts."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store
        self.appended: dict[str, int] = {}
        """Encounter id -> the version this unit of work first appended at."""

    def add(self, encounter: Encounter) -> None:
        """Store a new encounter."""
        if encounter.id in self.store.encounters:
            raise ValueError(f"encounter {encounter.id} is already stored")
        self.get_campaign_check(encounter.campaign_id)
        self.store.encounters[encounter.id] = encounter
        self.store.records[encounter.id] = []

    def get_campaign_check(self, campaign_id: str) -> None:
        """Refuse an encounter of no stored campaign, as a foreign key would."""
        if campaign_id not in self.store.campaigns:
            raise no_campaign(campaign_id)

    def get(self, encounter_id: str) -> Encounter:
        """The encounter ``encounter_id``."""
        if encounter_id not in self.store.encounters:
            raise UnknownNameError(f"no encounter {encounter_id!r}", field="encounter")
        return self.store.encounters[encounter_id]

    def list_for(self, campaign_id: str) -> list[Encounter]:
        """The encounters of a campaign."""
        return [e for e in self.store.encounters.values() if e.campaign_id == campaign_id]

    def records(self, encounter_id: str, *, after: int = 0) -> list[LogRecord]:
        """The encounter's records numbered after ``after``."""
        self.get(encounter_id)
        return [r for r in self.store.records[encounter_id] if r.sequence > after]

    def append(self, encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Check the version, then append the records and bump it."""
        check_append(encounter_id, expected_version, records)
        encounter = self.store.encounters.get(encounter_id)
        if encounter is None or encounter.version != expected_version:
            found = None if encounter is None else encounter.version
            raise StaleVersionError(encounter_id, expected_version, found)
        self.appended.setdefault(encounter_id, expected_version)
        new_version = expected_version + len(records)
        self.store.records[encounter_id].extend(records)
        self.store.encounters[encounter_id] = encounter.model_copy(update={"version": new_version})
        return new_version

    def snapshot_sequences(self, encounter_id: str) -> list[int]:
        """The record numbers with a snapshot, ascending."""
        return sorted(seq for (eid, seq) in self.store.snapshots if eid == encounter_id)

    def snapshot(self, encounter_id: str, sequence: int) -> Snapshot:
        """The snapshot after record ``sequence``."""
        found = self.store.snapshots.get((encounter_id, sequence))
        if found is None:
            raise UnknownNameError(
                f"no snapshot of encounter {encounter_id!r} at {sequence}", field="sequence"
            )
        return found

    def add_snapshot(self, snapshot: Snapshot) -> None:
        """Store a snapshot unless one is there for that record."""
        self.store.snapshots.setdefault((snapshot.encounter_id, snapshot.sequence), snapshot)

    def latest_snapshot(self, encounter_id: str, *, at_most: int, stamp: str) -> Snapshot | None:
        """The newest snapshot at or before ``at_most`` with ``stamp`` (or none)."""
        found = [
            snapshot
            for (eid, sequence), snapshot in self.store.snapshots.items()
            if eid == encounter_id and sequence <= at_most and snapshot.stamp in (stamp, None)
        ]
        return max(found, key=lambda snapshot: snapshot.sequence, default=None)

    def command_key(self, encounter_id: str, key: str) -> tuple[int, int] | None:
        """The records the write sent with ``key`` stored, if any."""
        return self.store.command_keys.get((encounter_id, key))

    def add_command_key(self, encounter_id: str, key: str, after: int, version: int) -> None:
        """Remember the write sent with ``key``."""
        if (encounter_id, key) in self.store.command_keys:
            raise StaleVersionError(encounter_id, after, None)
        self.store.command_keys[(encounter_id, key)] = (after, version)


class InMemoryUnitOfWork(UnitOfWork):
    """A fake unit of work over an :class:`InMemoryStore` (a fresh one unless given)."""

    def __init__(self, store: InMemoryStore | None = None) -> None:
        self.store = store if store is not None else InMemoryStore()
        self.committed = 0

    def __enter__(self) -> Self:
        self._work = _copy(self.store)
        self._campaigns = InMemoryCampaignRepository(self._work)
        self.campaigns = self._campaigns
        self._encounters = InMemoryEncounterRepository(self._work)
        self.encounters = self._encounters
        self._characters = InMemoryCharacterRepository(self._work)
        self.characters = self._characters
        self.players = InMemoryPlayerRepository(self._work)
        self.deletions = InMemoryDeletionRepository(self._work)
        return super().__enter__()

    def commit(self) -> None:
        """Write the working copy back, unless another unit of work moved on a log this
        one appended to or a character it edited."""
        self._check_versions("encounter", self._encounters.appended, self.store.encounters)
        self._check_versions("campaign", self._campaigns.appended, self.store.campaigns)
        for (campaign_id, character_id), expected in self._characters.edited.items():
            stored = self.store.characters.get((campaign_id, character_id))
            if stored is None or stored.version != expected:
                self.rollback()
                found = None if stored is None else stored.version
                raise StaleVersionError(character_id, expected, found, what="character")
        for each in fields(InMemoryStore):
            setattr(self.store, each.name, getattr(self._work, each.name))
        self.committed += 1
        self.__enter__()

    def _check_versions(
        self,
        what: Literal["campaign", "encounter"],
        appended: dict[str, int],
        stored: Mapping[str, Campaign | Encounter],
    ) -> None:
        for owner_id, expected in appended.items():
            now = stored.get(owner_id)
            if now is None and expected == 0:
                continue  # added by this unit of work: nothing else can have moved it on
            if now is None or now.version != expected:
                self.rollback()
                found = None if now is None else now.version
                raise StaleVersionError(owner_id, expected, found, what=what)

    def rollback(self) -> None:
        """Forget the working copy."""
        if hasattr(self, "_work"):
            self.__enter__()


def _copy(store: InMemoryStore) -> InMemoryStore:
    return InMemoryStore(
        campaigns=dict(store.campaigns),
        campaign_records={key: list(value) for key, value in store.campaign_records.items()},
        gm_secret_hashes=dict(store.gm_secret_hashes),
        encounters=dict(store.encounters),
        records={key: list(value) for key, value in store.records.items()},
        snapshots=dict(store.snapshots),
        command_keys=dict(store.command_keys),
        characters=dict(store.characters),
        players=dict(store.players),
        token_hashes=dict(store.token_hashes),
        deletions=list(store.deletions),
    )
