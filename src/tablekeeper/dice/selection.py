"""Keep and drop over a pool whose dice are not all alike: a state machine over the dice.

A pool is a sequence of *units*: one rolled die and the dice its explosions added (a
*chain*), or one sub-roll of a group. Each unit yields *items* ``(value, score)``: keep
and drop order items by value; a kept item adds its score (the value itself, ``+1`` for a
success, ``-1`` for a failure, times the sign of its term in a group).

Keep and drop need far less than the whole multiset. Keep-highest-``k`` needs only the
``k`` highest items so far; drop-lowest-``d`` the ``d`` lowest and the running score of
the rest. :class:`Extreme` is that state; joining two states merges and truncates their
lists, which is associative, so a chain and a pool fold the same way.

Ties follow the roller (:func:`window`): dice rank by value, highest first, and equal
values in rolling order, the earlier die ranking higher. So a list of the highest items
puts the earlier of two equal items first, and a list of the lowest the later.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Generic, NoReturn, TypeVar

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.syntax import Drop, Keep
from tablekeeper.errors import OddsTooCostlyError

K = TypeVar("K", bound=Hashable)

Items = tuple[Any, ...]  # values, or (value, score) pairs: see Extreme
Key = tuple[Items, int]
Selection = Sequence[Keep | Drop]

_by_value = itemgetter(0)


@dataclass(slots=True)
class Weighted(Generic[K]):
    """Integer weights over hashable keys, with their total (a distribution of states)."""

    weights: dict[K, int]
    total: int

    @staticmethod
    def mixture(parts: Iterable[tuple[Weighted[K], int]]) -> Weighted[K]:
        """Pick a part with probability proportional to its weight, then a key of it."""
        parts = list(parts)
        common = math.lcm(*(part.total for part, _ in parts))
        weights: dict[K, int] = {}
        total = 0
        for part, weight in parts:
            scale = weight * (common // part.total)
            total += weight
            for key, w in part.weights.items():
                weights[key] = weights.get(key, 0) + w * scale
        return Weighted(weights, total * common)


def product(
    first: Weighted[K], second: Weighted[K], join: Callable[[K, K], K], limit: int
) -> Weighted[K]:
    """The states of ``first`` then ``second`` rolled independently, joined."""
    weights: dict[K, int] = {}
    get = weights.get
    second_items = list(second.weights.items())
    for key_a, weight_a in first.weights.items():
        for key_b, weight_b in second_items:
            key = join(key_a, key_b)
            weights[key] = get(key, 0) + weight_a * weight_b
        if len(weights) > limit:
            raise_too_many(limit)
    return Weighted(weights, first.total * second.total)


class TooManyStatesError(OddsTooCostlyError):
    """A computation outgrew ``limits.max_odds_states``; :func:`~.odds.odds` names the
    expression in the message it raises."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"the exact odds need more than {limit:,} intermediate states "
            "(limits.max_odds_states): too expensive to compute exactly, simulate instead",
            field="expression",
        )
        self.limit = limit


def raise_too_many(limit: int) -> NoReturn:
    raise TooManyStatesError(limit)


@dataclass(frozen=True, slots=True)
class Extreme:
    """Remember the ``size`` items nearest one end (``None``: every item) and, when
    ``keep_rest``, the total score of the items pushed out of that list.

    With ``score`` given, every die of the pool scores by its value alone, so an item is
    just its value (ties cannot matter, and plain ints sort fastest); otherwise an item
    is a ``(value, score)`` pair. ``part`` is the slice of the list that is kept at the
    end (``None``: the ranks :func:`window` gives for ``selection``).
    """

    size: int | None
    highest: bool
    keep_rest: bool
    score: Callable[[int], int] | None
    part: tuple[int, int] | None
    selection: Selection = ()

    @property
    def empty(self) -> Key:
        return ((), 0)

    def leaf(self, value: int, score: int) -> Key:
        return (((value, score),) if self.score is None else (value,), 0)

    def join(self, first: Key, second: Key) -> Key:
        items_a, rest_a = first
        items_b, rest_b = second
        if not items_b:
            return (items_a, rest_a + rest_b)
        if self.score is not None:  # values only: ties are alike
            merged = sorted(items_a + items_b, reverse=self.highest)
        elif self.highest:  # ``first`` was rolled before ``second``: it wins ties
            merged = sorted(items_a + items_b, key=_by_value, reverse=True)
        else:  # lowest first: of equal items the later ranks lower
            merged = sorted(items_b + items_a, key=_by_value)
        rest = rest_a + rest_b
        size = self.size
        if size is not None and len(merged) > size:
            if self.keep_rest:
                rest += self.scores(merged[size:])
            merged = merged[:size]
        return (tuple(merged), rest)

    def scores(self, items: Sequence[Any]) -> int:
        """The total score of ``items``."""
        score = self.score
        if score is None:
            return sum(pair[1] for pair in items)
        return sum(score(value) for value in items)

    def final(self, key: Key) -> int:
        """What a finished state scores: its kept items (and the rest, when kept)."""
        items, rest = key
        if self.keep_rest:
            return rest
        if self.part is None:
            low, high = window(self.selection, len(items))
        else:
            low, high = self.part
        return self.scores(items[low:high])


def window(selection: Selection, count: int) -> tuple[int, int]:
    """The ranks ``[low, high)`` that ``selection`` keeps of ``count`` dice ranked by
    value, highest first (ties in rolling order), applying keep and drop in order, each
    to the dice still kept: ``4d6kh3dl1`` keeps ranks 1 and 2."""
    low, high = 0, count
    for modifier in selection:
        n = modifier.count
        if isinstance(modifier, Keep):
            if modifier.end == "h":
                high = min(high, low + n)
            else:
                low = max(low, high - n)
        elif modifier.end == "h":
            low = min(high, low + n)
        else:
            high = max(low, high - n)
    return low, high


def summary_for(selection: Selection, counts: range, score: Callable[[int], int] | None) -> Extreme:
    """The smallest state that ``selection`` needs over a pool of ``counts`` dice (one
    count when the pool cannot grow; more when explosions can add dice).

    A single keep or drop needs one end of the pool. Several need the ranks
    :func:`window` gives: when those ranks sit at a fixed distance from one end for
    every possible count, a list of that end suffices; otherwise the whole pool.
    """
    if len(selection) == 1:
        only = selection[0]
        highest = only.end == "h"
        if isinstance(only, Keep):
            return Extreme(only.count, highest, False, score, (0, only.count))
        return Extreme(only.count, highest, True, score, None)
    spans = [(count, *window(selection, count)) for count in counts]
    from_top = {(low, high) for _, low, high in spans}
    from_bottom = {(count - high, count - low) for count, low, high in spans}
    choices = []
    if len(from_top) == 1:
        ((low, high),) = from_top
        choices.append(Extreme(high, True, False, score, (low, high)))
    if len(from_bottom) == 1:
        ((near, far),) = from_bottom
        choices.append(Extreme(far, False, False, score, (near, far)))
    if choices:
        return min(choices, key=lambda extreme: extreme.size or 0)
    return Extreme(None, True, False, score, None, selection)


def estimated_joins(units: Sequence[tuple[Weighted[Key], int]], summary: Extreme) -> int:
    """About how many pairs of states :func:`select` will join (an upper bound, usually
    within a factor of a few): each unit joins every state so far, and the states are
    at most the lists of ``summary.size`` items the units can show, times (when the
    score pushed out of the list is kept) how many totals the units so far can push out.
    """
    items: set[Any] = set()
    spreads: list[int] = []
    for unit, _ in units:
        totals = set()
        for key in unit.weights:
            items.update(key[0])
            if summary.keep_rest:
                totals.add(key[1] + summary.scores(key[0]))
        spreads.append(max(totals) - min(totals) if totals else 0)
    size = summary.size
    lists = None if size is None else math.comb(len(items) + size, size)
    states = joins = 1
    spread = 0
    for (unit, count), unit_spread in zip(units, spreads, strict=True):
        for _ in range(count):
            joins += states * len(unit.weights)
            states *= len(unit.weights)
            spread += unit_spread
            if lists is not None:
                states = min(states, lists * (spread + 1))
    return joins


def select(
    units: Sequence[tuple[Weighted[Key], int]], summary: Extreme, limit: int
) -> Distribution:
    """Fold the units (each with its multiplicity, in rolling order) into one state
    distribution and score it."""
    state: Weighted[Key] = Weighted({summary.empty: 1}, 1)
    for unit, count in units:
        for _ in range(count):
            state = product(state, unit, summary.join, limit)
    weights: dict[int, int] = {}
    final = summary.final
    for key, weight in state.weights.items():
        score = final(key)
        weights[score] = weights.get(score, 0) + weight
    return Distribution._trusted(weights)
