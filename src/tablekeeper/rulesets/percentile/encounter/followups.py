"""Step 4's choices: a critical Dodge's follow-up, and getting up after a Dive Dodge.

"If a Dodge roll gets a critical success, the defender may choose to either get a free
counter-attack, or an immediate Disengage from Melee. These do not count against the
defender's number of actions." (P-ATK-14). The counter-attack is a brand new attack from
step 1, queued as a free attack; the Disengage is a free Disengage from Melee: a pending
Defend until the defender's next turn, when it takes effect (P-ACT-09).

"If the Dodge roll is successful, the character may also make an Athletics roll to get
immediately back up. If failed, the character ends up prone. Of course, a player may
choose to opt out of the Athletics roll to stay prone on purpose" (P-OPT-18).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.checks import roll_check
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.attack_request import standing
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import can_strike
from tablekeeper.rulesets.percentile.encounter.pending import (
    AttackTask,
    DodgeFollowUp,
    GetUp,
)
from tablekeeper.rulesets.percentile.encounter.state import Reserve

ATHLETICS = "Athletics"


def follow_up_decision(draft: PercentileDraft, task: AttackTask) -> Decision | None:
    """A critical Dodge: a free counter-attack or an immediate Disengage (P-ATK-14)."""
    state = draft.state
    defender = state.combatant(task.target)
    weapon = gear.weapon(defender, gear.main_weapon(defender), state.options)
    offered = []
    usable = can_strike(state, task.target, task.attacker, weapon.name)
    if usable and gear.has_skill(defender, gear.weapon_skill(defender, weapon)):
        offered.append(
            Option(id="counter_attack", label=f"a free counter-attack with {weapon.name}")
        )
    if state.in_melee(task.target):
        offered.append(Option(id="disengage", label="an immediate, free Disengage from Melee"))
    if not offered:
        return None
    attacker = state.combatant(task.attacker)
    decision = Decision(
        chooser=task.target,
        prompt=f"{defender.name}'s critical Dodge: counter-attack {attacker.name}, or "
        "disengage from melee?",
        options=tuple(offered),
        default=offered[0].id,
    )
    return draft.ask(DodgeFollowUp(defender=task.target, attacker=task.attacker), decision)


def follow_up(draft: PercentileDraft, awaiting: DodgeFollowUp, answer: str) -> None:
    """Play the critical Dodge's follow-up the defender chose."""
    defender = awaiting.defender
    if answer == "counter_attack":
        weapon = gear.main_weapon(draft.state.combatant(defender))
        draft.queue(
            AttackTask(
                attacker=defender,
                target=awaiting.attacker,
                weapon=weapon,
                reason="counter_attack",
                free=True,
            )
        )
        return
    draft.emit(ev.DISENGAGE_DECLARED, ev.Disengagement(combatant=defender, reason="critical Dodge"))
    reserve = Reserve(source="critical_dodge")
    draft.emit(ev.DEFENSE_RESERVED, ev.DefenseReserved(combatant=defender, reserve=reserve))


def get_up_decision(draft: PercentileDraft, combatant_id: ActorId) -> Decision | None:
    """After a successful Dive Dodge: roll Athletics to get back up, or stay prone."""
    combatant = draft.state.combatant(combatant_id)
    if not combatant.prone or draft.state.is_down(combatant):
        return None
    decision = Decision(
        chooser=combatant_id,
        prompt=f"{combatant.name} dived: roll Athletics to get back up, or stay prone?",
        options=(
            Option(id="athletics", label=f"roll Athletics ({gear.skill(combatant, ATHLETICS)}%)"),
            Option(id="stay_prone", label="stay prone"),
        ),
        default="athletics",
    )
    return draft.ask(GetUp(combatant=combatant_id), decision)


def get_up(draft: PercentileDraft, combatant_id: ActorId, answer: str) -> None:
    """The Athletics roll: up on a success, prone on a failure."""
    if answer != "athletics":
        return
    combatant = draft.state.combatant(combatant_id)
    breakdown = Breakdown.of(
        Contribution(amount=gear.skill(combatant, ATHLETICS), label=ATHLETICS, source="P-OPT-18"),
        *standing(draft.state, combatant_id),
    )
    check = roll_check(breakdown, draft.roller, draft.state.options)
    draft.emit(
        ev.CHECK_ROLLED, ev.CheckRolled(combatant=combatant_id, purpose="athletics", roll=check)
    )
    if check.succeeded:
        draft.emit(
            ev.PRONE_CHANGED, ev.ProneChanged(combatant=combatant_id, prone=False, rule="P-OPT-18")
        )
