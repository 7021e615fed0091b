"""A utility skill's roll (document 004, "Utility").

A utility action rolls 2d8, one die more per boon and one fewer per bane (G-S-04, never
fewer than 0); each die at or below the cunning earns a cunning effect, from the third
on a critical effect (S-TGT-03, S-CUN-01, S-CUN-03). The total is not used. A utility
maneuver or reaction rolls nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.tactical.dice import (
    UTILITY_DICE,
    adjusted_dice,
    dice_breakdown,
    parse_dice,
)
from tablekeeper.rulesets.tactical.options import TacticalOptions
from tablekeeper.rulesets.tactical.tally import (
    Scoring,
    Tally,
    effects_breakdown,
    tally_distribution,
    tally_faces,
)


class UtilityInput(Frozen):
    """The user's cunning, the skill's boons and banes, and its type."""

    cunning: int = Field(default=0, ge=0, le=100)
    boons: int = Field(default=0, ge=0, le=20)
    banes: int = Field(default=0, ge=0, le=20)
    kind: Literal["action", "maneuver", "reaction"] = "action"
    options: TacticalOptions = Field(default_factory=TacticalOptions)


class UtilityOutcome(Frozen):
    """The dice rolled (none for a maneuver or reaction) and the effects they earn."""

    dice: tuple[int, ...]
    cunning_effects: int
    critical_effects: int
    breakdown: dict[str, Breakdown]


def utility_dice(check: UtilityInput) -> tuple[Die, ...]:
    """2d8 adjusted by boons and banes, for an action; nothing otherwise."""
    if check.kind != "action":
        return ()
    return adjusted_dice(parse_dice(UTILITY_DICE), check.boons, check.banes)


def utility_scoring(check: UtilityInput) -> Scoring:
    return Scoring(
        cunning=check.cunning,
        threshold=check.options.cunning_threshold,
        counting=check.options.critical_counting,
    )


def settle_utility(check: UtilityInput, faces: tuple[int, ...]) -> UtilityOutcome:
    """The outcome for ``faces``."""
    result = tally_faces(faces, utility_scoring(check))
    breakdown: dict[str, Breakdown] = {}
    if check.kind == "action":
        base = len(parse_dice(UTILITY_DICE))
        breakdown["dice"] = dice_breakdown(base, check.boons, check.banes, len(faces), "S-TGT-03")
        breakdown |= effects_breakdown(faces, utility_scoring(check))
    return UtilityOutcome(
        dice=faces,
        cunning_effects=result.cunning_effects,
        critical_effects=result.critical_effects,
        breakdown=breakdown,
    )


def utility_label(result: Tally) -> str:
    return f"cunning {result.cunning_effects}, critical {result.critical_effects}"


def utility_odds(check: UtilityInput) -> OutcomeOdds:
    """The exact chance of each (cunning effects, critical effects)."""
    chances: dict[str, Fraction] = {}
    for result, chance in tally_distribution(utility_dice(check), utility_scoring(check)):
        key = utility_label(result)
        chances[key] = chances.get(key, Fraction(0)) + chance
    return OutcomeOdds.of(dict(sorted(chances.items())))


@resolver(
    "tactical.utility",
    summary="A utility skill: an action rolls 2d8 (boons and banes adjust it) for cunning effects.",
    odds=utility_odds,
    example={"cunning": 3},
    reading=Reading(
        (
            Number("cunning", r"cunning (\d+)", field="cunning_effects"),
            Number("critical", r"critical (\d+)", field="critical_effects"),
        ),
        headline="mean cunning",
    ),
)
def utility(check: UtilityInput, roller: Roller) -> UtilityOutcome:
    faces = tuple(roller.roll(die) for die in utility_dice(check))
    return settle_utility(check, faces)
