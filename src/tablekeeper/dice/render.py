"""Syntax trees and rolls written out as text.

:func:`render` writes canonical notation, and ``parse(render(tree)) == tree`` for every
tree the grammar can produce. Canonical means: an explicit count (``1d20``, ``1d100`` for
``d%``, ``4dF``), ``kh``/``kl``/``dh``/``dl`` spelled out, ``mi``/``ma``, compare points
with their operator (``r=1``, ``f=1``, ``!=6``; a bare ``!`` or ``r`` when the default
point is meant), modifiers in ``MODIFIER_ORDER``, one space around binary operators and
before a label, ``", "`` between group items, and only the parentheses the tree needs.
Two exceptions keep the round trip exact: a bare ``!`` or ``r`` that a success target
would follow is written after the success and failure targets (``8d10>=7!``, since
``8d10!>=7`` explodes on 7 or more), and a label is parenthesised where the parser would
otherwise read it as labelling the whole expression (``1d8 + (2d6 [fire])``).

:func:`render_roll` writes one plain-text line for a :class:`~.results.Roll`:
``4d6kh3: [6, ~~1~~, 5, 4] = 15``. Each dice term becomes its dice in rolling order,
each die written as its value, marked:

- ``~~6~~`` dropped (by keep or drop), or a dropped sub-roll of a group;
- ``6!`` the die exploded (rolled the next die);
- ``1r 4``: the die showed 1 and was rerolled to 4 (``1r 2r 5`` for several rerolls);
- ``5*`` a success, ``1_`` a failure (and a counted or failed sub-roll of a group);
- ``[1, 2] as 5``: a group's ``mi``/``ma`` took this sub-roll's total as 5;
- ``2(1)`` the value differs from the face shown, which follows in parentheses: a face
  clamped by ``mi``/``ma``, a penetrating die counting one less (``5(6)``) or a
  compounded die (``14(6+6+2)``).

Labels stay in the expression part only; numbers and operators are written as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tablekeeper.dice.syntax import (
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
    Number,
    Reroll,
)

if TYPE_CHECKING:
    from tablekeeper.dice.results import (
        BinaryResult,
        DiceResult,
        DieResult,
        GroupResult,
        LabeledResult,
        NegateResult,
        Result,
        Roll,
    )

__all__ = [
    "count_labels",
    "render",
    "render_compare",
    "render_modifier",
    "render_modifiers",
    "render_roll",
]

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_UNARY = 3
_POSTFIX = 4


def render(tree: Expression) -> str:
    """Canonical notation for ``tree``.

    >>> from tablekeeper.dice.parse import parse
    >>> render(parse("4d6k3 + d20[luck]"))
    '4d6kh3 + 1d20 [luck]'
    """
    return _Writer(breakdown=False).context(tree)


def render_roll(roll: Roll) -> str:
    """One line of plain text: the canonical expression, each term's dice, the total."""
    breakdown = _Writer(breakdown=True).context(roll.tree, roll.result)
    return f"{roll.expression}: {breakdown} = {roll.total}"


def render_compare(compare: Compare) -> str:
    """``>=4``, ``=1``, ``<-1``."""
    return f"{compare.op}{compare.value}"


def render_modifier(modifier: Modifier) -> str:
    """One modifier as written after dice: ``kh3``, ``!>=9``, ``r``, ``>=4``, ``f=1``."""
    if isinstance(modifier, Keep):
        return f"k{modifier.end}{modifier.count}"
    if isinstance(modifier, Drop):
        return f"d{modifier.end}{modifier.count}"
    if isinstance(modifier, Min):
        return f"mi{modifier.value}"
    if isinstance(modifier, Max):
        return f"ma{modifier.value}"
    if isinstance(modifier, Explode):
        mark = {"explode": "!", "compound": "!!", "penetrate": "!p"}[modifier.mode]
        return mark + (render_compare(modifier.compare) if modifier.compare else "")
    if isinstance(modifier, Reroll):
        mark = "ro" if modifier.once else "r"
        return mark + (render_compare(modifier.compare) if modifier.compare else "")
    if isinstance(modifier, CountSuccesses):
        return render_compare(modifier.compare)
    return "f" + render_compare(modifier.compare)


def render_modifiers(modifiers: tuple[Modifier, ...]) -> str:
    """Modifiers in canonical order (see the module docstring for the one exception)."""
    counting: list[Modifier] = []
    others: list[Modifier] = []
    for modifier in modifiers:
        counts = isinstance(modifier, CountSuccesses | CountFailures)
        (counting if counts else others).append(modifier)
    last = others[-1] if others else None
    if counting and isinstance(last, Explode | Reroll) and last.compare is None:
        return "".join(map(render_modifier, counting + others))  # "8d10>=7!", not "8d10!>=7"
    return "".join(map(render_modifier, others + counting))


def count_labels(tree: Expression) -> int:
    """How many labels ``tree`` holds, at any depth."""
    if isinstance(tree, Labeled):
        return 1 + count_labels(tree.expression)
    if isinstance(tree, Negate):
        return count_labels(tree.operand)
    if isinstance(tree, BinaryOperation):
        return count_labels(tree.left) + count_labels(tree.right)
    if isinstance(tree, Group):
        return sum(count_labels(item) for item in tree.items)
    return 0


class _Writer:
    """Writes a tree as notation or, given the tree's results, as a roll's breakdown.

    ``result`` always mirrors ``tree`` (or is None when writing notation)."""

    def __init__(self, breakdown: bool) -> None:
        self.breakdown = breakdown

    def context(self, tree: Expression, result: Result | None = None) -> str:
        """A whole expression, a group item or the inside of parentheses."""
        if isinstance(tree, Labeled) and not self.breakdown and count_labels(tree) == 1:
            # The parser reads a lone label at the end as labelling everything before it.
            return f"{self.node(tree.expression, None, guard=False)} [{tree.label}]"
        return self.node(tree, result, guard=count_labels(tree) == 1)

    def precedence(self, tree: Expression) -> int:
        if isinstance(tree, BinaryOperation):
            return _PRECEDENCE[tree.op]
        if isinstance(tree, Negate) or (isinstance(tree, Number) and tree.value < 0):
            return _UNARY
        if isinstance(tree, Labeled) and self.breakdown:
            return self.precedence(tree.expression)
        return _POSTFIX

    def node(self, tree: Expression, result: Result | None, guard: bool) -> str:
        """``guard``: this node ends its context, whose only label must not end it."""
        if isinstance(tree, Labeled):
            inner = cast("LabeledResult", result).result if self.breakdown else None
            if self.breakdown:
                return self.node(tree.expression, inner, guard)
            if guard:
                return f"({self.context(tree)})"
            return f"{self.operand(tree.expression, None, _POSTFIX, False)} [{tree.label}]"
        if isinstance(tree, Number):
            return str(tree.value)
        if isinstance(tree, Dice):
            if self.breakdown:
                return _dice_text(cast("DiceResult", result).dice)
            die = "F" if tree.die.fate else str(tree.die.sides)
            return f"{tree.count}d{die}{render_modifiers(tree.modifiers)}"
        if isinstance(tree, Group):
            return self.group(tree, cast("GroupResult | None", result))
        if isinstance(tree, Negate):
            if isinstance(tree.operand, Number) and tree.operand.value >= 0:
                return f"-({tree.operand.value})"
            operand = cast("NegateResult", result).operand if self.breakdown else None
            return "-" + self.operand(tree.operand, operand, _UNARY, guard)
        pair = cast("BinaryResult", result)
        left = pair.left if self.breakdown else None
        right = pair.right if self.breakdown else None
        precedence = _PRECEDENCE[tree.op]
        left_text = self.operand(tree.left, left, precedence, False)
        right_text = self.operand(tree.right, right, precedence + 1, guard)
        return f"{left_text} {tree.op} {right_text}"

    def operand(self, tree: Expression, result: Result | None, needed: int, guard: bool) -> str:
        if self.precedence(tree) < needed:
            return f"({self.context(tree, result)})"
        return self.node(tree, result, guard)

    def group(self, tree: Group, result: GroupResult | None) -> str:
        if result is None:
            items = ", ".join(self.context(item) for item in tree.items)
            return "{" + items + "}" + render_modifiers(tree.modifiers)
        texts = []
        for item, sub in zip(tree.items, result.items, strict=True):
            text = self.context(item, sub.result)
            text += f" as {sub.value}" if sub.clamped else ""
            text += "*" if sub.success else "_" if sub.failure else ""
            texts.append(text if sub.kept else f"~~{text}~~")
        return "{" + ", ".join(texts) + "}"


def _dice_text(dice: tuple[DieResult, ...]) -> str:
    return "[" + ", ".join(map(_die_text, dice)) + "]"


def _die_text(die: DieResult) -> str:
    text = str(die.value)
    if die.compounded:
        text += "(" + "+".join(map(str, (die.face, *die.compounded))) + ")"
    elif die.value != die.face:
        text += f"({die.face})"
    text = "".join(f"{face}r " for face in die.rerolled) + text
    if die.exploded:
        text += "!"
    if die.success:
        text += "*"
    elif die.failure:
        text += "_"
    return text if die.kept else f"~~{text}~~"
