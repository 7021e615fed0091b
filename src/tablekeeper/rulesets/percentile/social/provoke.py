"""Provoke's outcome (document 001, "Provoke", P-SOC-21; ruling G-P-19).

"If the Persuasion roll is a success and equal or below the opponent's trait score, the
opponent must choose between acting as desired by the provoker, or letting the provoker
deal social damage to their target DP. If the Persuasion roll is a failure and above the
opponent's trait score, the provoker made a fool of themselves, and their target DP goes
back up by +1D6." The two cases the text leaves out (a success above the score, a failure
at or below it) have no effect. :func:`provoke_result` is the rule; the engine rolls
through it and :func:`provoke_odds` enumerates the 100 faces through it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, TypeAlias

from tablekeeper.rulesets.percentile.checks import D100, Level, levels
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions

ProvokeResult: TypeAlias = Literal["choice", "fool", "no_effect", "no_trait"]
"""The interlocutor must choose; the provoker made a fool of themselves; nothing; the
interlocutor has no such trait (the action fails)."""

FOOL = "1d6"
"""A provoker who made a fool of themselves: their target DP goes back up by 1D6."""


def provoke_result(level: Level, roll: int, score: int | None) -> ProvokeResult:
    """What a Provoke roll of ``level`` (the face ``roll``) does against a trait ``score``
    (``None``: the interlocutor lacks the trait).

    >>> provoke_result(Level.SUCCESS, 40, 50), provoke_result(Level.FAILURE, 70, 50)
    ('choice', 'fool')
    >>> provoke_result(Level.SUCCESS, 40, 30), provoke_result(Level.FAILURE, 45, 50)
    ('no_effect', 'no_effect')
    """
    if score is None:
        return "no_trait"
    within = roll <= score
    if level.succeeded and within:
        return "choice"
    if not level.succeeded and not within:
        return "fool"
    return "no_effect"


def provoke_odds(
    effective_skill: int, score: int, options: PercentileOptions = DEFAULT_OPTIONS
) -> dict[ProvokeResult, Fraction]:
    """The exact chance of each result against a trait ``score``."""
    counts: dict[ProvokeResult, int] = {"choice": 0, "fool": 0, "no_effect": 0}
    for face, level in zip(D100.faces, levels(effective_skill, options), strict=True):
        counts[provoke_result(level, face, score)] += 1
    return {result: Fraction(count, D100.sides) for result, count in counts.items()}
