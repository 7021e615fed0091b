"""Clocks: immutable time values, advanced only when an event is folded."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError
from tablekeeper_duel.rules import WAIT, duel_session, new_duel
from tablekeeper_duel.ruleset import DUEL

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import Clock, Command, ExchangeClock, RoundClock, SecondClock


def test_turns_follow_the_order_and_wrap_into_rounds() -> None:
    clock = RoundClock.start(["alice", "bob", "carol"])
    seen = []
    for _ in range(4):
        seen.append((clock.round, clock.current))
        clock = clock.next_turn()
    assert seen == [(1, "alice"), (1, "bob"), (1, "carol"), (2, "alice")]
    assert str(clock) == "round 2, turn 2 of 3 (bob)"


def test_a_new_order_starts_with_a_new_round() -> None:
    clock = RoundClock.start(["alice", "bob"]).next_turn()
    assert clock.is_last_turn
    reordered = clock.next_round(["bob", "alice"])
    assert (reordered.round, reordered.turn, reordered.current) == (2, 0, "bob")
    assert clock.advance() == RoundClock(round=2, order=("alice", "bob"))


def test_a_turn_order_is_checked() -> None:
    with pytest.raises(ValidationError, match="names someone twice"):
        RoundClock.start(["alice", "alice"])
    with pytest.raises(ValidationError, match="past the 2 in the order"):
        RoundClock(order=("alice", "bob"), turn=2)
    with pytest.raises(ValidationError):
        RoundClock.start([])


def test_exchanges_hold_beats() -> None:
    clock = ExchangeClock().next_beat().next_beat()
    assert str(clock) == "exchange 1, beat 3"
    assert clock.next_exchange() == ExchangeClock(exchange=2, beat=1)
    assert clock.advance().beat == 4


def test_seconds_measure_a_cooldown() -> None:
    # R-REACT-04: used at second 2 with an 8-second cooldown -> eligible again at second 10.
    used = SecondClock().advance()
    assert str(used) == "second 2"
    assert used.advance(8).second == 10
    with pytest.raises(ValueError, match="backwards"):
        used.advance(-1)


def test_clocks_are_frozen() -> None:
    clock = SecondClock()
    with pytest.raises(ValidationError, match="frozen"):
        clock.second = 5  # type: ignore[misc]


def test_any_clock_reads_back_by_its_tag() -> None:
    adapter: TypeAdapter[Clock] = TypeAdapter(Clock)
    for clock in (RoundClock.start(["alice"]), ExchangeClock(beat=2), SecondClock(second=7)):
        assert adapter.validate_json(adapter.dump_json(clock)) == clock


def test_the_clock_advances_only_when_an_event_is_folded() -> None:
    session = duel_session(FixedRoller([]))
    before = session.state
    step = DUEL.engine.submit(before, Command(actor="alice", kind=WAIT), FixedRoller([]))
    assert session.state.clock == before.clock == new_duel().clock
    (turn_ended,) = session.submit(Command(actor="alice", kind=WAIT))
    assert turn_ended.draft == step.events[0]
    assert session.state.clock.current == "bob"
    assert DUEL.engine.apply(before, turn_ended).clock == session.state.clock
