"""Appeal for Time: more rounds to beat the target DP (document 001, "Appeal for Time",
P-SOC-09, P-SOC-15, P-SOC-16).

"The player must choose an ability and justify how it helps get more time with the
opposing party": a Critical Success gives the encounter two more rounds, a Success one,
a Failure nothing, a Fumble one less ("the host or opposing party are upset!"). "Each use
of the Appeal for Time action is at a cumulative -40% penalty over the course of the
encounter": the first use is free and the k-th is at -40% x (k - 1) (ruling G-P-18;
``appeal_penalty='every_use'`` penalises the first too). An encounter never falls below
one round; the engine also never ends it before the round being played is over.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import (
    SKILL_LIMIT,
    CheckOutcome,
    Level,
    level_odds,
    roll_check,
)
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions

APPEAL_PENALTY = -40
"""The cumulative penalty of each use of Appeal for Time (P-SOC-16)."""

ROUNDS_CHANGE = {Level.CRITICAL: 2, Level.SUCCESS: 1, Level.FAILURE: 0, Level.FUMBLE: -1}
"""How many rounds the encounter gains (or loses) by the appeal's level (P-SOC-15)."""

MOST_APPEALS = 100
MOST_ROUNDS = 1000


def appeal_penalty(previous: int, options: PercentileOptions = DEFAULT_OPTIONS) -> int:
    """The cumulative penalty of an appeal after ``previous`` others (G-P-18).

    >>> [appeal_penalty(previous) for previous in (0, 1, 2)]
    [0, -40, -80]
    """
    uses = previous + (1 if options.appeal_penalty == "every_use" else 0)
    return APPEAL_PENALTY * uses


def appeal_breakdown(
    skill: int,
    modifier: int,
    previous: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    skill_name: str = "ability",
) -> Breakdown:
    """The ability, the GM's modifier and the cumulative penalty (each left out at 0)."""
    terms = [Contribution(amount=skill, label=skill_name, source="P-SOC-15")]
    if modifier:
        terms.append(Contribution(amount=modifier, label="modifier", source="P-SOC-15"))
    penalty = appeal_penalty(previous, options)
    if penalty:
        terms.append(
            Contribution(
                amount=penalty, label=f"{previous} earlier appeal(s) for time", source="P-SOC-16"
            )
        )
    return Breakdown.of(*terms)


def rounds_after(rounds: int, level: Level, floor: int = 1) -> int:
    """The encounter's length after an appeal of ``level``, never below ``floor``.

    >>> [rounds_after(2, level) for level in Level], rounds_after(1, Level.FUMBLE)
    ([4, 3, 2, 1], 1)
    """
    return max(floor, rounds + ROUNDS_CHANGE[level])


class AppealInput(Frozen):
    """An Appeal for Time: the ability chosen, the uses before it, the current length."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="The ability chosen, in percent.")
    modifier: int = Field(default=0, ge=-SKILL_LIMIT, le=SKILL_LIMIT)
    previous_appeals: int = Field(
        default=0, ge=0, le=MOST_APPEALS, description="Appeals for Time earlier this encounter."
    )
    rounds: int = Field(ge=1, le=MOST_ROUNDS, description="The encounter's current length.")
    options: PercentileOptions = Field(default_factory=PercentileOptions)

    def breakdown(self) -> Breakdown:
        return appeal_breakdown(self.skill, self.modifier, self.previous_appeals, self.options)


class AppealOutcome(Frozen):
    """The appeal's level, its effective skill, and the encounter's length after it."""

    level: Level
    effective_skill: int
    rounds_change: int
    rounds: int
    roll: CheckOutcome


def appeal_odds(request: AppealInput) -> OutcomeOdds:
    """The chance of each new length (levels giving the same one added together)."""
    found: dict[str, Fraction] = {}
    for level, chance in level_odds(request.breakdown().total, request.options).items():
        label = f"{rounds_after(request.rounds, level)} rounds"
        found[label] = found.get(label, Fraction(0)) + chance
    return OutcomeOdds.of(found)


@resolver(
    "percentile.appeal_for_time",
    summary="Appeal for Time: +2 rounds on a critical, +1 on a success, -1 on a fumble.",
    odds=appeal_odds,
    example={"skill": 55, "rounds": 3},
    reading=Reading(
        (Number("rounds", r"^(-?\d+) rounds?$", field="rounds"),), headline="mean rounds"
    ),
)
def appeal_for_time(request: AppealInput, roller: Roller) -> AppealOutcome:
    """Roll the appeal at its cumulative penalty (P-SOC-15, P-SOC-16, G-P-18)."""
    roll = roll_check(request.breakdown(), roller, request.options)
    rounds = rounds_after(request.rounds, roll.level)
    return AppealOutcome(
        level=roll.level,
        effective_skill=roll.effective_skill,
        rounds_change=rounds - request.rounds,
        rounds=rounds,
        roll=roll,
    )
