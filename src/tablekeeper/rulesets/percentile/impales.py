"""Critical Impales (P-OPT-03 .. P-OPT-06).

"When dealing Critical Damage with an impaling weapon, roll the attack skill again at
-40%. On a success, deal normal damage, ignoring armor, when pulling the weapon out. On
a failure, the weapon is stuck in the target. On a fumble, the weapon is stuck and
breaks." The roll is made when a Devastating Blow (or a Devastating Defense) with an
impaling weapon deals at least 1 point of damage (G-P-C5); it uses the skill and the
standing modifiers of the attack (not the ones of that one attack: aim, called shot,
split action...), at -40%. The pulled-out damage is normal damage (weapon plus damage
bonus) ignoring armor. A stuck weapon's later damage is
:func:`~.damage.stuck_weapon_plan`; its penalties are in :mod:`.modifiers`.
"""

from __future__ import annotations

import enum

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import (
    DamageOutcome,
    DamagePlan,
    blow_terms,
    roll_damage,
)
from tablekeeper.rulesets.percentile.modifiers import pulling_out
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions
from tablekeeper.rulesets.percentile.stats import Weapon


class ImpaleResult(enum.StrEnum):
    """What the roll to pull the weapon out gives."""

    PULLED_OUT = "pulled_out"
    STUCK = "stuck"
    STUCK_AND_BROKEN = "stuck_and_broken"


def impale_result(level: Level) -> ImpaleResult:
    """Success (or critical): pulled out; failure: stuck; fumble: stuck and broken."""
    if level.succeeded:
        return ImpaleResult.PULLED_OUT
    return ImpaleResult.STUCK_AND_BROKEN if level is Level.FUMBLE else ImpaleResult.STUCK


def impale_applies(
    weapon: Weapon, *, critical_damage: bool, dealt: int, options: PercentileOptions
) -> bool:
    """Whether Critical Damage with ``weapon`` that dealt ``dealt`` impales (G-P-C5)."""
    return options.critical_impales and weapon.impaling and critical_damage and dealt >= 1


def impale_breakdown(standing: Breakdown) -> Breakdown:
    """The roll to pull the weapon out: the attack skill and standing modifiers, -40%."""
    return standing.plus(*pulling_out())


def pull_out_plan(weapon: Weapon, damage_bonus: str | None) -> DamagePlan:
    """Pulling the weapon out on a success: normal damage, ignoring armor (P-OPT-03)."""
    return DamagePlan(terms=blow_terms(weapon, damage_bonus, critical=False))


class ImpaleOutcome(Frozen):
    """The Critical Impale roll, its result, and the damage of pulling the weapon out."""

    check: CheckOutcome
    result: ImpaleResult
    damage: DamageOutcome | None = Field(
        description="Normal damage ignoring armor, when pulled out; else null."
    )
    weapon: str


def roll_impale(
    standing: Breakdown,
    weapon: Weapon,
    damage_bonus: str | None,
    roller: Roller,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    location: str | None = None,
) -> ImpaleOutcome:
    """Roll the attack skill at -40%, then the pulling-out damage on a success."""
    check = roll_check(impale_breakdown(standing), roller, options)
    result = impale_result(check.level)
    damage = None
    if result is ImpaleResult.PULLED_OUT:
        damage = roll_damage(pull_out_plan(weapon, damage_bonus), roller, location)
    return ImpaleOutcome(check=check, result=result, damage=damage, weapon=weapon.name)
