"""The ``dice.*`` resolvers: one definition rolled and given exact odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine.dice_checks import register_resolvers
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.errors import InvalidInputError


@pytest.fixture
def registry() -> ResolverRegistry:
    fresh = ResolverRegistry()
    register_resolvers(fresh)
    return fresh


def test_the_three_dice_checks_are_registered(registry: ResolverRegistry) -> None:
    assert registry.names() == ("dice.opposed_pool", "dice.pool", "dice.roll")


def test_dice_roll_keeps_every_die(registry: ResolverRegistry) -> None:
    resolution = registry.resolve("dice.roll", {"expression": "4d6kh3"}, FixedRoller([6, 1, 5, 4]))
    outcome = resolution.to_dict()
    assert outcome["total"] == 15
    assert outcome["expression"] == "4d6kh3"
    assert [die["kept"] for die in outcome["rolled"]] == [True, False, True, True]
    assert outcome["dice"] == [6, 1, 5, 4]


def test_dice_roll_odds_are_the_expression_distribution(registry: ResolverRegistry) -> None:
    chances = registry.odds("dice.roll", {"expression": "2d6"})
    assert chances["7"] == Fraction(1, 6)
    assert sum(chance for _, chance in chances.outcomes) == 1


def test_a_pool_counts_faces_that_reach_the_target_number(registry: ResolverRegistry) -> None:
    # G-F-01 (recommended): each die showing TN or more is one success.
    resolution = registry.resolve(
        "dice.pool", {"dice": 5, "sides": 8, "tn": 4}, FixedRoller([3, 4, 8, 1, 7])
    )
    assert resolution.outcome.successes == 3
    assert resolution.faces == (3, 4, 8, 1, 7)


def test_an_empty_pool_rolls_nothing_and_never_succeeds(registry: ResolverRegistry) -> None:
    resolution = registry.resolve("dice.pool", {"dice": 0, "sides": 6, "tn": 4}, FixedRoller([]))
    assert resolution.outcome.successes == 0
    assert resolution.faces == ()
    assert registry.odds("dice.pool", {"dice": 0, "sides": 6, "tn": 4}).to_dict() == {"0": "1"}


@pytest.mark.parametrize(("dice", "sides", "tn"), [(1, 6, 4), (3, 6, 4), (2, 8, 7), (3, 4, 5)])
def test_pool_odds_equal_brute_force(
    registry: ResolverRegistry, dice: int, sides: int, tn: int
) -> None:
    counts = Counter(
        sum(face >= tn for face in faces)
        for faces in itertools.product(range(1, sides + 1), repeat=dice)
    )
    total = sides**dice
    chances = registry.odds("dice.pool", {"dice": dice, "sides": sides, "tn": tn}).as_dict()
    assert chances == {str(k): Fraction(v, total) for k, v in sorted(counts.items())}


def test_opposed_pool_rolls_attacker_then_defender(registry: ResolverRegistry) -> None:
    # G-F-04: margin of success = max(0, successes - defensive successes - armor).
    check = {"attacker_dice": 3, "defender_dice": 2, "sides": 6, "tn": 4, "armor": 1}
    resolution = registry.resolve("dice.opposed_pool", check, FixedRoller([6, 5, 4, 4, 1]))
    outcome = resolution.outcome
    assert outcome.attacker_faces == [6, 5, 4]
    assert outcome.defender_faces == [4, 1]
    assert (outcome.attacker_successes, outcome.defender_successes, outcome.margin) == (3, 1, 1)


def test_the_margin_never_goes_below_zero(registry: ResolverRegistry) -> None:
    check = {"attacker_dice": 1, "defender_dice": 2, "sides": 6, "tn": 4, "armor": 2}
    resolution = registry.resolve("dice.opposed_pool", check, FixedRoller([6, 6, 6]))
    assert resolution.outcome.margin == 0


def test_opposed_odds_equal_brute_force_with_a_different_defence(
    registry: ResolverRegistry,
) -> None:
    check = {
        "attacker_dice": 2,
        "defender_dice": 2,
        "sides": 6,
        "tn": 4,
        "armor": 0,
        "defender_sides": 4,
        "defender_tn": 3,
    }
    counts: Counter[int] = Counter()
    for attack in itertools.product(range(1, 7), repeat=2):
        for defence in itertools.product(range(1, 5), repeat=2):
            hits = sum(face >= 4 for face in attack)
            blocked = sum(face >= 3 for face in defence)
            counts[max(0, hits - blocked)] += 1
    total = 36 * 16
    chances = registry.odds("dice.opposed_pool", check).as_dict()
    assert chances == {str(k): Fraction(v, total) for k, v in sorted(counts.items())}


@given(st.integers(0, 5), st.integers(0, 5), st.integers(1, 7), st.integers(0, 2), st.integers())
def test_a_rolled_opposed_pool_lands_on_an_outcome_its_odds_allow(
    attackers: int, defenders: int, tn: int, armor: int, seed: int
) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    check = {
        "attacker_dice": attackers,
        "defender_dice": defenders,
        "sides": 6,
        "tn": tn,
        "armor": armor,
    }
    resolution = registry.resolve("dice.opposed_pool", check, RandomRoller(seed % 2**32))
    assert registry.odds("dice.opposed_pool", check)[str(resolution.outcome.margin)] > 0
    assert len(resolution.faces) == attackers + defenders


def test_bad_pool_input_names_the_field(registry: ResolverRegistry) -> None:
    with pytest.raises(InvalidInputError, match=r"input\.sides"):
        registry.resolve("dice.pool", {"dice": 2, "sides": 1, "tn": 4}, FixedRoller([]))
    with pytest.raises(InvalidInputError, match=r"input\.colour: no such field"):
        registry.resolve(
            "dice.pool", {"dice": 2, "sides": 6, "tn": 4, "colour": "red"}, FixedRoller([])
        )
