"""The Attack in play: four steps, the choices asked as they come up (P-ATK-01 .. P-ATK-15).

1. The attack's d100 is rolled when the attack is declared (a melee attack engages its
   pair first, P-MOD-02, at the distance P-OPT-12 gives). A critical asks the attacker
   for a Devastating or a Precise Blow (P-ATK-03).
2. A successful attack asks the target how to defend, or not to, before its roll
   (P-ATK-04, P-ATK-05): each defense it may spend, with its effective skill.
3. The whole attack is then ``percentile.attack``'s (one definition of the rule), handed
   the d100 already rolled (``dice.py``): defense roll, damage through armor, chipping,
   a Critical Impale, a Devastating Defense. Its outcome becomes events: damage
   (``life.py``), equipment worn, a weapon stuck (P-OPT-03), a push (P-OPT-23) and the
   target's roll to stop at the edge of a hazardous zone (P-OPT-24), a
   weapon knocked away (P-OPT-25), the melee distance traded (P-OPT-13), a stray shot
   (P-OPT-20), a Disengage broken by an injury (P-ACT-09, G-P-27).
4. Follow-ups: a critical Dodge's counter-attack or Disengage (the defender's choice,
   P-ATK-14), a fumble (``fumbling.py``), getting up after a Dive Dodge (P-OPT-18).
"""

from __future__ import annotations

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.attack import (
    AttackOutcome,
    CounterOutcome,
    resolve_attack,
    roll_location,
)
from tablekeeper.rulesets.percentile.attack_input import (
    AttackInput,
    CriticalChoice,
    attack_breakdown,
)
from tablekeeper.rulesets.percentile.blows import Blow, FollowUp, blow_plan
from tablekeeper.rulesets.percentile.checks import D100, CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import roll_damage
from tablekeeper.rulesets.percentile.defense import UNDEFENDED
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.attack_request import (
    attack_request,
    attacker_side,
    defender_input,
)
from tablekeeper.rulesets.percentile.encounter.defending import (
    NO_DEFENSE,
    Choice,
    choices,
    intent_met,
    option,
    source,
    spend,
)
from tablekeeper.rulesets.percentile.encounter.defense_skills import defense_skills
from tablekeeper.rulesets.percentile.encounter.dice import Prerolled
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import (
    can_strike,
    change_distance,
    engage,
)
from tablekeeper.rulesets.percentile.encounter.followups import follow_up_decision
from tablekeeper.rulesets.percentile.encounter.fumbling import fumble
from tablekeeper.rulesets.percentile.encounter.grapple import resolve_grapple
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.pending import (
    AttackTask,
    CriticalBlow,
    DefenseChoice,
    GetUpTask,
)
from tablekeeper.rulesets.percentile.encounter.state import StuckWeapon
from tablekeeper.rulesets.percentile.impales import ImpaleOutcome, ImpaleResult

VERBS = {"damage": "attacks", "bash": "bashes", "disarm": "tries to disarm"}


def declare(draft: PercentileDraft, task: AttackTask) -> Decision | None:
    """Step 1: engage (melee), roll the attack, ask the critical's blow."""
    state = draft.state
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    if state.is_down(attacker) or state.is_down(target):
        return None  # a later attempt, or a free attack, on someone already out
    if not can_strike(state, task.attacker, task.target, task.weapon):
        return None  # a free attack with a weapon the melee distance forbids (P-OPT-11)
    weapon = gear.weapon(attacker, task.weapon, state.options)
    if not weapon.ranged:
        engage(draft, task.attacker, task.target, weapon=task.weapon, declared=task.distance)
    request = attack_request(draft.state, task)
    roll = roll_check(
        attack_breakdown(request),
        labelled(draft.roller, "attack", task.attacker),
        request.options,
        automatic_success=request.attacker.automatic_success,
    )
    draft.emit(ev.ATTACK_ROLLED, ev.AttackRolled(attack=task, roll=roll))
    if roll.level is Level.CRITICAL and not task.grapple and task.intent != "disarm":
        decision = Decision(
            chooser=task.attacker,
            prompt=f"{attacker.name} rolls a critical {roll.roll} against {target.name}: "
            "Devastating Blow or Precise Blow?",
            options=(
                Option(id="devastating", label="Devastating Blow: Critical Damage"),
                Option(id="precise", label="Precise Blow: normal damage ignoring all armor"),
            ),
            default="devastating",
        )
        return draft.ask(CriticalBlow(attack=task, roll=roll), decision)
    return defend_or_resolve(draft, task, roll, "devastating")


def defend_or_resolve(
    draft: PercentileDraft, task: AttackTask, roll: CheckOutcome, critical: CriticalChoice
) -> Decision | None:
    """Step 2: a successful attack asks the target how it defends, if it can."""
    state = draft.state
    if roll.succeeded:
        weapon = gear.weapon(state.combatant(task.attacker), task.weapon, state.options)
        offered = choices(state, task.target, task.attacker, ranged=weapon.ranged)
        if len(offered) > 1:
            return draft.ask(
                DefenseChoice(attack=task, roll=roll, critical=critical),
                defense_decision(draft, task, roll, critical, offered),
            )
    return resolve(draft, task, roll, critical, NO_DEFENSE)


def defense_decision(
    draft: PercentileDraft,
    task: AttackTask,
    roll: CheckOutcome,
    critical: CriticalChoice,
    offered: tuple[Choice, ...],
) -> Decision:
    """The target's decision: each defense with its effective skill, the best by default."""
    state = draft.state
    where = source(state, task.target)
    early = where.early if where is not None else False
    side = attacker_side(state, task, critical)
    skills = defense_skills(state, task, side, offered, early=early)
    singles = [
        choice.id
        for choice in offered
        if choice.kind != "none" and choice.split == 1 and not choice.dive
    ]
    default = max(singles, key=lambda key: skills[key] or 0) if singles else "none"
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    how = "ahead of your turn, at -20%, " if early else ""
    return Decision(
        chooser=task.target,
        prompt=f"{attacker.name} {VERBS[task.intent]} {target.name} with {task.weapon}: "
        f"{roll.roll}, a {roll.level.value}. "  # not the attacker's skill: the chooser's (C-20)
        f"{target.name}, defend {how}how?",
        options=tuple(option(choice, skills[choice.id]) for choice in offered),
        default=default,
    )


def resolve(
    draft: PercentileDraft,
    task: AttackTask,
    roll: CheckOutcome,
    critical: CriticalChoice,
    choice: Choice,
) -> Decision | None:
    """Steps 2 to 4 through ``percentile.attack``, with the d100 already rolled."""
    if task.grapple:
        return resolve_grapple(draft, task, roll, choice)
    index, early = None, False
    if choice.kind != "none":
        index, early = spend(draft, task.target, task.attacker, choice)
    request = attack_request(draft.state, task, critical=critical, choice=choice, early=early)
    dice = Prerolled([(D100, roll.roll)], draft.roller)
    outcome = resolve_attack(request, dice)
    if not dice.spent or outcome.attack.effective_skill != roll.effective_skill:
        raise RuntimeError("the attack was resolved on another roll")  # pragma: no cover
    draft.emit(
        ev.ATTACK_RESOLVED,
        ev.AttackResolved(attack=task, outcome=outcome, defense=choice.id, reserve=index),
    )
    intent_met(draft, task, outcome.defense is not None and outcome.defense.victory)
    return consequences(draft, task, request, outcome, choice)


def _impale(
    draft: PercentileDraft, owner: ActorId, target: ActorId, impale: ImpaleOutcome | None
) -> None:
    if impale is None:
        return
    if impale.result is ImpaleResult.PULLED_OUT:
        dealt = impale.damage.dealt if impale.damage is not None else 0
        hurt(draft, target, dealt, source=f"{impale.weapon} pulled out", rule="P-OPT-03")
        return
    broken = impale.result is ImpaleResult.STUCK_AND_BROKEN
    stuck = StuckWeapon(
        owner=owner, target=target, weapon=impale.weapon, held=not broken, broken=broken
    )
    draft.emit(ev.WEAPON_STUCK, ev.WeaponStuck(stuck=stuck))


def _injured(draft: PercentileDraft, who: ActorId, by: ActorId) -> None:
    """An injury breaks a declared Disengage from Melee (P-ACT-09, G-P-27)."""
    if draft.state.combatant(who).disengaging:
        draft.emit(
            ev.DISENGAGE_FAILED, ev.Disengagement(combatant=who, others=(by,), reason="injured")
        )


def _pushed(draft: PercentileDraft, task: AttackTask, outcome: AttackOutcome) -> None:
    """A Bash's push (P-OPT-23), toward a hazardous zone: the target's roll to stop at the
    edge, none if it is already there (P-OPT-24, G-P-C13)."""
    attacker, target = task.attacker, task.target
    into = None
    if outcome.hazard is not None:
        into = outcome.hazard.into_hazard
        if outcome.hazard.check is not None:
            note = "pushed into the hazard" if into else "stops at the edge"
            draft.emit(
                ev.CHECK_ROLLED,
                ev.CheckRolled(
                    combatant=target,
                    purpose="bash_edge",
                    roll=outcome.hazard.check,
                    against=attacker,
                    note=note,
                ),
            )
    meters = outcome.bash_push_m or 0
    draft.emit(ev.PUSHED, ev.Pushed(combatant=target, meters=meters, by=attacker, into_hazard=into))


def consequences(
    draft: PercentileDraft,
    task: AttackTask,
    request: AttackInput,
    outcome: AttackOutcome,
    choice: Choice,
) -> Decision | None:
    """The attack's outcome as events, then its follow-ups."""
    attacker, target = task.attacker, task.target
    if outcome.damage is not None:
        source_name = f"{draft.state.combatant(attacker).name}'s {task.weapon}"
        hurt(
            draft,
            target,
            outcome.damage.dealt,
            source=source_name,
            rule="P-ATK-08",
            location=outcome.damage.location,
        )
    if outcome.equipment is not None:
        worn = outcome.equipment
        draft.emit(
            ev.GEAR_WORN,
            ev.GearWorn(
                combatant=target,
                item=worn.item,
                hp_before=worn.hp_before,
                hp_after=worn.hp_after,
                rule=worn.source,
            ),
        )
    _impale(draft, attacker, target, outcome.impale)
    if outcome.injured:
        _injured(draft, target, attacker)
    if outcome.bash_push_m is not None:
        _pushed(draft, task, outcome)
    if outcome.disarm is not None and outcome.disarm.disarmed:
        _disarmed(draft, target, outcome.disarm.distance_m, choice)
    if outcome.distance_changed:
        steps = -1 if task.change_distance == "closer" else 1
        change_distance(draft, attacker, target, steps, "P-OPT-13")
    if outcome.bystander_hit:
        stray(draft, task, request)
    if outcome.counter is not None:
        _devastating_defense(draft, attacker, target, outcome.counter)
    if choice.dive:
        _dive(draft, target, outcome)
    if outcome.follow_up in (FollowUp.COUNTER_ATTACK, FollowUp.DISENGAGE):
        decision = follow_up_decision(draft, task)
        if decision is not None:
            return decision
    if outcome.attack_level is Level.FUMBLE:
        return fumble(draft, attacker, task.weapon, "attack")
    if outcome.defense is not None and outcome.defense.check.level is Level.FUMBLE:
        return fumble(draft, target, choice.item, "defense")
    return None


def _disarmed(draft: PercentileDraft, target: ActorId, meters: int | None, choice: Choice) -> None:
    """A Disarm knocks away the parrying weapon, else the one in hand (P-OPT-25)."""
    held = (
        choice.item
        if choice.kind == "parry" and choice.item
        else gear.main_weapon(draft.state.combatant(target))
    )
    if held != gear.UNARMED:
        draft.emit(
            ev.ITEM_DROPPED,
            ev.ItemMoved(combatant=target, item=held, meters=meters, rule="P-OPT-25"),
        )


def _devastating_defense(
    draft: PercentileDraft, attacker: ActorId, target: ActorId, counter: CounterOutcome
) -> None:
    """The Devastating Defense's Critical Damage, dealt back to the attacker (P-ATK-15)."""
    hurt(
        draft,
        attacker,
        counter.damage.dealt,
        source=f"Devastating Defense with {counter.weapon}",
        rule="P-ATK-15",
        location=counter.damage.location,
    )
    _impale(draft, target, attacker, counter.impale)
    if counter.damage_dealt >= 1:
        _injured(draft, attacker, target)


def _dive(draft: PercentileDraft, diver: ActorId, outcome: AttackOutcome) -> None:
    """Dive Dodge: prone, unless the Dodge succeeded and an Athletics roll gets them up."""
    if not draft.state.combatant(diver).prone:
        draft.emit(ev.PRONE_CHANGED, ev.ProneChanged(combatant=diver, prone=True, rule="P-OPT-18"))
    dodged = outcome.defense is not None and outcome.defense.check.succeeded
    if dodged and gear.has_skill(draft.state.combatant(diver), "Athletics"):
        draft.queue(GetUpTask(combatant=diver), front=False)


def stray(draft: PercentileDraft, task: AttackTask, request: AttackInput) -> None:
    """Firing into Melee astray: one of those avoided, at random, takes a Normal Blow
    (P-OPT-20)."""
    state = draft.state
    shooter = state.combatant(task.attacker)
    avoided = [
        key
        for key in state.melee_group(task.target)[1:]
        if key != shooter.id
        and not state.combatant(key).is_enemy_of(shooter)
        and not state.is_down(state.combatant(key))
    ]
    if not avoided:
        return
    struck = (
        avoided[labelled(draft.roller, "bystander struck").roll(Die(len(avoided))) - 1]
        if len(avoided) > 1
        else avoided[0]
    )
    bystander = request.model_copy(update={"defender": defender_input(state, struck, NO_DEFENSE)})
    location = roll_location(bystander, draft.roller)
    damage = roll_damage(
        blow_plan(bystander, Blow.NORMAL, UNDEFENDED, location), draft.roller, location
    )
    hurt(
        draft,
        struck,
        damage.dealt,
        source=f"{shooter.name}'s stray shot",
        rule="P-OPT-20",
        location=location,
    )
