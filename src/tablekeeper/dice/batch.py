"""Vectorised rolls for simulations: one array of faces per dice term for a whole batch.

Used by :func:`~.evaluate.roll_many` for expressions of dice terms (``mi``/``ma``, keep,
drop, success and failure counting, explosions and rerolls: :mod:`.batch_chains`),
groups (:mod:`.batch_groups`), numbers and ``+ - * /``. The rules are :mod:`.evaluate`'s,
applied to arrays; keep, drop and counting are :mod:`.batch_keep`'s. Faces are drawn as
narrow integers and each term's totals summed column by column (:mod:`.batch_arrays`);
a term's per-die arrays are laid out only when read (:class:`~.batch_results.TermBatch`).
Totals are int64, so an expression that could overflow it is not vectorised.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.batch_arrays import Narrow, draw, row_sums, widened
from tablekeeper.dice.batch_chains import (
    clamped,
    explosions,
    extra_dice,
    extra_totals,
    laid_out,
    roll_chains,
)
from tablekeeper.dice.batch_groups import Extra, group_bound, group_totals, per_die, pushed
from tablekeeper.dice.batch_keep import Judged, judge
from tablekeeper.dice.batch_results import GroupBatch, TermArrays, TermBatch
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.syntax import (
    BinaryOperation,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    Expression,
    Group,
    Keep,
    Labeled,
    Max,
    Min,
    Negate,
    Number,
    Reroll,
)
from tablekeeper.errors import RollLimitError, RulesError

__all__ = ["Batch", "Rolled", "roll_arrays", "vectorisable"]

_INT64_SAFE = 2**62

Ints = NDArray[np.int64]
Mask = NDArray[np.bool_]


def vectorisable(tree: Expression, limits: RollLimits = DEFAULT_LIMITS) -> bool:
    """Whether :func:`roll_arrays` can roll ``tree``."""
    return _shape(tree, limits)[0]


@functools.lru_cache(maxsize=1024)
def _shape(tree: Expression, limits: RollLimits) -> tuple[bool, bool]:
    """Whether ``tree`` vectorises, and whether a roll of it could pass ``max_dice``."""
    bound = _bound(tree, limits, ())
    return bound is not None and bound < _INT64_SAFE, _most_dice(tree, limits, ()) > limits.max_dice


def roll_arrays(
    tree: Expression,
    times: int,
    roller: RandomRoller,
    text: str,
    limits: RollLimits = DEFAULT_LIMITS,
) -> tuple[Ints, tuple[TermBatch, ...], tuple[GroupBatch, ...]]:
    """The totals of ``times`` rolls of ``tree``, each dice term's arrays and each
    group's; a roll that would draw more than ``limits.max_dice`` dice refuses the batch,
    as it would refuse the roll."""
    # The dice each roll drew, counted only where explosions and rerolls could pass the limit.
    drawn = np.zeros(times, dtype=np.int64) if _shape(tree, limits)[1] else None
    rolling = Batch(times, roller, text, limits, drawn)
    totals = rolling.totals(tree)
    if drawn is not None and times and int(drawn.max()) > limits.max_dice:
        raise RollLimitError(
            f"the roll needs more than {limits.max_dice} dice (explosions and rerolls included)",
            field="expression",
        )
    return totals, tuple(rolling.terms), tuple(rolling.groups)


def _bound(tree: Expression, limits: RollLimits, extra: Extra) -> int | None:
    """The largest absolute total ``tree`` can reach, or None if it cannot vectorise."""
    if isinstance(tree, Number):
        return abs(tree.value)
    if isinstance(tree, Dice):
        dice = pushed(tree, extra)
        chains = any(isinstance(m, Explode | Reroll) for m in dice.modifiers)
        links = limits.explode_depth + 1 if chains else 1  # dice per die; a compounded die
        if any(isinstance(m, CountSuccesses | CountFailures) for m in dice.modifiers):
            return dice.count * links
        ends = [dice.die.low - 1, dice.die.high]  # a penetrating die counts one less
        ends += [m.value for m in dice.modifiers if isinstance(m, Min | Max)]
        return dice.count * links * links * max(abs(end) for end in ends)
    if isinstance(tree, Group):
        return group_bound(tree, lambda item, more: _bound(item, limits, more))
    if isinstance(tree, Negate):
        return _bound(tree.operand, limits, extra)
    if isinstance(tree, Labeled):
        return _bound(tree.expression, limits, extra)
    assert isinstance(tree, BinaryOperation)
    left, right = _bound(tree.left, limits, extra), _bound(tree.right, limits, extra)
    if left is None or right is None:
        return None
    if tree.op == "*":
        return left * right
    return left + right if tree.op in "+-" else left


def _most_dice(tree: Expression, limits: RollLimits, extra: Extra) -> int:
    """The most dice one roll of ``tree`` can draw (explosions and rerolls included)."""
    if isinstance(tree, Dice):
        dice = pushed(tree, extra)
        exploding = any(isinstance(m, Explode) for m in dice.modifiers)
        links = limits.explode_depth + 1 if exploding else 1
        reroll = next((m for m in dice.modifiers if isinstance(m, Reroll)), None)
        again = 1 if reroll is None else 2 if reroll.once else 1 + limits.max_rerolls
        return dice.count * links * again
    if isinstance(tree, Group):
        more = per_die(tree)
        return sum(_most_dice(item, limits, more) for item in tree.items)
    if isinstance(tree, Negate):
        return _most_dice(tree.operand, limits, extra)
    if isinstance(tree, Labeled):
        return _most_dice(tree.expression, limits, extra)
    if isinstance(tree, BinaryOperation):
        return _most_dice(tree.left, limits, extra) + _most_dice(tree.right, limits, extra)
    return 0


class Rolled:
    """A dice term's dice rolled for a batch, before keep, drop and counting."""

    __slots__ = ("dice", "faces", "most", "order", "present", "values")

    def __init__(
        self,
        dice: Dice,
        faces: Narrow,
        values: Narrow,
        present: Mask | None,
        order: Ints | None,
        most: int,
    ) -> None:
        self.dice, self.faces, self.values, self.most = dice, faces, values, most
        self.present, self.order = present, order

    def term(self, judged: Judged) -> TermBatch:
        """The term's batch, its dice judged ``judged``; its arrays laid out when read."""
        faces, values, present, order = self.faces, self.values, self.present, self.order

        def lay_out() -> TermArrays:
            no = np.broadcast_to(np.False_, values.shape)  # read-only views
            kept = np.broadcast_to(np.True_, values.shape) if judged.kept is None else judged.kept
            wide = widened(faces)
            return TermArrays(
                wide,
                wide if values is faces else widened(values),
                kept,
                no if judged.success is None else judged.success,
                no if judged.failure is None else judged.failure,
                present,
                order,
            )

        return TermBatch(self.dice, judged.totals, lay_out)


class Batch:
    """One batch being rolled: where faces come from, the dice each roll drew, and the
    terms and groups rolled so far (in rolling order)."""

    def __init__(
        self, times: int, roller: RandomRoller, text: str, limits: RollLimits, drawn: Ints | None
    ) -> None:
        self.times, self.roller, self.text, self.limits = times, roller, text, limits
        self.drawn = drawn
        self.terms: list[TermBatch] = []
        self.groups: list[GroupBatch] = []

    def totals(
        self, tree: Expression, extra: Extra = (), supply: Iterator[Ints] | None = None
    ) -> Ints:
        """Each roll's total of ``tree``; its dice terms pushed ``extra`` by their group,
        or their totals taken from ``supply`` (a group's pool, already judged)."""
        if isinstance(tree, Number):
            return np.full(self.times, tree.value, dtype=np.int64)
        if isinstance(tree, Dice):
            if supply is not None:
                return next(supply)
            term = self.term(pushed(tree, extra))
            self.terms.append(term)
            return term.totals
        if isinstance(tree, Group):
            return group_totals(self, tree)
        if isinstance(tree, Negate):
            return -self.totals(tree.operand, extra, supply)
        if isinstance(tree, Labeled):
            return self.totals(tree.expression, extra, supply)
        assert isinstance(tree, BinaryOperation)
        left = self.operand(tree.left, extra, supply)
        right = self.operand(tree.right, extra, supply)
        if tree.op == "/" and self.times and not np.all(right):
            raise RulesError(
                f"'{self.text}' divides by zero: '{render(tree.right)}' came to 0",
                field="expression",
            )
        totals: Ints = _OPERATIONS[tree.op](left, right)
        return np.broadcast_to(totals, self.times).copy() if np.ndim(totals) == 0 else totals

    def operand(self, tree: Expression, extra: Extra, supply: Iterator[Ints] | None) -> Ints | int:
        """An operand's totals, or a number as it is (NumPy spreads it over the rolls)."""
        if isinstance(tree, Number):
            return tree.value
        return self.totals(tree, extra, supply)

    def term(self, dice: Dice) -> TermBatch:
        explode = next((m for m in dice.modifiers if isinstance(m, Explode)), None)
        plain = not any(isinstance(m, _RANKED) for m in dice.modifiers)
        if explode is not None and explode.mode != "compound" and plain:
            return self.exploded(dice, explode)
        rolled = self.rolled(dice)
        judged = judge(dice.modifiers, rolled.values, rolled.present, rolled.order, rolled.most)
        return rolled.term(judged)

    def rolled(self, dice: Dice) -> Rolled:
        """The term's dice, every one in a column (explosions, rerolls, ``mi``/``ma``)."""
        present: Mask | None = None
        order: Ints | None = None
        if any(isinstance(m, Explode | Reroll) for m in dice.modifiers):
            chains = roll_chains(dice, self.times, self.roller, self.limits, self.drawn)
            faces, values, present, order = chains
        else:
            faces = draw(self.roller, dice.die, (self.times, dice.count))
            values = clamped(dice, faces)
            if self.drawn is not None:
                self.drawn += dice.count
        return Rolled(dice, faces, values, present, order, _largest(dice, self.limits))

    def exploded(self, dice: Dice, explode: Explode) -> TermBatch:
        """A term that only explodes (``!``, ``!p``): its extra dice are totalled from
        flat lists and laid out in columns only when its arrays are read."""
        faces = draw(self.roller, dice.die, (self.times, dice.count))
        values = clamped(dice, faces)
        found = explosions(dice, explode, values, self.roller, self.limits)
        totals = row_sums(values, _largest(dice, self.limits))
        extra = extra_totals(dice, explode, found, self.times)
        if extra is not None:
            totals += extra
        if self.drawn is not None:
            self.drawn += dice.count + extra_dice(dice, found, self.times)
        limits = self.limits

        def lay_out() -> TermArrays:
            all_faces, all_values, present, order = laid_out(
                dice, explode, faces, values, found, limits
            )
            no: Mask = np.broadcast_to(np.False_, all_values.shape)
            return TermArrays(all_faces, all_values, present, no, no, present, order)

        return TermBatch(dice, totals, lay_out)


_OPERATIONS: dict[str, Callable[[Any, Any], Any]] = {
    "+": np.add,
    "-": np.subtract,
    "*": np.multiply,
    "/": np.floor_divide,
}


def _largest(dice: Dice, limits: RollLimits) -> int:
    """The largest absolute value one of the term's dice can hold (a compounded die
    holds a whole chain)."""
    ends = [dice.die.low - 1, dice.die.high]
    ends += [m.value for m in dice.modifiers if isinstance(m, Min | Max)]
    compound = any(isinstance(m, Explode) and m.mode == "compound" for m in dice.modifiers)
    return max(abs(end) for end in ends) * (limits.explode_depth + 1 if compound else 1)


_RANKED = (Keep, Drop, CountSuccesses, CountFailures, Reroll)
"""Modifiers that need every die of a term in a column (rerolls reach the extra dice)."""
