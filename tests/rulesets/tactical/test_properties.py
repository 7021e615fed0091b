"""Invariants under any play: pools never leave 0..maximum, replay equals the state, the
same seed and choices give the same log, undo then redo is the identity."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.session import Session
from tablekeeper.rulesets.tactical.catalogue import TRACKS
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.ruleset import TACTICAL

SCENARIOS = Path(TACTICAL.package.replace(".", "/"))
FOLDER = Path(__file__).parents[3] / "src" / SCENARIOS / "scenarios"


def _session(name: str, seed: int) -> Session[TacticalState]:
    assert TACTICAL.scenarios is not None
    scenario = TACTICAL.scenarios.parse(
        yaml.safe_load((FOLDER / f"{name}.yaml").read_text()), source=name
    )
    return TACTICAL.scenarios.start(scenario, RandomRoller(seed), seed=seed).session


def _play(session: Session[TacticalState], picks: list[int]) -> list[int]:
    """Play choosing by ``picks`` (indices, wrapped) among what is legal or offered."""
    chosen: list[int] = []
    for pick in picks:
        state = session.state
        if state.ended is not None or state.turn is None:
            break
        if session.pending is not None:
            options = session.pending.option_ids
            session.answer(options[pick % len(options)])
        else:
            legal = session.legal_commands(state.turn.actor)
            session.submit(legal[pick % len(legal)])
        chosen.append(pick)
        _pools_in_bounds(session.state)
    return chosen


def _pools_in_bounds(state: TacticalState) -> None:
    for character in state.characters.values():
        for track in TRACKS:
            assert 0 <= character.pool(track) <= character.maximum(track), (character.id, track)
    assert state.doom >= 0


PICKS = st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=60)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=PICKS,
    seed=st.integers(min_value=0, max_value=10_000),
    name=st.sampled_from(["skirmish", "duel"]),
)
def test_pools_stay_in_bounds_and_replay_equals_state(
    picks: list[int], seed: int, name: str
) -> None:
    session = _session(name, seed)
    _play(session, picks)
    assert session.replay() == session.state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=PICKS, seed=st.integers(min_value=0, max_value=10_000))
def test_the_same_seed_and_choices_give_the_same_log(picks: list[int], seed: int) -> None:
    first, second = _session("skirmish", seed), _session("skirmish", seed)
    _play(first, picks)
    _play(second, picks)
    assert [e.model_dump() for e in first.log.events] == [e.model_dump() for e in second.log.events]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=PICKS, seed=st.integers(min_value=0, max_value=10_000))
def test_undo_then_redo_is_the_identity(picks: list[int], seed: int) -> None:
    session = _session("duel", seed)
    _play(session, picks)
    before = session.state
    session.undo()
    session.redo()
    assert session.state == before
