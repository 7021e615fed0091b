"""Skill dice: a yield's damage dice, the utility roll's 2d8, boons, banes and cunning.

Document 004, "Yield", "Utility" and "Cunning Effects". This module is the ONE definition
of what a skill's dice do; the resolvers roll with it and ``odds.py`` counts with it
(STYLE.md, lesson 2):

- :func:`adjusted_dice`: the dice a skill rolls once its net boons and banes have added
  or removed dice (G-S-04: each net boon adds a die, each net bane removes one, never
  fewer than 0; the die added or removed is the expression's last one);
- :func:`is_cunning`: whether one die earns a cunning effect (G-S-05: ``face <=
  cunning`` by default);
- :func:`split_successes`: how many of the successes are cunning effects and how many
  critical effects (G-S-06: from the third success on, each is critical instead);
- :func:`net_boons`: boons against banes, one for one (G-S-10).
"""

from __future__ import annotations

import re

from tablekeeper.dice.roller import Die
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.options import CriticalCounting, CunningThreshold

UTILITY_DICE = "2d8"
"""A utility action rolls 2d8 (S-TGT-03)."""

CRITICAL_FROM = 3
"""Three or more cunning effects make each success after the second critical (S-CUN-03)."""

CUNNING_KEPT = CRITICAL_FROM - 1
"""The successes that stay cunning effects once criticals begin: the first two."""

MAX_DICE = 60
"""The most dice one skill may roll (a roll limit against abusive input)."""

_TERM = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")


class DiceTerm(Frozen):
    """``count`` dice of ``sides`` sides."""

    count: int
    sides: int


def parse_dice(expression: str, *, field: str = "yield_dice") -> tuple[Die, ...]:
    """The dice of ``expression``, in order: ``2d6`` or ``1d8 + 1d6`` (sums of ``NdX``).

    >>> [str(die) for die in parse_dice("2d6 + d8")]
    ['d6', 'd6', 'd8']
    """
    dice: list[Die] = []
    for part in expression.split("+"):
        match = _TERM.match(part)
        if match is None:
            raise InvalidInputError(
                f"{field}: {expression!r} is not a sum of dice such as '2d6' or '1d8 + 1d6'",
                field=field,
            )
        count = int(match.group(1) or "1")
        sides = int(match.group(2))
        if sides < 2 or sides > 100:
            raise InvalidInputError(f"{field}: a d{sides} cannot be rolled", field=field)
        dice.extend(Die(sides) for _ in range(count))
    if len(dice) > MAX_DICE:
        raise InvalidInputError(f"{field}: at most {MAX_DICE} dice", field=field)
    return tuple(dice)


def net_boons(boons: int, banes: int) -> int:
    """Boons minus banes: they cancel one for one (G-S-04, G-S-10)."""
    return boons - banes


def adjusted_dice(dice: tuple[Die, ...], boons: int, banes: int) -> tuple[Die, ...]:
    """The dice rolled once net boons add dice and net banes remove them (G-S-04).

    A boon adds a copy of the expression's last die; a bane removes the last die; never
    fewer than 0 dice, never more than :data:`MAX_DICE`.

    >>> [str(die) for die in adjusted_dice(parse_dice("2d8"), 0, 3)]
    []
    """
    net = net_boons(boons, banes)
    if not dice:
        return ()
    if net >= 0:
        if len(dice) + net > MAX_DICE:
            raise InvalidInputError(f"boons: at most {MAX_DICE} dice", field="boons")
        return dice + (dice[-1],) * net
    return dice[: max(0, len(dice) + net)]


def dice_breakdown(base: int, boons: int, banes: int, rolled: int, source: str) -> Breakdown:
    """How many dice were rolled: the skill's, each boon, each bane, the floor at 0."""
    terms = [Contribution(amount=base, label="skill's dice", source=source)]
    if boons:
        terms.append(Contribution(amount=boons, label="boons", source="G-S-04"))
    if banes:
        terms.append(Contribution(amount=-banes, label="banes", source="G-S-04"))
    floor = rolled - (base + boons - banes)
    if floor:
        terms.append(Contribution(amount=floor, label="no fewer than 0 dice", source="G-S-04"))
    return Breakdown.of(*terms)


def is_cunning(face: int, cunning: int, threshold: CunningThreshold = "at_or_below") -> bool:
    """Whether one die earns a cunning effect (S-TGT-03, S-TGT-07, S-CUN-01; G-S-05).

    >>> is_cunning(3, 3), is_cunning(3, 3, "below"), is_cunning(4, 3)
    (True, False, False)
    """
    return face <= cunning if threshold == "at_or_below" else face < cunning


def split_successes(successes: int, counting: CriticalCounting = "instead") -> tuple[int, int]:
    """``(cunning effects, critical effects)`` for ``successes`` successful dice (S-CUN-03,
    G-S-06): below three, all cunning; from three, the first two cunning and each later
    one critical instead (or, ``as_well``, cunning and critical both).

    >>> split_successes(2), split_successes(3), split_successes(5, "as_well")
    ((2, 0), (2, 1), (5, 3))
    """
    if successes < CRITICAL_FROM:
        return successes, 0
    critical = successes - CUNNING_KEPT
    return (CUNNING_KEPT if counting == "instead" else successes), critical
