"""Grapple and Escape from Grapple (P-ACT-12 .. P-ACT-16, P-REA-01).

- Grapple: an attack with a skill that can grapple (Brawl, a net, a whip); "The enemy may
  defend against the attack as usual. On a success or victory, the enemy is grappled":
  grappled when the attack succeeds and is undefended or wins the defense (the same
  exchange as any attack, ``defense.py``). It deals no damage; a critical Dodge, a
  Devastating Defense and fumbles follow as usual. The pair is held at Contact.
- Escape from Grapple (the grappled's action): the grappler may hold on, a reaction that
  is no action (Hold Grapple, a Decision), or let go. Held: Brawl opposed to the
  grappler's skill; a Weak Victory frees the escaper, a Normal Victory also throws the
  grappler prone for the escaper's damage bonus (or 1), a Great Victory for its maximum
  plus a roll (or 2), through the grappler's armor (only Twist Limb says it ignores
  armor); the grappler winning (or nobody) changes nothing (G-P-15). The damage itself
  is ``grapples.py``'s.
- The grappler's Grapple action while holding: Twist Limb (on a victory, damage bonus or
  1, ignoring armor; with a critical, maximum plus a roll, or 2) or Tighten Grapple (on
  a victory, a cumulative -20% on the grappled, Escape included, and +1 to the Twist
  Limb damage). The grappled resists with Brawl at the Escape's modifiers (G-P-15).
- While grappled: -40% to every physical action but Escape (``attack_request.standing``).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.dice.roller import Die
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.attack_input import defense_breakdown
from tablekeeper.rulesets.percentile.blows import counter_plan
from tablekeeper.rulesets.percentile.checks import CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import armor_reductions, roll_damage
from tablekeeper.rulesets.percentile.defense import UNDEFENDED, exchange
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.attack_request import attack_request, standing
from tablekeeper.rulesets.percentile.encounter.defending import Choice, intent_met, spend
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import hold_at_contact
from tablekeeper.rulesets.percentile.encounter.followups import follow_up_decision
from tablekeeper.rulesets.percentile.encounter.fumbling import fumble
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, HoldGrapple
from tablekeeper.rulesets.percentile.encounter.state import Grapple
from tablekeeper.rulesets.percentile.grapples import escape_damage_plan, twist_limb_plan
from tablekeeper.rulesets.percentile.opposed import Victory, Winner, oppose
from tablekeeper.rulesets.percentile.tables import hit_location_table

Maneuver = Literal["twist_limb", "tighten_grapple"]


def resolve_grapple(
    draft: PercentileDraft, task: AttackTask, attack: CheckOutcome, choice: Choice
) -> Decision | None:
    """A Grapple attack against the defense chosen (or none)."""
    state = draft.state
    early = False
    if choice.kind != "none":
        _, early = spend(draft, task.target, task.attacker, choice)
    request = attack_request(draft.state, task, choice=choice, early=early)
    defense = None
    result = UNDEFENDED
    if choice.kind != "none" and attack.succeeded:
        defense = roll_check(defense_breakdown(request), draft.roller, state.options)
        draft.emit(
            ev.CHECK_ROLLED,
            ev.CheckRolled(
                combatant=task.target,
                purpose="hold",
                roll=defense,
                against=task.attacker,
                note=f"{choice.id} against a grapple",
            ),
        )
        result = exchange(
            choice.kind, attack.level, attack.roll, defense.level, defense.roll, state.options
        )
    intent_met(draft, task, result.defense_victory)
    if task.reason == "regrab":
        _regrab(draft, task, attack.succeeded and result.attack_victory)
    elif attack.succeeded and result.attack_victory:
        grapple = Grapple(
            grappler=task.attacker,
            grappled=task.target,
            skill=gear.weapon_skill(
                state.combatant(task.attacker), request.attacker.weapon, task.skill
            ),
        )
        draft.emit(ev.GRAPPLED, ev.Grappled(grapple=grapple))
        hold_at_contact(draft, task.attacker, task.target)
    if result.critical_defense and choice.kind in ("parry", "block"):
        location = None
        if state.options.hit_locations:
            table = hit_location_table(request.attacker.body_plan)
            location = table.row_for(draft.roller.roll(Die(table.die))).location
        damage = roll_damage(counter_plan(request, location), draft.roller, location)
        hurt(
            draft,
            task.attacker,
            damage.dealt,
            source="Devastating Defense",
            rule="P-ATK-15",
            location=location,
        )
    if result.critical_defense and choice.kind == "dodge":
        decision = follow_up_decision(draft, task)
        if decision is not None:
            return decision
    if attack.level is Level.FUMBLE:
        return fumble(draft, task.attacker, task.weapon, "attack")
    if defense is not None and defense.level is Level.FUMBLE:
        return fumble(draft, task.target, choice.item, "defense")
    return None


def _regrab(draft: PercentileDraft, task: AttackTask, held: bool) -> None:
    """Re-grabbing a stuck weapon takes a Grapple action (P-OPT-05)."""
    if not held:
        return
    for stuck in draft.state.stuck_in(task.target):
        if stuck.owner == task.attacker and not stuck.held and not stuck.broken:
            draft.emit(
                ev.WEAPON_REGRABBED,
                ev.StuckWeaponChange(owner=stuck.owner, target=stuck.target, weapon=stuck.weapon),
            )
            return


def grappler_breakdown(draft: PercentileDraft, grapple: Grapple) -> Breakdown:
    """The grappler's roll to hold, twist or tighten: its grappling skill, standing penalties."""
    grappler = draft.state.combatant(grapple.grappler)
    terms = [
        Contribution(
            amount=gear.skill(grappler, grapple.skill), label=grapple.skill, source="P-ACT-13"
        )
    ]
    return Breakdown.of(*terms, *standing(draft.state, grapple.grappler))


def grappled_breakdown(draft: PercentileDraft, grappled: ActorId) -> Breakdown:
    """The grappled's Brawl for Escape (or to resist; 0% for a creature without it):
    Tighten's penalties, not the -40%."""
    combatant = draft.state.combatant(grappled)
    terms = [
        Contribution(
            amount=combatant.stats.skills.get(gear.BRAWL, 0), label=gear.BRAWL, source="P-ACT-13"
        )
    ]
    return Breakdown.of(*terms, *standing(draft.state, grappled, escaping=True))


def ask_hold(draft: PercentileDraft, escaper: ActorId) -> Decision | None:
    """Escape from Grapple: the grappler holds on (a reaction) or lets go."""
    grapple = draft.state.grapple_on(escaper)
    if grapple is None:
        return None
    grappler, name = grapple.grappler, draft.state.combatant(escaper).name
    decision = Decision(
        chooser=grappler,
        prompt=f"{name} tries to escape {draft.state.combatant(grappler).name}'s grapple: "
        "hold on (Hold Grapple, not an action) or let go?",
        options=(
            Option(id="hold", label=f"hold: {grapple.skill} against {name}'s Brawl"),
            Option(id="let_go", label="let go"),
        ),
        default="hold",
    )
    return draft.ask(HoldGrapple(escaper=escaper, grappler=grappler), decision)


def escape(draft: PercentileDraft, escaper: ActorId, hold: bool) -> None:
    """Escape from Grapple, with the grappler holding on or letting go."""
    grapple = draft.state.grapple_on(escaper)
    if grapple is None:
        return
    if not hold:
        draft.emit(
            ev.GRAPPLE_RELEASED,
            ev.GrappleChange(grappler=grapple.grappler, grappled=escaper, reason="let go"),
        )
        return
    options = draft.state.options
    mine = roll_check(grappled_breakdown(draft, escaper), draft.roller, options)
    theirs = roll_check(grappler_breakdown(draft, grapple), draft.roller, options)
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(combatant=escaper, purpose="escape", roll=mine, against=grapple.grappler),
    )
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(combatant=grapple.grappler, purpose="hold", roll=theirs, against=escaper),
    )
    result = oppose(mine, theirs, options)
    if result.winner is not Winner.ATTACKER:
        return
    draft.emit(
        ev.GRAPPLE_RELEASED,
        ev.GrappleChange(
            grappler=grapple.grappler, grappled=escaper, reason=f"{result.victory} victory"
        ),
    )
    bonus = draft.state.combatant(escaper).stats.damage_bonus
    plan = escape_damage_plan(bonus, result.victory or Victory.WEAK)
    if plan is None:
        return
    draft.emit(
        ev.PRONE_CHANGED, ev.ProneChanged(combatant=grapple.grappler, prone=True, rule="P-ACT-13")
    )
    armor = gear.armor(draft.state.combatant(grapple.grappler)).at(None)
    damage = roll_damage(plan.then(*armor_reductions(armor)), draft.roller)
    hurt(draft, grapple.grappler, damage.dealt, source="thrown from the grapple", rule="P-ACT-13")


def maneuver(draft: PercentileDraft, grappler: ActorId, kind: Maneuver) -> None:
    """Twist Limb or Tighten Grapple: the opposed roll, and its effect on a victory."""
    grapple = draft.state.grapple_by(grappler)
    if grapple is None:
        return
    options = draft.state.options
    mine = roll_check(grappler_breakdown(draft, grapple), draft.roller, options)
    theirs = roll_check(grappled_breakdown(draft, grapple.grappled), draft.roller, options)
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(combatant=grappler, purpose=kind, roll=mine, against=grapple.grappled),
    )
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(combatant=grapple.grappled, purpose="hold", roll=theirs, against=grappler),
    )
    if oppose(mine, theirs, options).winner is not Winner.ATTACKER:
        return
    if kind == "tighten_grapple":
        draft.emit(
            ev.GRAPPLE_TIGHTENED,
            ev.GrappleChange(grappler=grappler, grappled=grapple.grappled, reason="P-ACT-16"),
        )
        return
    bonus = draft.state.combatant(grappler).stats.damage_bonus
    plan = twist_limb_plan(
        bonus, critical=mine.level is Level.CRITICAL, tightened=grapple.tightened
    )
    damage = roll_damage(plan, draft.roller)
    hurt(draft, grapple.grappled, damage.dealt, source="Twist Limb", rule="P-ACT-15")


def release(draft: PercentileDraft, grappler: ActorId) -> None:
    """The grappler lets go (a free action)."""
    grapple = draft.state.grapple_by(grappler)
    if grapple is not None:
        draft.emit(
            ev.GRAPPLE_RELEASED,
            ev.GrappleChange(grappler=grappler, grappled=grapple.grappled, reason="let go"),
        )
