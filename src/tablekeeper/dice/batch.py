"""Vectorised rolls for simulations: one array of faces per dice term for a whole batch.

Used by :func:`~.evaluate.roll_many` for expressions of dice terms (``mi``/``ma``, keep,
drop, success and failure counting, explosions and rerolls: :mod:`.batch_chains`; not
groups), numbers and ``+ - * /``. The rules are :mod:`.evaluate`'s, applied to arrays:
keep and drop rank the dice of each roll highest first with ties in rolling order,
through the same :func:`~.selection.window`; each die's rank key is unique (its value,
then the earlier die first), so a partition (``np.partition``, linear) finds the kept
dice of a fixed pool where a full sort is not needed. Totals are int64, so an expression
that could overflow it is not vectorised.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.batch_chains import clamped, matches, roll_chains
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.results import TermBatch
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.selection import window
from tablekeeper.dice.syntax import (
    BinaryOperation,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    Expression,
    Keep,
    Labeled,
    Max,
    Min,
    Negate,
    Number,
    Reroll,
)
from tablekeeper.errors import RollLimitError, RulesError

__all__ = ["roll_arrays", "vectorisable"]

_INT64_SAFE = 2**62

Ints = NDArray[np.int64]


def vectorisable(tree: Expression, limits: RollLimits = DEFAULT_LIMITS) -> bool:
    """Whether :func:`roll_arrays` can roll ``tree``."""
    bound = _bound(tree, limits)
    return bound is not None and bound < _INT64_SAFE


def roll_arrays(
    tree: Expression,
    times: int,
    roller: RandomRoller,
    text: str,
    limits: RollLimits = DEFAULT_LIMITS,
) -> tuple[Ints, tuple[TermBatch, ...]]:
    """The totals of ``times`` rolls of ``tree`` and each dice term's arrays; a roll
    that would draw more than ``limits.max_dice`` dice refuses the batch, as it would
    refuse the roll."""
    terms: list[TermBatch] = []
    # The dice each roll drew, counted only where explosions and rerolls could pass the limit.
    drawn = np.zeros(times, dtype=np.int64) if _most_dice(tree, limits) > limits.max_dice else None
    totals = _Batch(times, roller, text, limits, terms, drawn).totals(tree)
    if drawn is not None and times and int(drawn.max()) > limits.max_dice:
        raise RollLimitError(
            f"the roll needs more than {limits.max_dice} dice (explosions and rerolls included)",
            field="expression",
        )
    return totals, tuple(terms)


def _bound(tree: Expression, limits: RollLimits) -> int | None:
    """The largest absolute total ``tree`` can reach, or None if it cannot vectorise."""
    if isinstance(tree, Number):
        return abs(tree.value)
    if isinstance(tree, Dice):
        chains = any(isinstance(m, Explode | Reroll) for m in tree.modifiers)
        links = limits.explode_depth + 1 if chains else 1  # dice per die; a compounded die
        if any(isinstance(m, CountSuccesses | CountFailures) for m in tree.modifiers):
            return tree.count * links
        ends = [tree.die.low - 1, tree.die.high]  # a penetrating die counts one less
        ends += [m.value for m in tree.modifiers if isinstance(m, Min | Max)]
        return tree.count * links * links * max(abs(end) for end in ends)
    if isinstance(tree, Negate):
        return _bound(tree.operand, limits)
    if isinstance(tree, Labeled):
        return _bound(tree.expression, limits)
    if isinstance(tree, BinaryOperation):
        left, right = _bound(tree.left, limits), _bound(tree.right, limits)
        if left is None or right is None:
            return None
        if tree.op == "*":
            return left * right
        return left + right if tree.op in "+-" else left
    return None  # groups roll one by one


def _most_dice(tree: Expression, limits: RollLimits) -> int:
    """The most dice one roll of ``tree`` can draw (explosions and rerolls included)."""
    if isinstance(tree, Dice):
        links = (
            limits.explode_depth + 1 if any(isinstance(m, Explode) for m in tree.modifiers) else 1
        )
        reroll = next((m for m in tree.modifiers if isinstance(m, Reroll)), None)
        again = 1 if reroll is None else 2 if reroll.once else 1 + limits.max_rerolls
        return tree.count * links * again
    if isinstance(tree, Negate):
        return _most_dice(tree.operand, limits)
    if isinstance(tree, Labeled):
        return _most_dice(tree.expression, limits)
    if isinstance(tree, BinaryOperation):
        return _most_dice(tree.left, limits) + _most_dice(tree.right, limits)
    return 0


class _Batch:
    """One batch being rolled: where faces come from and the dice each roll drew."""

    def __init__(
        self,
        times: int,
        roller: RandomRoller,
        text: str,
        limits: RollLimits,
        terms: list[TermBatch],
        drawn: Ints | None,
    ) -> None:
        self.times, self.roller, self.text, self.limits = times, roller, text, limits
        self.terms, self.drawn = terms, drawn

    def totals(self, tree: Expression) -> Ints:
        if isinstance(tree, Number):
            return np.full(self.times, tree.value, dtype=np.int64)
        if isinstance(tree, Dice):
            term = self.term(tree)
            self.terms.append(term)
            return term.totals
        if isinstance(tree, Negate):
            return -self.totals(tree.operand)
        if isinstance(tree, Labeled):
            return self.totals(tree.expression)
        assert isinstance(tree, BinaryOperation)
        left = self.totals(tree.left)
        right = self.totals(tree.right)
        if tree.op == "+":
            return left + right
        if tree.op == "-":
            return left - right
        if tree.op == "*":
            return left * right
        if not right.all():
            raise RulesError(
                f"'{self.text}' divides by zero: '{render(tree.right)}' came to 0",
                field="expression",
            )
        return np.floor_divide(left, right)

    def term(self, dice: Dice) -> TermBatch:
        present: NDArray[np.bool_] | None = None
        order: Ints | None = None
        if any(isinstance(m, Explode | Reroll) for m in dice.modifiers):
            chains = roll_chains(dice, self.times, self.roller, self.limits, self.drawn)
            faces, values, present, order = chains
        else:
            shape = (self.times, dice.count)
            faces = self.roller.array(dice.die, shape).astype(np.int64, copy=False)
            values = clamped(dice, faces)
            if self.drawn is not None:
                self.drawn += dice.count
        every = _kept(dice, values, present, order)
        kept = np.broadcast_to(np.True_, values.shape) if every is _ALL else every
        no: NDArray[np.bool_] = np.broadcast_to(np.False_, values.shape)  # read-only view
        success, failure, counting = no, no, False
        for modifier in dice.modifiers:
            if isinstance(modifier, CountSuccesses | CountFailures):
                found = matches(modifier.compare, values)
                if every is not _ALL:
                    found &= kept
                if isinstance(modifier, CountSuccesses):
                    success, counting = found, True
                else:
                    failure, counting = found, True
        if counting:
            totals = np.count_nonzero(success, axis=1).astype(np.int64, copy=False)
            if failure is not no:
                totals -= np.count_nonzero(failure, axis=1)
        elif every is _ALL or every is present:  # every die rolled counts (absent ones: 0)
            totals = values.sum(axis=1, dtype=np.int64)
        else:
            totals = np.where(kept, values, 0).sum(axis=1, dtype=np.int64)
        return TermBatch(dice, faces, values, kept, success, failure, totals, present, order)


def _one_apart(values: Ints, low: int, high: int, width: int) -> NDArray[np.bool_] | None:
    """Keep or drop one die at an end of a fixed pool (``None`` for any other window):
    the highest die is the first of the highest values, the lowest the last of the
    lowest (ties rank in rolling order)."""
    if width < 2:
        return None
    if high - low == 1 and low in (0, width - 1):
        keep_one, highest = True, low == 0
    elif high - low == width - 1:
        keep_one, highest = False, low == 1
    else:
        return None
    last_lowest = width - 1 - np.argmin(values[:, ::-1], axis=1) if not highest else None
    one = np.argmax(values, axis=1) if last_lowest is None else last_lowest
    kept = np.full(values.shape, not keep_one, dtype=np.bool_)
    kept[np.arange(values.shape[0]), one] = keep_one
    return kept


_ALL = np.ones(0, dtype=np.bool_)
"""The marker :func:`_kept` returns when every die is kept (no keep or drop)."""


def _kept(
    dice: Dice, values: Ints, present: NDArray[np.bool_] | None, order: Ints | None
) -> NDArray[np.bool_]:
    """Which dice keep and drop leave in: ranked highest first, ties in rolling order."""
    selection = [m for m in dice.modifiers if isinstance(m, Keep | Drop)]
    if not selection:
        return _ALL if present is None else present
    width = values.shape[1]
    # A unique key per die: its value, then the earlier die first; absent dice rank last.
    if order is None:
        keys = values * width + (width - 1 - np.arange(width, dtype=np.int64))
    else:
        places = int(order.max()) + 1 if order.size else 1
        keys = values * places + (places - 1 - order)
    if present is None:  # a fixed pool: the kept keys lie between two partitions
        low, high = window(selection, width)
        one = _one_apart(values, low, high, width)
        if one is not None:
            return one
        kept = np.full(values.shape, high > low, dtype=np.bool_)
        if low < high < width:
            kept &= keys >= np.partition(keys, width - high, axis=1)[:, width - high, None]
        if 0 < low < high:
            kept &= keys < np.partition(keys, width - low, axis=1)[:, width - low, None]
        return kept
    keys = np.where(present, keys, -_INT64_SAFE)  # negated, still an int64
    counts = present.sum(axis=1)
    ends = np.array([window(selection, n) for n in range(width + 1)], dtype=np.int64)
    lows, highs = ends[counts, 0, None], ends[counts, 1, None]
    rank = np.empty_like(keys)
    np.put_along_axis(
        rank, np.argsort(-keys, axis=1), np.broadcast_to(np.arange(width), keys.shape), axis=1
    )
    return present & (rank >= lows) & (rank < highs)
