"""Opposed rolls and degrees of victory (ruling G-P-02).

The document compares rolls "using the opposed roll rules" (spirit combat, arguments),
speaks of a "victory against the attacker's roll" and of a "defeat" (Attack and
Defense), and grades grapple escapes as Weak, Normal or Great Victory, but never states
the rules. The ruling:

- the higher level of success wins (critical > success > failure > fumble);
- at equal levels of success, the higher successful roll wins (roll-under "blackjack");
- if neither succeeds (failure or fumble on both sides), nobody wins;
- equal levels and equal rolls: the defender, the status quo, wins;
- the degree of victory is the gap between the two levels: the same level is a Weak
  Victory, one level higher a Normal Victory, two or more a Great Victory. A fumble is a
  level of its own, below a failure.

:func:`contest` is the one definition; the rolled opposed check and its exact odds
(:func:`opposed_odds`, enumerating the 100 x 100 faces) both go through it, and so does
every defense of the attack.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import NamedTuple

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import (
    D100,
    SKILL_LIMIT,
    CheckOutcome,
    Level,
    levels,
    roll_check,
    skill_breakdown,
)
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions


class Winner(enum.StrEnum):
    """Who won an opposed roll."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    NONE = "none"


class Victory(enum.StrEnum):
    """The degree of a victory (used by grapple escapes, P-ACT-13)."""

    WEAK = "weak"
    NORMAL = "normal"
    GREAT = "great"


class Contest(NamedTuple):
    """The result of comparing two checks: the winner and the degree of the victory."""

    winner: Winner
    victory: Victory | None

    @property
    def label(self) -> str:
        """``'attacker great'``, ``'defender weak'``, ``'none'``: the odds' labels."""
        if self.victory is None:
            return self.winner.value
        return f"{self.winner.value} {self.victory.value}"


NOBODY = Contest(Winner.NONE, None)


def _rank(level: Level, options: PercentileOptions) -> int:
    if level is Level.FUMBLE and not options.fumble_is_a_level:
        return Level.FAILURE.rank
    return level.rank


def victory_degree(
    winner: Level, loser: Level, options: PercentileOptions = DEFAULT_OPTIONS
) -> Victory:
    """Weak at the same level, Normal one level above, Great two or more above.

    >>> victory_degree(Level.SUCCESS, Level.SUCCESS), victory_degree(Level.CRITICAL, Level.FAILURE)
    (<Victory.WEAK: 'weak'>, <Victory.GREAT: 'great'>)
    """
    gap = _rank(winner, options) - _rank(loser, options)
    if gap <= 0:
        return Victory.WEAK
    return Victory.NORMAL if gap == 1 else Victory.GREAT


def contest(
    attacker: Level,
    attacker_roll: int,
    defender: Level,
    defender_roll: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> Contest:
    """The rule itself: who wins two checks rolled against each other, and by how much.

    >>> contest(Level.SUCCESS, 40, Level.SUCCESS, 25)
    Contest(winner=<Winner.ATTACKER: 'attacker'>, victory=<Victory.WEAK: 'weak'>)
    >>> contest(Level.FAILURE, 80, Level.FUMBLE, 100).winner
    <Winner.NONE: 'none'>
    """
    if not attacker.succeeded and not defender.succeeded:
        return NOBODY
    if attacker.succeeded != defender.succeeded:
        attacker_wins = attacker.succeeded
    elif attacker.rank != defender.rank:
        attacker_wins = attacker.rank > defender.rank
    elif attacker_roll != defender_roll:
        higher = attacker_roll > defender_roll
        attacker_wins = higher if options.opposed_equal_levels == "higher_roll" else not higher
    elif options.opposed_tie == "defender":
        attacker_wins = False
    else:
        return NOBODY
    if attacker_wins:
        return Contest(Winner.ATTACKER, victory_degree(attacker, defender, options))
    return Contest(Winner.DEFENDER, victory_degree(defender, attacker, options))


CONTEST_LABELS = (
    "attacker great",
    "attacker normal",
    "attacker weak",
    "none",
    "defender weak",
    "defender normal",
    "defender great",
)
"""Every contest label, from the attacker's best to the defender's best."""


def contest_counts(
    attacker_skill: int,
    defender_skill: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> dict[Contest, int]:
    """How many of the 100 x 100 equally likely pairs of faces give each contest."""
    attacker_levels = levels(attacker_skill, options)
    defender_levels = levels(defender_skill, options)
    counts: dict[Contest, int] = {}
    for a_face, a_level in zip(D100.faces, attacker_levels, strict=True):
        for d_face, d_level in zip(D100.faces, defender_levels, strict=True):
            result = contest(a_level, a_face, d_level, d_face, options)
            counts[result] = counts.get(result, 0) + 1
    return counts


class OpposedSide(Frozen):
    """One side of an opposed roll: a skill and the sum of its modifiers."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="The skill, in percent.")
    modifier: int = Field(default=0, ge=-SKILL_LIMIT, le=SKILL_LIMIT)
    skill_name: str | None = Field(default=None, min_length=1, max_length=60)

    @property
    def effective_skill(self) -> int:
        """Skill plus modifier."""
        return self.skill + self.modifier


class OpposedInput(Frozen):
    """Two checks rolled against each other: the attacker's (the active side) first."""

    attacker: OpposedSide
    defender: OpposedSide
    options: PercentileOptions = Field(default_factory=PercentileOptions)


class OpposedOutcome(Frozen):
    """Both levels, both checks, who won, and the degree of the victory (null when nobody
    won)."""

    attacker_level: Level
    defender_level: Level
    attacker: CheckOutcome
    defender: CheckOutcome
    winner: Winner
    victory: Victory | None


def opposed_odds(request: OpposedInput) -> OutcomeOdds:
    """The exact chance of each contest label (all seven listed, attacker's best first)."""
    counts = contest_counts(
        request.attacker.effective_skill, request.defender.effective_skill, request.options
    )
    by_label = {result.label: count for result, count in counts.items()}
    total = D100.sides**2
    return OutcomeOdds.of(
        {label: Fraction(by_label.get(label, 0), total) for label in CONTEST_LABELS}
    )


def oppose(
    attacker: CheckOutcome, defender: CheckOutcome, options: PercentileOptions = DEFAULT_OPTIONS
) -> Contest:
    """The contest between two rolled checks."""
    return contest(attacker.level, attacker.roll, defender.level, defender.roll, options)


@resolver(
    "percentile.opposed",
    summary="Two d100 checks against each other: the winner and a weak, normal or great victory.",
    odds=opposed_odds,
    example={"attacker": {"skill": 60}, "defender": {"skill": 45}},
)
def opposed(request: OpposedInput, roller: Roller) -> OpposedOutcome:
    """Roll the attacker's d100, then the defender's (ruling G-P-02)."""
    checks = []
    for side in (request.attacker, request.defender):
        breakdown = skill_breakdown(side.skill, side.modifier, skill_name=side.skill_name)
        checks.append(roll_check(breakdown, roller, request.options))
    attacker, defender = checks
    result = oppose(attacker, defender, request.options)
    return OpposedOutcome(
        attacker_level=attacker.level,
        defender_level=defender.level,
        attacker=attacker,
        defender=defender,
        winner=result.winner,
        victory=result.victory,
    )
