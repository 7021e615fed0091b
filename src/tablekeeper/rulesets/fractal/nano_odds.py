"""Exact odds before a Nano declaration (the console's and the terminal's).

No second formula: the check is ``technique_check``, the one the Beat rolls; an attack's
margin against a declared defense is the opposed pool of ``tablekeeper.dice.pools`` over
the two planned checks, and each margin reads ``zone_condition``, the table the engine
inflicts from. As for Micro actions (docs/rulings.md, C-10), the defender's dice sizes
are its player's and the GM's: against a defense the viewer cannot see into, the odds
are the attack's own (undefended). Counterspell's TN is the incoming spell's TN + 2
(F-MAGIC-NANO-20): ``counterspell_raise``, the roll's own, over the spell's planned TN,
all of it public once the spell is declared (G-F-N16). A Ward counts the dice allies the
viewer sees add to it (``ward_assists``, the roll's; G-F-N11).
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.pools import opposed_pool
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.rulesets.fractal.checks import CheckPlan, Modifier, level_distribution
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.nano_allies import ward_assists
from tablekeeper.rulesets.fractal.encounter.nano_declare import (
    Declare,
    declaration_after,
    technique_rank,
)
from tablekeeper.rulesets.fractal.encounter.nano_flow import SPELL_STRIKES
from tablekeeper.rulesets.fractal.encounter.nano_hands import parrying_item
from tablekeeper.rulesets.fractal.encounter.nano_magic import area_raise, area_targets
from tablekeeper.rulesets.fractal.encounter.nano_strike import counterspell_raise, technique_check
from tablekeeper.rulesets.fractal.encounter.nano_zones import rider_of, zone_armor, zone_condition
from tablekeeper.rulesets.fractal.encounter.rolling import plan
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState
from tablekeeper.rulesets.fractal.odds import MAX_LEVELS

STRIKES = ("cut", "thrust", "shoot")


def _pool(state: FractalState, conflict: Conflict, order: Declare) -> tuple[str, int] | None:
    """The technique the declaration rolls and its dice (a Feint's new pool, G-F-40)."""
    duel = conflict.duel
    assert duel is not None
    mine = duel.declared.get(order.character) or Declaration(character=order.character)
    if duel.step == "feint" and order.action is not None:
        rank = technique_rank(state, state.characters[order.character], order.action)
        return order.action, min(mine.dice, rank) + order.feint_dice
    if order.action is not None:
        return order.action, order.dice
    if order.defense is not None:
        return order.defense, order.defense_dice
    return None


def _guard(
    state: FractalState, conflict: Conflict, target: str, attacker: str, sight: Sight
) -> tuple[str, int] | None:
    """The defense ``target`` declared against ``attacker``, if the viewer may see it."""
    duel = conflict.duel
    assert duel is not None
    theirs = duel.declared.get(target)
    if theirs is None or not sight.sees(target):
        return None
    if theirs.wrap == "master_strike" and theirs.split:
        return "parry", theirs.split
    if theirs.defense in ("parry", "slip", "counter") and theirs.against in (None, attacker):
        return theirs.defense, theirs.defense_dice
    return None


def _spell_tn(
    state: FractalState, conflict: Conflict, order: Declare, against: str | None, sight: Sight
) -> int | None:
    """The TN of the spell a Counterspell meets: ``against``'s, else the one cast at the
    counterspeller; planned as the Beat rolls it (its TN, its area form). Its stat, if
    undeclared, is the caster's choice by dice the viewer may not see: then the spell's
    first stat (G-F-N16)."""
    duel = conflict.duel
    assert duel is not None
    for key, spell in duel.declared.items():
        if spell.action not in SPELL_STRIKES or key == order.character:
            continue
        struck = area_targets(state, conflict.id, spell) if spell.target else []
        if key != against and (against is not None or order.character not in struck):
            continue  # the spell named, else one that strikes the counterspeller (G-F-N13)
        action = state.catalogue.actions.action(spell.action)
        stat = spell.stat or (None if sight.sees(key) else action.stats[0])
        extra = area_raise(state, state.characters[key], spell)
        return plan(
            state, technique_check(state, conflict, key, spell.action, spell.dice, stat, extra)
        ).tn.total
    return None


def planned(state: FractalState, command: Command, sight: Sight) -> tuple[str, CheckPlan] | None:
    """The technique a declaration rolls and its check as the Beat will plan it (its dice
    after circumstance dice and bonuses, its TN), for whoever may see the declarer."""
    order = command.payload_as(Declare)
    conflict = state.conflicts.get(order.conflict)
    if conflict is None or conflict.duel is None or not sight.sees(order.character):
        return None
    found = _pool(state, conflict, order)
    if found is None or found[1] < 1:
        return None
    technique, dice = found
    duel = conflict.duel
    bonus = duel.bonus.get(order.character, 0)
    extra: tuple[Modifier, ...] = (
        (Modifier(label="stolen momentum", source="G-F-42", dice=bonus),) if bonus else ()
    )
    mine = duel.declared.get(order.character)
    if order.area and order.action is not None:  # the area form's TN (F-MAGIC-NANO-06, -10)
        character = state.characters[order.character]
        shape = Declaration(character=order.character, action=order.action, area=True)
        extra += area_raise(state, character, shape)
    if technique == "counterspell":  # against the spell's TN + 2 (F-MAGIC-NANO-20, G-F-19)
        against = order.against or (mine.against if mine is not None else None)
        spell_tn = _spell_tn(state, conflict, order, against, sight)
        if spell_tn is not None:
            extra += counterspell_raise(
                state, conflict, order.character, dice, order.defense_stat, spell_tn
            )
    if technique == "ward" and order.assist is None:  # allies' dice in it (G-F-N11)
        seen = {k: d for k, d in duel.declared.items() if sight.sees(k)}  # hidden: not counted
        extra += ward_assists(seen, order.character)
    after = declaration_after(mine or Declaration(character=order.character), order, duel.step)
    item = parrying_item(state, duel, after, technique)  # the item that parries (-13 .. -15)
    stat = order.stat if order.action is not None else order.defense_stat  # the roll's
    return technique, plan(
        state, technique_check(state, conflict, order.character, technique, dice, stat, extra, item)
    )


def declare_odds(state: FractalState, command: Command, sight: Sight) -> CommandOdds | None:
    """The success level as AP is committed; for a strike, each condition it would leave
    on its zone, against the declared defense when there is one."""
    found = planned(state, command, sight)
    if found is None:
        return None
    technique, attack = found
    order = command.payload_as(Declare)
    duel = state.conflicts[order.conflict].duel
    assert duel is not None
    conflict = state.conflicts[order.conflict]
    mine = duel.declared.get(order.character)
    target = order.target or (mine.target if mine is not None else None)
    zone = order.zone or (mine.zone if mine is not None else None)
    name = technique.replace("_", " ")
    title = f"{name}: {attack.dice_rolled}d{attack.die} against TN {attack.tn.total}"
    if technique not in STRIKES or target is None or zone is None:
        distribution = level_distribution(attack)
        levels = [(str(n), distribution.probability(n)) for n in range(MAX_LEVELS)]
        levels.append((f"{MAX_LEVELS}+", distribution.at_least(MAX_LEVELS)))
        return CommandOdds(title=title, outcomes=tuple((k, p) for k, p in levels if p))
    armor = zone_armor(state, conflict, target, zone) if sight.sees(target) else 0
    guard = _guard(state, conflict, target, order.character, sight)
    if guard is None:
        margins = opposed_pool(attack.dice_rolled, 0, attack.die, attack.counts_from, armor)
        title += ", undefended"
    else:
        shield = parrying_item(state, duel, duel.declared[target], guard[0])
        defense = plan(
            state, technique_check(state, conflict, target, guard[0], guard[1], None, (), shield)
        )
        margins = opposed_pool(
            attack.dice_rolled,
            defense.dice_rolled,
            attack.die,
            attack.counts_from,
            armor + attack.loss.total,
            defender_sides=defense.die,
            defender_tn=defense.counts_from,
        )
        title += f", against {guard[0]} with {dice_words(guard[1])}"
    outcomes = _by_condition(state, technique, zone, order.character, margins)
    return CommandOdds(title=title, outcomes=tuple(outcomes))


def _by_condition(
    state: FractalState,
    technique: str,
    zone: str,
    attacker: str,
    margins: Distribution,
) -> list[tuple[str, Fraction]]:
    rider = rider_of(state, attacker, technique)
    found: dict[str, Fraction] = {}
    for margin, chance in margins:
        outcome = zone_condition(state, technique, zone, margin, rider)
        label = f"{outcome.name} [{outcome.severity}]" if outcome.name else "nothing"
        found[label] = found.get(label, Fraction(0)) + chance
    return list(found.items())
