"""Rounds and turns: the clock of a combat encounter (P-CMB-01 .. P-CMB-07).

The GM starts the encounter: every combatant rolls its turn order and round 1 begins.
A round's order is every combatant still in the fight, in descending turn order; each
gets its actions for the round (two, or more with High Initiatives). A turn begins with
what lasted "until the character's next turn" ending: reserved defenses (P-ACT-06), a
distracted fumbler's exposure (P-ATK-13); a declared Disengage that no injury broke
takes effect (P-ACT-09, P-ACT-10); a lost turn or lost actions (fumbles 01, 02) apply.
Unused actions are lost when the turn ends (G-P-E1); a weapon stuck in a combatant that
moved or acted physically deals its damage then (P-OPT-04). The end of a round brings
Melee Fatigue from the fourth round (P-OPT-19, G-P-E9).
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.damage import roll_damage, stuck_weapon_plan
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import change_distance, disengage
from tablekeeper.rulesets.percentile.encounter.initiative import (
    allotment,
    descending,
    reroll,
    roll_turn_order,
)
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.modifiers import melee_fatigue


def start_encounter(draft: PercentileDraft) -> None:
    """Every combatant rolls its turn order (P-CMB-02); round 1 begins."""
    draft.emit(ev.ENCOUNTER_STARTED, ev.Nothing())
    for combatant in draft.state.combatants.values():
        order = roll_turn_order(combatant, draft.roller, reason="start")
        draft.emit(
            ev.TURN_ORDER_ROLLED,
            ev.TurnOrderRolled(combatant=combatant.id, order=order, rule="P-CMB-02"),
        )
    begin_round(draft, 1)


def begin_round(draft: PercentileDraft, number: int) -> None:
    """Round ``number``: the standing combatants in descending turn order, with their
    actions for the round."""
    state = draft.state
    if state.options.wait_scope == "round":  # a Wait lasted for its round only (G-P-E2)
        rested = {
            key: item.model_copy(update={"waited": None}) for key, item in state.combatants.items()
        }
        state = state.model_copy(update={"combatants": rested})
    standing = [combatant.id for combatant in state.standing()]
    order, roll_offs = descending(state, standing, draft.roller)
    actions = {key: allotment(state, state.combatant(key)) for key in order}
    draft.emit(
        ev.ROUND_STARTED,
        ev.RoundStarted(round=number, order=order, actions=actions, roll_offs=roll_offs),
    )


def end_round(draft: PercentileDraft) -> None:
    """Melee Fatigue, then the next round."""
    state = draft.state
    number = state.round
    if state.options.melee_fatigue:
        for combatant in state.standing():
            terms = melee_fatigue(number, state.in_melee(combatant.id))
            if terms and not draft.state.is_down(draft.state.combatant(combatant.id)):
                draft.emit(ev.FATIGUED, ev.CombatantOnly(combatant=combatant.id))
                hurt(draft, combatant.id, terms[0].amount, source="melee fatigue", rule="P-OPT-19")
    draft.emit(ev.ROUND_ENDED, ev.RoundEnded(round=number))


def start_turn(draft: PercentileDraft, combatant_id: ActorId) -> bool:
    """Begin the combatant's turn; ``False`` if it is lost or the combatant is out."""
    state = draft.state
    combatant = state.combatant(combatant_id)
    if state.is_down(combatant):
        draft.emit(ev.TURN_ENDED, ev.TurnEnded(combatant=combatant_id, unused=0, reason="down"))
        return False
    for reserve in combatant.reserves:  # a Defend to change the distance, unopposed
        intent = reserve.distance
        if intent is not None and intent.opponent not in reserve.attacked_by:
            change_distance(draft, combatant_id, intent.opponent, intent.steps, "P-OPT-14")
    lost = None
    actions = combatant.actions_left
    if combatant.lose_turn:
        lost, actions = "turn", 0
    elif combatant.lose_actions:
        lost, actions = "actions", max(0, actions - combatant.lose_actions)
    draft.emit(ev.TURN_STARTED, ev.TurnStarted(combatant=combatant_id, actions=actions, lost=lost))
    if combatant.disengaging:
        disengage(draft, combatant_id, state.engaged_with(combatant_id), "Disengage from Melee")
    if combatant.spirit_disengaging:
        foes = state.spirit_foes(combatant_id)
        draft.emit(
            ev.DISENGAGED,
            ev.Disengagement(
                combatant=combatant_id,
                spirit=True,
                others=foes,
                reason="Disengage from Spirit Combat",
            ),
        )
    if lost == "turn":
        draft.emit(ev.TURN_ENDED, ev.TurnEnded(combatant=combatant_id, unused=0, reason="skipped"))
        return False
    return True


def end_turn(draft: PercentileDraft, combatant_id: ActorId) -> None:
    """End the turn: stuck weapons bite a combatant that moved or acted (P-OPT-04)."""
    combatant = draft.state.combatant(combatant_id)
    if combatant.physical_this_turn:
        for stuck in draft.state.stuck_in(combatant_id):
            owner = draft.state.combatant(stuck.owner)
            item = gear.weapon(owner, stuck.weapon, draft.state.options)
            damage = roll_damage(stuck_weapon_plan(item), draft.roller)
            hurt(draft, combatant_id, damage.dealt, source=f"{item.name} stuck", rule="P-OPT-04")
    unused = draft.state.combatant(combatant_id).actions_left
    draft.emit(ev.TURN_ENDED, ev.TurnEnded(combatant=combatant_id, unused=unused))


def winner(state: PercentileState) -> tuple[bool, str | None]:
    """Whether at most one side is still in the fight, and which (P-MOD-02: "disable").

    Asked at every step of the clock (``settle``: several times a command). On the
    engine's fast paths (``engine/fast_paths.py``) the combatants are read once, in
    order, and the answer given at the second side found still standing: the same
    answer as the set of the standing combatants' sides, without building either (a
    side is a non-empty ``str``, so ``None`` marks "none found yet")."""
    if fast_paths.enabled():
        is_down = state.is_down
        found: str | None = None
        for combatant in state.combatants.values():
            if is_down(combatant):
                continue
            if found is None:
                found = combatant.side
            elif combatant.side != found:
                return False, None
        return True, found
    sides = {combatant.side for combatant in state.standing()}
    if len(sides) > 1:
        return False, None
    return True, next(iter(sides), None)


def _over(draft: PercentileDraft) -> bool:
    done, side = winner(draft.state)
    if done:
        reason = "one side is left" if side else "no one is left"
        draft.emit(ev.ENCOUNTER_ENDED, ev.EncounterEnded(winner=side, reason=reason))
    return done


def settle(draft: PercentileDraft) -> None:
    """Play the clock on until a combatant's turn is open (or the encounter is over)."""
    for _ in range(10_000):
        state = draft.state
        if state.over or state.clock is None or state.awaiting is not None or state.tasks:
            return
        if _over(draft):
            return
        if state.round_over:
            end_round(draft)
            if _over(draft):
                return
            begin_round(draft, state.round + 1)
            continue
        current = state.clock.current
        if state.active == current:
            if state.is_down(state.combatant(current)):
                draft.emit(ev.TURN_ENDED, ev.TurnEnded(combatant=current, unused=0, reason="down"))
                continue
            return
        start_turn(draft, current)
    raise RuntimeError("the clock did not settle")  # pragma: no cover


def reroll_for_form(draft: PercentileDraft, combatant_id: ActorId, rule: str) -> None:
    """A change between the Spirit World and the physical world re-rolls the turn order
    (P-CMB-05, P-OPT-02)."""
    reroll(draft, combatant_id, reason="changing worlds", rule=rule)
