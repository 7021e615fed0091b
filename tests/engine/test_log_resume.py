"""A log resumed from its frame and the records after it behaves as the whole log."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.engine import Event, EventDraft, EventLog
from tablekeeper.engine.log import LogFrame, TailTooShortError
from tablekeeper.errors import NothingToUndoError

OPS = st.lists(st.sampled_from(["record", "record2", "undo", "redo"]), max_size=30)


def _do(log: EventLog, op: str, number: int) -> object:
    try:
        if op == "undo":
            return log.undo()
        if op == "redo":
            return log.redo()
        drafts = [EventDraft(kind="add", payload={"n": number})]
        return log.record(drafts * (2 if op == "record2" else 1))
    except NothingToUndoError as error:
        return error.message


def _sums(events: list[Event]) -> int:
    return sum(int(str(event.payload["n"])) for event in events)


@given(before=OPS, after=OPS)
def test_a_resumed_log_goes_on_as_the_whole_log(before: list[str], after: list[str]) -> None:
    whole = EventLog()
    for number, op in enumerate(before):
        _do(whole, op, number)
    frame = LogFrame.model_validate_json(whole.frame().model_dump_json())
    resumed = EventLog.resume(frame)
    prefix = list(whole.events)
    for number, op in enumerate(after, start=len(before)):
        try:
            got = _do(resumed, op, number)
        except TailTooShortError:
            assert op == "undo"
            assert whole.can_undo
            return
        assert got == _do(whole, op, number)
        assert resumed.next_sequence == whole.next_sequence
        assert resumed.next_command_id == whole.next_command_id
        assert resumed.can_redo == whole.can_redo
        assert _sums(prefix + list(resumed.events)) == _sums(list(whole.events))
        again = EventLog.resume(frame, resumed.records)  # what a load rebuilds
        assert (
            again.frame()
            == resumed.frame()
            == whole.frame().model_copy(update={"command_ids": resumed.frame().command_ids})
        )


def test_an_undo_record_reaching_before_the_tail_is_too_short() -> None:
    whole = EventLog()
    whole.record([EventDraft(kind="add", payload={"n": 1})])
    frame = whole.frame()
    whole.undo()
    with pytest.raises(TailTooShortError):
        EventLog.resume(frame, whole.records[1:])


def test_irregular_command_ids_are_kept_in_the_frame() -> None:
    whole = EventLog([Event(sequence=1, command_id="x", kind="add", payload={"n": 1})])
    frame = whole.frame()
    assert frame.command_ids == ("x",)
    resumed = EventLog.resume(frame)
    assert resumed.next_command_id == whole.next_command_id == "c2"
    with pytest.raises(ValueError, match="already in the log"):
        EventLog.resume(frame, [Event(sequence=2, command_id="x", kind="add", payload={"n": 1})])
