"""What a roll produced: an immutable result tree that mirrors the syntax tree.

Each result node holds the syntax node it rolled and its ``value``; a dice term holds
one :class:`DieResult` per die, in rolling order (a die, then the dice its explosions
added); a group holds its sub-rolls with what the group's modifiers made of them. Every
interface renders this tree its own way (:func:`~.render.render_roll` for one line of
text, :func:`~.documents.roll_document` for JSON); nothing here is text for people.

A die's ``value`` is what keep, drop and compare points look at: its face, clamped by
``mi``/``ma``, one less for a penetrating die, the sum of a compounded die's faces. What
a kept die adds to its term is its value, or when the term counts successes ``+1`` for
a success, ``-1`` for a failure (both: 0); a dropped die adds nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from tablekeeper.dice.batch_results import GroupBatch, TermBatch
from tablekeeper.dice.roller import Die
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Dice,
    Expression,
    Group,
    Labeled,
    Negate,
    Number,
)

if TYPE_CHECKING:  # a batch's arrays are NumPy's; exact odds never import it
    from numpy.typing import NDArray

__all__ = [
    "BinaryResult",
    "DiceResult",
    "DieResult",
    "Flag",
    "GroupBatch",
    "GroupResult",
    "LabeledResult",
    "NegateResult",
    "NumberResult",
    "Result",
    "Roll",
    "RollBatch",
    "SubRoll",
    "TermBatch",
    "iter_dice",
]


class Flag(enum.IntFlag):
    """What happened to a die; a group's sub-roll uses ``DROPPED``, ``CLAMPED``,
    ``SUCCESS`` and ``FAILURE``."""

    NONE = 0
    """Nothing happened: a die rolled, kept and counted as it fell."""
    DROPPED = 1
    """Not counted: dropped by keep or drop."""
    EXPLODED = 2
    """Caused an explosion: the next die (or compounded face) was rolled because of it."""
    FROM_EXPLOSION = 4
    """Rolled because the die before it exploded (``!`` and ``!p``)."""
    CLAMPED = 8
    """``mi`` or ``ma`` changed the face it counts as."""
    SUCCESS = 16
    """Matched the success target (only kept dice and sub-rolls are counted)."""
    FAILURE = 32
    """Matched the failure target."""
    PENETRATED = 64
    """A penetrating die (``!p``): counts one less than its face."""


@dataclass(frozen=True, slots=True)
class DieResult:
    """One die: the face it shows, what it counts as, and what happened to it.

    ``rerolled`` lists the faces it showed before each reroll replaced it, oldest first;
    ``compounded`` the faces a compounding die (``!!``) added to ``face``.
    """

    die: Die
    face: int
    value: int
    flags: Flag = Flag.NONE
    rerolled: tuple[int, ...] = ()
    compounded: tuple[int, ...] = ()

    @property
    def kept(self) -> bool:
        """Counted in its term's value (not dropped)."""
        return not self.flags & Flag.DROPPED

    @property
    def exploded(self) -> bool:
        """Caused an explosion."""
        return bool(self.flags & Flag.EXPLODED)

    @property
    def from_explosion(self) -> bool:
        """Rolled because the die before it exploded."""
        return bool(self.flags & Flag.FROM_EXPLOSION)

    @property
    def clamped(self) -> bool:
        """Its face was raised by ``mi`` or lowered by ``ma``."""
        return bool(self.flags & Flag.CLAMPED)

    @property
    def success(self) -> bool:
        """Counted as a success."""
        return bool(self.flags & Flag.SUCCESS)

    @property
    def failure(self) -> bool:
        """Counted as a failure."""
        return bool(self.flags & Flag.FAILURE)

    @property
    def penetrated(self) -> bool:
        """A penetrating die, counting one less than its face."""
        return bool(self.flags & Flag.PENETRATED)

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face rolled for this die, in the order they were rolled."""
        return (*self.rerolled, self.face, *self.compounded)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the die's name, faces, value and every flag as a boolean."""
        return {
            "die": str(self.die),
            "face": self.face,
            "value": self.value,
            "kept": self.kept,
            "exploded": self.exploded,
            "from_explosion": self.from_explosion,
            "rerolled": list(self.rerolled),
            "clamped": self.clamped,
            "success": self.success,
            "failure": self.failure,
            "compounded": list(self.compounded),
            "penetrated": self.penetrated,
        }


@dataclass(frozen=True, slots=True)
class NumberResult:
    """A constant."""

    node: Number
    value: int


@dataclass(frozen=True, slots=True)
class DiceResult:
    """A dice term: its dice in rolling order and the value they add up to."""

    node: Dice
    dice: tuple[DieResult, ...]
    value: int


@dataclass(frozen=True, slots=True)
class SubRoll:
    """One sub-roll of a group: its result, the value the group took it as (its total,
    clamped by the group's ``mi``/``ma``), and what the group's modifiers made of it."""

    result: Result
    value: int
    flags: Flag = Flag.NONE

    @property
    def kept(self) -> bool:
        """Counted in the group's value."""
        return not self.flags & Flag.DROPPED

    @property
    def clamped(self) -> bool:
        """The group's ``mi`` or ``ma`` changed its total."""
        return bool(self.flags & Flag.CLAMPED)

    @property
    def success(self) -> bool:
        """Its value matched the group's success target."""
        return bool(self.flags & Flag.SUCCESS)

    @property
    def failure(self) -> bool:
        """Its value matched the group's failure target."""
        return bool(self.flags & Flag.FAILURE)


@dataclass(frozen=True, slots=True)
class GroupResult:
    """A group: each sub-roll (with its flags) and the group's value.

    In a group of one expression the modifiers act on its dice, so the flags are on the
    dice inside and the one sub-roll is plainly kept."""

    node: Group
    items: tuple[SubRoll, ...]
    value: int


@dataclass(frozen=True, slots=True)
class NegateResult:
    """Unary minus."""

    node: Negate
    operand: Result
    value: int


@dataclass(frozen=True, slots=True)
class BinaryResult:
    """``+ - * /`` of two results."""

    node: BinaryOperation
    left: Result
    right: Result
    value: int


@dataclass(frozen=True, slots=True)
class LabeledResult:
    """A labeled term; the label is ``node.label``."""

    node: Labeled
    result: Result
    value: int


Result: TypeAlias = (
    NumberResult | DiceResult | GroupResult | NegateResult | BinaryResult | LabeledResult
)


def iter_dice(result: Result) -> Iterator[DieResult]:
    """Every die under ``result``, in rolling order."""
    if isinstance(result, DiceResult):
        yield from result.dice
    elif isinstance(result, GroupResult):
        for item in result.items:
            yield from iter_dice(item.result)
    elif isinstance(result, NegateResult):
        yield from iter_dice(result.operand)
    elif isinstance(result, BinaryResult):
        yield from iter_dice(result.left)
        yield from iter_dice(result.right)
    elif isinstance(result, LabeledResult):
        yield from iter_dice(result.result)


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled expression: its canonical notation and the whole result tree.

    ``total`` is the root's value (a success count for success-counting expressions);
    ``label`` the label of the whole expression, if it has one."""

    expression: str
    result: Result

    @property
    def tree(self) -> Expression:
        """The syntax tree that was rolled."""
        return self.result.node

    @property
    def total(self) -> int:
        """What the whole expression came to."""
        return self.result.value

    @property
    def label(self) -> str | None:
        """The whole expression's label (``1d20+5 [to hit]``), or None."""
        node = self.result.node
        return node.label if isinstance(node, Labeled) else None

    @property
    def dice(self) -> tuple[DieResult, ...]:
        """Every die rolled, in rolling order."""
        return tuple(iter_dice(self.result))


@dataclass(frozen=True, slots=True, eq=False)
class RollBatch:
    """One expression rolled many times (:func:`~.evaluate.roll_many`).

    Vectorised, ``terms`` holds each dice term's arrays, in rolling order (the dice
    terms a group pushes ``mi ma ! r`` down to carry those modifiers), ``groups`` each
    group's (inner groups first), and ``rolls`` is empty; otherwise ``rolls`` holds
    every :class:`Roll` whole and ``terms`` and ``groups`` are empty. ``totals`` has one
    total per roll either way."""

    expression: str
    tree: Expression
    totals: NDArray[Any]
    terms: tuple[TermBatch, ...]
    rolls: tuple[Roll, ...]
    groups: tuple[GroupBatch, ...] = ()

    def __len__(self) -> int:
        return len(self.totals)
