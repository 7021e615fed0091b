"""``fractal.downtime``: Days of Rest, dressing, threshold removals (document 000, 6.3,
15.1; F-DOWN-03 .. -06, F-COND-15, F-COND-17, F-MAGIC-NANO-12, F-MAGIC-NANO-13)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.rulesets.fractal import DowntimeInput, register_resolvers
from tablekeeper.rulesets.fractal.downtime import resolve_downtime


def heal(**fields: Any) -> Any:
    return resolve_downtime(DowntimeInput.model_validate(fields))


def left(outcome: Any) -> dict[str, int | None]:
    return {c.name: c.dor for c in outcome.conditions}


def test_a_wound_of_dor_10_is_dor_5_after_5_days_of_rest_f_down_03() -> None:
    # "A wound with DoR 10 becomes DoR 5 after 5 days of rest."
    outcome = heal(conditions=[{"name": "Gash", "dor": 10}], days=5)
    assert left(outcome) == {"Gash": 5}
    terms = outcome.conditions[0].breakdown.contributions
    assert [(t.amount, t.source) for t in terms] == [(10, "F-COND-15"), (-5, "F-DOWN-03")]


@pytest.mark.parametrize(("days", "remaining"), [(1, {"Bruised": 1}), (2, {}), (3, {})])
def test_a_wound_heals_when_its_dor_runs_out_f_cond_15(
    days: int, remaining: dict[str, int]
) -> None:
    outcome = heal(conditions=[{"name": "Bruised", "dor": 2}], days=days)
    assert left(outcome) == remaining
    assert [r.by for r in outcome.removed] == ([] if remaining else ["rest"])


def test_a_lethal_wound_ticks_only_once_dressed_f_down_04() -> None:
    lines = [{"name": "Incinerated", "dor": 30, "lethal": True}]
    assert left(heal(conditions=lines, days=7)) == {"Incinerated": 30}
    dressed = [{**lines[0], "dressed": True}]
    assert left(heal(conditions=dressed, days=7)) == {"Incinerated": 23}


@pytest.mark.parametrize(
    ("cure", "removed"),
    [
        (2, ["Bruised"]),
        (3, ["Bruised", "On Fire"]),
        (6, ["Bruised", "On Fire"]),
        (7, ["Bruised", "On Fire", "Blazing"]),
    ],
)
def test_a_spell_that_cures_n_dor_removes_n_or_fewer_f_cond_17(
    cure: int, removed: list[str]
) -> None:
    # "a spell that cures 3 DoR instantly removes any condition with a natural recovery
    # time of 3 Days of Rest or fewer."
    lines = [
        {"name": "Bruised", "dor": 2},
        {"name": "On Fire", "dor": 3},
        {"name": "Blazing", "dor": 7},
    ]
    outcome = heal(conditions=lines, cure_dor=cure)
    assert [r.name for r in outcome.removed] == removed


def test_threshold_removals_are_binary_and_never_tick_f_down_05() -> None:
    # F-DOWN-05: a 3 DoR cure leaves a 7 DoR wound at 7.
    outcome = heal(conditions=[{"name": "Battered", "dor": 7}], cure_dor=3)
    assert left(outcome) == {"Battered": 7}
    assert outcome.conditions[0].breakdown is None


@pytest.mark.parametrize(
    ("successes", "kept"), [(1, {"Battered": 7}), (2, {"Battered": 7}), (3, {})]
)
def test_mend_wounds_removes_dor_up_to_successes_times_3_f_magic_nano_12(
    successes: int, kept: dict[str, int]
) -> None:
    lines = [{"name": "Bruised", "dor": 2}, {"name": "Battered", "dor": 7}]
    assert left(heal(conditions=lines, mend_wounds_successes=successes)) == kept


def test_a_healer_taking_their_time_removes_rank_times_3_f_magic_nano_13() -> None:
    lines = [{"name": "Battered", "dor": 7}, {"name": "Strained Muscle", "dor": 14}]
    outcome = heal(conditions=lines, healer_rank=3)
    assert left(outcome) == {"Strained Muscle": 14}
    assert outcome.removed[0].rule == "F-MAGIC-NANO-13"


def test_thresholds_come_before_the_days_of_rest() -> None:
    # 8 DoR: the healer's 6 does not reach it; 5 days then bring it to 3, which stays.
    outcome = heal(conditions=[{"name": "Gash", "dor": 8}], healer_rank=2, days=5)
    assert left(outcome) == {"Gash": 3}


def test_mental_and_social_wounds_do_not_heal_with_time_f_down_06_g_f_34() -> None:
    lines = [{"name": "Migraine"}, {"name": "Humiliated"}]
    outcome = heal(conditions=lines, days=60, cure_dor=30, healer_rank=5)
    assert left(outcome) == {"Migraine": None, "Humiliated": None}


def test_the_resolver_through_the_registry() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    resolution = registry.resolve(
        "fractal.downtime",
        {"conditions": [{"name": "Tired", "dor": 2}], "days": 2},
        FixedRoller([]),
    )
    assert resolution.outcome.conditions == ()
    assert resolution.outcome.removed[0].name == "Tired"
