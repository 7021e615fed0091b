"""An Attack or Grapple action as the attacks it rolls: everything declared before the roll.

Split Action: several targets (or one target several times) in one action, each attempt
at -60% per extra attempt (P-OPT-07). Aim counts for the next attack on its target only
(P-ACT-02). A Move of at least SIZ / 5 meters just before, this round, makes a melee
Attack a Charge (P-OPT-16). A ranged attack at someone engaged in melee fires into that melee
(everyone engaged with the target, or with one who is: G-P-24), avoiding the shooter's
allies there unless the GM says how many (P-OPT-20).
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.attack_input import FiringIntoMelee
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.pending import AttackReason, AttackTask
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState


def is_charging(state: PercentileState, attacker: Combatant, melee: bool) -> bool:
    """A Move of at least the charge distance was the attacker's last action this round."""
    last, distance = attacker.last_action, attacker.stats.charge_distance
    return (
        state.options.charge
        and melee
        and last is not None
        and last.kind == "move"
        and last.round == state.round
        and distance is not None
        and last.meters >= distance
    )


def firing_into_melee(
    state: PercentileState, shooter: Combatant, target: ActorId, avoid: int | None
) -> FiringIntoMelee | None:
    """The melee a ranged attack fires into: the target and everyone in its melee."""
    if not state.options.firing_into_melee:
        return None
    others = [
        key
        for key in state.melee_group(target)[1:]
        if key != shooter.id and not state.is_down(state.combatant(key))
    ]
    if not others:
        return None
    if avoid is None:
        avoid = sum(1 for key in others if not state.combatant(key).is_enemy_of(shooter))
    if avoid == 0:
        return None
    return FiringIntoMelee(avoid=min(avoid, len(others)), people=len(others) + 1)


def attack_tasks(state: PercentileState, order: cmd.Attack) -> tuple[AttackTask, ...]:
    """The attempts of one Attack action, in the order declared (on the engine's fast
    paths the latest are remembered with their state and order, both immutable, matched
    by identity: the check and the play of one Attack build them once)."""
    if not fast_paths.enabled():
        return _attack_tasks(state, order)
    known = _LATEST.get("attack")
    if known is not None and known[0] is state and known[1] is order:
        return known[2]
    found = _attack_tasks(state, order)
    _LATEST["attack"] = (state, order, found)
    return found


_LATEST: dict[str, tuple[PercentileState, cmd.Attack, tuple[AttackTask, ...]]] = {}


def _attack_tasks(state: PercentileState, order: cmd.Attack) -> tuple[AttackTask, ...]:
    attacker = state.combatant(order.combatant)
    weapon_name = order.weapon or gear.main_weapon(attacker)
    weapon = gear.weapon(attacker, weapon_name, state.options)
    split = len(order.targets)
    charge = is_charging(state, attacker, not weapon.ranged)
    aim = attacker.aim
    tasks: list[AttackTask] = []
    for number, target in enumerate(order.targets):
        aimed = 0
        if aim is not None and aim.target == target and not any(task.aim for task in tasks):
            aimed = aim.times
        tasks.append(
            AttackTask(
                attacker=order.combatant,
                target=target,
                weapon=weapon_name,
                skill=order.skill,
                reason="action" if number == 0 else "split",
                intent=order.intent,
                split=split,
                aim=aimed,
                charge=charge and number == 0,
                called_shot=order.called_shot,
                find_weak_spot=order.find_weak_spot,
                change_distance=order.change_distance,
                distance=order.distance,
                firing_into_melee=(
                    firing_into_melee(state, attacker, target, order.avoid)
                    if weapon.ranged
                    else None
                ),
                situations=order.situations,
                hazard=order.hazard,
            )
        )
    return tuple(tasks)


def grapple_task(state: PercentileState, order: cmd.Grapple, *, reason: AttackReason) -> AttackTask:
    """A Grapple (or a re-grab of a stuck weapon) as an attack that deals no damage."""
    return AttackTask(
        attacker=order.combatant,
        target=order.target,
        weapon=order.weapon or gear.UNARMED,
        reason=reason,
        grapple=True,
    )
