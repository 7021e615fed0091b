"""The event log: append-only, numbered, grouped by command, with undo and redo.

State is the fold of the log (:func:`replay`). The log holds two views of one history:

- ``records``: everything ever appended, in sequence order: every event, and an
  :class:`~tablekeeper.engine.events.Undone` audit record for every undo. Nothing is ever
  removed or renumbered, so this is what persistence stores.
- ``events``: the events in force, the ones state folds: ``records`` less the audit
  records and the events they took back.

Sequence numbers, across undo and redo:

- Every record, event or audit record, takes the next number: numbers start at 1 and are
  gapless and strictly increasing over ``records``. Over ``events`` they only increase (an
  undo leaves a gap there: the events it took back and its own audit record).
- ``undo`` takes back the last command in force. Its audit record gets the next number
  and lists the numbers of the events it took back; those events stay in ``records``.
- ``redo`` appends the undone command's events again, with the same kinds, payloads,
  visibility, scope and command id, under fresh numbers (after the audit record). A
  command id that reappears right after its undo is therefore a redo, and can only be one.
- A new command after an undo clears what could be redone, as editors do; the cleared
  commands stay in ``records`` with their audit records.

The invariants: replaying ``events`` gives the state; undo then redo is the identity on
state; ``EventLog(log.records)`` rebuilds the same log, undo and redo included.

A log can also be resumed from a :class:`LogFrame` (what a snapshot keeps of the log at
its record: the count, the command ids, the commands in force and those waiting to be
redone) and the records after it: :meth:`EventLog.resume`. Its ``records`` and
``events`` are then the tail only; numbering, ids, redo and validation are as if the
whole log were there, and an undo that would reach before the tail raises
:class:`TailTooShortError` (the caller resumes from further back).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from pydantic import Field

from tablekeeper.engine import fast_paths
from tablekeeper.engine.events import Event, EventDraft, LogRecord, Undone
from tablekeeper.engine.values import CommandId, Frozen, ScopeId
from tablekeeper.errors import NothingToUndoError

S = TypeVar("S")


class TailTooShortError(Exception):
    """An undo on a resumed log would take back a command from before its tail: resume
    from an earlier frame (or the whole log) and try again. Not a rules error: the
    caller's to handle, never the player's to see."""


class LogFrame(Frozen):
    """What a log is at one record, without its records: enough to resume it there.

    ``sequence`` records came before; ``commands`` distinct command ids were used, which
    were ``c1`` .. ``c<commands>`` unless ``command_ids`` lists them; ``in_force``
    commands are in force; ``undone`` are the batches a redo would replay, oldest first.
    """

    sequence: int = Field(ge=0)
    commands: int = Field(ge=0)
    in_force: int = Field(ge=0)
    command_ids: tuple[CommandId, ...] | None = None
    undone: tuple[tuple[Event, ...], ...] = ()


def replay(events: Iterable[Event], initial_state: S, apply: Callable[[S, Event], S]) -> S:
    """The state the events lead to from ``initial_state``: the fold of ``apply``."""
    return functools.reduce(apply, events, initial_state)


class EventLog:
    """An append-only log of events, one batch per command, with undo and redo.

    ``EventLog(records)`` rebuilds a log from stored records, checking that they could
    have come from a log (gapless, undo and redo where they may be).
    """

    def __init__(self, records: Iterable[LogRecord] = ()) -> None:
        self._records: list[LogRecord] = []
        self._events: list[Event] = []
        self._done: list[tuple[Event, ...]] = []
        self._undone: list[tuple[Event, ...]] = []
        self._command_ids: set[CommandId] = set()
        # what came before a resumed log's tail (see :meth:`resume`): none for a whole log
        self._base = 0
        self._base_commands = 0
        self._base_in_force = 0
        self._base_ids: frozenset[CommandId] | None = None
        self._extend(records)

    @classmethod
    def resume(cls, frame: LogFrame, records: Iterable[LogRecord] = ()) -> EventLog:
        """The log at ``frame`` followed by ``records`` (numbered from ``frame.sequence + 1``)."""
        log = cls()
        log._base = frame.sequence
        log._base_commands = frame.commands
        log._base_in_force = frame.in_force
        log._base_ids = None if frame.command_ids is None else frozenset(frame.command_ids)
        log._undone = list(frame.undone)
        log._extend(records)
        return log

    def extend(self, records: Iterable[LogRecord]) -> None:
        """Take stored records that follow the log's last (checked as the constructor
        checks them): how a reader keeps up with a log others append to."""
        self._extend(records)

    def frame(self) -> LogFrame:
        """The log now as a :class:`LogFrame`, to resume it here later."""
        commands = self._base_commands + len(self._command_ids)
        regular = {CommandId(f"c{n}") for n in range(self._base_commands + 1, commands + 1)}
        ids: tuple[CommandId, ...] | None = None
        if self._base_ids is not None or self._command_ids != regular:
            before = self._base_ids
            if before is None:
                before = frozenset(CommandId(f"c{n}") for n in range(1, self._base_commands + 1))
            ids = tuple(sorted(before | self._command_ids))
        return LogFrame(
            sequence=self.next_sequence - 1,
            commands=commands,
            in_force=self._base_in_force + len(self._done),
            command_ids=ids,
            undone=tuple(self._undone),
        )

    def _extend(self, records: Iterable[LogRecord]) -> None:
        batch: list[Event] = []
        for record in records:
            if batch and (isinstance(record, Undone) or record.command_id != batch[-1].command_id):
                self._take_events(tuple(batch))
                batch = []
            if isinstance(record, Undone):
                self._take_undone(record)
            else:
                batch.append(record)
        if batch:
            self._take_events(tuple(batch))

    @property
    def records(self) -> Sequence[LogRecord]:
        """Every record, in sequence order: the audit trail, and what persistence stores."""
        return self._records

    @property
    def events(self) -> Sequence[Event]:
        """The events in force, in order: what state is the fold of."""
        return self._events

    @property
    def next_sequence(self) -> int:
        """The number the next record will get."""
        return self._base + len(self._records) + 1

    @property
    def next_command_id(self) -> CommandId:
        """The id the next new command will get."""
        number = self._base_commands + len(self._command_ids) + 1
        while self._used(CommandId(f"c{number}")):
            number += 1
        return CommandId(f"c{number}")

    def numbers_taken(self, start: int) -> frozenset[int]:
        """The numbers ``n >= start`` whose id ``c<n>`` a command of the log (or one before
        its tail) already has: a session keeping no log skips them as the log would."""
        ids = self._command_ids | (self._base_ids or frozenset())
        return frozenset(
            int(number)
            for number in (command_id[1:] for command_id in ids if command_id.startswith("c"))
            if number.isdigit() and not number.startswith("0") and int(number) >= start
        )

    def _used(self, command_id: CommandId) -> bool:
        if command_id in self._command_ids:
            return True
        if self._base_ids is not None:
            return command_id in self._base_ids
        number = command_id[1:]
        return (
            command_id.startswith("c")
            and number.isdigit()
            and not number.startswith("0")
            and int(number) <= self._base_commands
        )

    @property
    def command_ids(self) -> tuple[CommandId, ...]:
        """The commands in force, oldest first."""
        return tuple(batch[0].command_id for batch in self._done)

    def events_of(self, command_id: CommandId) -> tuple[Event, ...]:
        """The events in force that ``command_id`` caused (none if it was undone)."""
        for batch in self._done:
            if batch[0].command_id == command_id:
                return batch
        return ()

    @property
    def last_command(self) -> tuple[Event, ...]:
        """The events of the command an undo would take back (empty if none)."""
        return self._done[-1] if self._done else ()

    @property
    def next_redo(self) -> tuple[Event, ...]:
        """The events a redo would append again, as first numbered (empty if none)."""
        return self._undone[-1] if self._undone else ()

    @property
    def can_undo(self) -> bool:
        """Whether a command is in force to be undone."""
        return bool(self._done) or self._base_in_force > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone command can be redone."""
        return bool(self._undone)

    def number(
        self, drafts: Sequence[EventDraft], *, scope: ScopeId | None = None
    ) -> tuple[Event, ...]:
        """Number ``drafts`` as the next command's events, without appending them.

        The session folds the numbered events first and appends them only if that
        succeeds, so a refused command leaves the log as it was.
        """
        return self._number(drafts, scope, self.next_command_id)

    def numbered(
        self, drafts: Sequence[EventDraft], scope: ScopeId | None, command_id: CommandId
    ) -> tuple[Event, ...]:
        """``drafts`` numbered as the events of ``command_id`` would be next, not appended
        (a session keeping no log folds an override's events so)."""
        return self._number(drafts, scope, command_id)

    def append(self, events: Sequence[Event]) -> None:
        """Append one command's numbered events (from :meth:`number`)."""
        self._take_events(tuple(events))

    def record(
        self, drafts: Sequence[EventDraft], *, scope: ScopeId | None = None
    ) -> tuple[Event, ...]:
        """Number and append one command's events; return them."""
        events = self.number(drafts, scope=scope)
        self.append(events)
        return events

    def undo(self) -> Undone:
        """Take back the last command in force; return the audit record appended."""
        if not self._done:
            if self._base_in_force:
                raise TailTooShortError("the command to undo is before this log's tail")
            raise NothingToUndoError("nothing to undo: no command is in force", field="undo")
        batch = self._done[-1]
        record = Undone(
            sequence=self.next_sequence,
            command_id=batch[0].command_id,
            events=tuple(event.sequence for event in batch),
        )
        self._take_undone(record)
        return record

    def redo(self) -> tuple[Event, ...]:
        """Append the last undone command's events again, under fresh numbers."""
        if not self._undone:
            raise NothingToUndoError("nothing to redo: no undone command is waiting", field="redo")
        batch = self._undone[-1]
        events = self._number([event.draft for event in batch], batch[0].scope, batch[0].command_id)
        self._take_events(events)
        return events

    def _number(
        self, drafts: Sequence[EventDraft], scope: ScopeId | None, command_id: CommandId
    ) -> tuple[Event, ...]:
        if not drafts:
            raise ValueError("a command's batch needs at least one event")
        first = self.next_sequence
        make = Event.trusted if fast_paths.enabled() else Event
        return tuple(
            make(
                sequence=first + offset,
                command_id=command_id,
                kind=draft.kind,
                payload=draft.payload,
                visibility=draft.visibility,
                scope=scope,
            )
            for offset, draft in enumerate(drafts)
        )

    def _take_events(self, batch: tuple[Event, ...]) -> None:
        if not batch:
            raise ValueError("a command's batch needs at least one event")
        command_id = batch[0].command_id
        expected = range(self.next_sequence, self.next_sequence + len(batch))
        if [event.sequence for event in batch] != list(expected):
            raise ValueError(f"events must be numbered {expected.start}..{expected.stop - 1}")
        if any(event.command_id != command_id or event.scope != batch[0].scope for event in batch):
            raise ValueError("one batch holds the events of one command, in one scope")
        if self._undone and self._undone[-1][0].command_id == command_id:
            if _unnumbered(self._undone[-1]) != _unnumbered(batch):
                raise ValueError(f"a redo of {command_id} must repeat its events exactly")
            self._undone.pop()
        elif self._used(command_id):
            raise ValueError(f"command id {command_id} is already in the log")
        else:
            self._undone.clear()
            self._command_ids.add(command_id)
        self._done.append(batch)
        self._events.extend(batch)
        self._records.extend(batch)

    def _take_undone(self, record: Undone) -> None:
        if record.sequence != self.next_sequence:
            raise ValueError(f"the undo record must be numbered {self.next_sequence}")
        if not self._done and self._base_in_force:
            raise TailTooShortError(f"{record.command_id} was done before this log's tail")
        batch = self._done[-1] if self._done else ()
        if not batch or batch[0].command_id != record.command_id:
            raise ValueError(f"{record.command_id} is not the last command in force")
        if record.events != tuple(event.sequence for event in batch):
            raise ValueError(f"the undo record must list the events of {record.command_id}")
        self._done.pop()
        del self._events[len(self._events) - len(batch) :]
        self._undone.append(batch)
        self._records.append(record)

    def __len__(self) -> int:
        return len(self._records)

    def __repr__(self) -> str:
        return (
            f"<EventLog: {len(self._records)} records, {len(self._done)} commands in force, "
            f"{len(self._undone)} to redo>"
        )


def _unnumbered(batch: tuple[Event, ...]) -> list[tuple[object, ...]]:
    return [(e.kind, e.payload, e.visibility, e.scope) for e in batch]
