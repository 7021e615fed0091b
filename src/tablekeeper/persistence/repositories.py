"""Repositories: campaigns, encounters and the roster in and out of storage, as values.

The protocols are what the service layer sees; :class:`SqlCampaignRepository` and
:class:`SqlEncounterRepository` are the SQLAlchemy adapters here, the roster's
(characters, players) are in :mod:`tablekeeper.persistence.roster`, and the in-memory
fakes in :mod:`tablekeeper.persistence.memory`. A missing campaign, encounter, character
or player is an :class:`~tablekeeper.errors.UnknownNameError`; a write against a version
that moved on is a :class:`~tablekeeper.persistence.errors.StaleVersionError`, and
nothing of it is stored.

Both logs, an encounter's and the campaign's own (records of no encounter), are appended
the same way: :func:`append_log` compare-and-sets the owner's ``version`` and inserts
the records in the same transaction.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Literal, Protocol

from sqlalchemy import ColumnElement, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from tablekeeper.engine.campaigns import Campaign, Character, Encounter, Player, Snapshot
from tablekeeper.engine.events import Event, LogRecord
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.codec import dump_record, load_record
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.models import (
    CampaignRow,
    CommandKeyRow,
    EncounterRow,
    LogRecordRow,
    SnapshotRow,
)
from tablekeeper.persistence.roster import no_campaign
from tablekeeper.persistence.storable import check_storable

LogOwner = Literal["campaign", "encounter"]
"""Whose log a record belongs to: the campaign's own, or an encounter's."""


class CampaignRepository(Protocol):
    """Campaigns by id, with their own log and the hash of their GM secret."""

    def add(self, campaign: Campaign) -> None:
        """Store a new campaign."""
        ...

    def get(self, campaign_id: str) -> Campaign:
        """The campaign ``campaign_id`` (``UnknownNameError`` if there is none)."""
        ...

    def list(self) -> list[Campaign]:
        """Every campaign, oldest first."""
        ...

    def next_sequence(self) -> int:
        """The ``created_sequence`` the next campaign gets."""
        ...

    def records(self, campaign_id: str, *, after: int = 0) -> builtins.list[LogRecord]:
        """The campaign-level log (records of no encounter) after ``after``, in order."""
        ...

    def append(self, campaign_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Append to the campaign-level log if the campaign is at ``expected_version``.

        The same compare-and-set as :meth:`EncounterRepository.append`, on the campaign's
        ``version``; returns the new version.
        """
        ...

    def set_gm_secret_hash(self, campaign_id: str, secret_hash: str) -> None:
        """Store the hash of the campaign's (new) GM secret."""
        ...

    def gm_secret_hash(self, campaign_id: str) -> str | None:
        """The hash of the campaign's GM secret (``None`` if none was set)."""
        ...


class CharacterRepository(Protocol):
    """A campaign's characters and NPC stat blocks, by (campaign, id)."""

    def add(self, character: Character) -> None:
        """Store a new character (an id its campaign already has is a ``ConflictError``)."""
        ...

    def get(self, campaign_id: str, character_id: str) -> Character:
        """The character (``UnknownNameError`` naming ``"character"`` if there is none)."""
        ...

    def list_for(self, campaign_id: str) -> list[Character]:
        """The campaign's characters, in ``created_sequence`` order."""
        ...

    def update(self, character: Character, expected_version: int) -> None:
        """Store an edited character (its ``version`` already bumped to one more).

        Only if the stored one is at ``expected_version``; else
        :class:`StaleVersionError`, and nothing is written.
        """
        ...

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next character gets."""
        ...


class PlayerRepository(Protocol):
    """A campaign's players, by (campaign, id), with the hash of each one's token."""

    def add(self, player: Player, token_hash: str) -> None:
        """Store a new player (an id its campaign already has is a ``ConflictError``)."""
        ...

    def get(self, campaign_id: str, player_id: str) -> Player:
        """The player (``UnknownNameError`` naming ``"player"`` if there is none)."""
        ...

    def list_for(self, campaign_id: str) -> list[Player]:
        """The campaign's players, in ``created_sequence`` order, revoked ones too."""
        ...

    def by_token_hash(self, campaign_id: str, token_hash: str) -> Player | None:
        """The player whose token hashes to ``token_hash`` (revoked ones too), if any."""
        ...

    def set_token_hash(self, campaign_id: str, player_id: str, token_hash: str) -> None:
        """Replace the player's token (its hash): the old token stops working."""
        ...

    def revoke(self, campaign_id: str, player_id: str) -> None:
        """Mark the player revoked (their token no longer lets them in)."""
        ...

    def next_sequence(self, campaign_id: str) -> int:
        """The ``created_sequence`` the campaign's next player gets."""
        ...


class EncounterRepository(Protocol):
    """Encounters, their log records and snapshots."""

    def add(self, encounter: Encounter) -> None:
        """Store a new encounter (at version 0, no records)."""
        ...

    def get(self, encounter_id: str) -> Encounter:
        """The encounter ``encounter_id`` (``UnknownNameError`` if there is none)."""
        ...

    def list_for(self, campaign_id: str) -> list[Encounter]:
        """The encounters of a campaign, in the order they were stored."""
        ...

    def records(self, encounter_id: str, *, after: int = 0) -> list[LogRecord]:
        """The encounter's log records numbered after ``after``, in sequence order."""
        ...

    def append(self, encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Append ``records`` if the encounter is at ``expected_version``; the new version.

        The version bump and the records go in the same transaction; a version that moved
        on raises :class:`StaleVersionError` and writes nothing.
        """
        ...

    def snapshot_sequences(self, encounter_id: str) -> list[int]:
        """The record numbers the encounter has snapshots after, ascending."""
        ...

    def snapshot(self, encounter_id: str, sequence: int) -> Snapshot:
        """The snapshot after record ``sequence``."""
        ...

    def add_snapshot(self, snapshot: Snapshot) -> None:
        """Store a snapshot (one already there for that record is kept)."""
        ...

    def latest_snapshot(self, encounter_id: str, *, at_most: int, stamp: str) -> Snapshot | None:
        """The newest snapshot after a record numbered ``at_most`` or less, written with
        ``stamp`` or before stamps (``stamp`` NULL); ``None`` if there is none."""
        ...

    def command_key(self, encounter_id: str, key: str) -> tuple[int, int] | None:
        """The records (``after``, ``version``) the write sent with ``key`` stored, if any."""
        ...

    def add_command_key(self, encounter_id: str, key: str, after: int, version: int) -> None:
        """Remember the write sent with ``key`` (a key already there: StaleVersionError)."""
        ...


def check_append(
    owner_id: str,
    expected_version: int,
    records: Sequence[LogRecord],
    *,
    owner: LogOwner = "encounter",
) -> None:
    """Refuse an empty batch, records not numbered right after ``expected_version``, or
    a record holding what a database cannot store (:mod:`.storable`: the same refusal on
    every backend, before anything is written)."""
    if not records:
        raise ValueError("an append needs at least one record")
    for record in records:
        if isinstance(record, Event):
            check_storable(record.payload, "payload")
    numbers = [record.sequence for record in records]
    wanted = list(range(expected_version + 1, expected_version + 1 + len(records)))
    run = list(range(numbers[0], numbers[0] + len(records)))
    if numbers != wanted and numbers == run and numbers[0] > wanted[0]:
        # Numbered after a log that had moved on since its owner's version was read (two
        # reads of one use case, a writer committing between them): stale, a 409.
        raise StaleVersionError(owner_id, expected_version, numbers[0] - 1, what=owner)
    if numbers != wanted:
        raise ValueError(
            f"records for {owner} {owner_id} at version {expected_version} must be "
            f"numbered {wanted[0]}..{wanted[-1]}"
        )


def append_log(
    session: Session,
    owner: LogOwner,
    owner_id: str,
    expected_version: int,
    records: Sequence[LogRecord],
) -> int:
    """Compare-and-set the owner's version, then insert the records; the new version.

    One transaction (the session's): the ``UPDATE ... WHERE version = expected`` either
    bumps exactly one row or finds the log moved on (:class:`StaleVersionError`); a
    sequence number some racing writer stored first trips the unique index instead, the
    same error. A campaign's own records are stored with no encounter.
    """
    check_append(owner_id, expected_version, records, owner=owner)
    table = CampaignRow if owner == "campaign" else EncounterRow
    new_version = expected_version + len(records)
    connection = session.connection()
    try:
        bumped = connection.execute(
            update(table)
            .where(table.id == owner_id, table.version == expected_version)
            .values(version=new_version)
        )
    except OperationalError as error:
        if "locked" not in str(error.orig):
            raise
        # SQLite's one writer kept the database past the busy timeout: this write lost a
        # race like any other (S-08), nothing was written; the version now is read (WAL
        # readers do not wait on the writer) for the answer.
        session.rollback()
        found = session.execute(select(table.version).where(table.id == owner_id)).scalar()
        raise StaleVersionError(owner_id, expected_version, found, what=owner) from error
    if bumped.rowcount != 1:
        found = connection.execute(
            select(table.version).where(table.id == owner_id)
        ).scalar_one_or_none()
        raise StaleVersionError(owner_id, expected_version, found, what=owner)
    if owner == "campaign":
        campaign_id, encounter_id = owner_id, None
    else:
        campaign_id = connection.execute(
            select(EncounterRow.campaign_id).where(EncounterRow.id == owner_id)
        ).scalar_one()
        encounter_id = owner_id
    rows = []
    for record in records:
        tag, data = dump_record(record)
        rows.append(
            {
                "campaign_id": campaign_id,
                "encounter_id": encounter_id,
                "sequence": record.sequence,
                "command_id": record.command_id,
                "record_type": tag,
                "record": data,
            }
        )
    try:
        connection.execute(insert(LogRecordRow), rows)
    except IntegrityError as error:  # a sequence already stored: someone else won
        raise StaleVersionError(owner_id, expected_version, None, what=owner) from error
    return new_version


def read_log(session: Session, *owner: ColumnElement[bool], after: int) -> builtins.list[LogRecord]:
    """One log's records numbered after ``after``, in order: the log whose rows ``owner``
    selects (an encounter's, or the campaign's own); what both repositories read."""
    rows = session.execute(
        select(LogRecordRow.record_type, LogRecordRow.record)
        .where(*owner, LogRecordRow.sequence > after)
        .order_by(LogRecordRow.sequence)
    )
    return [load_record(tag, data) for tag, data in rows]


class SqlCampaignRepository:
    """Campaigns in SQL, through the unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, campaign: Campaign) -> None:
        """Store a new campaign."""
        self.session.add(
            CampaignRow(
                id=campaign.id,
                name=campaign.name,
                ruleset=campaign.ruleset,
                options=campaign.options,
                schema_version=campaign.schema_version,
                created_sequence=campaign.created_sequence,
                version=campaign.version,
            )
        )
        self.session.flush()

    def get(self, campaign_id: str) -> Campaign:
        """The campaign ``campaign_id``, at its current version."""
        row = self.session.get(CampaignRow, campaign_id, populate_existing=True)
        if row is None:
            raise no_campaign(campaign_id)
        return _campaign(row)

    def list(self) -> list[Campaign]:
        """Every campaign, oldest first."""
        rows = self.session.scalars(select(CampaignRow).order_by(CampaignRow.created_sequence))
        return [_campaign(row) for row in rows]

    def next_sequence(self) -> int:
        """The ``created_sequence`` the next campaign gets."""
        last = self.session.scalar(select(func.max(CampaignRow.created_sequence)))
        return (last or 0) + 1

    def records(self, campaign_id: str, *, after: int = 0) -> builtins.list[LogRecord]:
        """The campaign-level records numbered after ``after``."""
        return read_log(
            self.session,
            LogRecordRow.campaign_id == campaign_id,
            LogRecordRow.encounter_id.is_(None),
            after=after,
        )

    def append(self, campaign_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Compare-and-set the campaign's version, then insert the records."""
        return append_log(self.session, "campaign", campaign_id, expected_version, records)

    def set_gm_secret_hash(self, campaign_id: str, secret_hash: str) -> None:
        """Store the hash of the campaign's GM secret."""
        changed = self.session.connection().execute(
            update(CampaignRow)
            .where(CampaignRow.id == campaign_id)
            .values(gm_secret_hash=secret_hash)
        )
        if changed.rowcount != 1:
            raise no_campaign(campaign_id)

    def gm_secret_hash(self, campaign_id: str) -> str | None:
        """The hash of the campaign's GM secret, if one was set."""
        found = self.session.execute(
            select(CampaignRow.gm_secret_hash).where(CampaignRow.id == campaign_id)
        ).one_or_none()
        if found is None:
            raise no_campaign(campaign_id)
        return found[0]


class SqlEncounterRepository:
    """Encounters, records and snapshots in SQL, through the unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, encounter: Encounter) -> None:
        """Store a new encounter."""
        self.session.add(
            EncounterRow(
                id=encounter.id,
                campaign_id=encounter.campaign_id,
                ruleset=encounter.ruleset,
                initial_state=encounter.initial_state,
                version=encounter.version,
                created_at=started_now(),
            )
        )
        self.session.flush()

    def get(self, encounter_id: str) -> Encounter:
        """The encounter ``encounter_id``."""
        row = self.session.get(EncounterRow, encounter_id, populate_existing=True)
        if row is None:
            raise UnknownNameError(f"no encounter {encounter_id!r}", field="encounter")
        return _encounter(row)

    def list_for(self, campaign_id: str) -> list[Encounter]:
        """The encounters of a campaign."""
        rows = self.session.scalars(
            select(EncounterRow)
            .where(EncounterRow.campaign_id == campaign_id)
            .order_by(EncounterRow.created_at, EncounterRow.id)
        )
        return [_encounter(row) for row in rows]

    def records(self, encounter_id: str, *, after: int = 0) -> list[LogRecord]:
        """The encounter's records numbered after ``after``."""
        return read_log(self.session, LogRecordRow.encounter_id == encounter_id, after=after)

    def append(self, encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Compare-and-set the version, then insert the records, in one transaction."""
        return append_log(self.session, "encounter", encounter_id, expected_version, records)

    def snapshot_sequences(self, encounter_id: str) -> list[int]:
        """The record numbers with a snapshot, ascending."""
        return list(
            self.session.scalars(
                select(SnapshotRow.sequence)
                .where(SnapshotRow.encounter_id == encounter_id)
                .order_by(SnapshotRow.sequence)
            )
        )

    def snapshot(self, encounter_id: str, sequence: int) -> Snapshot:
        """The snapshot after record ``sequence``."""
        row = self.session.get(SnapshotRow, (encounter_id, sequence))
        if row is None:
            raise UnknownNameError(
                f"no snapshot of encounter {encounter_id!r} at {sequence}", field="sequence"
            )
        return _snapshot(row)

    def latest_snapshot(self, encounter_id: str, *, at_most: int, stamp: str) -> Snapshot | None:
        """The newest snapshot at or before ``at_most`` with ``stamp`` (or none)."""
        row = self.session.scalars(
            select(SnapshotRow)
            .where(
                SnapshotRow.encounter_id == encounter_id,
                SnapshotRow.sequence <= at_most,
                (SnapshotRow.stamp == stamp) | SnapshotRow.stamp.is_(None),
            )
            .order_by(SnapshotRow.sequence.desc())
            .limit(1)
        ).first()
        return None if row is None else _snapshot(row)

    def command_key(self, encounter_id: str, key: str) -> tuple[int, int] | None:
        """The records the write sent with ``key`` stored, if any."""
        found = self.session.execute(
            select(CommandKeyRow.after, CommandKeyRow.version).where(
                CommandKeyRow.encounter_id == encounter_id, CommandKeyRow.key == key
            )
        ).one_or_none()
        return None if found is None else (found[0], found[1])

    def add_command_key(self, encounter_id: str, key: str, after: int, version: int) -> None:
        """Remember the write sent with ``key``, in the write's transaction."""
        row = {"encounter_id": encounter_id, "key": key, "after": after, "version": version}
        try:
            self.session.connection().execute(insert(CommandKeyRow), [row])
        except IntegrityError as error:  # the same key, stored first by a racing retry
            raise StaleVersionError(encounter_id, after, None) from error

    def add_snapshot(self, snapshot: Snapshot) -> None:
        """Store a snapshot unless one is there for that record."""
        if self.session.get(SnapshotRow, (snapshot.encounter_id, snapshot.sequence)) is None:
            self.session.add(
                SnapshotRow(
                    encounter_id=snapshot.encounter_id,
                    sequence=snapshot.sequence,
                    state=snapshot.state,
                    stamp=snapshot.stamp,
                    log=snapshot.log,
                )
            )
            self.session.flush()


def _campaign(row: CampaignRow) -> Campaign:
    return Campaign(
        id=row.id,
        name=row.name,
        ruleset=row.ruleset,
        options=row.options,
        schema_version=row.schema_version,
        created_sequence=row.created_sequence,
        version=row.version,
    )


def _snapshot(row: SnapshotRow) -> Snapshot:
    return Snapshot(
        encounter_id=row.encounter_id,
        sequence=row.sequence,
        state=row.state,
        stamp=row.stamp,
        log=row.log,
    )


def _encounter(row: EncounterRow) -> Encounter:
    return Encounter(
        id=row.id,
        campaign_id=row.campaign_id,
        ruleset=row.ruleset,
        initial_state=row.initial_state,
        version=row.version,
    )


def started_now() -> datetime:
    """An encounter's creation time, taken here to the microsecond: the database's own
    default is the transaction's start (PostgreSQL) or the second (SQLite), so encounters
    started together (an import, a quick GM) shared one and were listed by id."""
    return datetime.now(UTC)
