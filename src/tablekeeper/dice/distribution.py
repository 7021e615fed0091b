"""Exact distributions over integers: integer weights inside, ``Fraction`` outside.

A :class:`Distribution` is the answer to "what are my odds?": every outcome a roll can
take with its exact weight. Weights are Python ints normalised by their gcd, so two
distributions are equal exactly when their probabilities are; the only float anywhere is
:attr:`Distribution.sd`, computed at the edge. Arithmetic between distributions (``+``,
``-``, ``*``, ``//``) treats the operands as independent rolls.

>>> d6 = Distribution.uniform(range(1, 7))
>>> two = d6 + d6
>>> two.probability(7), two.mean, two.at_least(10)
(Fraction(1, 6), Fraction(7, 1), Fraction(1, 6))
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from tablekeeper.dice.roller import Die

# Below this many cells a Python double loop beats NumPy's call overhead.
_NUMPY_MIN_CELLS = 64
# NumPy convolves int64 exactly when no partial sum can pass this bound.
_INT64_BOUND = 1 << 62


class Distribution:
    """An immutable exact distribution over integers.

    Built from a mapping ``outcome -> weight`` (non-negative ints, at least one positive;
    zero weights are dropped; weights are divided by their gcd). Outcomes iterate in
    ascending order with their probabilities.
    """

    __slots__ = ("_cumulative", "_hash", "_total", "_weights")

    _weights: dict[int, int]
    _total: int
    _hash: int | None
    _cumulative: tuple[list[int], list[int]] | None  # outcomes, running weights

    def __init__(self, weights: Mapping[int, int]) -> None:
        cleaned: dict[int, int] = {}
        for outcome, weight in weights.items():
            if isinstance(weight, bool) or not isinstance(weight, int):
                raise TypeError(f"weights must be ints, not {weight!r} for outcome {outcome!r}")
            if weight < 0:
                raise ValueError(f"weights must not be negative: {outcome!r} has {weight}")
            if weight:
                cleaned[operator.index(outcome)] = weight
        if not cleaned:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        self._set(cleaned)

    def _set(self, weights: dict[int, int], ordered: bool = False) -> None:
        divisor = math.gcd(*weights.values())
        if divisor > 1:
            weights = {outcome: weight // divisor for outcome, weight in weights.items()}
        self._weights = weights if ordered else dict(sorted(weights.items()))
        self._total = sum(weights.values())
        self._hash = None
        self._cumulative = None

    @classmethod
    def _trusted(cls, weights: dict[int, int], ordered: bool = False) -> Distribution:
        """Build from a dict of positive int weights that needs no validation (a new dict,
        which the distribution may keep); ``ordered``: its keys already ascend."""
        result = cls.__new__(cls)
        result._set(weights, ordered)
        return result

    @classmethod
    def _exact(cls, weights: dict[int, int], total: int) -> Distribution:
        """Build from ascending, already normalised weights summing to ``total``."""
        result = cls.__new__(cls)
        result._weights = weights
        result._total = total
        result._hash = None
        result._cumulative = None
        return result

    # -- constructors --------------------------------------------------------------

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """Always ``value``."""
        return cls._exact({value: 1}, 1)

    @classmethod
    def uniform(cls, outcomes: Iterable[int]) -> Distribution:
        """Each of ``outcomes`` once (a repeated outcome counts twice)."""
        weights: dict[int, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def from_die(cls, die: Die) -> Distribution:
        """One roll of ``die``."""
        return cls._exact(dict.fromkeys(die.faces, 1), die.sides)

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Distribution, int]]) -> Distribution:
        """Pick a part with probability proportional to its int weight, then roll it."""
        parts = [(part, weight) for part, weight in parts if weight]
        if not parts:
            raise ValueError("a mixture needs at least one part with positive weight")
        common = math.lcm(*(part._total for part, _ in parts))
        weights: dict[int, int] = {}
        for part, weight in parts:
            if weight < 0:
                raise ValueError("mixture weights must not be negative")
            scale = weight * (common // part._total)
            for outcome, w in part._weights.items():
                weights[outcome] = weights.get(outcome, 0) + w * scale
        return cls._trusted(weights)

    @classmethod
    def from_icepool(cls, die: Any) -> Distribution:
        """Convert an ``icepool.Die`` with integer (or bool) outcomes."""
        weights: dict[int, int] = {}
        for outcome, quantity in die.items():
            if not isinstance(outcome, int):
                raise TypeError(f"only integer outcomes convert, not {outcome!r}")
            if quantity:
                weights[int(outcome)] = weights.get(int(outcome), 0) + int(quantity)
        return cls(weights)

    def to_icepool(self) -> Any:
        """The same distribution as an ``icepool.Die``."""
        import icepool  # only needed at this edge

        return icepool.Die(dict(self._weights))

    # -- reading -------------------------------------------------------------------

    @property
    def weights(self) -> Mapping[int, int]:
        """``outcome -> weight``, ascending, normalised by gcd (read-only)."""
        return MappingProxyType(self._weights)

    @property
    def outcomes(self) -> tuple[int, ...]:
        """Every outcome with positive probability, ascending."""
        return tuple(self._weights)

    @property
    def total_weight(self) -> int:
        """The sum of the weights: the common denominator of every probability."""
        return self._total

    @property
    def low(self) -> int:
        """The lowest outcome."""
        return next(iter(self._weights))

    @property
    def high(self) -> int:
        """The highest outcome."""
        return next(reversed(self._weights))

    def probability(self, outcome: int) -> Fraction:
        """P(result = ``outcome``)."""
        return Fraction(self._weights.get(outcome, 0), self._total)

    def at_least(self, outcome: int) -> Fraction:
        """P(result >= ``outcome``)."""
        return Fraction(self._total - self._weight_at_most(outcome - 1), self._total)

    def at_most(self, outcome: int) -> Fraction:
        """P(result <= ``outcome``)."""
        return Fraction(self._weight_at_most(outcome), self._total)

    def _weight_at_most(self, outcome: int) -> int:
        if self._cumulative is None:  # built once: tables ask for every outcome
            running = list(itertools.accumulate(self._weights.values(), initial=0))
            self._cumulative = (list(self._weights), running)
        outcomes, running = self._cumulative
        return running[bisect.bisect_right(outcomes, outcome)]

    @property
    def mean(self) -> Fraction:
        """The expected value."""
        return Fraction(sum(x * w for x, w in self._weights.items()), self._total)

    @property
    def variance(self) -> Fraction:
        """E[(X - mean)^2], exact."""
        total = self._total
        first = sum(x * w for x, w in self._weights.items())
        second = sum(x * x * w for x, w in self._weights.items())
        return Fraction(second * total - first * first, total * total)

    @property
    def sd(self) -> float:
        """The standard deviation; the one float, for display."""
        return math.sqrt(self.variance)

    def percentile(self, p: Fraction | float) -> int:
        """The smallest outcome ``x`` with P(result <= x) >= ``p``, for ``0 <= p <= 1``.

        A float is read as the decimal it prints as (``0.95`` means 19/20), not as its
        binary value.
        """
        q = Fraction(str(p)) if isinstance(p, float) else Fraction(p)
        if not 0 <= q <= 1:
            raise ValueError(f"a percentile needs 0 <= p <= 1, not {p}")
        target = q.numerator * self._total
        cumulative = 0
        for outcome, weight in self._weights.items():
            cumulative += weight
            if cumulative * q.denominator >= target:
                return outcome
        return self.high  # unreachable: the last cumulative is the total

    def __iter__(self) -> Iterator[tuple[int, Fraction]]:
        total = self._total
        for outcome, weight in self._weights.items():
            yield outcome, Fraction(weight, total)

    def __len__(self) -> int:
        return len(self._weights)

    # -- combination ---------------------------------------------------------------

    def map(self, function: Callable[[int], int]) -> Distribution:
        """Apply ``function`` to every outcome, merging outcomes that meet."""
        weights: dict[int, int] = {}
        for outcome, weight in self._weights.items():
            image = function(outcome)
            weights[image] = weights.get(image, 0) + weight
        return Distribution._trusted(weights)

    def repeated(self, count: int) -> Distribution:
        """The sum of ``count`` independent draws (``count >= 0``)."""
        if count < 0:
            raise ValueError(f"cannot add up {count} draws")
        result = Distribution.constant(0)
        power = self
        while count:
            if count & 1:
                result = result + power
            count >>= 1
            if count:
                power = power + power
        return result

    def __neg__(self) -> Distribution:
        return Distribution._exact({-x: w for x, w in reversed(self._weights.items())}, self._total)

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return Distribution._exact(
                {x + other: w for x, w in self._weights.items()}, self._total
            )
        if isinstance(other, Distribution):
            return _convolve(self, other)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self + (-other)
        if isinstance(other, Distribution):
            return _convolve(self, -other)
        return NotImplemented

    def __rsub__(self, other: int) -> Distribution:
        if isinstance(other, int):
            return (-self) + other
        return NotImplemented

    def __mul__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda x: x * other)
        if isinstance(other, Distribution):
            return _combine(self, other, operator.mul)
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other: Distribution | int) -> Distribution:
        """Floor division of independent draws; a divisor that can be 0 is refused."""
        if isinstance(other, int):
            other = Distribution.constant(other)
        if not isinstance(other, Distribution):
            return NotImplemented
        if 0 in other._weights:
            raise ZeroDivisionError("the divisor can be 0")
        return _combine(self, other, operator.floordiv)

    def __rfloordiv__(self, other: int) -> Distribution:
        if isinstance(other, int):
            return Distribution.constant(other) // self
        return NotImplemented

    # -- identity ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(self._weights.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Distribution({self._weights!r})"


def _combine(
    left: Distribution, right: Distribution, function: Callable[[int, int], int]
) -> Distribution:
    weights: dict[int, int] = {}
    get = weights.get
    right_items = list(right._weights.items())
    for x, wx in left._weights.items():
        for y, wy in right_items:
            z = function(x, y)
            weights[z] = get(z, 0) + wx * wy
    return Distribution._trusted(weights)


def _convolve(left: Distribution, right: Distribution) -> Distribution:
    """The distribution of the sum of independent draws.

    The weights need no gcd: they are the coefficients of a product of two polynomials
    whose coefficients are coprime, and by Gauss's lemma so are the product's.
    """
    a, b = left._weights, right._weights
    total = left._total * right._total
    if len(a) == 1:
        a, b = b, a
    if len(b) == 1:  # adding a constant: a shift
        ((shift, _),) = b.items()
        return Distribution._exact({x + shift: w for x, w in a.items()}, total)
    low_a, low_b = next(iter(a)), next(iter(b))
    span_a, span_b = next(reversed(a)) - low_a + 1, next(reversed(b)) - low_b + 1
    cells = len(a) * len(b)
    if cells < _NUMPY_MIN_CELLS or span_a * span_b > 4 * cells:  # small or sparse
        weights: dict[int, int] = {}
        get = weights.get
        b_items = list(b.items())
        for x, wx in a.items():
            for y, wy in b_items:
                z = x + y
                weights[z] = get(z, 0) + wx * wy
        return Distribution._exact(dict(sorted(weights.items())), total)
    dense_a = [0] * span_a
    for x, w in a.items():
        dense_a[x - low_a] = w
    dense_b = [0] * span_b
    for x, w in b.items():
        dense_b[x - low_b] = w
    if total < _INT64_BOUND:
        import numpy as np  # on first use: exact odds that never convolve start without it

        product: list[int] = np.convolve(np.array(dense_a), np.array(dense_b)).tolist()
    else:
        product = _kronecker(dense_a, dense_b, total)
    low = low_a + low_b
    return Distribution._exact({low + i: w for i, w in enumerate(product) if w}, total)


def _kronecker(a: list[int], b: list[int], total: int) -> list[int]:
    """Exact convolution of weight lists whose products sum to ``total``, by Kronecker
    substitution: each list packed into one integer, ``width`` bytes a weight, so that
    CPython's big-integer multiplication (Karatsuba) does all the work."""
    width = (total.bit_length() + 8) // 8  # no coefficient of the product exceeds total
    packed = pack(a, width) * pack(b, width)
    return unpack(packed, width, len(a) + len(b) - 1)


def pack(weights: list[int], width: int) -> int:
    """``weights`` as one integer, ``width`` little-endian bytes each."""
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in weights), "little")


def unpack(packed: int, width: int, count: int) -> list[int]:
    """The first ``count`` weights of an integer packed ``width`` bytes each."""
    data = packed.to_bytes(width * count, "little")
    return [int.from_bytes(data[i : i + width], "little") for i in range(0, width * count, width)]
