"""An attack as ``percentile.attack`` takes it: the encounter's numbers turned into input.

Everything the encounter knows goes in: the attacker's skill and weapon (as worn), its
Aim, a Charge, the melee distance of the pair (P-OPT-11), the standing penalties of
grapples (P-ACT-14, P-ACT-16) and stuck weapons (P-OPT-04, P-OPT-05), a prone attacker
or target (P-MOD-01), a distracted target (fumble 08), SIZ (P-OPT-22); and the
defender's choice: its skill, weapon or shield, a reserve taken ahead of its turn
(P-ACT-07), a split (P-OPT-07), Retreat (P-OPT-17), Dive Dodge (P-OPT-18); a hazardous
zone a Bash pushes the target toward, with the target's Athletics and Dodge from its stat
block (P-OPT-24, G-P-C13: a skill it lacks counts 0). Fumbles are rolled by the engine, so
the fumbler can choose the equipment (``fumbling.py``).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile import modifiers as mod
from tablekeeper.rulesets.percentile.attack_input import (
    AttackerInput,
    AttackInput,
    CriticalChoice,
    DefenderInput,
    Hazard,
)
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.defending import NO_DEFENSE, Choice
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, NearHazard
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.modifiers import Situation


def standing(
    state: PercentileState, combatant_id: ActorId, *, escaping: bool = False
) -> tuple[Contribution, ...]:
    """The penalties on every physical action of the combatant now."""
    terms: list[Contribution] = []
    grapple = state.grapple_on(combatant_id)
    if grapple is not None:
        terms.extend(mod.grappled(grapple.tightened, escaping=escaping))
    stuck = len(state.stuck_in(combatant_id))
    if stuck:
        terms.extend(mod.impaled(stuck))
    if state.holding_stuck(combatant_id):
        terms.extend(mod.holding_stuck_weapon())
    return tuple(terms)


def _situations(state: PercentileState, task: AttackTask) -> tuple[Situation, ...]:
    found = list(task.situations)
    kinds = {item.kind for item in found}
    if state.combatant(task.attacker).prone and "prone" not in kinds:
        found.append(Situation(kind="prone"))
    if state.combatant(task.target).prone and "target_prone" not in kinds:
        found.append(Situation(kind="target_prone"))
    return tuple(found)


def hazard(target: Combatant, near: NearHazard | None) -> Hazard | None:
    """The hazardous zone next to ``target``, with its Athletics and Dodge (P-OPT-24)."""
    if near is None:
        return None
    skills = target.stats.skills
    return Hazard(
        athletics=skills.get("Athletics", 0),
        dodge=skills.get(gear.DODGE, 0),
        at_edge=near.at_edge,
    )


def attack_request(
    state: PercentileState,
    task: AttackTask,
    *,
    critical: CriticalChoice = "devastating",
    choice: Choice = NO_DEFENSE,
    early: bool = False,
) -> AttackInput:
    """The input of ``percentile.attack`` for ``task`` against the defense ``choice``."""
    options = state.options
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    weapon = gear.weapon(attacker, task.weapon, options)
    skill_name = gear.weapon_skill(attacker, weapon, task.skill)
    modifiers = list(standing(state, task.attacker))
    if target.distracted:
        modifiers.extend(mod.distracted_target(target.distracted))
    engagement = state.engagement(task.attacker, task.target)
    distance = engagement.distance if engagement is not None and not weapon.ranged else None
    defender = defender_input(state, task.target, choice, early=early)
    if task.hazard is not None:
        defender = defender.model_copy(update={"hazard": hazard(target, task.hazard)})
    return AttackInput(
        attacker=AttackerInput(
            skill=gear.skill(attacker, skill_name, "weapon"),
            skill_name=skill_name,
            weapon=weapon,
            damage_bonus=attacker.stats.damage_bonus,
            armor=gear.armor(attacker),
            siz=attacker.stats.characteristics.SIZ,
            body_plan=attacker.stats.body_plan,
            aim=task.aim,
            called_shot=task.called_shot,
            split=task.split,
            find_weak_spot=task.find_weak_spot,
            firing_into_melee=task.firing_into_melee,
            situations=_situations(state, task),
            modifiers=tuple(modifiers),
            charge=task.charge,
            intent=task.intent,
            change_distance=task.change_distance if distance is not None else "none",
            critical_choice=critical,
        ),
        defender=defender,
        melee_distance=distance,
        options=options.model_copy(update={"roll_fumble_table": False}),
    )


def defender_input(
    state: PercentileState, target_id: ActorId, choice: Choice, *, early: bool = False
) -> DefenderInput:
    """The target's side: its defense ``choice`` with the skill it rolls, and its armor."""
    target = state.combatant(target_id)
    options = state.options
    held = gear.main_weapon(target)
    weapon = gear.weapon(
        target, choice.item if choice.kind == "parry" and choice.item else held, options
    )
    shield = None
    skill_name = None
    if choice.kind == "parry":
        skill_name = gear.weapon_skill(target, weapon)
    elif choice.kind == "block":
        shield = gear.shield(target, choice.item)
        skill_name = shield.skill
    elif choice.kind == "dodge":
        skill_name = gear.DODGE
    skill = gear.skill(target, skill_name, "option") if skill_name is not None else 0
    return DefenderInput(
        defense=choice.kind,
        skill=skill,
        skill_name=skill_name,
        weapon=weapon,
        shield=shield,
        damage_bonus=target.stats.damage_bonus,
        armor=gear.armor(target),
        siz=target.stats.characteristics.SIZ,
        body_plan=target.stats.body_plan,
        before_first_turn=early and choice.kind != "none",
        retreat=target.retreating and options.retreat and choice.kind != "none",
        dive_dodge=choice.dive,
        split=choice.split,
        modifiers=standing(state, target_id),
    )
