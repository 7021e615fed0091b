"""The parsed form of a dice expression: an immutable tree.

``parse`` (``parse.py``) builds it from notation, ``render`` (``render.py``) writes it
back as canonical notation (``parse(render(tree)) == tree``), ``evaluate``
(``evaluate.py``) rolls it into a result tree and ``odds`` (``odds.py``) turns it into an
exact distribution. One tree, every interpreter.

Modifiers on a dice term (or a group) are applied in one fixed order, whatever order
they were typed in, as ``@dice-roller/rpg-dice-roller`` does: min, max, explode, reroll,
keep, drop, count successes, count failures. ``MODIFIER_ORDER`` states it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from tablekeeper.dice.roller import Die

CompareOp: TypeAlias = Literal["=", "<", ">", "<=", ">="]
BinaryOp: TypeAlias = Literal["+", "-", "*", "/"]


@dataclass(frozen=True, slots=True)
class Compare:
    """A compare point such as ``>=4`` or ``=1``: which faces (or totals) match."""

    op: CompareOp
    value: int

    def matches(self, number: int) -> bool:
        """Whether ``number`` satisfies the compare point."""
        op, value = self.op, self.value
        if op == ">=":
            return number >= value
        if op == ">":
            return number > value
        if op == "<=":
            return number <= value
        if op == "<":
            return number < value
        return number == value


@dataclass(frozen=True, slots=True)
class Min:
    """``mi2`` / ``min2``: a face below the value counts as the value."""

    value: int


@dataclass(frozen=True, slots=True)
class Max:
    """``ma5`` / ``max5``: a face above the value counts as the value."""

    value: int


ExplodeMode: TypeAlias = Literal["explode", "compound", "penetrate"]


@dataclass(frozen=True, slots=True)
class Explode:
    """``!`` (each explosion is a new die), ``!!`` (compounding: added to the die that
    exploded) or ``!p`` (penetrating: each extra die counts one less). Without a compare
    point a die explodes on its highest face."""

    mode: ExplodeMode = "explode"
    compare: Compare | None = None


@dataclass(frozen=True, slots=True)
class Reroll:
    """``r1`` / ``r=1`` / ``r<2`` rerolls until the face no longer matches; ``ro<2``
    rerolls once and keeps the second face. Without a compare point: the lowest face."""

    once: bool = False
    compare: Compare | None = None


@dataclass(frozen=True, slots=True)
class Keep:
    """``kh3`` / ``k3`` keeps the highest three, ``kl1`` the lowest one."""

    end: Literal["h", "l"]
    count: int


@dataclass(frozen=True, slots=True)
class Drop:
    """``dl1`` / ``d1`` drops the lowest one, ``dh1`` the highest one."""

    end: Literal["h", "l"]
    count: int


@dataclass(frozen=True, slots=True)
class CountSuccesses:
    """``>=4`` after dice: the term's value is the number of dice (or, on a group of
    several sub-rolls, of sub-roll totals) that match."""

    compare: Compare


@dataclass(frozen=True, slots=True)
class CountFailures:
    """``f1`` / ``f=1`` / ``f<2`` after a success target: each match subtracts one."""

    compare: Compare


Modifier: TypeAlias = Min | Max | Explode | Reroll | Keep | Drop | CountSuccesses | CountFailures

MODIFIER_ORDER: tuple[type, ...] = (
    Min,
    Max,
    Explode,
    Reroll,
    Keep,
    Drop,
    CountSuccesses,
    CountFailures,
)


@dataclass(frozen=True, slots=True)
class Number:
    """An integer constant."""

    value: int


@dataclass(frozen=True, slots=True)
class Dice:
    """``NdS`` with its modifiers (in ``MODIFIER_ORDER``): ``4d6kh3``, ``8d8>=4``, ``dF``."""

    count: int
    die: Die
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    """``{a, b, ...}`` with modifiers. With one sub-expression the modifiers act on its
    dice (``{4d6+3d8}k4`` keeps four of the seven dice); with several they act on the
    sub-roll totals (``{2d8,1d6}>=5`` counts the sub-rolls that reach 5)."""

    items: tuple[Expression, ...]
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Expression


@dataclass(frozen=True, slots=True)
class BinaryOperation:
    """``a + b``, ``a - b``, ``a * b``, ``a / b`` (``/`` is integer division, rounding
    toward negative infinity as Python's ``//`` does)."""

    op: BinaryOp
    left: Expression
    right: Expression


@dataclass(frozen=True, slots=True)
class Labeled:
    """A term with a label: ``1d20+5 [to hit]``, ``2d6[fire]``."""

    expression: Expression
    label: str


Expression: TypeAlias = Number | Dice | Group | Negate | BinaryOperation | Labeled
