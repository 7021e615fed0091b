"""What a combatant may sensibly do now: the engine's ``candidates``, best first.

Before the start, the GM starts a combat (first) or a social encounter (one party per
side); in a social encounter the characters' candidates are ``social/choices.py``'s.

The list is ordered so that a simulation (or the terminal runner unattended) taking the
first legal command plays a sensible fight: fight the enemies engaged with you (in melee
or in spirit combat), escape a grapple, attack an enemy, manifest to reach one, then the
other actions, and end the turn once the actions are spent. The engine keeps those its
checks allow (``legal_commands``: the very checks ``submit`` runs), so nothing illegal is
ever listed.
"""

from __future__ import annotations

from collections.abc import Iterator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.commands import start
from tablekeeper.rulesets.percentile.encounter.engagement import melee_enemies
from tablekeeper.rulesets.percentile.encounter.movement import reach
from tablekeeper.rulesets.percentile.encounter.social.choices import (
    in_order as social_in_order,
)
from tablekeeper.rulesets.percentile.encounter.social.commands import START_SOCIAL, StartSocial
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.encounter.table import order


def _enemies(state: PercentileState, me: Combatant) -> list[Combatant]:
    return [other for other in state.standing() if other.is_enemy_of(me)]


def _fighting(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    found = [order(cmd.ATTACK, who, targets=[enemy]) for enemy in melee_enemies(state, who)]
    found += [order(cmd.SPIRIT_COMBAT, who, target=foe) for foe in state.spirit_foes(who)]
    for stuck in state.stuck:
        if stuck.owner == who and stuck.held and not stuck.broken:
            found.append(order(cmd.PULL_WEAPON, who, target=stuck.target))
        if stuck.target == who:
            found.append(order(cmd.REMOVE_WEAPON, who, target=stuck.owner))
        if stuck.owner == who and not stuck.held and not stuck.broken:
            found.append(order(cmd.REGRAB, who, target=stuck.target))
    grapple = state.grapple_on(who)
    if grapple is not None:
        found.append(order(cmd.ESCAPE, who))
    held = state.grapple_by(who)
    if held is not None:
        found.append(order(cmd.GRAPPLE, who, target=held.grappled, maneuver="twist_limb"))
    return found


def _reaching(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    enemies = _enemies(state, me)
    found: list[Command] = []
    if me.spirit and gear.has_skill(me, gear.SPIRIT_COMBAT):
        found += [order(cmd.SPIRIT_COMBAT, who, target=enemy.id) for enemy in enemies]
    found += [order(cmd.ATTACK, who, targets=[enemy.id]) for enemy in enemies]
    if me.discorporate and any(enemy.form == "corporeal" for enemy in enemies):
        found.append(order(cmd.MANIFEST, who))
    return found


def _others(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    found: list[Command] = []
    if me.prone:
        found.append(order(cmd.STAND_UP, who))
    found += [
        order(cmd.GRAPPLE, who, target=enemy)
        for enemy in melee_enemies(state, who)
        if gear.has_skill(me, gear.BRAWL)
    ]
    held = state.grapple_by(who)
    if held is not None:
        found.append(order(cmd.GRAPPLE, who, target=held.grappled, maneuver="tighten_grapple"))
        found.append(order(cmd.RELEASE, who))
    found += [order(cmd.LET_GO, who, target=stuck.target) for stuck in state.holding_stuck(who)]
    found.append(order(cmd.DEFEND, who))
    found += [order(cmd.AIM, who, target=enemy.id) for enemy in _enemies(state, me)]
    if state.in_melee(who):
        found.append(order(cmd.DISENGAGE, who))
    if state.spirit_foes(who):
        found.append(order(cmd.DISENGAGE_SPIRIT, who))
    if me.stats.mov:
        found.append(order(cmd.MOVE, who, meters=reach(me, "normal")))
    found.append(order(cmd.RALLY, who))
    if me.spirit and not me.discorporate:
        found.append(order(cmd.DISCORPORATE, who))
    return found


def candidates(state: PercentileState, actor: ActorId) -> list[Command]:
    """What ``actor`` might do now, best first (none when it is not its turn)."""
    return list(in_order(state, actor))


def in_order(state: PercentileState, actor: ActorId) -> Iterator[Command]:
    """:func:`candidates` one at a time, best first, each group built only when reached:
    the first legal one is found without building (or checking) the rest."""
    if state.over or state.awaiting is not None:
        return
    if state.social is not None and state.clock is None:  # talking, not (yet) fighting
        if actor != GM:
            yield from social_in_order(state, actor)
        return
    if actor == GM:
        if state.clock is None and state.combatants:
            yield start()
            yield Command.of(GM, START_SOCIAL, StartSocial())
        return
    if state.active is None or state.active != actor:
        return
    me = state.combatant(actor)
    if me.actions_left > 0:
        yield from _fighting(state, me)
        yield from _reaching(state, me)
        yield from _others(state, me)
    yield order(cmd.END_TURN, actor)
    if not me.stepped and not me.moved:
        yield order(cmd.STEP, actor)
