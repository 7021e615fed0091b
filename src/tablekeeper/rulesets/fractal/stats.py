"""The eight stats as dice, and the die ladder (document 000, F-CORE-01, F-CORE-02).

Every character has eight stats, each a die with a size: Body, People, Words, Logic,
Nature, Meditation, Visual, Auditory ("NPCs do not need all 8 Stats", F-GM-01). Several
formulas read "the maximum value" of a stat die, its highest face: a d8's is 8. A die is
reduced or restored one size at a time along the ladder d4 < d6 < d8 < d10 < d12, and
below d4 it is zero: the Lethal tag's "any stat die to zero" (F-COND-19, G-F-35).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeAlias


class Stat(StrEnum):
    """The eight stats (F-CORE-01), in the document's order."""

    BODY = "body"
    PEOPLE = "people"
    WORDS = "words"
    LOGIC = "logic"
    NATURE = "nature"
    MEDITATION = "meditation"
    VISUAL = "visual"
    AUDITORY = "auditory"


STATS: tuple[Stat, ...] = tuple(Stat)
"""Every stat, in the document's order."""

DieSize: TypeAlias = Literal[4, 6, 8, 10, 12]
"""A stat die's size: the d4-d12 ladder."""

LADDER: tuple[int, ...] = (0, 4, 6, 8, 10, 12)
"""The die ladder from zero (a stat reduced below d4) to d12, one size a step."""

SMALLEST, LARGEST = 4, 12

_RUNG = {size: index for index, size in enumerate(LADDER)}
"""Each size's place on the ladder."""


def step(size: int, steps: int) -> int:
    """The die ``steps`` sizes up (positive) or down (negative) the ladder from ``size``,
    never past d12 nor below zero (F-CORE-02).

    >>> step(8, -1), step(4, -1), step(4, -3), step(10, 2), step(0, 1)
    (6, 0, 0, 12, 4)
    """
    found = _RUNG.get(size)
    if found is None:
        raise ValueError(f"d{size} is not on the die ladder (d4, d6, d8, d10, d12)")
    index = found + steps
    return LADDER[min(len(LADDER) - 1, max(0, index))]


def steps_between(low: int, high: int) -> int:
    """How many sizes ``high`` is above ``low`` on the ladder.

    >>> steps_between(6, 10), steps_between(0, 4)
    (2, 1)
    """
    return LADDER.index(high) - LADDER.index(low)


def max_face(size: int) -> int:
    """The highest face of a die of ``size`` ("the maximum value of your Words die"): its
    size; a stat at zero has none."""
    return size


def half_max(size: int) -> int:
    """Half the highest face, rounded down ("half of the maximum value of your Words die
    (round down)", F-SOCIAL-MICRO-03, F-MAGIC-MICRO-02).

    >>> half_max(4), half_max(6), half_max(12), half_max(0)
    (2, 3, 6, 0)
    """
    return size // 2
