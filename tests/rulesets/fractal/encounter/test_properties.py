"""Invariants of play (Hypothesis): whatever is chosen, the state is the fold of the log,
pools never go below 0, undo then redo is the identity, the same dice give the same log."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import GM, Command, Session
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.engine import ENGINE, new_encounter
from tablekeeper.rulesets.fractal.encounter.state import FractalState

from .helpers import stats

TREES = ("combat", "social", "dancing", "magic")


def start(seed: int, tree: str, minions: bool) -> Session[FractalState]:
    session = Session(ENGINE, new_encounter(), roller=RandomRoller(seed))
    specs = [
        {"id": "ana", "side": "party", "stats": stats(8, words=10), "ranks": {"magic": 1}},
        {"id": "bo", "side": "party", "stats": stats(6, body=10)},
        {
            "id": "cy",
            "side": "foes",
            "kind": "npc",
            "minion": minions,
            "stats": {"body": 8, "visual": 6},
        },
        {"id": "di", "side": "foes", "kind": "npc", "stats": {"words": 8, "people": 8, "body": 6}},
    ]
    for spec in specs:
        session.submit(cmd.add_character(cmd.CharacterSpec.model_validate(spec)))
    elements = [{"element": "obscured", "severity": 1}, {"element": "savorous", "severity": 1}]
    session.submit(
        Command.of(
            GM,
            cmd.OPEN_CONFLICT,
            cmd.OpenConflict.model_validate(
                {
                    "id": "c",
                    "level": "micro",
                    "tree": tree,
                    "seats": [{"character": k} for k in ("ana", "cy", "bo", "di")],
                    "scene_elements": elements,
                    "time_limit": 4,
                }
            ),
        )
    )
    return session


def play(session: Session[FractalState], choices: list[int]) -> None:
    for choice in choices:
        state = session.state
        if state.conflicts["c"].ended is not None:
            return
        pending = session.pending
        if pending is not None:
            session.answer(pending.option_ids[choice % len(pending.option_ids)])
            continue
        current = state.conflicts["c"].current
        assert current is not None
        legal = session.legal_commands(current)
        assert legal, "the character whose turn it is can always end it"
        session.submit(legal[choice % len(legal)])
        check(session)


def check(session: Session[FractalState]) -> None:
    state = session.state
    assert session.replay() == state
    for character in state.characters.values():
        assert character.ap >= 0
        assert all(t.amount > 0 for t in character.temporary)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    tree=st.sampled_from(TREES),
    minions=st.booleans(),
    choices=st.lists(st.integers(0, 200), min_size=5, max_size=60),
)
def test_the_state_is_the_fold_of_the_log_and_pools_stay_at_or_above_zero(
    seed: int, tree: str, minions: bool, choices: list[int]
) -> None:
    session = start(seed, tree, minions)
    play(session, choices)
    check(session)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    tree=st.sampled_from(TREES),
    choices=st.lists(st.integers(0, 50), min_size=3, max_size=25),
)
def test_undo_then_redo_is_the_identity(seed: int, tree: str, choices: list[int]) -> None:
    session = start(seed, tree, False)
    play(session, choices)
    before = session.state
    if session.log.last_command:
        session.undo()
        session.redo()
    assert session.state == before


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), tree=st.sampled_from(TREES))
def test_the_same_seed_gives_the_same_log(seed: int, tree: str) -> None:
    first, second = start(seed, tree, True), start(seed, tree, True)
    play(first, [0] * 40)
    play(second, [0] * 40)
    assert list(first.log.records) == list(second.log.records)
