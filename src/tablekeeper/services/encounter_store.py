"""A stored encounter as a session, and back: the load and the store every write shares.

Load: the encounter, its newest usable snapshot and only the log records after it. A
snapshot keeps the state, the log's :class:`~tablekeeper.engine.log.LogFrame` and the
pending decision at its record, so the :class:`~tablekeeper.engine.log.EventLog` is
resumed there (:meth:`~tablekeeper.engine.log.EventLog.resume`) and the ruleset engine's
``apply`` folds only the tail. A snapshot is usable when its ``stamp`` is today's (the
snapshot format, the ruleset's ``fold_version`` and the shape of its state: a rules
change makes older snapshots unused, the log is folded again) and when no later undo
took back an event at or before it; otherwise the load walks back to an older one, down
to the whole log. An undo whose command began before the tail walks back the same way
(:func:`played`). Snapshots written before stamps are read as the previous release did:
the whole log, folded from the snapshot while no later undo reaches it.

Store: the new records appended with the optimistic version check (a race's loser gets
:class:`~tablekeeper.persistence.errors.StaleVersionError` and nothing is written), and a
snapshot every ``snapshot_every`` records. The view a write answers holds what the write
stored (``records``) and the events its undo records took back (``context``), so the
caller needs no second read.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tablekeeper.dice.roller import FixedRoller, RandomRoller, Roller
from tablekeeper.engine.campaigns import Encounter, Snapshot
from tablekeeper.engine.decisions import PendingDecision, pending_after
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.log import EventLog, LogFrame, TailTooShortError, replay
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import ScopeId
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.rulesets import ruleset_named, state_of

S = TypeVar("S")

SNAPSHOT_EVERY = 50
"""A snapshot is written each time an encounter's version passes a multiple of this."""

SNAPSHOT_FORMAT = 2
"""The layout of a snapshot's ``log`` (a LogFrame and the pending decision); changing it
makes every stored snapshot unused."""


@dataclass(frozen=True)
class EncounterView:
    """An encounter after a use case: the stored encounter, its state and what changed.

    ``records`` are the log records this call appended (none for a load); ``context``
    the earlier events an undo among them took back (to show the audit record to whoever
    saw them); ``folded`` is how many events the load folded with ``apply`` (fewer than
    the log when a snapshot was used).
    """

    encounter: Encounter
    state: BaseModel
    pending: PendingDecision | None
    records: tuple[LogRecord, ...] = ()
    folded: int = 0
    context: tuple[Event, ...] = ()
    replayed: bool = False
    """Whether this answers a retry: the write its idempotency key names was stored
    before, and nothing was stored now (``records`` are that write's)."""

    @property
    def version(self) -> int:
        """The encounter's version: what the next write must expect."""
        return self.encounter.version

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the encounter plays."""
        return ruleset_named(self.encounter.ruleset)


class StoredSession(Session[S]):
    """A session over a stored log: resumed at a snapshot (``start``, the snapshot's
    record; 0 for the whole log), or over the whole log folded from an old, unstamped
    snapshot while it still holds (``legacy``)."""

    def __init__(
        self,
        engine: EncounterEngine[S],
        start_state: S,
        *,
        roller: Roller,
        log: EventLog,
        scope: ScopeId,
        start: int = 0,
        pending: PendingDecision | None = None,
        legacy: tuple[int, S] | None = None,
    ) -> None:
        self.start = start
        self._start_pending = pending
        self._legacy = legacy
        self.folded = 0
        super().__init__(engine, start_state, roller=roller, log=log, scope=scope)
        self._pending = pending_after(self._events(), pending)

    def replay(self) -> S:
        """The fold of the events in force, from the start (or the old snapshot)."""
        events = self._events()
        state = self.initial_state
        if self._legacy is not None and usable(self.log.records, self._legacy[0]):
            after, state = self._legacy
            events = [event for event in events if event.sequence > after]
        self.folded = len(events)
        return replay(events, state, self.apply)

    def undo(self) -> Undone:
        """Take back the last command (:class:`TailTooShortError` if it began before the
        start: load from further back)."""
        record = super().undo()
        self._pending = pending_after(self._events(), self._start_pending)
        return record


def usable(records: Sequence[LogRecord], sequence: int) -> bool:
    """Whether a snapshot after record ``sequence`` is the fold of the events in force up
    to it: no later undo took back an event at or before it."""
    return all(
        min(record.events) > sequence
        for record in records
        if isinstance(record, Undone) and record.sequence > sequence
    )


@functools.lru_cache(maxsize=64)
def _state_shape(state: type[BaseModel]) -> str:
    schema = json.dumps(state.model_json_schema(), sort_keys=True)
    return hashlib.sha256(schema.encode()).hexdigest()


def stamp_of(rules: Ruleset) -> str:
    """What a snapshot of ``rules`` is stamped with: the snapshot format, the ruleset's
    name and ``fold_version``, and the shape of its state (a hash of its JSON schema)."""
    digest = hashlib.sha256(
        f"{rules.name}\n{rules.fold_version}\n{_state_shape(rules.State)}".encode()
    ).hexdigest()
    return f"s{SNAPSHOT_FORMAT}-{digest[:40]}"


def load(
    uow: UnitOfWork, encounter_id: str, roller: Roller, *, at_most: int | None = None
) -> tuple[Encounter, StoredSession[Any]]:
    """The stored encounter and a session over its log, resumed at its newest usable
    snapshot at or before record ``at_most`` (the encounter's version unless given; 0:
    the whole log)."""
    encounter = uow.encounters.get(encounter_id)
    rules = ruleset_named(encounter.ruleset)
    stamp = stamp_of(rules)
    scope = ScopeId(encounter_id)
    limit = encounter.version if at_most is None else min(at_most, encounter.version)
    snapshot: Snapshot | None = None
    while limit > 0:
        snapshot = uow.encounters.latest_snapshot(encounter_id, at_most=limit, stamp=stamp)
        if snapshot is None or snapshot.log is None:
            break
        tail = _covered(uow.encounters.records(encounter_id, after=snapshot.sequence), encounter)
        try:
            frame = LogFrame.model_validate(snapshot.log["frame"])
            raw = snapshot.log.get("pending")
            pending = None if raw is None else PendingDecision.model_validate(raw)
            log = EventLog.resume(frame, tail)
            state = state_of(rules, snapshot.state)
        except (TailTooShortError, ValidationError, KeyError):
            limit, snapshot = snapshot.sequence - 1, None
            continue
        session: StoredSession[Any] = StoredSession(
            rules.engine,
            state,
            roller=roller,
            log=log,
            scope=scope,
            start=snapshot.sequence,
            pending=pending,
        )
        return encounter, session
    records = _covered(uow.encounters.records(encounter_id), encounter)
    legacy = None
    if snapshot is not None and usable(records, snapshot.sequence):
        legacy = (snapshot.sequence, state_of(rules, snapshot.state))
    whole: StoredSession[Any] = StoredSession(
        rules.engine,
        state_of(rules, encounter.initial_state),
        roller=roller,
        log=EventLog(records),
        scope=scope,
        legacy=legacy,
    )
    return encounter, whole


def _covered(records: list[LogRecord], encounter: Encounter) -> list[LogRecord]:
    """The records the encounter's version read covers (a read outside a transaction may
    see a later commit: that writer's records are not this load's)."""
    if records and records[-1].sequence > encounter.version:
        return [record for record in records if record.sequence <= encounter.version]
    return records


def played(
    uow: UnitOfWork,
    encounter_id: str,
    roller: Roller,
    act: Callable[[Encounter, StoredSession[Any]], object],
    snapshot_every: int,
    *,
    whole: Callable[[StoredSession[Any]], bool] = lambda session: False,
    key: str | None = None,
) -> EncounterView:
    """Load the encounter, ``act`` on its session and store what it appended.

    An undo reaching before the session's start walks back to an older snapshot (down to
    the whole log); so does a session for which ``whole`` says the tail is not enough
    (such as an answer to a decision that is not pending, whose error names what the
    whole log holds). A write sent with an idempotency ``key`` already stored is not
    played again: the view answers the records it stored (:func:`replayed`), also when
    the first one with the key commits while this one runs."""
    if key is not None and (done := uow.encounters.command_key(encounter_id, key)):
        return replayed(uow, encounter_id, done)
    try:
        return _played(uow, encounter_id, roller, act, snapshot_every, whole, key)
    except StaleVersionError:
        if key is None:
            raise
        uow.rollback()
        done = uow.encounters.command_key(encounter_id, key)
        if done is None:
            raise
        return replayed(uow, encounter_id, done)


def replayed(uow: UnitOfWork, encounter_id: str, done: tuple[int, int]) -> EncounterView:
    """The encounter now, answering a retried write with the records it stored."""
    after, version = done
    encounter, session = load(uow, encounter_id, RandomRoller(0))
    records = tuple(uow.encounters.records(encounter_id, after=after)[: version - after])
    return EncounterView(
        encounter, session.state, session.pending, records, session.folded, replayed=True
    )


def _played(
    uow: UnitOfWork,
    encounter_id: str,
    roller: Roller,
    act: Callable[[Encounter, StoredSession[Any]], object],
    snapshot_every: int,
    whole: Callable[[StoredSession[Any]], bool],
    key: str | None,
) -> EncounterView:
    at_most: int | None = None
    while True:
        encounter, session = load(uow, encounter_id, roller, at_most=at_most)
        if session.start and whole(session):
            at_most = 0
            continue
        before = len(session.log)
        try:
            act(encounter, session)
        except TailTooShortError:
            at_most = session.start - 1
            continue
        return store(uow, encounter, session, before, snapshot_every, key=key)


def store(
    uow: UnitOfWork,
    encounter: Encounter,
    session: StoredSession[Any],
    before: int,
    snapshot_every: int,
    *,
    key: str | None = None,
) -> EncounterView:
    """Append the session's records after ``before`` (and a snapshot when one is due,
    and the write's idempotency ``key``), commit, and answer the view after the write."""
    new = tuple(session.log.records[before:])
    version = uow.encounters.append(encounter.id, encounter.version, new)
    if key is not None:
        uow.encounters.add_command_key(encounter.id, key, encounter.version, version)
    if snapshot_every > 0 and version // snapshot_every > encounter.version // snapshot_every:
        uow.encounters.add_snapshot(snapshot_of(encounter, session, version))
    uow.commit()
    stored = encounter.model_copy(update={"version": version})
    return EncounterView(
        stored, session.state, session.pending, new, session.folded, _taken_back(session, new)
    )


def snapshot_of(encounter: Encounter, session: StoredSession[Any], version: int) -> Snapshot:
    """The snapshot of the session at record ``version``: its state, the log's frame and
    the pending decision, stamped."""
    pending = None if session.pending is None else session.pending.model_dump(mode="json")
    return Snapshot(
        encounter_id=encounter.id,
        sequence=version,
        state=session.state.model_dump(mode="json"),
        stamp=stamp_of(ruleset_named(encounter.ruleset)),
        log={"frame": session.log.frame().model_dump(mode="json"), "pending": pending},
    )


def _taken_back(session: StoredSession[Any], new: Sequence[LogRecord]) -> tuple[Event, ...]:
    """The events the undo records among ``new`` took back, from the session's log."""
    numbers = {n for record in new if isinstance(record, Undone) for n in record.events}
    if not numbers:
        return ()
    return tuple(
        record
        for record in session.log.records
        if isinstance(record, Event) and record.sequence in numbers
    )


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
