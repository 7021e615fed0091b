"""Opposed rolls and degrees of victory (ruling G-P-02)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.percentile import (
    Level,
    OpposedInput,
    PercentileOptions,
    Victory,
    Winner,
    contest,
    level_of,
    opposed,
    opposed_odds,
    register_resolvers,
    victory_degree,
)

from .helpers import dice, enumerate_outcomes

C, S, F, X = Level.CRITICAL, Level.SUCCESS, Level.FAILURE, Level.FUMBLE
A, D, N = Winner.ATTACKER, Winner.DEFENDER, Winner.NONE


@pytest.mark.parametrize(
    ("attacker", "defender", "expected"),
    [
        ((C, 3), (S, 40), (A, Victory.NORMAL)),  # the higher level wins
        ((S, 40), (C, 2), (D, Victory.NORMAL)),
        ((S, 40), (S, 25), (A, Victory.WEAK)),  # equal levels: the higher roll
        ((S, 25), (S, 40), (D, Victory.WEAK)),
        ((C, 2), (C, 4), (D, Victory.WEAK)),
        ((S, 30), (F, 70), (A, Victory.NORMAL)),
        ((C, 1), (F, 70), (A, Victory.GREAT)),
        ((S, 30), (X, 99), (A, Victory.GREAT)),  # a fumble is a level below a failure
        ((F, 80), (F, 60), (N, None)),  # two failures: nobody wins
        ((F, 80), (X, 100), (N, None)),
        ((S, 30), (S, 30), (D, Victory.WEAK)),  # a perfect tie: the defender
    ],
)
def test_opposed_rules_g_p_02(
    attacker: tuple[Level, int], defender: tuple[Level, int], expected: tuple[Winner, Victory]
) -> None:
    assert tuple(contest(*attacker, *defender)) == expected


def test_the_alternatives_are_options_g_p_02() -> None:
    lower = PercentileOptions(opposed_equal_levels="lower_roll")
    assert contest(S, 40, S, 25, lower).winner is D
    nobody = PercentileOptions(opposed_tie="none")
    assert contest(S, 30, S, 30, nobody).winner is N
    three_levels = PercentileOptions(fumble_is_a_level=False)
    assert victory_degree(S, X, three_levels) is Victory.NORMAL
    assert victory_degree(C, X, three_levels) is Victory.GREAT


rolls = st.integers(min_value=1, max_value=100)
skills = st.integers(min_value=-50, max_value=200)


@given(rolls, skills, rolls, skills)
def test_swapping_the_sides_swaps_the_winner(a: int, a_skill: int, d: int, d_skill: int) -> None:
    """Only a perfect tie favours a side (the defender)."""
    a_level, d_level = level_of(a, a_skill), level_of(d, d_skill)
    forward = contest(a_level, a, d_level, d)
    backward = contest(d_level, d, a_level, a)
    if (a_level, a) == (d_level, d):
        assert forward.winner in (D, N)
        assert backward.winner in (D, N)
    else:
        swapped = {A: D, D: A, N: N}[forward.winner]
        assert (backward.winner, backward.victory) == (swapped, forward.victory)
    if forward.winner is N:
        assert not a_level.succeeded or not d_level.succeeded
    else:
        winner = a_level if forward.winner is A else d_level
        assert winner.succeeded


def test_the_resolver_rolls_attacker_then_defender() -> None:
    request = OpposedInput.model_validate(
        {"attacker": {"skill": 60, "skill_name": "Brawl"}, "defender": {"skill": 50}}
    )
    outcome = opposed(request, dice(45, 12))
    assert (outcome.attacker.roll, outcome.defender.roll) == (45, 12)
    assert (outcome.attacker.level, outcome.defender.level) == (S, S)
    assert (outcome.winner, outcome.victory) == (A, Victory.WEAK)
    data = outcome.model_dump(mode="json")
    assert (data["winner"], data["victory"]) == ("attacker", "weak")
    assert (data["attacker_level"], data["defender_level"]) == ("success", "success")


def test_opposed_odds_equal_brute_force_enumeration() -> None:
    request = OpposedInput.model_validate(
        {"attacker": {"skill": 30, "modifier": 15}, "defender": {"skill": 70, "modifier": -40}}
    )
    brute = enumerate_outcomes(
        lambda roller: opposed(request, roller),
        lambda o: o.winner.value if o.victory is None else f"{o.winner.value} {o.victory.value}",
    )
    odds = opposed_odds(request)
    assert sum(odds.as_dict().values()) == 1
    assert {label: chance for label, chance in odds.as_dict().items() if chance} == brute
    assert odds["none"] == Fraction(55 * 70, 100 * 100)  # both fail


def test_bad_input_names_the_field() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("percentile.opposed", {"attacker": {"skill": 40}}, dice(1, 2))
    assert error.value.field == "input.defender"
    with pytest.raises(InvalidInputError) as error:
        registry.resolve(
            "percentile.opposed",
            {"attacker": {"skill": 40}, "defender": {"skill": 40, "modifier": "x"}},
            dice(1, 2),
        )
    assert error.value.field == "input.defender.modifier"
