"""Dice: rollers, notation, results and exact distributions. Pure: no I/O, no global dice.

A pipeline, one module per stage (after avrae/d20): ``grammar.lark`` + ``parse.py``
(notation -> :mod:`syntax` tree), ``render.py`` (tree -> canonical notation, result ->
text), ``evaluate.py`` (tree + :class:`Roller` -> :class:`Roll`, the whole result tree),
``odds.py`` (tree -> exact :class:`Distribution`), ``pools.py`` (success pools and
opposed pools in closed form).
"""

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.evaluate import roll, roll_many
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.pools import net_success_table, opposed_pool, success_pool
from tablekeeper.dice.render import render, render_roll
from tablekeeper.dice.results import DieResult, Roll
from tablekeeper.dice.roller import FATE, Die, FixedRoller, RandomRoller, RolledFace, Roller

__all__ = [
    "DEFAULT_LIMITS",
    "FATE",
    "Die",
    "DieResult",
    "Distribution",
    "FixedRoller",
    "RandomRoller",
    "Roll",
    "RollLimits",
    "RolledFace",
    "Roller",
    "net_success_table",
    "odds",
    "opposed_pool",
    "parse",
    "render",
    "render_roll",
    "roll",
    "roll_many",
    "success_pool",
]
