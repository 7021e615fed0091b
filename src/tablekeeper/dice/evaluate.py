"""Rolling a dice expression: a syntax tree and a roller in, a result tree out.

Semantics, per dice term (the modifiers apply in ``MODIFIER_ORDER``, as
``@dice-roller/rpg-dice-roller`` applies them; :mod:`.chains` gives odds for the same):

1. ``mi``/``ma`` clamp the face each die first shows.
2. ``!`` rolls another die while the last one matches the explode point (the clamped
   value for the first die, the face for added dice; default: the highest face), at most
   ``limits.explode_depth`` times per die, silently. Each added die is a die of its own;
   ``!p`` dice count one less than their face; ``!!`` adds the new faces to the die that
   exploded, which stays one die.
3. ``r`` rerolls each die (added dice included; a compounded die as a whole) while its
   value matches the reroll point (default: the lowest face), refusing with
   :class:`~tablekeeper.errors.RollLimitError` after ``limits.max_rerolls`` rerolls of one
   die; ``ro`` rerolls at most once. The new face is the die's value, unclamped, and it
   does not explode.
4. Keep then drop, each on the dice still kept, ranking dice by value, highest first,
   ties in rolling order (:func:`~.selection.window`): ``4d6kh3dl1`` keeps the second
   and third highest.
5. A kept die matching the success target scores +1, the failure target -1 (both: 0);
   a term that counts successes is worth its score, any other term the sum of its kept
   dice's values. Dropped dice count for nothing.

A group of one expression pushes ``mi ma ! r`` down to each of its dice terms and applies
keep, drop and counting to all those dice as one pool; its value is then the expression
computed with each term's value. A group of several sub-rolls clamps, keeps, drops and
counts the sub-roll totals; its value is the sum (or the count) of those kept.

Draw order, which :class:`~.roller.FixedRoller` playback follows: left to right through
the expression; within a term, die by die: a die's face, then each die its explosions
add (each right after the die that exploded), then its rerolls (for the dice of its
chain in order, each reroll right after the face it replaces); then the next die. A term
with neither explosions nor rerolls draws all its dice with one ``roll_many``, which is
the same order. Every face counts towards ``limits.max_dice`` for the whole expression.

:func:`roll_many` rolls one expression many times; for dice terms (keep, drop, counting,
``mi``/``ma``, explosions and rerolls) and groups with a :class:`~.roller.RandomRoller`
it draws whole arrays at once (faces not recorded in the roller's history; explosions
and rerolls drawn in another order than one by one: :mod:`.batch_chains`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice import batch
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.results import (
    BinaryResult,
    DiceResult,
    DieResult,
    Flag,
    GroupResult,
    LabeledResult,
    NegateResult,
    NumberResult,
    Result,
    Roll,
    RollBatch,
    SubRoll,
)
from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Dice,
    Expression,
    Group,
    Labeled,
    Modifier,
    Negate,
    Number,
)
from tablekeeper.dice.terms import CLAMPED, Context, DicePlan, Leaf, Scorer
from tablekeeper.dice.validate import PER_DIE, validate
from tablekeeper.errors import InvalidInputError, RulesError

__all__ = ["roll", "roll_many"]


def roll(
    expression: str | Expression,
    roller: Roller | None = None,
    limits: RollLimits = DEFAULT_LIMITS,
) -> Roll:
    """Roll ``expression`` (notation or a tree) with ``roller`` (default: a fresh
    RandomRoller), refusing with RollLimitError what ``limits`` do not allow.

    >>> from tablekeeper.dice.roller import FixedRoller
    >>> roll("4d6k3", FixedRoller([6, 1, 5, 4])).total
    15
    """
    plan = _prepare(expression, limits)
    context = Context(RandomRoller() if roller is None else roller, limits)
    return Roll(plan.expression, plan.root.run(context))


def roll_many(
    expression: str | Expression,
    times: int,
    roller: Roller | None = None,
    limits: RollLimits = DEFAULT_LIMITS,
) -> RollBatch:
    """Roll ``expression`` ``times`` times: vectorised where it can be (see the module
    docstring), else one :func:`roll` after another, each kept whole."""
    if times < 0:
        raise InvalidInputError(f"cannot roll {times} times", field="times")
    plan = _prepare(expression, limits)
    roller = RandomRoller() if roller is None else roller
    if isinstance(roller, RandomRoller) and batch.vectorisable(plan.tree, limits):
        totals, terms, groups = batch.roll_arrays(plan.tree, times, roller, plan.expression, limits)
        return RollBatch(plan.expression, plan.tree, totals, terms, (), groups)
    root = plan.root
    rolls = tuple(Roll(plan.expression, root.run(Context(roller, limits))) for _ in range(times))
    return RollBatch(plan.expression, plan.tree, _array([r.total for r in rolls]), (), rolls)


def _array(totals: list[int]) -> NDArray[Any]:
    """int64 where the totals fit, Python ints otherwise."""
    try:
        return np.array(totals, dtype=np.int64)
    except OverflowError:
        return np.array(totals, dtype=object)


class _Prepared:
    """An expression parsed, validated and compiled once for many rolls."""

    __slots__ = ("expression", "root", "tree")

    def __init__(self, tree: Expression, limits: RollLimits) -> None:
        validate(tree, limits)
        self.tree = tree
        self.expression = render(tree)
        self.root = _compile(tree, (), self.expression)


@functools.lru_cache(maxsize=1024)
def _prepare(expression: str | Expression, limits: RollLimits) -> _Prepared:
    tree = parse(expression) if isinstance(expression, str) else expression
    return _Prepared(tree, limits)


def _compile(node: Expression, extra: tuple[Modifier, ...], text: str) -> _AnyPlan:
    """The plan for ``node``; ``extra``: per-die modifiers pushed down by a group."""
    if isinstance(node, Number):
        return _NumberPlan(node)
    if isinstance(node, Dice):
        return DicePlan(node, extra)
    if isinstance(node, Group):
        return _GroupPlan(node, text)
    if isinstance(node, Negate):
        return _NegatePlan(node, _compile(node.operand, extra, text))
    if isinstance(node, Labeled):
        return _LabeledPlan(node, _compile(node.expression, extra, text))
    left = _compile(node.left, extra, text)
    return _BinaryPlan(node, left, _compile(node.right, extra, text), text)


class _NumberPlan:
    __slots__ = ("result",)

    def __init__(self, node: Number) -> None:
        self.result = NumberResult(node, node.value)

    def run(self, context: Context) -> Result:
        return self.result

    def draw(self, context: Context, leaves: list[Result]) -> None:
        pass

    def build(self, leaves: Iterator[Result]) -> Result:
        return self.result


class _Branch:
    """A plan computed from its children: rolled by ``draw`` then ``build``."""

    __slots__ = ()

    def run(self, context: Context) -> Result:
        leaves: list[Result] = []
        self.draw(context, leaves)
        return self.build(iter(leaves))

    def draw(self, context: Context, leaves: list[Result]) -> None:
        raise NotImplementedError

    def build(self, leaves: Iterator[Result]) -> Result:
        raise NotImplementedError


class _NegatePlan(_Branch):
    __slots__ = ("node", "operand")

    def __init__(self, node: Negate, operand: _AnyPlan) -> None:
        self.node, self.operand = node, operand

    def draw(self, context: Context, leaves: list[Result]) -> None:
        self.operand.draw(context, leaves)

    def build(self, leaves: Iterator[Result]) -> Result:
        operand = self.operand.build(leaves)
        return NegateResult(self.node, operand, -operand.value)


class _LabeledPlan(_Branch):
    __slots__ = ("inner", "node")

    def __init__(self, node: Labeled, inner: _AnyPlan) -> None:
        self.node, self.inner = node, inner

    def draw(self, context: Context, leaves: list[Result]) -> None:
        self.inner.draw(context, leaves)

    def build(self, leaves: Iterator[Result]) -> Result:
        inner = self.inner.build(leaves)
        return LabeledResult(self.node, inner, inner.value)


class _BinaryPlan(_Branch):
    __slots__ = ("left", "node", "right", "text")

    def __init__(self, node: BinaryOperation, left: _AnyPlan, right: _AnyPlan, text: str) -> None:
        self.node, self.left, self.right, self.text = node, left, right, text

    def draw(self, context: Context, leaves: list[Result]) -> None:
        self.left.draw(context, leaves)
        self.right.draw(context, leaves)

    def build(self, leaves: Iterator[Result]) -> Result:
        left = self.left.build(leaves)
        right = self.right.build(leaves)
        return BinaryResult(
            self.node, left, right, _combine(self.node, left.value, right.value, self.text)
        )


def _combine(node: BinaryOperation, left: int, right: int, text: str) -> int:
    """``left op right`` for ``node`` in the expression ``text`` (``/`` floors)."""
    op = node.op
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if right == 0:
        raise RulesError(
            f"'{text}' divides by zero: '{render(node.right)}' came to 0", field="expression"
        )
    return left // right


class _GroupPlan(Leaf):
    __slots__ = ("items", "node", "scorer")

    def __init__(self, node: Group, text: str) -> None:
        self.node = node
        self.scorer = Scorer(node.modifiers)
        per_die = tuple(m for m in node.modifiers if isinstance(m, PER_DIE))
        self.items: tuple[_AnyPlan, ...]
        if len(node.items) == 1:  # mi, ma, ! and r act on each die of the expression
            self.items = (_compile(node.items[0], per_die, text),)
        else:
            self.items = tuple(_compile(item, (), text) for item in node.items)

    def run(self, context: Context) -> GroupResult:
        if len(self.items) == 1:
            plan = self.items[0]
            if not self.scorer.selects:
                result = plan.run(context)
            else:
                leaves: list[Result] = []
                plan.draw(context, leaves)
                result = plan.build(iter(self.pool(leaves)))
            return GroupResult(self.node, (SubRoll(result, result.value),), result.value)
        scorer = self.scorer
        results = [plan.run(context) for plan in self.items]
        values = [scorer.clamp(result.value) for result in results]
        dropped = scorer.dropped(values)
        items: list[SubRoll] = []
        total = 0
        for index, (result, value) in enumerate(zip(results, values, strict=True)):
            clamped = CLAMPED if value != result.value else 0
            flags, score = scorer.judge(value, clamped, index in dropped)
            items.append(SubRoll(result, value, Flag(flags)))
            total += score
        return GroupResult(self.node, tuple(items), total)

    def pool(self, leaves: list[Result]) -> list[Result]:
        """Keep, drop and count every die of the expression's dice terms as one pool."""
        terms = [leaf for leaf in leaves if isinstance(leaf, DiceResult)]
        dropped = self.scorer.dropped([die.value for term in terms for die in term.dice])
        index = 0
        pooled: list[Result] = []
        for leaf in leaves:
            if not isinstance(leaf, DiceResult):
                pooled.append(leaf)
                continue
            dice: list[DieResult] = []
            total = 0
            for die in leaf.dice:
                flags, score = self.scorer.judge(die.value, int(die.flags), index in dropped)
                dice.append(
                    DieResult(
                        die.die, die.face, die.value, Flag(flags), die.rerolled, die.compounded
                    )
                )
                total += score
                index += 1
            pooled.append(DiceResult(leaf.node, tuple(dice), total))
        return pooled


_AnyPlan = _NumberPlan | DicePlan | _GroupPlan | _NegatePlan | _BinaryPlan | _LabeledPlan
