"""Investigate: an errand that arms the turn speaker (document 001, "Investigate",
P-SOC-20).

"This action is only available for hourly time scales or longer." The character makes an
appropriate opposed roll (Insight, Investigate, Stealth...) against an opposition whose
rating the GM sets, "generally between 40% and 80%". The opposition is the status quo:
it wins ties (G-P-02). The investigation's level is the character's when they win the
opposed roll; a character who does not win has found nothing (a Failure), unless they
fumbled (ruling G-P-S3):

- Critical Success: +60% and +2D6 social damage to a subsequent Argue action;
- Success: +20% and +1D6 social damage to a subsequent Argue action;
- Failure: the investigation didn't find any relevant information;
- Fumble: the next Argue action from the character's party suffers -60%.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from pydantic import Field, field_validator

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
from tablekeeper.rulesets.percentile.opposed import Winner, contest
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions
from tablekeeper.rulesets.percentile.social.tables import SCALES, TimeScale

SHORTEST = "hourly"
"""Investigate needs an hourly time scale or longer."""

DEFAULT_OPPOSITION = 60
"""The middle of the "generally between 40% and 80%" the GM chooses from."""


class Effect(NamedTuple):
    """What an investigation of one level grants."""

    argue_bonus_percent: int
    argue_bonus_damage: str | None
    party_argue_penalty_percent: int


EFFECTS = {
    Level.CRITICAL: Effect(60, "2d6", 0),
    Level.SUCCESS: Effect(20, "1d6", 0),
    Level.FAILURE: Effect(0, None, 0),
    Level.FUMBLE: Effect(0, None, -60),
}
"""P-SOC-20, by the investigation's level."""


def allowed(scale: TimeScale) -> bool:
    """Whether Investigate is available at ``scale`` (hourly or longer).

    >>> [allowed(scale) for scale in ("short", "medium", "hourly", "daily")]
    [False, False, True, True]
    """
    return SCALES.index(scale) >= SCALES.index(SHORTEST)


def investigation_level(
    level: Level,
    face: int,
    opposition: Level,
    opposition_face: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> Level:
    """The investigation's level: the character's when they win, else a Failure (a
    Fumble stays a Fumble)."""
    if level is Level.FUMBLE:
        return Level.FUMBLE
    won = contest(level, face, opposition, opposition_face, options).winner is Winner.ATTACKER
    return level if won else Level.FAILURE


class InvestigateInput(Frozen):
    """An investigation: the character's ability against the GM's opposition rating."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="Insight, Investigate, Stealth...")
    modifier: int = Field(default=0, ge=-SKILL_LIMIT, le=SKILL_LIMIT)
    opposition: int = Field(
        default=DEFAULT_OPPOSITION,
        ge=0,
        le=SKILL_LIMIT,
        description="The opposition's rating, the GM's: generally 40% to 80%.",
    )
    time_scale: TimeScale
    options: PercentileOptions = Field(default_factory=PercentileOptions)

    @field_validator("time_scale")
    @classmethod
    def _hourly_or_longer(cls, scale: TimeScale) -> TimeScale:
        if not allowed(scale):
            raise ValueError(
                f"Investigate is only available for hourly time scales or longer, not "
                f"{scale} (P-SOC-20)"
            )
        return scale


class InvestigateOutcome(Frozen):
    """The investigation's level and what it grants the party's next Argue."""

    level: Level
    argue_bonus_percent: int
    argue_bonus_damage: str | None
    party_argue_penalty_percent: int
    roll: CheckOutcome
    opposition_roll: CheckOutcome


@lru_cache(maxsize=256)
def investigation_counts(
    skill: int, opposition: int, options: PercentileOptions
) -> dict[Level, int]:
    """How many of the 100 x 100 pairs of faces give each level (every level listed)."""
    counts = dict.fromkeys(Level, 0)
    mine, theirs = levels(skill, options), levels(opposition, options)
    for face, level in zip(D100.faces, mine, strict=True):
        for opposed_face, opposed in zip(D100.faces, theirs, strict=True):
            counts[investigation_level(level, face, opposed, opposed_face, options)] += 1
    return counts


def investigate_odds(request: InvestigateInput) -> OutcomeOdds:
    """The chance of each level of the investigation."""
    counts = investigation_counts(
        request.skill + request.modifier, request.opposition, request.options
    )
    return OutcomeOdds.of(
        {level.value: Fraction(count, D100.sides**2) for level, count in counts.items()}
    )


def investigation(
    roll: CheckOutcome, opposition: CheckOutcome, options: PercentileOptions = DEFAULT_OPTIONS
) -> InvestigateOutcome:
    """What two rolled checks make of an investigation."""
    level = investigation_level(roll.level, roll.roll, opposition.level, opposition.roll, options)
    effect = EFFECTS[level]
    return InvestigateOutcome(
        level=level,
        argue_bonus_percent=effect.argue_bonus_percent,
        argue_bonus_damage=effect.argue_bonus_damage,
        party_argue_penalty_percent=effect.party_argue_penalty_percent,
        roll=roll,
        opposition_roll=opposition,
    )


@resolver(
    "percentile.investigate",
    summary="Investigate (hourly or longer): an opposed roll that arms the party's next Argue.",
    odds=investigate_odds,
    example={"skill": 60, "opposition": 40, "time_scale": "hourly"},
)
def investigate(request: InvestigateInput, roller: Roller) -> InvestigateOutcome:
    """Roll the character's d100, then the opposition's (P-SOC-20)."""
    options = request.options
    mine = roll_check(
        skill_breakdown(request.skill, request.modifier, source="P-SOC-20"), roller, options
    )
    theirs = roll_check(skill_breakdown(request.opposition, source="P-SOC-20"), roller, options)
    return investigation(mine, theirs, options)
