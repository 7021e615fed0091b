"""A check's pool rolled straight from the roller (a fast path).

A check rolls ``Nd<die>>=<counts_from>`` (``checks.pool_term``) through the dice engine:
the expression checked against the roll limits, compiled, then each face judged and a
result tree built, for the faces and the success count ``roll_plan`` reads. For a pool of
a stat die on the ladder (d4-d12) of 1 to ``max_dice`` dice, the engine can refuse
nothing (a success count is every modifier: no keep, drop, explosion, reroll, min or
max) and asks the roller for exactly ``roller.roll_many(Die(die), dice)``, once; each
face counts as a success when it shows ``counts_from`` or more, and the total is the
count. :func:`rolled` asks the roller the same and counts the same, on the engine's fast
paths; anything else (and the reference path) goes through the dice engine.
"""

from __future__ import annotations

from tablekeeper.dice.limits import DEFAULT_LIMITS
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.fractal.stats import LADDER

_ON_THE_LADDER = frozenset(size for size in LADDER if size)
"""The stat dice a pool may roll straight: d4, d6, d8, d10, d12."""


def plain(die: int, dice: int) -> bool:
    """Whether a pool of ``dice`` d``die`` may be rolled straight (on the fast paths)."""
    return fast_paths.enabled() and die in _ON_THE_LADDER and 0 < dice <= DEFAULT_LIMITS.max_dice


def rolled(die: int, dice: int, counts_from: int, roller: Roller) -> tuple[tuple[int, ...], int]:
    """The faces of ``dice`` d``die`` rolled by ``roller`` and how many show
    ``counts_from`` or more: what the dice engine reads off ``Nd<die>>=<counts_from>``
    (only for a :func:`plain` pool)."""
    faces = tuple(roller.roll_many(Die(die), dice))
    return faces, sum(1 for face in faces if face >= counts_from)
