"""Use cases for free-form dice: roll an expression, ask its exact odds.

Every interface (CLI, API, console) calls these; they build the roller the caller asked
for (a seed, the faces rolled at the table, or fresh randomness) and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import FixedRoller, RandomRoller, Roller

if TYPE_CHECKING:  # a roll's types: exact odds never import them
    from tablekeeper.dice.results import Roll


def make_roller(*, seed: int | None = None, dice: Sequence[int] | None = None) -> Roller:
    """The roller a caller asked for: played-back faces, a seed, or fresh randomness.

    Played-back faces are strict: a face left over is an error, since it almost always
    means the GM typed one die too many."""
    if dice is not None:
        return FixedRoller(dice, strict=True)
    return RandomRoller(seed)


def chosen_roller(*, seed: int | None = None, dice: Sequence[int] | None = None) -> Roller | None:
    """The roller a caller chose (faces or a seed), or ``None`` when they chose nothing and
    the use case rolls fresh dice itself: what a stored roll needs to tell who chose."""
    if seed is None and dice is None:
        return None
    return make_roller(seed=seed, dice=dice)


def roll_expression(
    expression: str, *, seed: int | None = None, dice: Sequence[int] | None = None
) -> Roll:
    """Roll a dice expression with the roller asked for."""
    from tablekeeper.dice.evaluate import roll  # its NumPy batches only when rolling

    roller = make_roller(seed=seed, dice=dice)
    result = roll(expression, roller)
    if isinstance(roller, FixedRoller):
        roller.finish()
    return result


def odds_of(expression: str) -> Distribution:
    """The exact distribution of a dice expression."""
    return odds(parse(expression))


def odds_with_expression(expression: str) -> tuple[str, Distribution]:
    """The canonical notation of an expression and its exact distribution."""
    tree = parse(expression)
    return render(tree), odds(tree)


def odds_document(expression: str, distribution: Distribution) -> dict[str, Any]:
    """The JSON both ``odds --json`` and ``GET /api/odds`` answer: exact fractions as
    strings (``"5/8"``), mean and sd as numbers."""
    return {
        "expression": expression,
        "outcomes": [
            {
                "value": value,
                "probability": str(probability),
                "at_least": str(distribution.at_least(value)),
                "at_most": str(distribution.at_most(value)),
            }
            for value, probability in distribution
        ],
        "mean": float(distribution.mean),
        "sd": distribution.sd,
    }


def roll_document(result: Roll) -> dict[str, Any]:
    """The JSON both ``roll --json`` and ``POST /api/rolls`` answer: the expression, the
    total (a success count for success-counting expressions) and every die."""
    from tablekeeper.dice import documents

    document = documents.roll_document(result)
    return {key: document[key] for key in ("expression", "total", "dice")}
