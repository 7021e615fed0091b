"""Distribution: exact arithmetic checked against enumeration, and the reading API."""

from __future__ import annotations

import doctest
import importlib
import itertools
import operator
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice import distribution, pools
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.roller import FATE, Die

D6 = Distribution.from_die(Die(6))
TWO_D6 = D6 + D6


def enumerate_pair(
    left: Distribution, right: Distribution, function: Callable[[int, int], int]
) -> dict[int, Fraction]:
    """The brute-force answer: every pair of outcomes, probabilities multiplied."""
    result: dict[int, Fraction] = {}
    for (x, p), (y, q) in itertools.product(left, right):
        z = function(x, y)
        result[z] = result.get(z, Fraction(0)) + p * q
    return result


def as_fractions(distribution: Distribution) -> dict[int, Fraction]:
    return dict(distribution)


distributions = st.dictionaries(st.integers(-6, 9), st.integers(1, 12), min_size=1, max_size=6).map(
    Distribution
)


# `tablekeeper.dice.odds` is also the name of the function the package exports.
odds_module = importlib.import_module("tablekeeper.dice.odds")


@pytest.mark.parametrize("module", [distribution, odds_module, pools])
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


class TestConstruction:
    def test_weights_are_normalised_by_their_gcd(self) -> None:
        d = Distribution({1: 2, 2: 4, 3: 6})
        assert dict(d.weights) == {1: 1, 2: 2, 3: 3}
        assert d.total_weight == 6
        assert d == Distribution({3: 3, 1: 1, 2: 2})

    def test_zero_weights_are_dropped_and_outcomes_sorted(self) -> None:
        d = Distribution({5: 1, -2: 3, 0: 0})
        assert d.outcomes == (-2, 5)
        assert len(d) == 2

    @pytest.mark.parametrize(
        ("weights", "error"),
        [
            ({}, ValueError),
            ({1: 0}, ValueError),
            ({1: -1}, ValueError),
            ({1: 0.5}, TypeError),
            ({1: True}, TypeError),
            ({1.5: 1}, TypeError),
        ],
    )
    def test_bad_weights_are_refused(self, weights: dict[object, object], error: type) -> None:
        with pytest.raises(error):
            Distribution(weights)  # type: ignore[arg-type]

    def test_constructors(self) -> None:
        assert Distribution.constant(4) == Distribution({4: 7})
        assert Distribution.uniform([1, 2, 2]) == Distribution({1: 1, 2: 2})
        assert Distribution.from_die(FATE) == Distribution({-1: 1, 0: 1, 1: 1})
        mixed = Distribution.mixture([(Distribution.constant(0), 1), (D6, 2)])
        assert mixed.probability(0) == Fraction(1, 3)
        assert mixed.probability(6) == Fraction(2, 3) / 6

    def test_repr_rebuilds_the_value(self) -> None:
        assert eval(repr(TWO_D6)) == TWO_D6
        assert repr(Distribution.constant(3)) == "Distribution({3: 1})"

    def test_equal_distributions_hash_alike(self) -> None:
        assert hash(Distribution({1: 1, 2: 1})) == hash(Distribution({1: 5, 2: 5}))
        assert Distribution({1: 1, 2: 1}) != Distribution({1: 1, 2: 2})
        assert Distribution({1: 1}) != {1: 1}

    def test_icepool_round_trip(self) -> None:
        die = icepool.d(6).highest(4, 3)
        ours = Distribution.from_icepool(die)
        assert ours.to_icepool().equals(die.simplify())
        assert Distribution.from_icepool(icepool.d(8) >= 4) == Distribution({0: 3, 1: 5})

    def test_icepool_outcomes_must_be_integers(self) -> None:
        with pytest.raises(TypeError):
            Distribution.from_icepool(icepool.Die(["a", "b"]))


class TestReading:
    def test_two_d6(self) -> None:
        assert TWO_D6.probability(7) == Fraction(1, 6)
        assert TWO_D6.probability(13) == 0
        assert TWO_D6.mean == 7
        assert TWO_D6.variance == Fraction(35, 6)
        assert TWO_D6.sd == pytest.approx((35 / 6) ** 0.5)
        assert TWO_D6.at_least(10) == Fraction(6, 36)
        assert TWO_D6.at_most(4) == Fraction(6, 36)
        assert TWO_D6.at_least(2) == 1
        assert TWO_D6.low == 2
        assert TWO_D6.high == 12
        assert TWO_D6.total_weight == 36

    def test_percentile(self) -> None:
        assert TWO_D6.percentile(0) == 2
        assert TWO_D6.percentile(Fraction(1, 2)) == 7
        assert TWO_D6.percentile(1) == 12
        # P(<= 4) is exactly 1/6: the 1/6 percentile is 4, a hair above is 5.
        assert TWO_D6.percentile(Fraction(1, 6)) == 4
        assert TWO_D6.percentile(Fraction(1, 6) + Fraction(1, 10**9)) == 5
        # A float means the decimal it prints as: 0.95 is 19/20.
        assert D6.repeated(1).percentile(0.5) == 3
        with pytest.raises(ValueError, match="percentile"):
            TWO_D6.percentile(1.5)

    def test_iteration_gives_fractions_that_sum_to_one(self) -> None:
        pairs = list(TWO_D6)
        assert [x for x, _ in pairs] == list(range(2, 13))
        assert sum(p for _, p in pairs) == 1
        assert all(isinstance(p, Fraction) for _, p in pairs)

    @given(distributions)
    def test_moments_match_their_definitions(self, d: Distribution) -> None:
        mean = sum((x * p for x, p in d), Fraction(0))
        assert d.mean == mean
        assert d.variance == sum((p * (x - mean) ** 2 for x, p in d), Fraction(0))
        for x in range(d.low - 1, d.high + 2):
            assert d.at_least(x) == sum((p for y, p in d if y >= x), Fraction(0))
            assert d.at_most(x) + d.at_least(x + 1) == 1


class TestArithmetic:
    @given(distributions, distributions)
    def test_binary_operations_match_enumeration(self, a: Distribution, b: Distribution) -> None:
        assert as_fractions(a + b) == enumerate_pair(a, b, operator.add)
        assert as_fractions(a - b) == enumerate_pair(a, b, operator.sub)
        assert as_fractions(a * b) == enumerate_pair(a, b, operator.mul)
        if 0 not in b.weights:
            assert as_fractions(a // b) == enumerate_pair(a, b, operator.floordiv)

    @given(distributions, st.integers(-5, 5))
    def test_integer_operands(self, a: Distribution, n: int) -> None:
        constant = Distribution.constant(n)
        assert a + n == n + a == a + constant
        assert a - n == a - constant
        assert n - a == constant - a
        assert a * n == n * a == a * constant
        if n:
            assert a // n == a // constant
        if 0 not in a.weights:
            assert n // a == constant // a

    @given(distributions)
    def test_negation_and_map(self, a: Distribution) -> None:
        assert as_fractions(-a) == {-x: p for x, p in a}
        assert a.map(abs) == a.map(lambda x: -x if x < 0 else x)
        negated = -a
        assert -negated == a

    @given(distributions, st.integers(0, 6))
    def test_repeated_is_a_fold_of_additions(self, a: Distribution, n: int) -> None:
        folded = Distribution.constant(0)
        for _ in range(n):
            folded = folded + a
        assert a.repeated(n) == folded

    def test_division_by_a_distribution_that_can_be_zero(self) -> None:
        with pytest.raises(ZeroDivisionError):
            D6 // Distribution({0: 1, 1: 1})
        halved = (D6 + 3) // 2
        assert halved == Distribution.uniform([2, 3, 4])
        floored = (D6 - 4) // 2  # floors toward negative infinity
        assert floored == Distribution({-2: 1, -1: 2, 0: 2, 1: 1})

    def test_large_convolutions_stay_exact(self) -> None:
        """Both NumPy paths (int64 while it cannot overflow, objects after) agree with a
        plain Python convolution."""
        d100 = Distribution.from_die(Die(100))
        for count in (3, 12):  # 100**3 fits int64; 100**12 does not
            slow = Distribution.constant(0)
            for _ in range(count):
                weights: dict[int, int] = {}
                for (x, wx), (y, wy) in itertools.product(
                    slow.weights.items(), d100.weights.items()
                ):
                    weights[x + y] = weights.get(x + y, 0) + wx * wy
                slow = Distribution(weights)
            fast = d100.repeated(count)
            assert fast == slow
            assert fast.total_weight == 100**count

    def test_sparse_supports(self) -> None:
        a = Distribution({0: 1, 1000: 1})
        assert (a + a) == Distribution({0: 1, 1000: 2, 2000: 1})
