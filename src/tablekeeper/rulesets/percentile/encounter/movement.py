"""Move (P-ACT-19, P-ACT-20) and leaving melee by moving.

"The character moves up to MOV meters", times the GM's terrain factor (one half, one
quarter, one tenth). A character engaged in melee rolls Dodge first, at -20% for each
enemy after the first (and its standing penalties):

- Critical Success or Success: disengaged, it moves away with its full MOV;
- Failure: each enemy it was engaged with may make an attack, which is not an action (a
  Decision each: attack or let it go); then it is disengaged and moves away;
- Fumble: as above, but it stays engaged, and rolls on the Combat Fumble table.

A grappled character must escape first. The distance moved is remembered for a Charge
(P-OPT-16: a Move of at least SIZ / 5 meters, then a melee Attack).
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.rulesets.percentile import modifiers as mod
from tablekeeper.rulesets.percentile.checks import Level, roll_check
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.actions import take
from tablekeeper.rulesets.percentile.encounter.attack_request import standing
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import (
    can_strike,
    disengage,
    melee_enemies,
)
from tablekeeper.rulesets.percentile.encounter.fumbling import fumble
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, FinishMove, TakeFreeAttack
from tablekeeper.rulesets.percentile.encounter.state import Combatant

TERRAIN = {
    "normal": Fraction(1),
    "half": Fraction(1, 2),
    "quarter": Fraction(1, 4),
    "tenth": Fraction(1, 10),
}
"""The GM's factor on MOV for difficult terrain or low visibility (P-ACT-19)."""


def reach(combatant: Combatant, terrain: str) -> int:
    """The most meters a Move covers: MOV times the terrain factor, rounded down."""
    return int(combatant.stats.mov * TERRAIN[terrain])


def move(draft: PercentileDraft, order: cmd.Move) -> Decision | None:
    """A Move: straight away outside melee; out of melee after a Dodge roll."""
    state = draft.state
    who = order.combatant
    take(draft, who, "move", meters=order.meters)
    enemies = melee_enemies(state, who)
    if not enemies:
        if state.in_melee(who):  # engaged only with the fallen or with friends
            disengage(draft, who, state.engaged_with(who), "Move")
        draft.emit(ev.MOVED, ev.Moved(combatant=who, meters=order.meters))
        return None
    combatant = state.combatant(who)
    breakdown = Breakdown.of(
        Contribution(
            amount=combatant.stats.skills.get(gear.DODGE, 0), label=gear.DODGE, source="P-ATK-05"
        ),
        *mod.moving_out_of_melee(len(enemies)),
        *standing(state, who),
    )
    dodge = roll_check(breakdown, labelled(draft.roller, "Dodge", who), state.options)
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(
            combatant=who,
            purpose="move_dodge",
            roll=dodge,
            note=f"leaving melee with {len(enemies)}",
        ),
    )
    if dodge.succeeded:
        disengage(draft, who, state.engaged_with(who), "Move")
        draft.emit(ev.MOVED, ev.Moved(combatant=who, meters=order.meters, out_of_melee=True))
        return None
    fumbled = dodge.level is Level.FUMBLE
    striking = [
        enemy
        for enemy in enemies
        if can_strike(state, enemy, who, gear.main_weapon(state.combatant(enemy)))
    ]
    attacks = [
        AttackTask(
            attacker=enemy,
            target=who,
            weapon=gear.main_weapon(state.combatant(enemy)),
            reason="leaving_melee",
            free=True,
            optional=True,
        )
        for enemy in striking
    ]
    draft.queue(*attacks, FinishMove(mover=who, meters=order.meters, stays_engaged=fumbled))
    if fumbled:
        return fumble(draft, who, None, "move")
    return None


def offer_free_attack(draft: PercentileDraft, task: AttackTask) -> Decision:
    """An enemy may attack the character leaving melee: attack, or let it go."""
    state = draft.state
    attacker, target = state.combatant(task.attacker), state.combatant(task.target)
    decision = Decision(
        chooser=task.attacker,
        prompt=f"{target.name} leaves melee: {attacker.name} may make a free attack.",
        options=(
            Option(id="attack", label=f"attack with {task.weapon}"),
            Option(id="let_go", label="let them go"),
        ),
        default="attack",
    )
    return draft.ask(TakeFreeAttack(attack=task), decision)


def finish(draft: PercentileDraft, task: FinishMove) -> None:
    """The move, after the free attacks: disengaged unless the Dodge fumbled."""
    state = draft.state
    if state.is_down(state.combatant(task.mover)):
        return
    if not task.stays_engaged:
        disengage(draft, task.mover, state.engaged_with(task.mover), "Move")
        draft.emit(ev.MOVED, ev.Moved(combatant=task.mover, meters=task.meters, out_of_melee=True))
