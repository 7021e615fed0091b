"""Dice: rollers, notation, results and exact distributions. Pure: no I/O, no global dice.

A pipeline, one module per stage (after avrae/d20): ``grammar.lark`` + ``parse.py``
(notation -> :mod:`syntax` tree), ``render.py`` (tree -> canonical notation, result ->
text), ``evaluate.py`` (tree + :class:`Roller` -> :class:`Roll`, the whole result tree),
``odds.py`` (tree -> exact :class:`Distribution`), ``pools.py`` (success pools and
opposed pools in closed form).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.pools import net_success_table, opposed_pool, success_pool
from tablekeeper.dice.render import render, render_roll
from tablekeeper.dice.roller import FATE, Die, FixedRoller, RandomRoller, RolledFace, Roller

if TYPE_CHECKING:
    from tablekeeper.dice.evaluate import roll, roll_many
    from tablekeeper.dice.results import DieResult, Roll

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


def __getattr__(name: str) -> Any:
    """What only a roll needs, on first use (PEP 562): ``roll`` and ``roll_many`` import
    NumPy's batches, and the result types a roll returns; exact odds need neither."""
    if name in ("roll", "roll_many"):
        from tablekeeper.dice import evaluate

        return getattr(evaluate, name)
    if name in ("DieResult", "Roll"):
        from tablekeeper.dice import results

        return getattr(results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
