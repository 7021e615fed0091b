"""The d100 check and its levels of success (ruling G-P-01).

The document rolls "under" skills ("Make a roll under a melee or ranged weapon skill")
and names four results (Critical Success, Success, Failure, Fumble) but leaves their
definition to a Game System chapter it does not include. The BRP-family conventions are
the defaults (:class:`~.options.PercentileOptions`): roll 1d100 (01-100) against the
*effective skill* (skill plus modifiers):

- 96-100 always fail and 01-05 always succeed, even at a negative effective skill;
- otherwise the roll succeeds when it is at most the effective skill;
- a success is critical when the roll is at most a tenth of the effective skill, rounded
  up (so an effective skill of 0 or less has no critical);
- a failure on 99-100 is a fumble; above an effective skill of 100 only 100 fumbles.

:func:`level_of` is the one definition; a rolled check (:func:`roll_check`) and the exact
odds (:func:`level_odds`, enumerating the 100 faces) both go through it (STYLE.md,
lesson 2). The attack, the opposed roll and the encounter engine use the same functions.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from functools import lru_cache

from pydantic import Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.as_validated import as_validated
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions

D100 = Die(100)
"""The die of every check: faces 1..100 (00 is read as 100)."""

SKILL_LIMIT = 1000
"""The largest skill or modifier an input accepts (a bound against typos, not a rule)."""


class Level(enum.StrEnum):
    """A check's level of success, best first (G-P-02 ranks them so)."""

    CRITICAL = "critical"
    SUCCESS = "success"
    FAILURE = "failure"
    FUMBLE = "fumble"

    @property
    def succeeded(self) -> bool:
        """Critical Success or Success."""
        return self in (Level.CRITICAL, Level.SUCCESS)

    @property
    def rank(self) -> int:
        """3 for a critical down to 0 for a fumble: the higher rank wins (G-P-02)."""
        return _RANKS[self]


_RANKS = {Level.CRITICAL: 3, Level.SUCCESS: 2, Level.FAILURE: 1, Level.FUMBLE: 0}


def _divide(value: int, divisor: int, rounding: str) -> int:
    if rounding == "up":
        return -(-value // divisor)
    if rounding == "down":
        return value // divisor
    return (2 * value + divisor) // (2 * divisor)  # nearest, halves up


def critical_threshold(effective_skill: int, options: PercentileOptions = DEFAULT_OPTIONS) -> int:
    """The highest roll that is a critical: a tenth of the effective skill, rounded up.

    >>> critical_threshold(45), critical_threshold(50), critical_threshold(-5)
    (5, 5, 0)
    """
    return _divide(effective_skill, options.critical_divisor, options.critical_rounding)


def fumble_start(effective_skill: int, options: PercentileOptions = DEFAULT_OPTIONS) -> int:
    """The lowest roll that fumbles when it fails: 99, or 100 above an effective skill of 100.

    >>> fumble_start(100), fumble_start(101)
    (99, 100)
    """
    limit = options.fumble_only_100_above
    if limit is not None and effective_skill > limit:
        return D100.sides
    return options.fumble_min


def level_of(
    roll: int,
    effective_skill: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> Level:
    """The rule itself: the level of a d100 ``roll`` against ``effective_skill``.

    ``automatic_success`` (an unsuspecting target, P-MOD-01, G-P-C7): a roll that would
    fail is a success instead; a critical stays a critical.

    >>> [level_of(roll, 45) for roll in (5, 6, 45, 46, 99)]
    [<Level.CRITICAL: 'critical'>, <Level.SUCCESS: 'success'>, <Level.SUCCESS: 'success'>, \
<Level.FAILURE: 'failure'>, <Level.FUMBLE: 'fumble'>]
    """
    if roll not in D100:
        raise ValueError(f"a d100 cannot show {roll}")
    if roll >= options.automatic_failure_min:
        succeeded = False
    else:
        succeeded = roll <= options.automatic_success_max or roll <= effective_skill
    if succeeded or automatic_success:
        if succeeded and roll <= critical_threshold(effective_skill, options):
            return Level.CRITICAL
        return Level.SUCCESS
    if roll >= fumble_start(effective_skill, options):
        return Level.FUMBLE
    return Level.FAILURE


@lru_cache(maxsize=1024)
def levels(
    effective_skill: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> tuple[Level, ...]:
    """The level of each of the 100 equally likely faces, face 1 first."""
    return tuple(
        level_of(face, effective_skill, options, automatic_success=automatic_success)
        for face in D100.faces
    )


def level_counts(
    effective_skill: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> dict[Level, int]:
    """How many of the 100 faces give each level (every level listed, best first)."""
    counts = dict.fromkeys(Level, 0)
    for level in levels(effective_skill, options, automatic_success=automatic_success):
        counts[level] += 1
    return counts


def level_odds(
    effective_skill: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> dict[Level, Fraction]:
    """The exact chance of each level, best first.

    >>> level_odds(45)[Level.SUCCESS]
    Fraction(2, 5)
    """
    counts = level_counts(effective_skill, options, automatic_success=automatic_success)
    return {level: Fraction(count, D100.sides) for level, count in counts.items()}


class CheckOutcome(Frozen):
    """A rolled d100 check: the roll, the effective skill and how it was reached, the level."""

    roll: int = Field(description="The d100, 1..100.")
    effective_skill: int = Field(description="Skill plus every modifier.")
    level: Level
    automatic_success: bool = Field(
        default=False, description="A failing roll counted as a success (P-MOD-01)."
    )
    breakdown: Breakdown = Field(description="The effective skill's contributions.")

    @property
    def succeeded(self) -> bool:
        """Critical Success or Success."""
        return self.level.succeeded


def skill_breakdown(
    skill: int, modifier: int = 0, *, skill_name: str | None = None, source: str = "G-P-01"
) -> Breakdown:
    """A skill and one modifier as a breakdown; a zero modifier is left out."""
    terms = [Contribution(amount=skill, label=skill_name or "skill", source=source)]
    if modifier:
        terms.append(Contribution(amount=modifier, label="modifier", source="G-P-01"))
    return Breakdown.of(*terms)


def check_outcome(
    breakdown: Breakdown,
    roll: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> CheckOutcome:
    """The outcome of a check against ``breakdown``'s total, given the d100.

    On the engine's fast paths (``engine/fast_paths.py``) the outcome is built without
    validating it again (``as_validated.py``) when validation would keep every field
    as given: an int roll and total, the level a ``Level`` (what :func:`level_of`
    returns), a bool, and a ``Breakdown`` (validated, or built trusted by
    ``Breakdown.of`` from its contributions). ``CheckOutcome`` has no other check."""
    level = level_of(roll, breakdown.total, options, automatic_success=automatic_success)
    automatic = automatic_success and not level_of(roll, breakdown.total, options).succeeded
    given = {
        "roll": roll,
        "effective_skill": breakdown.total,
        "level": level,
        "automatic_success": automatic,
        "breakdown": breakdown,
    }
    if (
        fast_paths.enabled()
        and type(roll) is int
        and type(breakdown.total) is int
        and type(level) is Level
        and type(automatic) is bool
        and type(breakdown) is Breakdown
    ):
        return as_validated(CheckOutcome, given)
    return CheckOutcome(**given)


def roll_check(
    breakdown: Breakdown,
    roller: Roller,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    automatic_success: bool = False,
) -> CheckOutcome:
    """Roll one d100 against the effective skill ``breakdown`` adds up to."""
    return check_outcome(breakdown, roller.roll(D100), options, automatic_success=automatic_success)


def characteristic_skill(
    value: int, name: str, options: PercentileOptions = DEFAULT_OPTIONS
) -> Contribution:
    """A characteristic roll's base ("a CON or STR roll"): the characteristic times 5.

    >>> characteristic_skill(13, "CON").amount
    65
    """
    multiplier = options.characteristic_multiplier
    return Contribution(amount=value * multiplier, label=f"{name} × {multiplier}", source="G-P-01")


class CheckInput(Frozen):
    """A d100 check: a skill (percent) and the sum of its modifiers."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="The skill, in percent.")
    modifier: int = Field(
        default=0,
        ge=-SKILL_LIMIT,
        le=SKILL_LIMIT,
        description="Every bonus and penalty, in percent (may take the skill below 0).",
    )
    skill_name: str | None = Field(
        default=None, min_length=1, max_length=60, description="For the explanation: 'Dodge'."
    )
    options: PercentileOptions = Field(default_factory=PercentileOptions)

    def breakdown(self) -> Breakdown:
        """Skill plus modifier."""
        return skill_breakdown(self.skill, self.modifier, skill_name=self.skill_name)


def check_odds(request: CheckInput) -> OutcomeOdds:
    """The exact chance of each level (all four listed, best first)."""
    chances = level_odds(request.skill + request.modifier, request.options)
    return OutcomeOdds.of({level.value: chance for level, chance in chances.items()})


@resolver(
    "percentile.check",
    summary="A d100 roll-under check: critical, success, failure or fumble.",
    odds=check_odds,
    example={"skill": 50},
)
def check(request: CheckInput, roller: Roller) -> CheckOutcome:
    """Roll 1d100 under the skill plus modifier (ruling G-P-01)."""
    return roll_check(request.breakdown(), roller, request.options)
