"""Dice expressions in stat blocks and inputs: ``1d8+1``, ``1d8+1d4``, ``-1d4``.

A weapon's damage, a damage bonus and the unarmed damage are dice notation, validated
when the model is built: the expression must parse, stay within the roll limits and
have exact odds (every damage has an exact distribution, so the attack's odds can be
computed). A leading ``+`` (``+1d4``, how damage bonuses are usually written) is dropped.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, TypeAlias

from pydantic import AfterValidator

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.engine import fast_paths
from tablekeeper.errors import RulesError


def _checked(expression: str) -> str:
    """The canonical form of a valid ``expression`` (``ValueError`` for one that is not);
    on the engine's fast paths (``engine/fast_paths.py``) each distinct text is checked
    once (a function of the text alone: a refused text is never remembered)."""
    if fast_paths.enabled():
        return _canonical(expression)
    return _canonical.__wrapped__(expression)


@lru_cache(maxsize=1024)
def _canonical(expression: str) -> str:
    text = expression.strip().removeprefix("+").strip()
    try:
        tree = parse(text)
        odds(tree)
    except RulesError as error:
        raise ValueError(error.message) from None
    return render(tree)


DiceExpression: TypeAlias = Annotated[str, AfterValidator(_checked)]
"""Dice notation with exact odds, kept in canonical form (``1d8 + 1d4``)."""


@lru_cache(maxsize=256)
def distribution(expression: str) -> Distribution:
    """The exact distribution of a validated expression's total."""
    return odds(expression)


def highest(expression: str) -> int:
    """The largest total the expression can roll: its "maximum damage"."""
    return distribution(expression).high


def is_zero(expression: str | None) -> bool:
    """Whether a damage bonus is absent or always 0 ("If damage bonus is zero")."""
    return expression is None or distribution(expression) == Distribution.constant(0)
