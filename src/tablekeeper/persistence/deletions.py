"""Deletions: erasing a campaign, or one encounter, character or player of it, and the
audit record each deletion leaves behind.

:meth:`DeletionRepository.erase` removes the rows (an encounter with its records,
snapshots and idempotency keys; a campaign with everything it holds; a player's
characters stay, unowned), :meth:`DeletionRepository.add` writes the audit row in the
same transaction. The ``deletions`` table has no foreign key, so a deleted campaign's row
outlives it. The in-memory fake is :mod:`tablekeeper.persistence.memory_deletions`.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import Delete, delete, insert, select, update
from sqlalchemy.orm import Session

from tablekeeper.engine.campaigns import DeletedKind, Deletion
from tablekeeper.persistence.models import (
    CampaignRow,
    CharacterRow,
    CommandKeyRow,
    DeletionRow,
    EncounterRow,
    LogRecordRow,
    PlayerRow,
    SnapshotRow,
)


class DeletionRepository(Protocol):
    """What goes when the GM deletes, and the audit records of what went."""

    def erase(self, kind: DeletedKind, campaign_id: str, target_id: str) -> None:
        """Remove the campaign (``target_id`` its id) or its character, player or
        encounter ``target_id``, with everything that belongs to it only."""
        ...

    def add(self, deletion: Deletion) -> Deletion:
        """Store the audit record; it comes back numbered."""
        ...

    def list_for(self, campaign_id: str | None = None) -> list[Deletion]:
        """The audit records of a campaign (of every campaign: ``None``), oldest first."""
        ...


class SqlDeletionRepository:
    """Deletions in SQL, through the unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def erase(self, kind: DeletedKind, campaign_id: str, target_id: str) -> None:
        """Delete the rows, children before parents (the foreign keys hold throughout)."""
        if kind == "encounter":
            self._erase_encounters(EncounterRow.id == target_id)
        elif kind == "character":
            self._run(
                delete(CharacterRow).where(
                    CharacterRow.campaign_id == campaign_id, CharacterRow.id == target_id
                )
            )
        elif kind == "player":
            self.session.connection().execute(
                update(CharacterRow)
                .where(CharacterRow.campaign_id == campaign_id, CharacterRow.player == target_id)
                .values(player=None)
            )
            self._run(
                delete(PlayerRow).where(
                    PlayerRow.campaign_id == campaign_id, PlayerRow.id == target_id
                )
            )
        else:
            self._erase_encounters(EncounterRow.campaign_id == campaign_id)
            self._run(delete(LogRecordRow).where(LogRecordRow.campaign_id == campaign_id))
            self._run(delete(CharacterRow).where(CharacterRow.campaign_id == campaign_id))
            self._run(delete(PlayerRow).where(PlayerRow.campaign_id == campaign_id))
            self._run(delete(CampaignRow).where(CampaignRow.id == campaign_id))
        self.session.expire_all()

    def add(self, deletion: Deletion) -> Deletion:
        """Insert the audit row."""
        row = deletion.model_dump(exclude={"sequence"})
        number = self.session.connection().execute(
            insert(DeletionRow).values(**row).returning(DeletionRow.id)
        )
        return deletion.model_copy(update={"sequence": number.scalar_one()})

    def list_for(self, campaign_id: str | None = None) -> list[Deletion]:
        """The audit rows, oldest first."""
        query = select(DeletionRow).order_by(DeletionRow.id)
        if campaign_id is not None:
            query = query.where(DeletionRow.campaign_id == campaign_id)
        return [
            Deletion(
                campaign_id=row.campaign_id,
                kind=row.kind,
                target_id=row.target_id,
                name=row.name,
                contents=row.contents,
                sequence=row.id,
            )
            for row in self.session.scalars(query)
        ]

    def _erase_encounters(self, which: object) -> None:
        ids = select(EncounterRow.id).where(which)  # type: ignore[arg-type]
        self._run(delete(CommandKeyRow).where(CommandKeyRow.encounter_id.in_(ids)))
        self._run(delete(SnapshotRow).where(SnapshotRow.encounter_id.in_(ids)))
        self._run(delete(LogRecordRow).where(LogRecordRow.encounter_id.in_(ids)))
        self._run(delete(EncounterRow).where(which))  # type: ignore[arg-type]

    def _run(self, statement: Delete) -> None:
        self.session.connection().execute(statement)
