"""The engine's invariants under random play (Hypothesis).

Each example plays a skirmish (two warriors, a shaman, a spear-bandit and a spirit, every
optional rule on) with a seeded roller through a random walk of legal commands, answers
to every decision, GM damage, undos and redos. Then: every round's turn order is a
permutation of the combatants still in the fight; hit points change only through logged
``damaged`` events (or GM overrides); replaying the log gives the state; undo then redo
is the identity; the same seed and plan play the same log.
"""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import GM, EventLog, Session, set_value
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.encounter import PercentileState, add_combatant, order, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter

from .helpers import SPEAR, stats

seeds = st.integers(min_value=0, max_value=2**32 - 1)
plans = st.lists(st.integers(min_value=0, max_value=100_000), min_size=1, max_size=60)
WISP = {
    "characteristics": {"POW": 15, "CHA": 9},
    "skills": {"Spirit Combat": 55},
    "weapons": [],
    "shields": [],
    "magic_points": 9,
}


def new_session(seed: int, *, hit_locations: bool = False) -> Session[PercentileState]:
    state = new_encounter(PercentileOptions(hit_locations=hit_locations))
    session = Session(PERCENTILE.engine, state, roller=RandomRoller(seed))
    session.submit(add_combatant(id="aldric", side="party", stats=stats("Aldric")))
    session.submit(
        add_combatant(
            id="kell", side="party", discorporates=True, spirit_damage="1d6", stats=stats("Kell")
        )
    )
    session.submit(add_combatant(id="brenna", side="foes", stats=stats("Brenna", hit_points=9)))
    session.submit(
        add_combatant(id="corin", side="foes", stats=stats("Corin", weapons=[SPEAR], shields=[]))
    )
    wisp = stats("Wisp", **WISP)
    wisp["characteristics"] = WISP["characteristics"]
    session.submit(
        add_combatant(
            id="wisp",
            side="foes",
            spirit=True,
            form="discorporate",
            spirit_damage="1d6",
            stats=wisp,
        )
    )
    session.submit(start())
    return session


def play(session: Session[PercentileState], plan: list[int]) -> None:
    for number in plan:
        state = session.state
        try:
            if session.pending is not None:
                options = session.pending.option_ids
                session.answer(options[number % len(options)])
            elif number % 17 == 0 and session.log.can_undo:
                session.undo()
            elif number % 19 == 0 and session.log.can_redo:
                session.redo()
            elif number % 23 == 0 and state.combatants:
                who = sorted(state.combatants)[number % len(state.combatants)]
                session.submit(order(cmd.DAMAGE, who, actor=GM, amount=number % 5))
            elif state.active is not None:
                legal = session.legal_commands(state.active)
                if legal:
                    session.submit(legal[(number // 7) % len(legal)])
        except RulesError:
            pass  # refused: nothing logged


@given(seed=seeds, plan=plans)
@settings(max_examples=40, deadline=None)
def test_each_rounds_turn_order_is_a_permutation_of_the_combatants_still_fighting(
    seed: int, plan: list[int]
) -> None:
    session = new_session(seed)
    play(session, plan)
    state = session.initial_state
    for event in session.log.events:
        if event.kind == ev.ROUND_STARTED:
            standing = {combatant.id for combatant in state.standing()}
            order_ = event.payload["order"]
            assert isinstance(order_, list)
            assert sorted(order_) == sorted(standing)  # each once: a permutation
        state = session.apply(state, event)
        if state.clock is not None and not state.over:
            assert {c.id for c in state.standing()} <= set(state.clock.order)


@given(seed=seeds, plan=plans, hit_locations=st.booleans())
@settings(max_examples=40, deadline=None)
def test_hit_points_change_only_through_logged_damage(
    seed: int, plan: list[int], hit_locations: bool
) -> None:
    session = new_session(seed, hit_locations=hit_locations)
    play(session, plan)
    state = session.initial_state
    for event in session.log.events:
        after = session.apply(state, event)
        for key, combatant in after.combatants.items():
            before = state.combatants.get(key)
            if before is None or before.hp == combatant.hp:
                continue
            assert event.kind == ev.DAMAGED, event.kind
            assert event.payload["combatant"] == key
            assert combatant.hp == before.hp - event.payload["amount"]  # type: ignore[operator]
        state = after


@given(seed=seeds, plan=plans)
@settings(max_examples=40, deadline=None)
def test_replay_is_identical_and_undo_then_redo_is_the_identity(seed: int, plan: list[int]) -> None:
    session = new_session(seed)
    play(session, plan)
    assert session.replay() == session.state
    rebuilt = Session(
        PERCENTILE.engine,
        session.initial_state,
        roller=RandomRoller(0),
        log=EventLog(session.log.records),
    )
    assert rebuilt.state == session.state
    assert rebuilt.pending == session.pending
    before, pending = session.state, session.pending
    if session.log.can_undo:
        session.undo()
        session.redo()
        assert session.state == before
        assert session.pending == pending


@given(seed=seeds, plan=plans)
@settings(max_examples=20, deadline=None)
def test_the_same_seed_and_plan_play_the_same_log(seed: int, plan: list[int]) -> None:
    first, second = new_session(seed), new_session(seed)
    play(first, plan)
    play(second, plan)
    assert list(first.log.records) == list(second.log.records)


def test_a_gm_override_is_the_other_way_hit_points_change() -> None:
    session = new_session(1)
    session.submit(set_value("combatants.aldric.hp", 5, reason="a fall earlier"))
    assert session.state.combatant("aldric").hp == 5
    with contextlib.suppress(RulesError):
        session.undo()
    assert session.state.combatant("aldric").hp == 13
