"""Exact odds against the roller itself: every path through ``evaluate.roll`` (a roller
that walks the paths of :mod:`.oracle`), a seeded Monte Carlo run, and the
issue's examples written in notation."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.evaluate import roll_many
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.syntax import (
    Expression,
)
from tablekeeper.dice.validate import validate
from tablekeeper.errors import RulesError

from .odds_cases import BRUTE_FORCE_CASES, expressions, paths_bound
from .oracle import MAX_REROLLS, roller_odds, uneven_rerolls


@pytest.mark.parametrize(
    ("expression", "depth"),
    [
        pytest.param(e, depth, id=name)
        for name, e, depth in BRUTE_FORCE_CASES
        # 1d3 is never 0, but the roller checks each division; see MAX_REROLLS for the rest.
        if name != "2d6/1d3" and not uneven_rerolls(e)
    ],
)
def test_every_path_of_the_roller(expression: Expression, depth: int) -> None:
    assert dict(odds(expression, RollLimits(explode_depth=depth))) == roller_odds(expression, depth)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(expressions(), st.integers(0, 2))
def test_generated_trees_match_every_path_of_the_roller(expression: Expression, depth: int) -> None:
    assume(not uneven_rerolls(expression))
    assume(paths_bound(expression, depth, rerolls=MAX_REROLLS + 1) <= 6_000)
    limits = RollLimits(explode_depth=depth)
    try:
        validate(expression, limits)
    except RulesError:
        assume(False)
    assert dict(odds(expression, limits)) == roller_odds(expression, depth)


ISSUE_EXAMPLES: list[tuple[str, Callable[[], icepool.Die]]] = [
    ("8d8>=4", lambda: 8 @ (icepool.d(8) >= 4)),
    ("6d10>7", lambda: 6 @ (icepool.d(10) > 7)),
    ("6d10>7f1", lambda: 6 @ icepool.d(10).map(lambda x: 1 if x > 7 else -1 if x == 1 else 0)),
    ("4d6kh3", lambda: icepool.d(6).highest(4, 3)),
    ("2d20kl1", lambda: icepool.d(20).lowest(2, 1)),
    ("{4d6+3d8}k4", lambda: icepool.Pool([icepool.d(6)] * 4 + [icepool.d(8)] * 3).highest(4).sum()),
    ("{2d8,1d6}>=5", lambda: ((2 @ icepool.d(8)) >= 5) + (icepool.d(6) >= 5)),
    ("2d8>=5+1d6>=5", lambda: 2 @ (icepool.d(8) >= 5) + (icepool.d(6) >= 5)),
    ("1d20+5", lambda: icepool.d(20) + 5),
    ("d%", lambda: icepool.d(100)),
    ("4dF", lambda: 4 @ icepool.Die([-1, 0, 1])),
    ("3d6!", lambda: 3 @ icepool.d(6).explode(depth=10)),
    ("2d10r1", lambda: 2 @ icepool.d(10).reroll([1], depth="inf")),
    ("1d20ro<2", lambda: icepool.d(20).reroll([1], depth=1)),
    ("4d6mi2", lambda: 4 @ icepool.d(6).map(lambda x: max(x, 2))),
    ("(2d6+3)/2", lambda: (2 @ icepool.d(6) + 3) // 2),
]


@pytest.mark.parametrize(
    ("notation", "oracle"), [pytest.param(n, o, id=n) for n, o in ISSUE_EXAMPLES]
)
def test_issue_examples(notation: str, oracle: Callable[[], icepool.Die]) -> None:
    result = odds(parse(notation))
    assert sum(p for _, p in result) == 1
    assert result == Distribution.from_icepool(oracle())


def test_known_values_and_notation() -> None:
    two_d6 = odds("2d6")  # notation is parsed, as roll does
    assert two_d6 == odds(parse("2d6"))
    assert two_d6.probability(7) == Fraction(1, 6)
    assert two_d6.mean == 7
    # 4d6kh3 reaches 15 in 131 + 94 + 54 + 21 of the 1296 rolls.
    assert odds("4d6kh3").at_least(15) == Fraction(300, 1296)
    assert odds("8d8>=4").mean == 5


MONTE_CARLO = [
    "4d6kh3",
    "8d8>=4",
    "1d6!+2",
    "{2d8,1d6}>=5",
    "6d10>7f1",
    "3d6!kh2",
    "{4d6+3d8}k4",
    "3d6ma5r1",
    "2d6!r1",
]


@pytest.mark.parametrize("notation", MONTE_CARLO)
def test_monte_carlo_frequencies_agree(notation: str) -> None:
    """4,000 seeded rolls: each outcome's frequency lies within 4.5 standard errors of
    its exact probability, and nothing impossible turns up."""
    rolls = 4_000
    batch = roll_many(notation, rolls, RandomRoller(seed=20261129))
    counts = Counter(int(total) for total in batch.totals)
    exact = odds(parse(notation))
    assert set(counts) <= set(exact.outcomes)
    for outcome, p in exact:
        error = math.sqrt(float(p * (1 - p)) / rolls)
        assert abs(counts[outcome] / rolls - float(p)) <= 4.5 * error + 1e-12, outcome
