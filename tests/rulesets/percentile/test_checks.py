"""The d100 check and its levels (ruling G-P-01), at every boundary."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.percentile import (
    CheckInput,
    Level,
    PercentileOptions,
    characteristic_skill,
    check,
    check_odds,
    critical_threshold,
    level_odds,
    level_of,
    register_resolvers,
)
from tablekeeper.rulesets.percentile.checks import level_counts

from .helpers import dice, enumerate_outcomes

C, S, F, X = Level.CRITICAL, Level.SUCCESS, Level.FAILURE, Level.FUMBLE

skills = st.integers(min_value=-200, max_value=400)
faces = st.integers(min_value=1, max_value=100)


@pytest.mark.parametrize(
    ("skill", "expected"),
    [
        # skill 45: critical up to ceil(4.5) = 5, success to 45, fumble on 99-100
        (45, {1: C, 5: C, 6: S, 45: S, 46: F, 95: F, 96: F, 98: F, 99: X, 100: X}),
        # a tenth rounded up: 50 -> 5, 51 -> 6
        (50, {5: C, 6: S, 50: S, 51: F}),
        (51, {6: C, 7: S, 51: S, 52: F}),
        # skill 1: 01 is still a critical (ceil(0.1) = 1), 02-05 succeed automatically
        (1, {1: C, 2: S, 5: S, 6: F, 99: X}),
        # skill 0 and below: 01-05 still succeed, never critically
        (0, {1: S, 5: S, 6: F, 98: F, 99: X}),
        (-30, {1: S, 5: S, 6: F, 99: X, 100: X}),
        # skill 100: 96-98 always fail, 99-100 fumble
        (100, {10: C, 11: S, 95: S, 96: F, 98: F, 99: X, 100: X}),
        # above 100: only 100 fumbles
        (101, {11: C, 12: S, 95: S, 96: F, 99: F, 100: X}),
        (150, {15: C, 16: S, 95: S, 96: F, 99: F, 100: X}),
        # however high the skill, 96-100 fail
        (1000, {95: C, 96: F, 99: F, 100: X}),
    ],
)
def test_levels_at_every_boundary_g_p_01(skill: int, expected: dict[int, Level]) -> None:
    """01-05 always succeed, 96-100 always fail, critical at most a tenth rounded up,
    fumble on 99-100 (100 only above 100) (G-P-01)."""
    assert {roll: level_of(roll, skill) for roll in expected} == expected


def test_critical_threshold_is_a_tenth_rounded_up_g_p_01() -> None:
    skills = (0, 1, 9, 10, 11, 45, 100, -1, -15)
    assert [critical_threshold(s) for s in skills] == [0, 1, 1, 1, 2, 5, 10, 0, -1]


def test_the_other_brp_conventions_are_options_g_p_01() -> None:
    """Criticals at a twentieth; the fumble range never shrinking."""
    twentieth = PercentileOptions(critical_divisor=20)
    assert level_of(3, 45, twentieth) is C
    assert level_of(4, 45, twentieth) is S
    always = PercentileOptions(fumble_only_100_above=None)
    assert level_of(99, 150, always) is X
    wide = PercentileOptions(fumble_min=96)
    assert level_of(96, 50, wide) is X
    assert level_of(96, 150, wide) is F  # above 100 only 100 fumbles
    down = PercentileOptions(critical_rounding="down")
    assert level_of(5, 45, down) is S


def test_the_automatic_ranges_cannot_meet() -> None:
    """01-50 and 51-100 bound the two ranges, so a roll is never both."""
    with pytest.raises(ValueError, match="automatic_failure_min"):
        PercentileOptions(automatic_failure_min=50)


def test_an_automatic_success_keeps_the_critical_p_mod_01() -> None:
    assert level_of(80, 30, automatic_success=True) is S
    assert level_of(99, 30, automatic_success=True) is S
    assert level_of(2, 30, automatic_success=True) is C


@given(faces, skills)
def test_level_invariants_g_p_01(roll: int, skill: int) -> None:
    level = level_of(roll, skill)
    if roll <= 5:
        assert level.succeeded
    if roll >= 96:
        assert not level.succeeded
    if level is C:
        assert roll <= math.ceil(skill / 10)
    if level is X:
        assert roll >= 99
        assert skill <= 100 or roll == 100
    if 5 < roll < 96:
        assert level.succeeded is (roll <= skill)


@given(faces, skills, st.integers(min_value=0, max_value=300))
def test_a_higher_skill_never_gives_a_worse_level(roll: int, skill: int, more: int) -> None:
    assert level_of(roll, skill).rank <= level_of(roll, skill + more).rank


@given(skills)
def test_the_exact_odds_match_a_closed_form_and_sum_to_1(skill: int) -> None:
    """An independent formula as oracle: success chance clamp(skill, 5, 95)%."""
    counts = level_counts(skill)
    assert sum(counts.values()) == 100
    assert counts[C] + counts[S] == min(95, max(5, skill))
    assert counts[C] == min(95, max(0, math.ceil(skill / 10)))
    assert counts[X] == (2 if skill <= 100 else 1)
    assert sum(level_odds(skill).values()) == 1


def test_check_odds_equal_brute_force_enumeration_of_the_resolver() -> None:
    request = CheckInput(skill=37, modifier=-12)
    brute = enumerate_outcomes(lambda roller: check(request, roller), lambda o: o.level.value)
    odds = check_odds(request).as_dict()
    assert {label: chance for label, chance in odds.items() if chance} == brute
    assert odds == {
        "critical": Fraction(3, 100),
        "success": Fraction(22, 100),
        "failure": Fraction(73, 100),
        "fumble": Fraction(2, 100),
    }


def test_the_resolver_rolls_one_d100_and_explains_the_effective_skill() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    resolution = registry.resolve(
        "percentile.check",
        {"skill": 65, "modifier": -20, "skill_name": "Dodge"},
        dice(45),
    )
    outcome = resolution.outcome
    assert (outcome.roll, outcome.effective_skill, outcome.level) == (45, 45, S)
    data = resolution.to_dict()
    assert data["level"] == "success"
    assert data["dice"] == [45]
    assert [(t["label"], t["amount"]) for t in data["breakdown"]["contributions"]] == [
        ("Dodge", 65),
        ("modifier", -20),
    ]


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"skill": -1}, "input.skill"),
        ({"skill": "a lot"}, "input.skill"),
        ({"skill": 40, "modifer": 10}, "input.modifer"),
        ({}, "input.skill"),
        ({"skill": 40, "options": {"critical_divisor": 0}}, "input.options.critical_divisor"),
    ],
)
def test_bad_input_names_the_field(raw: dict[str, object], field: str) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("percentile.check", raw, dice(1))
    assert error.value.field == field
    assert str(error.value).startswith(field)


def test_a_characteristic_roll_is_the_characteristic_times_5_g_p_01() -> None:
    """ "The enemy may remove the weapon themselves with a CON or STR roll" (P-OPT-06)."""
    term = characteristic_skill(11, "CON")
    assert (term.amount, term.source) == (55, "G-P-01")
    assert (
        characteristic_skill(11, "CON", PercentileOptions(characteristic_multiplier=3)).amount == 33
    )
