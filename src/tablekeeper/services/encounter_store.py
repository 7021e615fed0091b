"""A stored encounter as a session, and back: the load and the store every write shares.

Load: the encounter, its log records and its newest usable snapshot; the
:class:`~tablekeeper.engine.log.EventLog` is rebuilt from the records (cheap: no rules
run) and the ruleset engine's ``apply`` folds only the events after the snapshot. Store:
the new records appended with the optimistic version check (a race's loser gets
:class:`~tablekeeper.persistence.errors.StaleVersionError` and nothing is written), and a
snapshot every ``snapshot_every`` records. A snapshot is usable while no later undo took
back an event at or before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from tablekeeper.dice.roller import FixedRoller, Roller
from tablekeeper.engine.campaigns import Encounter, Snapshot
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import LogRecord, Undone
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import ScopeId
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.rulesets import ruleset_named, state_of

S = TypeVar("S")

SNAPSHOT_EVERY = 50
"""A snapshot is written each time an encounter's version passes a multiple of this."""


@dataclass(frozen=True)
class EncounterView:
    """An encounter after a use case: the stored encounter, its state and what changed.

    ``records`` are the log records this call appended (none for a load); ``folded`` is
    how many events the load folded with ``apply`` (fewer than the log when a snapshot
    was used).
    """

    encounter: Encounter
    state: BaseModel
    pending: PendingDecision | None
    records: tuple[LogRecord, ...] = ()
    folded: int = 0

    @property
    def version(self) -> int:
        """The encounter's version: what the next write must expect."""
        return self.encounter.version

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the encounter plays."""
        return ruleset_named(self.encounter.ruleset)


class StoredSession(Session[S]):
    """A session whose replay starts from a snapshot while the snapshot is still true."""

    def __init__(
        self,
        engine: EncounterEngine[S],
        initial_state: S,
        *,
        roller: Roller,
        log: EventLog,
        scope: ScopeId,
        start: tuple[int, S] | None,
    ) -> None:
        self._start = start
        self.folded = 0
        super().__init__(engine, initial_state, roller=roller, log=log, scope=scope)

    def replay(self) -> S:
        """The fold of the events in force, from the snapshot when it still holds."""
        events = self._events()
        state = self.initial_state
        if self._start is not None and usable(self.log.records, self._start[0]):
            after, state = self._start
            events = [event for event in events if event.sequence > after]
        self.folded = len(events)
        return replay(events, state, self.apply)


def usable(records: Sequence[LogRecord], sequence: int) -> bool:
    """Whether a snapshot after record ``sequence`` is the fold of the events in force up
    to it: no later undo took back an event at or before it."""
    return all(
        min(record.events) > sequence
        for record in records
        if isinstance(record, Undone) and record.sequence > sequence
    )


def load(
    uow: UnitOfWork, encounter_id: str, roller: Roller
) -> tuple[Encounter, StoredSession[Any]]:
    """The stored encounter and a session over its log, folded from its newest usable
    snapshot."""
    encounter = uow.encounters.get(encounter_id)
    rules = ruleset_named(encounter.ruleset)
    records = uow.encounters.records(encounter_id)
    log = EventLog(records)
    start: tuple[int, Any] | None = None
    for sequence in reversed(uow.encounters.snapshot_sequences(encounter_id)):
        if sequence <= encounter.version and usable(records, sequence):
            snapshot = uow.encounters.snapshot(encounter_id, sequence)
            start = (sequence, state_of(rules, snapshot.state))
            break
    session: StoredSession[Any] = StoredSession(
        rules.engine,
        state_of(rules, encounter.initial_state),
        roller=roller,
        log=log,
        scope=ScopeId(encounter_id),
        start=start,
    )
    return encounter, session


def store(
    uow: UnitOfWork,
    encounter: Encounter,
    session: StoredSession[Any],
    before: int,
    snapshot_every: int,
) -> EncounterView:
    """Append the session's records after ``before`` (and a snapshot when one is due),
    commit, and answer the view after the write."""
    new = tuple(session.log.records[before:])
    version = uow.encounters.append(encounter.id, encounter.version, new)
    if snapshot_every > 0 and version // snapshot_every > encounter.version // snapshot_every:
        uow.encounters.add_snapshot(
            Snapshot(
                encounter_id=encounter.id,
                sequence=version,
                state=session.state.model_dump(mode="json"),
            )
        )
    uow.commit()
    stored = encounter.model_copy(update={"version": version})
    return EncounterView(stored, session.state, session.pending, new, session.folded)


def view_of(encounter: Encounter, session: StoredSession[Any]) -> EncounterView:
    """The view of a loaded encounter, nothing written."""
    return EncounterView(encounter, session.state, session.pending, (), session.folded)


def played_back(roller: Roller) -> None:
    """Faces typed in from the table must all be used: a face left over (a strict
    :class:`FixedRoller`) is a :class:`~tablekeeper.errors.DiceSupplyError` and nothing
    is stored, as it almost always means one die too many was typed."""
    if isinstance(roller, FixedRoller):
        roller.finish()


def expect(encounter: Encounter, expected_version: int | None) -> None:
    """Refuse a write whose caller last saw another version."""
    if expected_version is not None and expected_version != encounter.version:
        raise StaleVersionError(encounter.id, expected_version, encounter.version)
