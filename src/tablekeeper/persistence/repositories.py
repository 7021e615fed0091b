"""Repositories: campaigns and encounters in and out of storage, as engine values.

The protocols are what the service layer sees; :class:`SqlCampaignRepository` and
:class:`SqlEncounterRepository` are the SQLAlchemy adapters (the in-memory fakes are in
:mod:`tablekeeper.persistence.memory`). A missing campaign or encounter is an
:class:`~tablekeeper.errors.UnknownNameError`; a write against a version that moved on is
a :class:`~tablekeeper.persistence.errors.StaleVersionError`, and nothing of it is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tablekeeper.engine.campaigns import Campaign, Encounter, Snapshot
from tablekeeper.engine.events import LogRecord
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.codec import dump_record, load_record
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.models import CampaignRow, EncounterRow, LogRecordRow, SnapshotRow


class CampaignRepository(Protocol):
    """Campaigns by id."""

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


def _check_records(encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> None:
    numbers = [record.sequence for record in records]
    wanted = list(range(expected_version + 1, expected_version + 1 + len(records)))
    if numbers != wanted:
        raise ValueError(
            f"records for encounter {encounter_id} at version {expected_version} must be "
            f"numbered {wanted[0] if wanted else '-'}..{wanted[-1] if wanted else '-'}"
        )


def check_append(encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> None:
    """Refuse an empty batch, or records not numbered right after ``expected_version``."""
    if not records:
        raise ValueError("an append needs at least one record")
    _check_records(encounter_id, expected_version, records)


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
            )
        )
        self.session.flush()

    def get(self, campaign_id: str) -> Campaign:
        """The campaign ``campaign_id``."""
        row = self.session.get(CampaignRow, campaign_id)
        if row is None:
            raise UnknownNameError(f"no campaign {campaign_id!r}", field="campaign")
        return _campaign(row)

    def list(self) -> list[Campaign]:
        """Every campaign, oldest first."""
        rows = self.session.scalars(select(CampaignRow).order_by(CampaignRow.created_sequence))
        return [_campaign(row) for row in rows]

    def next_sequence(self) -> int:
        """The ``created_sequence`` the next campaign gets."""
        last = self.session.scalar(select(func.max(CampaignRow.created_sequence)))
        return (last or 0) + 1


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
        rows = self.session.execute(
            select(LogRecordRow.record_type, LogRecordRow.record)
            .where(LogRecordRow.encounter_id == encounter_id, LogRecordRow.sequence > after)
            .order_by(LogRecordRow.sequence)
        )
        return [load_record(tag, data) for tag, data in rows]

    def append(self, encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        """Compare-and-set the version, then insert the records, in one transaction."""
        check_append(encounter_id, expected_version, records)
        new_version = expected_version + len(records)
        connection = self.session.connection()
        bumped = connection.execute(
            update(EncounterRow)
            .where(EncounterRow.id == encounter_id, EncounterRow.version == expected_version)
            .values(version=new_version)
        )
        if bumped.rowcount != 1:
            found = connection.execute(
                select(EncounterRow.version).where(EncounterRow.id == encounter_id)
            ).scalar_one_or_none()
            raise StaleVersionError(encounter_id, expected_version, found)
        campaign_id = connection.execute(
            select(EncounterRow.campaign_id).where(EncounterRow.id == encounter_id)
        ).scalar_one()
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
            raise StaleVersionError(encounter_id, expected_version, None) from error
        return new_version

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
        return Snapshot(encounter_id=row.encounter_id, sequence=row.sequence, state=row.state)

    def add_snapshot(self, snapshot: Snapshot) -> None:
        """Store a snapshot unless one is there for that record."""
        if self.session.get(SnapshotRow, (snapshot.encounter_id, snapshot.sequence)) is None:
            self.session.add(
                SnapshotRow(
                    encounter_id=snapshot.encounter_id,
                    sequence=snapshot.sequence,
                    state=snapshot.state,
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
    )


def _encounter(row: EncounterRow) -> Encounter:
    return Encounter(
        id=row.id,
        campaign_id=row.campaign_id,
        ruleset=row.ruleset,
        initial_state=row.initial_state,
        version=row.version,
    )
