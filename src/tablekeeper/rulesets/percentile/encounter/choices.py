"""What a combatant may sensibly do now: the engine's ``legal_commands``, best first.

The list is ordered so that a simulation (or the terminal runner unattended) taking the
first legal command plays a sensible fight: fight the enemies engaged with you (in melee
or in spirit combat), escape a grapple, attack an enemy, manifest to reach one, then the
other actions, and end the turn once the actions are spent. Every command is checked by
``legality.py``, so nothing illegal is ever listed.
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.commands import order, start
from tablekeeper.rulesets.percentile.encounter.engagement import melee_enemies
from tablekeeper.rulesets.percentile.encounter.legality import allowed
from tablekeeper.rulesets.percentile.encounter.movement import reach
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState


def _enemies(state: PercentileState, me: Combatant) -> list[Combatant]:
    return [other for other in state.standing() if other.is_enemy_of(me)]


def _fighting(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    found = [order("attack", who, targets=[enemy]) for enemy in melee_enemies(state, who)]
    found += [order("spirit_combat", who, target=foe) for foe in state.spirit_foes(who)]
    for stuck in state.stuck:
        if stuck.owner == who and stuck.held and not stuck.broken:
            found.append(order("pull_weapon", who, target=stuck.target))
        if stuck.target == who:
            found.append(order("remove_weapon", who, target=stuck.owner))
        if stuck.owner == who and not stuck.held and not stuck.broken:
            found.append(order("regrab", who, target=stuck.target))
    grapple = state.grapple_on(who)
    if grapple is not None:
        found.append(order("escape", who))
    held = state.grapple_by(who)
    if held is not None:
        found.append(order("grapple", who, target=held.grappled, maneuver="twist_limb"))
    return found


def _reaching(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    enemies = _enemies(state, me)
    found: list[Command] = []
    if me.spirit and gear.has_skill(me, gear.SPIRIT_COMBAT):
        found += [order("spirit_combat", who, target=enemy.id) for enemy in enemies]
    found += [order("attack", who, targets=[enemy.id]) for enemy in enemies]
    if me.discorporate and any(enemy.form == "corporeal" for enemy in enemies):
        found.append(order("manifest", who))
    return found


def _others(state: PercentileState, me: Combatant) -> list[Command]:
    who = me.id
    found: list[Command] = []
    if me.prone:
        found.append(order("stand_up", who))
    found += [
        order("grapple", who, target=enemy)
        for enemy in melee_enemies(state, who)
        if gear.has_skill(me, gear.BRAWL)
    ]
    held = state.grapple_by(who)
    if held is not None:
        found.append(order("grapple", who, target=held.grappled, maneuver="tighten_grapple"))
        found.append(order("release", who))
    found += [order("let_go", who, target=stuck.target) for stuck in state.holding_stuck(who)]
    found.append(order("defend", who))
    found += [order("aim", who, target=enemy.id) for enemy in _enemies(state, me)]
    if state.in_melee(who):
        found.append(order("disengage", who))
    if state.spirit_foes(who):
        found.append(order("disengage_spirit", who))
    if me.stats.mov:
        found.append(order("move", who, meters=reach(me, "normal")))
    found.append(order("rally", who))
    if me.spirit and not me.discorporate:
        found.append(order("discorporate", who))
    return found


def legal(state: PercentileState, actor: ActorId) -> tuple[Command, ...]:
    """What ``actor`` may do now, best first (empty when it is not its turn)."""
    if state.over or state.awaiting is not None:
        return ()
    if actor == GM:
        return (start(),) if state.clock is None and state.combatants else ()
    if state.active is None or state.active != actor:
        return ()
    me = state.combatant(actor)
    if me.actions_left > 0:
        candidates = [*_fighting(state, me), *_reaching(state, me), *_others(state, me)]
        candidates.append(order("end_turn", actor))
    else:
        candidates = [order("end_turn", actor)]
    if not me.stepped and not me.moved:
        candidates.append(order("step", actor))
    return tuple(command for command in candidates if allowed(state, command))
