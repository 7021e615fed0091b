"""The exact odds of one attack, from the same step functions the rolled attack uses.

No second formula (STYLE.md, lesson 2): the attack's 100 faces and the defense's 100
faces are each read through :func:`~.checks.level_of` (:func:`~.checks.levels`), each
pair through :func:`~.defense.exchange`, each blow through :func:`~.blows.blow_plan`
at each hit location, whose :meth:`~.damage.DamagePlan.dealt_odds` maps the plan's
reductions over the exact distribution of its dice (:func:`tablekeeper.dice.odds`); a
Critical Impale mixes in the pulled-out damage with the chance of the -40% roll.

The outcome labels: ``fumble``, ``miss``, ``bystander hit`` (Firing into Melee only),
``avoided`` (a Dodge victory; listed for a Dodge only), then ``N damage`` for the damage
dealt to the target (pulled-out damage included), or ``disarmed`` / ``not disarmed`` for a
Disarm. What a Devastating Defense or a fumble does to anyone else is not in these odds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from tablekeeper.dice.distribution import Distribution
from tablekeeper.engine.resolvers import OutcomeOdds
from tablekeeper.rulesets.percentile.attack_input import (
    AttackInput,
    attack_breakdown,
    attacker_standing,
    defense_breakdown,
)
from tablekeeper.rulesets.percentile.blows import (
    Blow,
    blow_kind,
    blow_plan,
    location_is_rolled,
    stray_shot,
)
from tablekeeper.rulesets.percentile.checks import D100, Level, level_odds, levels
from tablekeeper.rulesets.percentile.defense import UNDEFENDED, DefenseEffect, Exchange, exchange
from tablekeeper.rulesets.percentile.impales import (
    ImpaleResult,
    impale_applies,
    impale_breakdown,
    impale_result,
    pull_out_plan,
)
from tablekeeper.rulesets.percentile.tables import hit_location_table


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact odds of an attack: each outcome label, the damage dealt to the target
    (0 when none is), the chance the blow connects, and the attack roll's levels."""

    outcomes: OutcomeOdds
    damage: Distribution
    hit: Fraction
    attack_levels: dict[Level, Fraction]


def _locations(request: AttackInput) -> Iterator[tuple[str | None, int]]:
    """Each location a blow can strike, with how many faces of the location die name it."""
    if request.attacker.called_shot is not None:
        yield request.attacker.called_shot, 1
    elif location_is_rolled(request):
        for row, faces in hit_location_table(request.defender.body_plan).chances():
            yield row.location, faces
    else:
        yield None, 1


def _location_faces(request: AttackInput) -> int:
    return sum(faces for _, faces in _locations(request))


def blow_damage_odds(
    request: AttackInput, blow: Blow, result: Exchange, location: str | None
) -> Distribution:
    """The damage dealt by ``blow`` against ``result`` at ``location``, a Critical Impale's
    pulled-out damage included."""
    dealt = blow_plan(request, blow, result, location).dealt_odds()
    attacker, options = request.attacker, request.options
    impaling = {
        value: weight
        for value, weight in dealt.weights.items()
        if impale_applies(
            attacker.weapon, critical_damage=blow is Blow.DEVASTATING, dealt=value, options=options
        )
    }
    if not impaling:
        return dealt
    others = {value: weight for value, weight in dealt.weights.items() if value not in impaling}
    skill = impale_breakdown(attacker_standing(request)).total
    pulled = sum(
        1 for level in levels(skill, options) if impale_result(level) is ImpaleResult.PULLED_OUT
    )
    stuck = D100.sides - pulled
    into = Distribution(impaling)
    pull = pull_out_plan(attacker.weapon, attacker.damage_bonus).dealt_odds()
    parts = [(into + pull, sum(impaling.values()) * pulled), (into, sum(impaling.values()) * stuck)]
    if others:
        parts.append((Distribution(others), sum(others.values()) * D100.sides))
    return Distribution.mixture(parts)


def attack_odds(request: AttackInput) -> AttackOdds:
    """The exact odds of ``request`` (see the module docstring)."""
    attacker, defender, options = request.attacker, request.defender, request.options
    effective = attack_breakdown(request).total
    automatic = attacker.automatic_success
    attack_levels = levels(effective, options, automatic_success=automatic)
    defended = defender.defense != "none"
    defense_levels = levels(defense_breakdown(request).total, options) if defended else ()
    per_face = D100.sides if defended else 1
    places = _location_faces(request)

    labels: dict[str, int] = {"fumble": 0, "miss": 0}
    if attacker.firing_into_melee is not None:
        labels["bystander hit"] = 0
    if defender.defense == "dodge":
        labels["avoided"] = 0
    branches: dict[tuple[Blow, Exchange], int] = {}
    for face, level in zip(D100.faces, attack_levels, strict=True):
        blow = blow_kind(level, attacker.critical_choice)
        if blow is None:
            if level is Level.FUMBLE:
                label = "fumble"
            elif stray_shot(request, face, effective, False):
                label = "bystander hit"
            else:
                label = "miss"
            labels[label] += per_face * places
            continue
        if not defended:
            branches[(blow, UNDEFENDED)] = branches.get((blow, UNDEFENDED), 0) + 1
            continue
        for d_face, d_level in zip(D100.faces, defense_levels, strict=True):
            key = (blow, exchange(defender.defense, level, face, d_level, d_face, options))
            branches[key] = branches.get(key, 0) + 1

    parts: list[tuple[Distribution, int]] = []
    for (blow, result), count in branches.items():
        if result.effect is DefenseEffect.AVOIDED:
            labels["avoided"] = labels.get("avoided", 0) + count * places
        elif attacker.intent == "disarm":
            label = "disarmed" if result.attack_victory else "not disarmed"
            labels[label] = labels.get(label, 0) + count * places
        else:
            for location, faces in _locations(request):
                parts.append((blow_damage_odds(request, blow, result, location), count * faces))

    total = D100.sides * per_face * places
    chances = {label: Fraction(count, total) for label, count in labels.items()}
    damaging = sum(weight for _, weight in parts)
    if parts:
        damage = Distribution.mixture(parts)
        for value, chance in damage:
            chances[f"{value} damage"] = chance * Fraction(damaging, total)
    idle = total - damaging
    unconditional = Distribution.mixture([(Distribution.constant(0), idle), *parts])
    missed = labels["fumble"] + labels["miss"] + labels.get("bystander hit", 0)
    return AttackOdds(
        outcomes=OutcomeOdds.of(chances),
        damage=unconditional,
        hit=Fraction(total - missed - labels.get("avoided", 0), total),
        attack_levels=level_odds(effective, options, automatic_success=automatic),
    )


def attack_outcome_odds(request: AttackInput) -> OutcomeOdds:
    """The resolver's odds: each outcome label of ``percentile.attack``."""
    return attack_odds(request).outcomes
