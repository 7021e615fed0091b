"""The steps of one attack as pure functions: the blow, its damage plan, the follow-up.

Both the rolled attack (:mod:`.attack`) and its exact odds (:mod:`.attack_odds`) go
through these functions, so the rules are written once (STYLE.md, lesson 2):

- :func:`blow_kind`: a critical attack is a Devastating or a Precise Blow (the attacker's
  choice), a success a Normal Blow (P-ATK-03);
- :func:`blow_plan`: Step 3 for that blow against that defense: the damage terms, then
  the Dodge halving, the worn armor (ignored by a Precise Blow and by Find Weak Spot), the
  parry's or block's absorption, and the halving traded for melee distance (P-OPT-13);
- :func:`counter_plan`: a Devastating Defense's Critical Damage back at the attacker;
- :func:`follow_up`: what a critical defense gives (Step 4);
- :func:`hazard_breakdown`: a Bash's target stopping at the edge of a hazardous zone.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.rulesets.percentile.attack_input import AttackInput, CriticalChoice
from tablekeeper.rulesets.percentile.checks import Level, level_odds, level_of
from tablekeeper.rulesets.percentile.damage import (
    DamageOutcome,
    DamagePlan,
    EquipmentWear,
    Reduction,
    armor_reductions,
    blow_terms,
    distance_halving,
    dodge_halving,
    equipment_wear,
)
from tablekeeper.rulesets.percentile.defense import (
    DefenseEffect,
    Exchange,
    absorbed,
    parried_or_blocked,
)
from tablekeeper.rulesets.percentile.modifiers import firing_into_melee
from tablekeeper.rulesets.percentile.stats import Weapon


class Blow(enum.StrEnum):
    """The blow a successful attack strikes (P-ATK-03)."""

    DEVASTATING = "devastating"  # Critical Damage (the "Strong Blow", G-P-11)
    PRECISE = "precise"  # normal damage ignoring all armor
    NORMAL = "normal"


class FollowUp(enum.StrEnum):
    """Step 4: what follows the attack (P-ATK-14, P-ATK-15)."""

    NONE = "none"
    COUNTER_ATTACK = "counter_attack"  # a brand-new attack by the defender, from step 1
    DISENGAGE = "disengage"  # a free Disengage from Melee
    DEVASTATING_DEFENSE = "devastating_defense"  # Critical Damage back, no attack roll


def blow_kind(level: Level, choice: CriticalChoice = "devastating") -> Blow | None:
    """The blow of an attack of ``level``; ``None`` when the attack failed or fumbled."""
    if level is Level.CRITICAL:
        return Blow.DEVASTATING if choice == "devastating" else Blow.PRECISE
    return Blow.NORMAL if level is Level.SUCCESS else None


def location_is_rolled(request: AttackInput) -> bool:
    """Whether the blow's hit location is rolled: Hit Locations on and no Called Shot."""
    return request.options.hit_locations and request.attacker.called_shot is None


def armor_ignored(request: AttackInput, blow: Blow) -> str | None:
    """The source of the rule that makes the blow ignore worn armor, if any (worn armor
    only, not a parry's or block's absorption: G-P-C3)."""
    if blow is Blow.PRECISE:
        return "P-ATK-03"
    return "P-OPT-08" if request.attacker.find_weak_spot else None


def pre_absorption(
    request: AttackInput, blow: Blow, exchange: Exchange, location: str | None
) -> tuple[Reduction, ...]:
    """The reductions before the parry or block: the Dodge halving, then worn armor."""
    steps: list[Reduction] = []
    if exchange.effect is DefenseEffect.HALVED:
        steps.append(dodge_halving(request.options.dodge_halving))
    ignored = armor_ignored(request, blow)
    if ignored is None:
        steps.extend(armor_reductions(request.defender.armor.at(location)))
    else:
        why = "Precise Blow" if blow is Blow.PRECISE else "Find Weak Spot"
        steps.append(
            Reduction(kind="subtract", label=f"armor ignored: {why}", source=ignored, amount=0)
        )
    return tuple(steps)


def parrying_item(request: AttackInput) -> tuple[str, int] | None:
    """The name and HP of what parries or blocks, if anything does."""
    defender = request.defender
    if defender.defense == "parry" and defender.weapon is not None:
        return defender.weapon.name, defender.weapon.hp
    if defender.defense == "block" and defender.shield is not None:
        return defender.shield.name, defender.shield.hp
    return None


def distance_changes(request: AttackInput, exchange: Exchange) -> bool:
    """Whether the attacker trades half the damage for a step of melee distance: declared,
    and the attack undefended or victorious (P-OPT-13)."""
    return request.attacker.change_distance != "none" and exchange.attack_victory


def blow_plan(
    request: AttackInput, blow: Blow, exchange: Exchange, location: str | None
) -> DamagePlan:
    """Step 3 for ``blow`` against the defense's ``exchange``, at ``location``."""
    attacker = request.attacker
    terms = blow_terms(
        attacker.weapon,
        attacker.damage_bonus,
        critical=blow is Blow.DEVASTATING,
        charge=attacker.charge,
        mount_bonus=attacker.mount_damage_bonus,
    )
    steps = list(pre_absorption(request, blow, exchange, location))
    item = parrying_item(request)
    if item is not None:
        name, hp = item
        steps.extend(
            absorbed(
                request.defender.defense, exchange.effect, item=name, hp=hp, options=request.options
            )
        )
    if distance_changes(request, exchange):
        steps.append(distance_halving())
    return DamagePlan(terms=terms, reductions=tuple(steps))


def wear(
    request: AttackInput,
    blow: Blow,
    exchange: Exchange,
    damage: DamageOutcome,
) -> EquipmentWear | None:
    """The parrying weapon chipped or damaged, or the shield (P-ATK-11, P-ATK-12)."""
    item = parrying_item(request)
    if item is None or not parried_or_blocked(exchange.effect):
        return None
    compared = damage.rolled
    if request.options.equipment_wear_from == "after_armor":
        before = DamagePlan(
            terms=(), reductions=pre_absorption(request, blow, exchange, damage.location)
        )
        compared = before.dealt(damage.rolled)
    name, hp = item
    return equipment_wear(name, hp, compared, critical=blow is Blow.DEVASTATING)


def counter_weapon(request: AttackInput) -> Weapon:
    """What a Devastating Defense strikes with: the parrying weapon, or the shield
    (crushing) (P-ATK-15)."""
    defender = request.defender
    if defender.defense == "block" and defender.shield is not None:
        return defender.shield.as_weapon()
    if defender.weapon is None:
        raise ValueError("a Devastating Defense needs the parrying weapon or the shield")
    return defender.weapon


def counter_plan(request: AttackInput, location: str | None) -> DamagePlan:
    """A Devastating Defense: Critical Damage to the attacker, through its armor."""
    return DamagePlan(
        terms=blow_terms(counter_weapon(request), request.defender.damage_bonus, critical=True),
        reductions=armor_reductions(request.attacker.armor.at(location)),
    )


def follow_up(request: AttackInput, exchange: Exchange) -> FollowUp:
    """Step 4 after a defense's critical victory: the defender's choice (P-ATK-14/15)."""
    if not exchange.critical_defense:
        return FollowUp.NONE
    defender = request.defender
    if defender.defense == "dodge":
        return FollowUp(defender.critical_dodge_choice)
    return FollowUp.DEVASTATING_DEFENSE if defender.devastating_defense else FollowUp.NONE


def stray_shot(request: AttackInput, roll: int, effective_skill: int, succeeded: bool) -> bool:
    """Firing into Melee: a failed roll that would have succeeded without the penalty hits
    one of the people avoided, at random (P-OPT-20)."""
    shot = request.attacker.firing_into_melee
    if shot is None or succeeded:
        return False
    penalty = sum(term.amount for term in firing_into_melee(shot.avoid, shot.people))
    return level_of(roll, effective_skill - penalty, request.options).succeeded


def bash_push(rolled: int) -> int:
    """Bash: pushed 1 meter plus a tenth of the damage rolled, rounded down (P-OPT-23)."""
    return 1 + rolled // 10


def hazard_breakdown(request: AttackInput) -> Breakdown | None:
    """Bash into a hazardous zone: the target's Athletics or Dodge, whichever is better
    (Athletics on a tie), with its standing modifiers, to stop at the edge; ``None`` when it
    was already at the edge and cannot avoid it (P-OPT-24, G-P-C13)."""
    hazard = request.defender.hazard
    if hazard is None or hazard.at_edge:
        return None
    label, skill = max(("Athletics", hazard.athletics), ("Dodge", hazard.dodge), key=_second)
    return Breakdown.of(
        Contribution(amount=skill, label=label, source="P-OPT-24"), *request.defender.modifiers
    )


def _second(pair: tuple[str, int]) -> int:
    return pair[1]


def hazard_chance(request: AttackInput) -> Fraction:
    """The chance that a target a Bash pushes goes into the hazardous zone (P-OPT-24): a
    failed Athletics or Dodge roll, or certainly when it was already at the edge."""
    breakdown = hazard_breakdown(request)
    if breakdown is None:
        return Fraction(1) if request.defender.hazard is not None else Fraction(0)
    odds = level_odds(breakdown.total, request.options)
    return odds[Level.FAILURE] + odds[Level.FUMBLE]
