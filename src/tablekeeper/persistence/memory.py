"""In-memory repositories and unit of work: the fakes service tests run against.

An :class:`InMemoryStore` is the "database"; each :class:`InMemoryUnitOfWork` works on a
copy of it and writes the copy back on commit, after checking that no encounter it
appended to was moved on by another unit of work (the same optimistic concurrency as the
SQL adapter: the loser gets :class:`~tablekeeper.persistence.errors.StaleVersionError`
and writes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Self

from tablekeeper.engine.campaigns import Campaign, Encounter, Snapshot
from tablekeeper.engine.events import LogRecord
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.repositories import check_append
from tablekeeper.persistence.unit_of_work import UnitOfWork


@dataclass
class InMemoryStore:
    """Everything a fake unit of work commits: campaigns, encounters, records, snapshots."""

    campaigns: dict[str, Campaign] = field(default_factory=dict)
    encounters: dict[str, Encounter] = field(default_factory=dict)
    records: dict[str, list[LogRecord]] = field(default_factory=dict)
    snapshots: dict[tuple[str, int], Snapshot] = field(default_factory=dict)


class InMemoryCampaignRepository:
    """Campaigns in a dict."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store

    def add(self, campaign: Campaign) -> None:
        """Store a new campaign."""
        if campaign.id in self.store.campaigns:
            raise ValueError(f"campaign {campaign.id} is already stored")
        self.store.campaigns[campaign.id] = campaign

    def get(self, campaign_id: str) -> Campaign:
        """The campaign ``campaign_id``."""
        if campaign_id not in self.store.campaigns:
            raise UnknownNameError(f"no campaign {campaign_id!r}", field="campaign")
        return self.store.campaigns[campaign_id]

    def list(self) -> list[Campaign]:
        """Every campaign, oldest first."""
        return sorted(self.store.campaigns.values(), key=lambda c: c.created_sequence)

    def next_sequence(self) -> int:
        """The ``created_sequence`` the next campaign gets."""
        return max((c.created_sequence for c in self.store.campaigns.values()), default=0) + 1


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
            raise UnknownNameError(f"no campaign {campaign_id!r}", field="campaign")

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


class InMemoryUnitOfWork(UnitOfWork):
    """A fake unit of work over an :class:`InMemoryStore` (a fresh one unless given)."""

    def __init__(self, store: InMemoryStore | None = None) -> None:
        self.store = store if store is not None else InMemoryStore()
        self.committed = 0

    def __enter__(self) -> Self:
        self._work = _copy(self.store)
        self.campaigns = InMemoryCampaignRepository(self._work)
        self._encounters = InMemoryEncounterRepository(self._work)
        self.encounters = self._encounters
        return super().__enter__()

    def commit(self) -> None:
        """Write the working copy back, unless another unit of work moved an encounter on."""
        for encounter_id, expected in self._encounters.appended.items():
            stored = self.store.encounters.get(encounter_id)
            if stored is None and expected == 0 and encounter_id in self._work.encounters:
                continue  # added by this unit of work: nothing else can have moved it on
            if stored is None or stored.version != expected:
                self.rollback()
                raise StaleVersionError(
                    encounter_id, expected, None if stored is None else stored.version
                )
        for name in ("campaigns", "encounters", "records", "snapshots"):
            setattr(self.store, name, getattr(self._work, name))
        self.committed += 1
        self.__enter__()

    def rollback(self) -> None:
        """Forget the working copy."""
        if hasattr(self, "_work"):
            self.__enter__()


def _copy(store: InMemoryStore) -> InMemoryStore:
    return InMemoryStore(
        campaigns=dict(store.campaigns),
        encounters=dict(store.encounters),
        records={key: list(value) for key, value in store.records.items()},
        snapshots=dict(store.snapshots),
    )
