"""The engine's invariants under random play (Hypothesis).

Each example plays an encounter of four creatures with a seeded roller through a random
mix of actions, moves (voluntary and forced), damage, healing, Support, GM overrides,
declared triggers, advances of the clock, answers to reaction decisions, undos and
redos. Then: no charge ever exceeds its cost; no reaction was used under the shared
cooldown or twice for one trigger; replaying the log gives the state; undo then redo is
the identity; the same seed plays the same log.
"""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Command, Session, replay, set_value
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.realtime.encounter import (
    RealtimeState,
    add_creature,
    advance,
    cancel_action,
    damage,
    declare_trigger,
    heal,
    move,
    start_action,
    support,
)
from tablekeeper.rulesets.realtime.encounter.events import REACTION_USED
from tablekeeper.rulesets.realtime.ruleset import REALTIME, new_encounter

NAMES = ("aliena", "balthazar", "calliope", "demilio")
START = {
    "aliena": ((0, 0), "party"),
    "balthazar": ((1, 0), "foes"),
    "calliope": ((0, 1), "party"),
    "demilio": ((1, 1), "foes"),
}

seeds = st.integers(min_value=0, max_value=2**32 - 1)
plans = st.lists(st.integers(min_value=0, max_value=100_000), max_size=40)


def new_session(seed: int) -> Session[RealtimeState]:
    session = Session(REALTIME.engine, initial(), roller=RandomRoller(seed))
    for name, (position, side) in START.items():
        session.submit(
            add_creature(
                id=name, side=side, hp=12, position=position, characteristics={"melee": 11}
            )
        )
    return session


def initial() -> RealtimeState:
    return new_encounter()


def command_for(move_number: int) -> Command | str:
    """One move a table could make, from one number."""
    kind, pick = move_number % 13, move_number // 13
    who, other = NAMES[pick % 4], NAMES[(pick // 4) % 4]
    spot = ((pick // 16) % 5 - 1, (pick // 80) % 5 - 1)
    size = 1 + (pick // 16) % 6
    options: dict[int, Command | str] = {
        0: "undo",
        1: "redo",
        2: start_action(who, name="Strike" + ("*" if pick % 3 == 0 else ""), cost=size),
        3: move(who, spot),
        4: move(who, spot, voluntary=False),
        5: damage(who, size * 3),
        6: heal(who, size * 2),
        7: support(who, other),
        8: advance(size),
        9: set_value(f"creatures.{who}.cooldown_modifier", size - 8, reason="talent"),
        10: cancel_action(who),
        11: declare_trigger(who, kind="leaves_reach"),
        12: advance(1 + (pick % 40)),
    }
    return options[kind]


def play(session: Session[RealtimeState], plan: list[int]) -> None:
    for number in plan:
        if session.pending is not None:
            options = session.pending.option_ids
            session.answer(options[number % len(options)])
            continue
        command = command_for(number)
        try:
            if command == "undo":
                if session.log.can_undo:
                    session.undo()
            elif command == "redo":
                if session.log.can_redo:
                    session.redo()
            elif isinstance(command, Command):
                session.submit(command)
        except RulesError:
            pass  # refused: nothing logged
        assert_charges_within_cost(session.state)


def assert_charges_within_cost(state: RealtimeState) -> None:
    for creature in state.creatures.values():
        if creature.charge is not None:
            assert 0 <= creature.charge.charged <= creature.charge.cost


@given(seed=seeds, plan=plans)
@settings(max_examples=60, deadline=None)
def test_no_charge_ever_exceeds_its_cost(seed: int, plan: list[int]) -> None:
    session = new_session(seed)
    play(session, plan)
    for number in plan:  # and once more, answering every decision
        while session.pending is not None:
            session.answer(session.pending.default)
        with contextlib.suppress(RulesError):
            session.submit(advance(1 + number % 7))
        assert_charges_within_cost(session.state)


@given(seed=seeds, plan=plans)
@settings(max_examples=60, deadline=None)
def test_no_reaction_is_used_during_the_cooldown_or_twice_for_one_trigger(
    seed: int, plan: list[int]
) -> None:
    session = new_session(seed)
    play(session, plan)
    ready_at: dict[str, int] = {}
    answered: set[tuple[str, str]] = set()
    for event in session.log.events:
        if event.kind != REACTION_USED:
            continue
        creature, trigger = str(event.payload["creature"]), str(event.payload["trigger"])
        second, cooldown = event.payload["second"], event.payload["cooldown"]
        assert isinstance(second, int)
        assert isinstance(cooldown, int)
        assert second >= ready_at.get(creature, 1), "a reaction was used during its cooldown"
        assert (creature, trigger) not in answered, "two reactions for one trigger"
        assert cooldown >= 0
        assert event.payload["ready_at"] == second + cooldown
        ready_at[creature] = second + cooldown
        answered.add((creature, trigger))


@given(seed=seeds, plan=plans)
@settings(max_examples=60, deadline=None)
def test_replaying_the_log_gives_the_state(seed: int, plan: list[int]) -> None:
    session = new_session(seed)
    play(session, plan)
    assert replay(session.log.events, initial(), session.apply) == session.state
    assert session.replay() == session.state


@given(seed=seeds, plan=plans)
@settings(max_examples=40, deadline=None)
def test_undo_then_redo_is_the_identity(seed: int, plan: list[int]) -> None:
    session = new_session(seed)
    play(session, plan)
    depth = len(session.log.command_ids)
    for count in sorted({count for count in (1, 3, depth) if 0 < count <= depth}):
        before = session.state, session.pending
        for _ in range(count):
            session.undo()
        for _ in range(count):
            session.redo()
        assert (session.state, session.pending) == before


@given(seed=seeds, plan=plans)
@settings(max_examples=30, deadline=None)
def test_the_same_seed_plays_the_same_log(seed: int, plan: list[int]) -> None:
    first, second = new_session(seed), new_session(seed)
    play(first, plan)
    play(second, plan)
    assert list(first.log.records) == list(second.log.records)
