"""The cost model of exact odds (``dice/cost.py``): what would take minutes or gigabytes is
refused before any work, on every path; what a table asks is not.

Issue 11 measured each refused expression below on the server: ``1d10000!>1`` past
120 s and 16.5 GB, ``1d1000!>1`` 13-16 s, ``2d10000!>=2``, ``10d10000!>=2``,
``1000d10000kh500`` and ``1000d1000kh500`` 4.7-5 GB within 9-16 s, ``100d1000kh50``
past 100 s, and ``1000d1000!kh999`` an OverflowError (a 500). None of these may start.
The times here are the model's estimates, never a stopwatch (``benchmarks/bench_cost.py``
compares them with measured times).
"""

from __future__ import annotations

import pytest

from bombs import ISSUE_EXPRESSIONS
from tablekeeper.dice import cost
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.memo import SizedCache, distribution_bytes
from tablekeeper.dice.odds import _Odds, clear_caches, odds
from tablekeeper.dice.parse import MAX_LENGTH, parse
from tablekeeper.errors import OddsTooCostlyError, RollLimitError

from .odds_cases import BRUTE_FORCE_CASES

BOMBS = (
    *ISSUE_EXPRESSIONS,
    "1000d6!kh500",
    "100d6!kh50",
    "1d10000!!>1",
    "1000d10000>=5000f<2",
    "3d10000!kh1",
    "{100d1000, 100d1000}kh1",
    "500d10000 + 500d10000",
    "500d1000 * 500d1000",
)
"""Expressions whose exact odds take minutes to hours, or gigabytes."""

TABLE = (
    "2d6",
    "1d20+5",
    "4d6kh3",
    "8d8>=4",
    "3d10>=5+2d6>=5",
    "{2d8,1d6}>=5",
    "100d100",
    "10d100!",
    "5d100!kh2",
    "6d6!dl1",
    "8d10!kh3",
    "{5d6,5d8,5d10,5d12}kh2",
    "{4d6+3d8}k4",
    "40d6kh20",
    "100d6kh50",
    "1d20r1",
    "5d12mi3!r1kh2dl1",
    "12d8>=4",
)
"""What a table rolls: each answered under the default limits."""


@pytest.mark.parametrize("expression", BOMBS)
def test_what_would_take_minutes_or_gigabytes_is_refused_before_any_work(
    expression: str,
) -> None:
    tree = parse(expression)
    with pytest.raises(OddsTooCostlyError, match="too expensive to compute exactly") as refused:
        cost.check(tree, RollLimits())
    assert refused.value.field == "expression"
    assert f"'{expression.replace(' ', '')}'" in str(refused.value).replace(" ", "")
    assert "simulate instead" in str(refused.value)
    with pytest.raises(OddsTooCostlyError):  # odds itself refuses, with the same limits
        odds(tree)


def test_the_estimate_of_an_enormous_keep_does_not_overflow() -> None:
    # 1000d1000!kh999 answered 500: an OverflowError converting the joins to seconds.
    estimate = cost.estimate(parse("1000d1000!kh999"), RollLimits())
    assert estimate.seconds > 60
    with pytest.raises(OddsTooCostlyError, match="1000d1000!kh999"):
        odds("1000d1000!kh999")
    # Behind the cost model, routing's own estimate (from the real units) refuses too.
    with pytest.raises(cost.CostExceededError, match="too expensive"):
        _Odds(RollLimits()).of(parse("1000d1000!kh999"))


@pytest.mark.parametrize("expression", TABLE)
def test_what_a_table_rolls_is_answered(expression: str) -> None:
    estimate = cost.check(parse(expression), RollLimits())
    assert estimate.seconds < RollLimits().max_odds_seconds
    assert odds(expression).total_weight > 0


def test_every_brute_force_case_of_the_suite_passes_the_cost_model() -> None:
    for _, tree, depth in BRUTE_FORCE_CASES:
        cost.check(tree, RollLimits(explode_depth=depth))


def test_the_limits_are_the_callers() -> None:
    tight = RollLimits(max_odds_seconds=0.001)
    with pytest.raises(OddsTooCostlyError, match="max_odds_seconds"):
        odds("100d100", tight)
    small = RollLimits(max_odds_bytes=1 << 20)
    with pytest.raises(OddsTooCostlyError, match="max_odds_bytes"):
        odds("1d1000!>1", RollLimits(max_odds_seconds=10**6, max_odds_bytes=small.max_odds_bytes))
    assert odds("2d6", tight).total_weight == 36


def test_the_result_shape_is_estimated() -> None:
    estimate = cost.estimate(parse("100d100"), RollLimits())
    assert estimate.outcomes == 9901
    assert estimate.bits == 100 * 7


def test_notation_longer_than_the_limit_is_refused_unparsed() -> None:
    # 200 KB of parentheses took 33 s to refuse; a 100,000-term sum 4.9 s to roll.
    for text in ("(" * 100_000 + "1" + ")" * 100_000, "+".join(["1d6"] * 100_000)):
        with pytest.raises(RollLimitError, match=f"at most {MAX_LENGTH:,} characters"):
            parse(text)
    long = "{" + ",".join(["1d6"] * 200) + "}kh1"  # 804 characters: long, and fine
    assert parse(long) is not None


def test_the_cache_of_results_is_bounded_by_bytes() -> None:
    cache: SizedCache[str, bytes] = SizedCache(100)
    for index in range(10):
        cache.put(str(index), b"", 30)
    assert cache.bytes <= 100
    assert len(cache) == 3
    assert cache.get("9") == b""
    assert cache.get("0") is None
    cache.put("huge", b"", 101)  # larger than the whole budget: not kept
    assert cache.get("huge") is None
    clear_caches()
    big = odds("100d100")
    assert distribution_bytes(big) > 9901 * 80  # its weights are counted, not its entry
