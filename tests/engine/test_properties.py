"""The log's invariants under random play (Hypothesis).

Each example plays the duel with a seeded roller through a random mix of legal
commands, answers, GM overrides, undos and redos, then checks: replaying the log gives
the state; undo then redo is the identity; numbers are gapless and increasing; a log
rebuilt from its stored records plays on exactly like the original.
"""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter
from tablekeeper_duel.rules import DuelState, duel_session, new_duel
from tablekeeper_duel.ruleset import DUEL

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import (
    Event,
    EventLog,
    LogRecord,
    Session,
    Undone,
    add_condition,
    remove_condition,
    replay,
    set_value,
)
from tablekeeper.errors import InvalidInputError

seeds = st.integers(min_value=0, max_value=2**32 - 1)
moves = st.lists(st.integers(min_value=0, max_value=10_000), max_size=40)
RECORDS: TypeAdapter[list[LogRecord]] = TypeAdapter(list[LogRecord])


def play(session: Session[DuelState], plan: list[int]) -> None:
    """Turn each number of ``plan`` into one move a table could make."""
    for move in plan:
        kind, pick = move % 10, move // 10
        fighter = ("alice", "bob")[pick % 2]
        if kind == 0 and session.log.can_undo:
            session.undo()
        elif kind == 1 and session.log.can_redo:
            session.redo()
        elif kind == 2:
            session.submit(set_value(f"fighters.{fighter}.hp", 1 + pick % 12, reason="ruling"))
        elif kind == 3:
            session.submit(add_condition(f"fighters.{fighter}", "prone", reason="tripped"))
        elif kind == 4:
            with contextlib.suppress(InvalidInputError):  # not prone: refused, nothing logged
                session.submit(remove_condition(f"fighters.{fighter}", "prone", reason="up"))
        else:
            legal = session.legal_commands("alice") + session.legal_commands("bob")
            if legal:
                session.submit(legal[pick % len(legal)])


def snapshot(session: Session[DuelState]) -> tuple[object, ...]:
    return session.state, session.pending, session.log.can_undo, session.log.can_redo


@given(seed=seeds, plan=moves)
def test_undo_then_redo_is_the_identity(seed: int, plan: list[int]) -> None:
    session = duel_session(RandomRoller(seed))
    play(session, plan)
    depth = len(session.log.command_ids)
    for count in {count for count in (1, 3, depth) if 0 < count <= depth}:
        before = session.state, session.pending
        for _ in range(count):
            session.undo()
        for _ in range(count):
            session.redo()
        assert (session.state, session.pending) == before


@given(seed=seeds, plan=moves)
def test_replaying_the_log_gives_the_state(seed: int, plan: list[int]) -> None:
    session = duel_session(RandomRoller(seed))
    play(session, plan)
    assert replay(session.log.events, new_duel(), session.apply) == session.state
    assert session.replay() == session.state


@given(seed=seeds, plan=moves)
def test_sequence_numbers_are_gapless_and_increasing(seed: int, plan: list[int]) -> None:
    session = duel_session(RandomRoller(seed))
    play(session, plan)
    records = session.log.records
    assert [record.sequence for record in records] == list(range(1, len(records) + 1))
    in_force = [event.sequence for event in session.log.events]
    assert in_force == sorted(set(in_force))
    by_number = {record.sequence: record for record in records}
    for record in records:
        if isinstance(record, Undone):
            # An audit record lists events of its command, all logged before it.
            taken_back = [by_number[number] for number in record.events]
            assert all(isinstance(e, Event) for e in taken_back)
            assert {e.command_id for e in taken_back if isinstance(e, Event)} == {record.command_id}
            assert max(record.events) < record.sequence


@given(seed=seeds, plan=moves, more=moves)
@settings(max_examples=50)
def test_a_stored_log_plays_on_like_the_original(
    seed: int, plan: list[int], more: list[int]
) -> None:
    original = duel_session(RandomRoller(seed))
    play(original, plan)
    stored = RECORDS.dump_json(list(original.log.records))
    restored = Session(
        DUEL.engine,
        new_duel(),
        roller=RandomRoller(seed + 1),
        log=EventLog(RECORDS.validate_json(stored)),
    )
    assert snapshot(restored) == snapshot(original)
    # Both continue with the same dice from here on.
    original.roller = RandomRoller(seed + 1)
    play(original, more)
    play(restored, more)
    assert snapshot(restored) == snapshot(original)
    assert list(restored.log.records) == list(original.log.records)


@given(seed=seeds, plan=moves)
@settings(max_examples=30)
def test_the_same_seed_plays_the_same_log(seed: int, plan: list[int]) -> None:
    first, second = duel_session(RandomRoller(seed)), duel_session(RandomRoller(seed))
    play(first, plan)
    play(second, plan)
    assert list(first.log.records) == list(second.log.records)
