"""Vectorised rolls for simulations: one array of faces per dice term for a whole batch.

Used by :func:`~.evaluate.roll_many` for expressions of plain dice terms (``mi``/``ma``,
keep, drop, success and failure counting; no groups, explosions or rerolls), numbers and
``+ - * /``. The rules are :mod:`.evaluate`'s, applied to arrays: keep and drop rank the
dice of each roll highest first with ties in rolling order (a stable sort), through the
same :func:`~.selection.window`. Totals are int64, so an expression that could overflow
it is not vectorised.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.render import render
from tablekeeper.dice.results import TermBatch
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.selection import window
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
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
from tablekeeper.errors import RulesError

__all__ = ["roll_arrays", "vectorisable"]

_INT64_SAFE = 2**62

Ints = NDArray[np.int64]


def vectorisable(tree: Expression) -> bool:
    """Whether :func:`roll_arrays` can roll ``tree``."""
    bound = _bound(tree)
    return bound is not None and bound < _INT64_SAFE


def roll_arrays(
    tree: Expression, times: int, roller: RandomRoller, text: str
) -> tuple[Ints, tuple[TermBatch, ...]]:
    """The totals of ``times`` rolls of ``tree`` and each dice term's arrays."""
    terms: list[TermBatch] = []
    totals = _totals(tree, times, roller, text, terms)
    return totals, tuple(terms)


def _bound(tree: Expression) -> int | None:
    """The largest absolute total ``tree`` can reach, or None if it cannot vectorise."""
    if isinstance(tree, Number):
        return abs(tree.value)
    if isinstance(tree, Dice):
        if any(isinstance(m, Explode | Reroll) for m in tree.modifiers):
            return None
        if any(isinstance(m, CountSuccesses | CountFailures) for m in tree.modifiers):
            return tree.count
        ends = [tree.die.low, tree.die.high]
        ends += [m.value for m in tree.modifiers if isinstance(m, Min | Max)]
        return tree.count * max(abs(end) for end in ends)
    if isinstance(tree, Negate):
        return _bound(tree.operand)
    if isinstance(tree, Labeled):
        return _bound(tree.expression)
    if isinstance(tree, BinaryOperation):
        left, right = _bound(tree.left), _bound(tree.right)
        if left is None or right is None:
            return None
        if tree.op == "*":
            return left * right
        return left + right if tree.op in "+-" else left
    return None  # groups roll one by one


def _totals(
    tree: Expression, times: int, roller: RandomRoller, text: str, terms: list[TermBatch]
) -> Ints:
    if isinstance(tree, Number):
        return np.full(times, tree.value, dtype=np.int64)
    if isinstance(tree, Dice):
        term = _term(tree, times, roller)
        terms.append(term)
        return term.totals
    if isinstance(tree, Negate):
        return -_totals(tree.operand, times, roller, text, terms)
    if isinstance(tree, Labeled):
        return _totals(tree.expression, times, roller, text, terms)
    assert isinstance(tree, BinaryOperation)
    left = _totals(tree.left, times, roller, text, terms)
    right = _totals(tree.right, times, roller, text, terms)
    if tree.op == "+":
        return left + right
    if tree.op == "-":
        return left - right
    if tree.op == "*":
        return left * right
    if not right.all():
        raise RulesError(
            f"'{text}' divides by zero: '{render(tree.right)}' came to 0", field="expression"
        )
    return np.floor_divide(left, right)


def _term(dice: Dice, times: int, roller: RandomRoller) -> TermBatch:
    shape = (times, dice.count)
    faces = roller.array(dice.die, shape).astype(np.int64, copy=False)
    values = faces
    for modifier in dice.modifiers:
        if isinstance(modifier, Min):
            values = np.maximum(values, modifier.value)
        elif isinstance(modifier, Max):
            values = np.minimum(values, modifier.value)
    selection = [m for m in dice.modifiers if isinstance(m, Keep | Drop)]
    kept = np.ones(shape, dtype=np.bool_)
    if selection:
        low, high = window(selection, dice.count)
        by_rank = np.zeros(dice.count, dtype=np.bool_)
        by_rank[low:high] = True
        order = np.argsort(-values, axis=1, kind="stable")
        np.put_along_axis(kept, order, np.broadcast_to(by_rank, shape), axis=1)
    success = np.zeros(shape, dtype=np.bool_)
    failure = np.zeros(shape, dtype=np.bool_)
    counting = False
    for modifier in dice.modifiers:
        if isinstance(modifier, CountSuccesses):
            success, counting = kept & _matches(modifier.compare, values), True
        elif isinstance(modifier, CountFailures):
            failure, counting = kept & _matches(modifier.compare, values), True
    if counting:
        totals = success.sum(axis=1, dtype=np.int64) - failure.sum(axis=1, dtype=np.int64)
    else:
        totals = np.where(kept, values, 0).sum(axis=1, dtype=np.int64)
    return TermBatch(dice, faces, values, kept, success, failure, totals)


def _matches(compare: Compare, values: Ints) -> NDArray[np.bool_]:
    op, value = compare.op, compare.value
    if op == ">=":
        matches = values >= value
    elif op == ">":
        matches = values > value
    elif op == "<=":
        matches = values <= value
    elif op == "<":
        matches = values < value
    else:
        matches = values == value
    return np.asarray(matches, dtype=np.bool_)
