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

from collections.abc import Callable, Hashable
from typing import Any, TypeAlias, TypeVar

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.memo import built_for_each
from tablekeeper.engine.step_memory import Memory
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
from tablekeeper.rulesets.percentile.encounter import trusted_inputs as trusted
from tablekeeper.rulesets.percentile.encounter.defending import NO_DEFENSE, Choice
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, NearHazard
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance, Situation
from tablekeeper.rulesets.percentile.options import PercentileOptions

T = TypeVar("T")


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
    """The input of ``percentile.attack`` for ``task`` against the defense ``choice``.

    On the engine's fast paths the latest request is remembered with what it was built
    from (the state, the task and the choice matched by identity, all immutable, held
    here; the critical's blow and ``early`` by equality): an attack rolled and then
    resolved undefended (a failed roll, or no defense to choose) asks for the same
    request of the very same state, the attack's roll being an event that changes
    nothing (``fold.py``), and gets the request already built."""
    if not fast_paths.enabled():
        return _attack_request(state, task, critical, choice, early)
    known = _LATEST.get("request")
    if (
        known is not None
        and known[0] is state
        and known[1] is task
        and known[2] is choice
        and known[3] == (critical, early)
    ):
        return known[4]
    built = _attack_request(state, task, critical, choice, early)
    _LATEST["request"] = (state, task, choice, (critical, early), built)
    return built


_LATEST: dict[
    str, tuple[PercentileState, AttackTask, Choice, tuple[CriticalChoice, bool], AttackInput]
] = {}


def _attack_request(
    state: PercentileState,
    task: AttackTask,
    critical: CriticalChoice,
    choice: Choice,
    early: bool,
) -> AttackInput:
    defender = _defender(state, task, choice, early=early)  # first, as it always was
    return _request(state, attacker_side(state, task, critical), defender)


def plainly_valid(state: PercentileState, task: AttackTask) -> bool:
    """Whether :func:`attack_request` (no defense chosen yet) surely succeeds for
    ``task``, an attempt of an Attack the command checks have already allowed up to it:
    the engine's cheap legality check of a candidate attack (``engine/fast_paths.py``).

    ``False`` means "not sure": the caller builds the full request, which refuses or not
    with its own error. ``True`` only for an attempt the request cannot refuse, by what
    it could refuse: every value it reads from the state was validated when the state
    took it (skills within the skill limit, SIZ at least 0, weapons and shields, an Aim
    of at most 2), a defender with no defense chosen has nothing to refuse, so what is
    left is the attacker's skill (it must be on the stat block) and the choices
    ``AttackInput`` checks against the rules and the options; an attempt making any
    choice beyond a plain attack (split, called shot, weak spot, firing into melee, a
    Bash or a Disarm, a hazard) is left to the full request."""
    if (
        task.split != 1
        or task.called_shot is not None
        or task.find_weak_spot
        or task.firing_into_melee is not None
        or task.hazard is not None
        or task.intent != "damage"
        or task.situations
    ):
        return False
    options = state.options
    attacker = state.combatant(task.attacker)
    weapon = gear.weapon(attacker, task.weapon, options)
    if not gear.has_skill(attacker, gear.weapon_skill(attacker, weapon, task.skill)):
        return False
    if task.charge and (weapon.ranged or not options.charge):
        return False
    engagement = state.engagement(task.attacker, task.target)
    distance = engagement.distance if engagement is not None and not weapon.ranged else None
    return distance is None or options.weapon_reach


READS_KEPT = 2048
"""How many values :func:`_by_reads` keeps (the least recently asked go first)."""

_BY_READS: Memory[Hashable, tuple[tuple[object, ...], Any]] = Memory(READS_KEPT)


def _by_reads(held: tuple[object, ...], reads: Hashable, make: Callable[[], T]) -> T:
    """``make()``, a pure function of the objects ``held`` (the very objects, frozen: a
    stat block, the options, inputs already built) and of the values in ``reads``, built
    once for them on the engine's fast paths (``memo.built_for_each``: the objects named
    by identity and held with the value, the reads compared by equality). A refusal
    raises each time, and nothing is kept."""
    return built_for_each(held, reads, make, _BY_READS)


AttackerSide: TypeAlias = tuple[AttackerInput, MeleeDistance | None]
"""The attacker's input and the melee distance of the pair: what no defense changes."""


def attacker_side(
    state: PercentileState, task: AttackTask, critical: CriticalChoice = "devastating"
) -> AttackerSide:
    """The attacker's half of :func:`attack_request`, the same whatever the defense (so a
    defense decision builds it once for all the defenses it offers); on the engine's fast
    paths built once for equal values of what it reads (:func:`_by_reads`): the
    attacker's stat block and options (the very ones), its gear's wear, lost armor and
    prone, the target's distraction and prone, the grapples, stuck weapons and the
    pair's engagement, the task and the critical's blow."""
    if not fast_paths.enabled():
        return _attacker_side(state, task, critical)
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    reads = (
        "attacker",
        task,
        critical,
        tuple(attacker.gear_hp.items()),
        attacker.armor_lost,
        attacker.prone,
        target.distracted,
        target.prone,
        state.grapples,
        state.stuck,
        state.engagement(task.attacker, task.target),
    )
    return _by_reads(
        (state.options, attacker.stats), reads, lambda: _attacker_side(state, task, critical)
    )


def _attacker_side(
    state: PercentileState, task: AttackTask, critical: CriticalChoice
) -> AttackerSide:
    options = state.options
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    weapon = gear.weapon(attacker, task.weapon, options)
    skill_name = gear.weapon_skill(attacker, weapon, task.skill)
    modifiers = list(standing(state, task.attacker))
    if target.distracted:
        modifiers.extend(mod.distracted_target(target.distracted))
    engagement = state.engagement(task.attacker, task.target)
    distance = engagement.distance if engagement is not None and not weapon.ranged else None
    attacker_input = trusted.attacker_input(
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
    )
    return attacker_input, distance


def against(
    state: PercentileState,
    task: AttackTask,
    side: AttackerSide,
    choice: Choice = NO_DEFENSE,
    *,
    early: bool = False,
) -> AttackInput:
    """:func:`attack_request` from the attacker's half (:func:`attacker_side`)."""
    return _request(state, side, _defender(state, task, choice, early=early))


def _defender(
    state: PercentileState, task: AttackTask, choice: Choice, *, early: bool
) -> DefenderInput:
    """The target's input against ``task``; on the engine's fast paths built once for
    equal values of what it reads (:func:`_by_reads`): the target's stat block and the
    options (the very ones), its gear in hand, broken and worn, lost armor and Retreat,
    the grapples and stuck weapons, the hazard, the defense chosen and ``early``."""
    if not fast_paths.enabled():
        return _defender_of(state, task, choice, early)
    target = state.combatant(task.target)
    reads = (
        "defender",
        task.target,
        task.hazard,
        choice,
        early,
        tuple(target.gear_hp.items()),
        target.ready,
        target.broken,
        target.armor_lost,
        target.retreating,
        state.grapples,
        state.stuck,
    )
    return _by_reads(
        (state.options, target.stats), reads, lambda: _defender_of(state, task, choice, early)
    )


def _defender_of(
    state: PercentileState, task: AttackTask, choice: Choice, early: bool
) -> DefenderInput:
    defender = defender_input(state, task.target, choice, early=early)
    if task.hazard is not None:
        target = state.combatant(task.target)
        defender = defender.model_copy(update={"hazard": hazard(target, task.hazard)})
    return defender


def _request(state: PercentileState, side: AttackerSide, defender: DefenderInput) -> AttackInput:
    """The request of the two halves; on the engine's fast paths built once for the very
    attacker's and defender's inputs and options (the halves are themselves built once
    for what they read, so equal attacks hand in the same ones) and the distance."""
    if not fast_paths.enabled():
        return _request_of(state, side, defender)
    attacker_input, distance = side
    return _by_reads(
        (attacker_input, defender, state.options),
        ("request", distance),
        lambda: _request_of(state, side, defender),
    )


def _request_of(state: PercentileState, side: AttackerSide, defender: DefenderInput) -> AttackInput:
    attacker_input, distance = side
    return trusted.attack_input(
        attacker=attacker_input,
        defender=defender,
        melee_distance=distance,
        options=without_fumble_table(state.options),
    )


_NO_FUMBLE_TABLE: dict[str, tuple[PercentileOptions, PercentileOptions]] = {}


def without_fumble_table(options: PercentileOptions) -> PercentileOptions:
    """``options`` with ``roll_fumble_table`` off: the engine rolls fumbles itself
    (``fumbling.py``). On the engine's fast paths the copy of the latest options is kept
    (a frozen value of frozen options, matched by identity and held here)."""
    if not fast_paths.enabled():
        return options.model_copy(update={"roll_fumble_table": False})
    known = _NO_FUMBLE_TABLE.get("latest")
    if known is not None and known[0] is options:
        return known[1]
    copied = options.model_copy(update={"roll_fumble_table": False})
    _NO_FUMBLE_TABLE["latest"] = (options, copied)
    return copied


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
    return trusted.defender_input(
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
