"""The event log: gapless numbers, batches per command, undo with an audit record, redo."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from tablekeeper.engine import Event, EventDraft, EventLog, LogRecord, Undone, replay
from tablekeeper.errors import NothingToUndoError


def add(n: int) -> EventDraft:
    return EventDraft(kind="add", payload={"n": n})


def total(state: int, event: Event) -> int:
    n = event.payload["n"]
    assert isinstance(n, int)
    return state + n


def sequences(log: EventLog) -> list[int]:
    return [record.sequence for record in log.records]


@pytest.fixture
def log() -> EventLog:
    log = EventLog()
    log.record([add(1), add(2)])
    log.record([add(10)])
    return log


def test_events_are_numbered_from_one_and_grouped_by_command(log: EventLog) -> None:
    assert sequences(log) == [1, 2, 3]
    assert [event.command_id for event in log.events] == ["c1", "c1", "c2"]
    assert log.command_ids == ("c1", "c2")
    assert [event.sequence for event in log.events_of("c1")] == [1, 2]
    assert replay(log.events, 0, total) == 13


def test_numbering_does_not_append(log: EventLog) -> None:
    numbered = log.number([add(5)], scope="arena")
    assert [(e.sequence, e.command_id, e.scope) for e in numbered] == [(4, "c3", "arena")]
    assert len(log) == 3
    log.append(numbered)
    assert replay(log.events, 0, total) == 18


def test_undo_appends_an_audit_record_and_keeps_the_events(log: EventLog) -> None:
    record = log.undo()
    assert record == Undone(sequence=4, command_id="c2", events=(3,))
    assert log.records[-1] == record
    assert sequences(log) == [1, 2, 3, 4]
    assert [event.sequence for event in log.events] == [1, 2]
    assert log.events_of("c2") == ()
    assert replay(log.events, 0, total) == 3


def test_redo_appends_the_same_events_under_fresh_numbers(log: EventLog) -> None:
    original = log.events_of("c2")
    log.undo()
    redone = log.redo()
    assert [(e.sequence, e.command_id) for e in redone] == [(5, "c2")]
    assert [e.draft for e in redone] == [e.draft for e in original]
    assert sequences(log) == [1, 2, 3, 4, 5]
    assert replay(log.events, 0, total) == 13
    assert not log.can_redo


def test_undo_and_redo_stack(log: EventLog) -> None:
    log.undo()
    log.undo()
    assert replay(log.events, 0, total) == 0
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        log.undo()
    assert [e.command_id for e in log.redo()] == ["c1", "c1"]
    assert [e.command_id for e in log.redo()] == ["c2"]
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        log.redo()


def test_a_new_command_after_undo_clears_redo(log: EventLog) -> None:
    log.undo()
    assert log.can_redo
    events = log.record([add(100)])
    assert events[0].command_id == "c3"
    assert not log.can_redo
    assert replay(log.events, 0, total) == 103
    # The cleared command stays in the records, with its audit record.
    assert [r.command_id for r in log.records] == ["c1", "c1", "c2", "c2", "c3"]


def test_an_empty_log_has_nothing_to_undo_or_redo() -> None:
    log = EventLog()
    with pytest.raises(NothingToUndoError):
        log.undo()
    with pytest.raises(NothingToUndoError):
        log.redo()


def test_a_log_rebuilds_from_its_records(log: EventLog) -> None:
    log.undo()
    log.undo()
    log.redo()
    adapter = TypeAdapter(list[LogRecord])
    rebuilt = EventLog(adapter.validate_json(adapter.dump_json(list(log.records))))
    assert list(rebuilt.records) == list(log.records)
    assert list(rebuilt.events) == list(log.events)
    assert rebuilt.next_redo == log.next_redo
    assert rebuilt.redo() == log.redo()


def test_a_batch_must_continue_the_numbering(log: EventLog) -> None:
    late = Event(sequence=5, command_id="c3", kind="add", payload={"n": 1})
    with pytest.raises(ValueError, match=r"numbered 4\.\.4"):
        log.append([late])


def test_a_command_id_is_used_once(log: EventLog) -> None:
    again = Event(sequence=4, command_id="c1", kind="add", payload={"n": 1})
    with pytest.raises(ValueError, match="already in the log"):
        log.append([again])


def test_a_redo_repeats_its_events_exactly(log: EventLog) -> None:
    log.undo()
    forged = Event(sequence=5, command_id="c2", kind="add", payload={"n": 99})
    with pytest.raises(ValueError, match="repeat its events exactly"):
        log.append([forged])
    assert log.can_redo


def test_stored_records_are_checked() -> None:
    first = Event(sequence=1, command_id="c1", kind="add", payload={"n": 1})
    with pytest.raises(ValueError, match=r"numbered 1\.\.1"):
        EventLog([first.model_copy(update={"sequence": 2})])
    with pytest.raises(ValueError, match="not the last command in force"):
        EventLog([first, Undone(sequence=2, command_id="c9", events=(1,))])
    with pytest.raises(ValueError, match="must list the events"):
        EventLog([first, Undone(sequence=2, command_id="c1", events=(7,))])


def test_an_empty_batch_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one event"):
        EventLog().record([])
