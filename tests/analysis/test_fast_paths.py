"""The engine's fast paths (``engine/fast_paths.py``) change nothing but the speed: every
shipped scenario, played with the same seed on the fast and on the reference path, logs
the same events and reaches the same state and the same trial."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.analysis.trials import TrialPlan, play, play_trials, resolve_policy
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.events import EventDraft
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.values import Frozen
from tablekeeper.services import lab

SHIPPED = lab.shipped_scenarios()


def _played(ruleset: str, name: str, seed: int) -> tuple[list[dict[str, Any]], Any]:
    source = lab.scenario_source(name, ruleset=ruleset)
    plan = TrialPlan(ruleset, source.data, source.source)
    rules = load_ruleset(ruleset)
    assert rules.scenarios is not None
    run = rules.scenarios.start(plan.scenario(), RandomRoller(seed), seed=seed)
    play(run, resolve_policy(plan.policy, rules))
    session = run.session
    return [event.model_dump() for event in session.log.events], session.state


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_the_fast_path_logs_the_same_events_and_reaches_the_same_state(
    ruleset: str, name: str
) -> None:
    for seed in (1, 2):
        fast_log, fast_state = _played(ruleset, name, seed)
        with fast_paths.reference():
            reference_log, reference_state = _played(ruleset, name, seed)
        assert fast_log == reference_log
        assert fast_state == reference_state
        assert fast_state.model_dump() == reference_state.model_dump()


def test_the_fast_path_gives_the_same_trials() -> None:
    source = lab.scenario_source("skirmish", ruleset="tactical")
    plan = TrialPlan("tactical", source.data, source.source)
    fast = play_trials(plan, 0, [5, 6])
    with fast_paths.reference():
        reference = play_trials(plan, 0, [5, 6])
    assert fast == reference


def test_reference_switches_the_fast_paths_off_and_back_on() -> None:
    assert fast_paths.enabled()
    with fast_paths.reference():
        assert not fast_paths.enabled()
        with fast_paths.reference():
            assert not fast_paths.enabled()
        assert not fast_paths.enabled()
    assert fast_paths.enabled()


class _Point(Frozen):
    x: int
    y: int = 0


def test_a_fast_copy_is_pydantics_copy() -> None:
    point = _Point(x=1)
    fast = point.model_copy(update={"y": 2})
    with fast_paths.reference():
        reference = point.model_copy(update={"y": 2})
    assert fast == reference == _Point(x=1, y=2)
    assert fast.model_fields_set == reference.model_fields_set == {"x", "y"}
    assert point == _Point(x=1)


def test_a_draft_of_a_model_is_the_validated_draft() -> None:
    fast = EventDraft.of("moved", _Point(x=3))
    with fast_paths.reference():
        reference = EventDraft.of("moved", _Point(x=3))
    assert fast == reference
    assert fast.model_dump() == reference.model_dump()


def test_a_trusted_value_is_the_validated_value() -> None:
    trusted = _Point.trusted(x=1, y=2)
    assert trusted == _Point(x=1, y=2)
    assert trusted.model_dump() == {"x": 1, "y": 2}
    assert trusted.model_fields_set == {"x", "y"}
    assert hash(trusted) == hash(_Point(x=1, y=2))
