"""The unit of work: one transaction, its repositories, commit or roll back.

Use it as a context manager; leaving the block without :meth:`commit` rolls back, so a
use case that fails half way writes nothing::

    with SqlUnitOfWork(engine) as uow:
        uow.encounters.append(encounter_id, version, records)
        uow.commit()
"""

from __future__ import annotations

import abc
from types import TracebackType
from typing import Self

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tablekeeper.errors import ConflictError
from tablekeeper.persistence.deletions import DeletionRepository, SqlDeletionRepository
from tablekeeper.persistence.repositories import (
    CampaignRepository,
    CharacterRepository,
    EncounterRepository,
    PlayerRepository,
    SqlCampaignRepository,
    SqlEncounterRepository,
)
from tablekeeper.persistence.roster import SqlCharacterRepository, SqlPlayerRepository


class UnitOfWork(abc.ABC):
    """What the service layer sees: repositories, and one transaction to commit."""

    campaigns: CampaignRepository
    encounters: EncounterRepository
    characters: CharacterRepository
    players: PlayerRepository
    deletions: DeletionRepository

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.rollback()

    @abc.abstractmethod
    def commit(self) -> None:
        """Make everything done in this unit of work durable, at once."""

    @abc.abstractmethod
    def rollback(self) -> None:
        """Forget everything not committed."""


class SqlUnitOfWork(UnitOfWork):
    """A unit of work over a SQLAlchemy engine: one session, one transaction."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._session: Session | None = None

    def __enter__(self) -> Self:
        self._session = self._sessions()
        self.campaigns = SqlCampaignRepository(self._session)
        self.encounters = SqlEncounterRepository(self._session)
        self.characters = SqlCharacterRepository(self._session)
        self.players = SqlPlayerRepository(self._session)
        self.deletions = SqlDeletionRepository(self._session)
        return super().__enter__()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        super().__exit__(kind, error, traceback)
        if self._session is not None:
            self._session.close()
            self._session = None
        if isinstance(error, IntegrityError):
            # A concurrent writer took a unique slot first (two campaigns made at once may
            # both pick the next ``created_sequence``): rolled back, nothing written; a 409
            # to try again, never a 500.
            raise ConflictError(
                "another write got there first (a number or an id this one needed is taken "
                "now); nothing was written: try again",
                field="version",
            ) from error

    @property
    def session(self) -> Session:
        """The open session (only inside the ``with`` block)."""
        if self._session is None:
            raise RuntimeError("the unit of work is used inside a 'with' block")
        return self._session

    def commit(self) -> None:
        """Commit the transaction."""
        self.session.commit()

    def rollback(self) -> None:
        """Roll the transaction back."""
        if self._session is not None:
            self._session.rollback()
