"""What a tree must satisfy before it is rolled or given odds.

:func:`validate` is the one check both interpreters run (:mod:`.evaluate` and
:mod:`.odds`). It raises :class:`~tablekeeper.errors.RollLimitError` for what the
:class:`~tablekeeper.dice.limits.RollLimits` refuse or what could never finish: too
many dice in a term or in the whole expression, a die too large, keeping or dropping
fewer than one die, ``mi`` above ``ma``, and an explode or reroll (``r``, not ``ro``)
point that every face matches. It raises :class:`~tablekeeper.errors.InvalidInputError`
for a tree the parser never builds: modifiers out of ``MODIFIER_ORDER`` or repeated, a
failure target without a success target, a group that explodes or rerolls the totals of
several sub-rolls, a modifier kind on both a group of one expression and the dice inside
it, an empty group, a label that cannot be written back.

The group rules, as :mod:`.parse` documents them: a group of several sub-rolls takes
``mi``/``ma`` (clamping each total), keep, drop and success and failure targets; a group
of one expression takes every modifier, acting on each die of the dice terms in it
(:func:`pool_dice`), as long as those terms do not carry a modifier of the same family
(per-die: ``mi ma ! r``; selection and counting: ``k d > f``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.render import render_modifier
from tablekeeper.dice.roller import Die
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    BinaryOperation,
    Compare,
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
    Modifier,
    Negate,
    Reroll,
)
from tablekeeper.errors import InvalidInputError, RollLimitError

__all__ = [
    "PER_DIE",
    "SELECTING",
    "group_problem",
    "label_problem",
    "modifier_problem",
    "pool_dice",
    "validate",
]

PER_DIE = (Min, Max, Explode, Reroll)
"""Modifiers that act on each die alone, as it is rolled."""
SELECTING = (Keep, Drop, CountSuccesses, CountFailures)
"""Modifiers that act on the dice (or sub-rolls) together, once all are rolled."""

_NAMES: dict[type, str] = {
    Min: "minimum",
    Max: "maximum",
    Explode: "explode modifier",
    Reroll: "reroll modifier",
    Keep: "keep modifier",
    Drop: "drop modifier",
    CountSuccesses: "success target",
    CountFailures: "failure target",
}


def validate(tree: Expression, limits: RollLimits) -> None:
    """Raise if ``tree`` must not be rolled under ``limits``; return None if it may."""
    total = 0
    stack: list[Expression] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Dice):
            _check_dice(node, limits)
            total += node.count
        elif isinstance(node, Group):
            _check_group(node, limits)
            stack.extend(node.items)
        elif isinstance(node, Negate):
            stack.append(node.operand)
        elif isinstance(node, BinaryOperation):
            stack.extend((node.right, node.left))
        elif isinstance(node, Labeled):
            problem = label_problem(node.label)
            if problem is not None:
                raise InvalidInputError(problem, field="expression")
            stack.append(node.expression)
    if total > limits.max_dice:
        raise RollLimitError(
            f"the expression rolls {total} dice, more than the limit of {limits.max_dice}",
            field="expression",
        )


def pool_dice(expression: Expression) -> list[Dice]:
    """The dice terms a group of one expression acts on: every one in the expression,
    through operators and labels, but not inside a nested group (that counts as its
    value)."""
    if isinstance(expression, Dice):
        return [expression]
    if isinstance(expression, Negate):
        return pool_dice(expression.operand)
    if isinstance(expression, Labeled):
        return pool_dice(expression.expression)
    if isinstance(expression, BinaryOperation):
        return pool_dice(expression.left) + pool_dice(expression.right)
    return []


def modifier_problem(modifiers: Sequence[Modifier]) -> tuple[Modifier, str] | None:
    """A modifier that cannot stand with the others (a repeated kind, a failure target
    without a success target) and why, or None."""
    seen: dict[type, Modifier] = {}
    for modifier in modifiers:
        kind = type(modifier)
        if kind in seen:
            return modifier, (
                f"'{render_modifier(modifier)}' is a second {_NAMES[kind]} on the same "
                "dice; each kind of modifier may appear once"
            )
        seen[kind] = modifier
    failures = seen.get(CountFailures)
    if failures is not None and CountSuccesses not in seen:
        return failures, (
            f"'{render_modifier(failures)}' counts failures, which needs a success target "
            "before it, as in '6d10>7f1'"
        )
    return None


def group_problem(group: Group) -> tuple[Modifier, str] | None:
    """A modifier the group cannot take (see the module docstring) and why, or None."""
    if len(group.items) > 1:
        for modifier in group.modifiers:
            if isinstance(modifier, Explode | Reroll):
                verb = "explode" if isinstance(modifier, Explode) else "reroll"
                return modifier, (
                    f"'{render_modifier(modifier)}' cannot {verb} the totals of a group of "
                    "several sub-rolls; put it on the dice inside"
                )
        return None
    for family in (PER_DIE, SELECTING):
        outer = [m for m in group.modifiers if isinstance(m, family)]
        if not outer:
            continue
        for dice in pool_dice(group.items[0]) if group.items else []:
            inner = [m for m in dice.modifiers if isinstance(m, family)]
            if inner:
                return outer[0], (
                    f"'{render_modifier(outer[0])}' on the group and "
                    f"'{render_modifier(inner[0])}' on dice inside it: put "
                    f"{_family_words(family)} on the group or on its dice, not both"
                )
    return None


def label_problem(label: str) -> str | None:
    """Why a label cannot be written in notation, or None."""
    if not label or label != label.strip() or "]" in label:
        return (
            f"the label {label!r} cannot be written: a label is some text without ']' "
            "or surrounding spaces"
        )
    return None


def _family_words(family: tuple[type, ...]) -> str:
    if family is PER_DIE:
        return "mi, ma, ! and r"
    return "keep, drop and success counting"


def _check_dice(dice: Dice, limits: RollLimits) -> None:
    if dice.count < 0:
        raise InvalidInputError(f"a dice term cannot roll {dice.count} dice", field="expression")
    if dice.count > limits.max_dice:
        raise RollLimitError(
            f"{dice.count}d{dice.die.sides} rolls more than the limit of {limits.max_dice} dice",
            field="expression",
        )
    if dice.die.sides > limits.max_sides:
        raise RollLimitError(
            f"a d{dice.die.sides} has more sides than the limit of {limits.max_sides}",
            field="expression",
        )
    _check_modifiers(dice.modifiers, [dice.die])


def _check_group(group: Group, limits: RollLimits) -> None:
    if not group.items:
        raise InvalidInputError("a group needs at least one expression", field="expression")
    problem = group_problem(group)
    if problem is not None:
        raise InvalidInputError(problem[1], field="expression")
    pool = pool_dice(group.items[0]) if len(group.items) == 1 else []
    _check_modifiers(group.modifiers, [dice.die for dice in pool])


def _check_modifiers(modifiers: tuple[Modifier, ...], dice: list[Die]) -> None:
    """Checks the modifiers of a term (or group) whose dice are ``dice``."""
    problem = modifier_problem(modifiers)
    if problem is not None:
        raise InvalidInputError(problem[1], field="expression")
    ranks = [MODIFIER_ORDER.index(type(m)) for m in modifiers]
    if ranks != sorted(ranks):
        raise InvalidInputError(
            "modifiers must be stored in MODIFIER_ORDER (min, max, explode, reroll, keep, "
            "drop, successes, failures)",
            field="expression",
        )
    low = high = None
    for modifier in modifiers:
        text = render_modifier(modifier)
        if isinstance(modifier, Keep | Drop) and modifier.count < 1:
            verb = "keep" if isinstance(modifier, Keep) else "drop"
            raise RollLimitError(
                f"'{text}' would {verb} no dice: {verb} at least one", field="expression"
            )
        if isinstance(modifier, Min):
            low = modifier.value
        if isinstance(modifier, Max):
            high = modifier.value
        if isinstance(modifier, Explode):
            for die in dice:
                if _every_face(die, modifier.compare or Compare("=", die.high)):
                    raise RollLimitError(
                        f"'{text}' matches every face of a {die}, so it would explode forever",
                        field="expression",
                    )
        if isinstance(modifier, Reroll) and not modifier.once:
            for die in dice:
                if _every_face(die, modifier.compare or Compare("=", die.low)):
                    raise RollLimitError(
                        f"'{text}' matches every face of a {die}, so it would reroll forever",
                        field="expression",
                    )
    if low is not None and high is not None and low > high:
        raise RollLimitError(
            f"the minimum mi{low} is above the maximum ma{high}", field="expression"
        )


def _every_face(die: Die, compare: Compare) -> bool:
    """Whether every face of ``die`` matches (the faces run from low to high)."""
    op, value = compare.op, compare.value
    if op == "=":
        return die.low == die.high == value
    if op in (">=", ">"):
        return compare.matches(die.low)
    return compare.matches(die.high)
