"""Exact odds against two oracles: brute-force enumeration of every way the dice can fall
(:mod:`.oracle`, a plain statement of the roller's semantics) and icepool.
``test_odds_roller.py`` checks them against the roller itself."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablekeeper.dice import closed_forms
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.odds import clear_caches, odds
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
    CountFailures,
    CountSuccesses,
    Drop,
    Explode,
    Expression,
    Group,
    Keep,
    Min,
    Number,
    Reroll,
)
from tablekeeper.errors import OddsTooCostlyError, OddsUnavailableError, RollLimitError

from .odds_cases import BRUTE_FORCE_CASES, add, at_least, d, df, expressions, paths_bound
from .oracle import brute_force


def assert_exact(expression: Expression, depth: int = DEFAULT_LIMITS.explode_depth) -> None:
    result = odds(expression, RollLimits(explode_depth=depth))
    assert sum(p for _, p in result) == 1
    assert dict(result) == brute_force(expression, depth)


@pytest.mark.parametrize(
    ("expression", "depth"),
    [pytest.param(e, depth, id=name) for name, e, depth in BRUTE_FORCE_CASES],
)
def test_matches_brute_force(expression: Expression, depth: int) -> None:
    assert_exact(expression, depth)


# -- icepool as oracle ----------------------------------------------------------------

d6, d8, d10, d20 = icepool.d(6), icepool.d(8), icepool.d(10), icepool.d(20)

ICEPOOL_CASES: list[tuple[str, Expression, Callable[[], icepool.Die]]] = [
    ("8d8>=4", d(8, 8, at_least(4)), lambda: 8 @ (d8 >= 4)),
    ("6d10>7", d(6, 10, CountSuccesses(Compare(">", 7))), lambda: 6 @ (d10 > 7)),
    (
        "6d10>7f1",
        d(6, 10, CountSuccesses(Compare(">", 7)), CountFailures(Compare("=", 1))),
        lambda: 6 @ d10.map(lambda x: 1 if x > 7 else -1 if x == 1 else 0),
    ),
    ("4d6kh3", d(4, 6, Keep("h", 3)), lambda: d6.highest(4, 3)),
    ("2d20kl1", d(2, 20, Keep("l", 1)), lambda: d20.lowest(2, 1)),
    ("20d10kh3", d(20, 10, Keep("h", 3)), lambda: d10.highest(20, 3)),
    ("12d6kh7dh2", d(12, 6, Keep("h", 7), Drop("h", 2)), lambda: d6.pool(12)[5:10].sum()),
    (
        "{4d6+3d8}k4",
        Group((add(d(4, 6), d(3, 8)),), (Keep("h", 4),)),
        lambda: icepool.Pool([d6] * 4 + [d8] * 3).highest(4).sum(),
    ),
    (
        "{2d8,1d6}>=5",
        Group((d(2, 8), d(1, 6)), (at_least(5),)),
        lambda: ((2 @ d8) >= 5) + (d6 >= 5),
    ),
    (
        "2d8>=5+1d6>=5",
        add(d(2, 8, at_least(5)), d(1, 6, at_least(5))),
        lambda: 2 @ (d8 >= 5) + (d6 >= 5),
    ),
    ("1d20+5", add(d(1, 20), Number(5)), lambda: d20 + 5),
    ("d%", d(1, 100), lambda: icepool.d(100)),
    ("4dF", df(4), lambda: 4 @ icepool.Die([-1, 0, 1])),
    ("3d6!", d(3, 6, Explode()), lambda: 3 @ d6.explode(depth=10)),
    ("3d6!!", d(3, 6, Explode("compound")), lambda: 3 @ d6.explode(depth=10)),
    (
        "5d6!kh3",
        d(5, 6, Explode(), Keep("h", 3)),
        lambda: d6.explode_to_pool(5, depth=10).highest(3).sum(),
    ),
    (
        "5d10!>=8kl2",
        d(5, 10, Explode(compare=Compare(">=", 8)), Keep("l", 2)),
        lambda: d10.explode_to_pool(5, [8, 9, 10], depth=10).lowest(2).sum(),
    ),
    (
        "6d10!>=8",
        d(6, 10, Explode(), at_least(8)),
        lambda: d10.explode_to_pool(6, depth=10).keep_outcomes(lambda x: x >= 8).size(),
    ),
    ("2d10r1", d(2, 10, Reroll()), lambda: 2 @ d10.reroll([1], depth="inf")),
    (
        "1d20ro<2",
        d(1, 20, Reroll(once=True, compare=Compare("<", 2))),
        lambda: d20.reroll([1], depth=1),
    ),
    ("4d6mi2", d(4, 6, Min(2)), lambda: 4 @ d6.map(lambda x: max(x, 2))),
    (
        "4d6r1kh3",
        d(4, 6, Reroll(), Keep("h", 3)),
        lambda: d6.reroll([1], depth="inf").highest(4, 3),
    ),
    (
        "(2d6+3)/2",
        BinaryOperation("/", add(d(2, 6), Number(3)), Number(2)),
        lambda: (2 @ d6 + 3) // 2,
    ),
    ("200d6", d(200, 6), lambda: 200 @ d6),  # Miller's recurrence
    ("12d100", d(12, 100), lambda: 12 @ icepool.d(100)),  # squaring past int64
    ("40d6kh20", d(40, 6, Keep("h", 20)), lambda: d6.highest(40, 20)),
    ("30d10kl7", d(30, 10, Keep("l", 7)), lambda: d10.lowest(30, 7)),
    ("3d100!", d(3, 100, Explode()), lambda: 3 @ icepool.d(100).explode(depth=10)),
]


@pytest.mark.parametrize(
    ("expression", "oracle"),
    [pytest.param(e, oracle, id=name) for name, e, oracle in ICEPOOL_CASES],
)
def test_matches_icepool(expression: Expression, oracle: Callable[[], icepool.Die]) -> None:
    assert odds(expression) == Distribution.from_icepool(oracle())


# -- properties over generated trees ---------------------------------------------------


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(expressions(), st.integers(0, 2))
def test_generated_trees_match_brute_force(expression: Expression, depth: int) -> None:
    assume(paths_bound(expression, depth) <= 40_000)
    result = odds(expression, RollLimits(explode_depth=depth))
    assert sum(p for _, p in result) == 1
    assert dict(result) == brute_force(expression, depth)


# -- refusals and limits ----------------------------------------------------------------


def test_a_divisor_that_can_be_zero_is_named() -> None:
    with pytest.raises(OddsUnavailableError, match="divisor"):
        odds(BinaryOperation("/", d(1, 6), add(d(1, 4), Number(-2))))


def test_too_many_states_is_refused_clearly() -> None:
    small = RollLimits(max_odds_states=50)
    with pytest.raises(OddsUnavailableError, match="max_odds_states"):
        odds(d(6, 6, Explode(), Keep("h", 3)), small)
    with pytest.raises(OddsUnavailableError, match="max_odds_states"):
        odds(BinaryOperation("*", d(4, 10), d(4, 10)), small)


def test_sums_too_large_to_build_quickly_are_refused_before_any_work() -> None:
    # Weights grow with every die: 200d1000 needs 199,801 outcomes of ~2,000-bit weights,
    # which took minutes before this limit; refused now, whatever the path (by the cost
    # model's estimate of the time, or the bits of the weights, whichever comes first).
    for expression in ("200d1000", "20d100!", "2d6 + 200d1000", "{200d1000}"):
        with pytest.raises(OddsTooCostlyError, match=r"max_odds_(bits|seconds)"):
            odds(expression)
    assert odds("100d100").total_weight == 100**100  # still answered
    # The limit counts outcomes times bits: 10d6 is 51 outcomes of ~30 bits (1,530).
    with pytest.raises(OddsUnavailableError, match="max_odds_bits"):
        odds("10d6", RollLimits(max_odds_bits=1_000))
    assert odds("10d6", RollLimits(max_odds_bits=2_000)) == odds("10d6")
    with pytest.raises(OddsUnavailableError, match="max_odds_bits"):
        odds("5d6 + 5d6", RollLimits(max_odds_bits=1_000))


def test_keep_over_a_product_of_dice_terms_is_refused() -> None:
    product = Group((BinaryOperation("*", d(2, 6), d(1, 4)),), (Keep("h", 1),))
    with pytest.raises(OddsUnavailableError, match="adds and subtracts"):
        odds(product)


def test_what_the_roller_refuses_is_refused() -> None:
    with pytest.raises(RollLimitError):
        odds(d(1001, 6))
    with pytest.raises(RollLimitError):
        odds(d(1, 10_001))


def test_explosions_stop_at_the_depth_limit() -> None:
    capped = odds(d(1, 6, Explode()), RollLimits(explode_depth=2))
    assert capped.high == 18  # three sixes: the third die may not explode
    assert capped.probability(18) == Fraction(1, 216)
    assert odds(d(1, 6, Explode()), RollLimits(explode_depth=0)) == odds(d(1, 6))


def test_results_are_cached_and_clearing_changes_nothing() -> None:
    tree = d(5, 6, Keep("h", 3))
    first = odds(tree)
    assert odds(tree) is first
    clear_caches()
    assert odds(tree) == first
    closed_forms.clear_caches()
