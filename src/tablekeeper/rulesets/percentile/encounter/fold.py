"""``apply``: the state after one event, a pure function of the state and the event.

The encounter state is the fold of its events (ARCHITECTURE.md, idea 3). Each event kind
has one small function here; GM overrides go through the engine's shared
:func:`~tablekeeper.engine.overrides.apply_override`. The engine's ``submit`` folds the
events it drafts with these same functions (``draft.py``), so what it computes is what a
replay gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, JsonValue

from tablekeeper.engine import fast_paths
from tablekeeper.engine.clocks import RoundClock
from tablekeeper.rulesets.percentile.as_validated import as_validated
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import fold_effects as fx
from tablekeeper.rulesets.percentile.encounter.departure import without
from tablekeeper.rulesets.percentile.encounter.fold_effects import update
from tablekeeper.rulesets.percentile.encounter.social.fold import SOCIAL_FOLDS
from tablekeeper.rulesets.percentile.encounter.state import (
    Aim,
    Engagement,
    LastAction,
    PercentileState,
    pair,
)

S = PercentileState

_RECORDS = (
    ev.ENCOUNTER_STARTED,
    ev.ROUND_ENDED,
    ev.ATTACK_ROLLED,
    ev.ATTACK_RESOLVED,
    ev.PUSHED,
    ev.SPELL_CAST,
    ev.CHECK_ROLLED,
    ev.SPOKE,
    ev.SPIRIT_ROLLED,
    ev.SPIRIT_RESOLVED,
    ev.COMBATANT_DOWN,
)
"""Events that record what happened and change nothing the engine reads."""


def _added(state: S, event: ev.CombatantAdded) -> S:
    return state.with_combatant(event.combatant)


def _removed(state: S, event: ev.CombatantOnly) -> S:
    return without(state, event.combatant)


def _turn_order(state: S, event: ev.TurnOrderRolled) -> S:
    return update(state, event.combatant, turn_order=event.order)


def _round_started(state: S, event: ev.RoundStarted) -> S:
    keep_wait = state.options.wait_scope == "encounter"
    combatants = {
        key: item.model_copy(
            update={
                "actions_left": event.actions.get(key, 0),
                "turn_taken": False,
                "moved": False,
                "stepped": False,
                "retreating": False,
                "waited": item.waited if keep_wait else None,
            }
        )
        for key, item in state.combatants.items()
    }
    return state.model_copy(
        update={
            "combatants": combatants,
            "clock": RoundClock(round=event.round, order=event.order),
            "active": None,
            "round_over": False,
            "rallied": (),
        }
    )


def _turn_started(state: S, event: ev.TurnStarted) -> S:
    state = update(
        state,
        event.combatant,
        actions_left=event.actions,
        turn_taken=True,
        has_acted=True,
        reserves=(),
        spirit_guard=False,
        distracted=0,
        lose_turn=False,
        lose_actions=0,
        physical_this_turn=False,
    )
    return state.model_copy(update={"active": event.combatant})


def _turn_ended(state: S, event: ev.TurnEnded) -> S:
    state = update(state, event.combatant, actions_left=0)
    clock = state.clock
    if clock is None:
        return state
    if clock.is_last_turn:
        return state.model_copy(update={"active": None, "round_over": True})
    return state.model_copy(update={"active": None, "clock": clock.next_turn()})


def _order_changed(state: S, event: ev.OrderChanged) -> S:
    round_number = state.clock.round if state.clock is not None else 1
    clock = RoundClock(round=round_number, order=event.order, turn=event.turn)
    return state.model_copy(update={"clock": clock})


def _waited(state: S, event: ev.Waited) -> S:
    return update(state, event.combatant, waited=event.turn_order)


def _last_action(**given: Any) -> LastAction:
    """``LastAction(**given)``; on the engine's fast paths built without validating it
    again (``as_validated.py``) when validation would keep it: from a validated
    ``ActionTaken`` (its action a str, its meters an int of at least 0, its target an
    actor id or none) and a round of at least 1, an int."""
    if (
        fast_paths.enabled()
        and type(given["kind"]) is str
        and type(given["round"]) is int
        and given["round"] >= 1
        and type(given["meters"]) is int
        and given["meters"] >= 0
        and (given["target"] is None or type(given["target"]) is str)
    ):
        return as_validated(LastAction, given)
    return LastAction(**given)


def _action_taken(state: S, event: ev.ActionTaken) -> S:
    item = state.combatant(event.combatant)
    last = _last_action(
        kind=event.action, round=max(1, state.round), meters=event.meters, target=event.target
    )
    changes: dict[str, Any] = {"last_action": last}
    if event.actions:
        changes["actions_left"] = max(0, item.actions_left - event.actions)
        changes["aim"] = None  # Aim holds only for the next action (P-ACT-02)
        if event.action != "cast":
            changes["casting"] = None  # another action abandons a long casting (G-P-26)
    if event.physical:
        changes["physical_this_turn"] = True
    if event.action == "move":
        changes["moved"] = True
    return update(state, event.combatant, **changes)


def _aimed(state: S, event: ev.Aimed) -> S:
    return update(state, event.combatant, aim=Aim(target=event.target, times=event.times))


def _reserved(state: S, event: ev.DefenseReserved) -> S:
    item = state.combatant(event.combatant)
    return update(state, event.combatant, reserves=(*item.reserves, event.reserve))


def _reserve_used(state: S, event: ev.ReserveUsed) -> S:
    item = state.combatant(event.combatant)
    held = item.reserves[event.index]
    changes: dict[str, Any] = {"used": held.used + 1}
    if event.split is not None:
        changes["split"] = event.split
    reserves = list(item.reserves)
    reserves[event.index] = held.model_copy(update=changes)
    return update(state, event.combatant, reserves=tuple(reserves))


def _intent_met(state: S, event: ev.ReserveUsed) -> S:
    item = state.combatant(event.combatant)
    held = item.reserves[event.index]
    attacked = (*held.attacked_by, event.attacker) if event.attacker else held.attacked_by
    reserves = list(item.reserves)
    reserves[event.index] = held.model_copy(update={"attacked_by": attacked})
    return update(state, event.combatant, reserves=tuple(reserves))


def _engaged(state: S, event: ev.Engaged) -> S:
    key = pair(*event.pair)
    kept = tuple(item for item in state.engagements if item.pair != key)
    engagement = Engagement(pair=key, distance=event.distance)
    return state.model_copy(update={"engagements": (*kept, engagement)})


def _distance_changed(state: S, event: ev.DistanceChanged) -> S:
    key = pair(*event.pair)
    engagements = tuple(
        item.model_copy(update={"distance": event.distance}) if item.pair == key else item
        for item in state.engagements
    )
    return state.model_copy(update={"engagements": engagements})


def _disengage_declared(state: S, event: ev.Disengagement) -> S:
    flag = "spirit_disengaging" if event.spirit else "disengaging"
    return update(state, event.combatant, **{flag: True})


def _disengage_failed(state: S, event: ev.Disengagement) -> S:
    flag = "spirit_disengaging" if event.spirit else "disengaging"
    return update(state, event.combatant, **{flag: False})


def _disengaged(state: S, event: ev.Disengagement) -> S:
    who, others = event.combatant, set(event.others)
    state = _disengage_failed(state, event)
    if event.spirit:
        kept = tuple(
            (a, b)
            for a, b in state.spirit_engagements
            if not (who in (a, b) and ({a, b} - {who}) & others)
        )
        return state.model_copy(update={"spirit_engagements": kept})
    engagements = tuple(
        item for item in state.engagements if not (item.involves(who) and item.other(who) in others)
    )
    return state.model_copy(update={"engagements": engagements})


def _spirit_engaged(state: S, event: ev.SpiritEngaged) -> S:
    key = pair(*event.pair)
    if key in state.spirit_engagements:
        return state
    return state.model_copy(update={"spirit_engagements": (*state.spirit_engagements, key)})


def _spirit_guard(state: S, event: ev.CombatantOnly) -> S:
    return update(state, event.combatant, spirit_guard=True)


def _tasks(state: S, event: ev.TasksSet) -> S:
    return state.model_copy(update={"tasks": event.tasks})


def _awaiting(state: S, event: ev.AwaitingSet) -> S:
    return state.model_copy(update={"awaiting": event.awaiting})


def _choice(state: S, event: ev.ChoiceMade) -> S:
    return state.model_copy(update={"awaiting": None})


def _rallied(state: S, event: ev.CombatantOnly) -> S:
    return state.model_copy(update={"rallied": (*state.rallied, event.combatant)})


def _moved(state: S, event: ev.Moved) -> S:
    return update(state, event.combatant, moved=True)


def _stepped(state: S, event: ev.Stepped) -> S:
    item = state.combatant(event.combatant)
    return update(state, event.combatant, stepped=True, retreating=item.retreating or event.retreat)


def _passion(state: S, event: ev.PassionUsed) -> S:
    return update(state, event.combatant, passion_used=True)


def _ended(state: S, event: ev.EncounterEnded) -> S:
    return state.model_copy(update={"over": True, "winner": event.winner, "active": None})


def _record(state: S, event: BaseModel) -> S:
    return state


_FOLDS: Mapping[str, Callable[[S, Any], S]] = {
    **dict.fromkeys(_RECORDS, _record),
    ev.COMBATANT_ADDED: _added,
    ev.COMBATANT_REMOVED: _removed,
    ev.TURN_ORDER_ROLLED: _turn_order,
    ev.ROUND_STARTED: _round_started,
    ev.TURN_STARTED: _turn_started,
    ev.TURN_ENDED: _turn_ended,
    ev.ORDER_CHANGED: _order_changed,
    ev.WAITED: _waited,
    ev.ACTION_TAKEN: _action_taken,
    ev.AIMED: _aimed,
    ev.DEFENSE_RESERVED: _reserved,
    ev.RESERVE_USED: _reserve_used,
    ev.DISTANCE_INTENT_MET: _intent_met,
    ev.ENGAGED: _engaged,
    ev.DISTANCE_CHANGED: _distance_changed,
    ev.DISENGAGE_DECLARED: _disengage_declared,
    ev.DISENGAGE_FAILED: _disengage_failed,
    ev.DISENGAGED: _disengaged,
    ev.SPIRIT_ENGAGED: _spirit_engaged,
    ev.SPIRIT_GUARD_TAKEN: _spirit_guard,
    ev.TASKS_SET: _tasks,
    ev.AWAITING_SET: _awaiting,
    ev.CHOICE_MADE: _choice,
    ev.DAMAGED: fx.damaged,
    ev.POINTS_CHANGED: fx.points,
    ev.GEAR_WORN: fx.gear_worn,
    ev.ITEM_DROPPED: fx.dropped,
    ev.ITEM_LOST: fx.lost,
    ev.EQUIPPED: fx.equipped,
    ev.PRONE_CHANGED: fx.prone,
    ev.FUMBLED: fx.fumbled,
    ev.WEAPON_STUCK: fx.stuck,
    ev.WEAPON_LET_GO: fx.let_go,
    ev.WEAPON_PULLED: fx.pulled,
    ev.WEAPON_REGRABBED: fx.regrabbed,
    ev.GRAPPLED: fx.grappled,
    ev.GRAPPLE_TIGHTENED: fx.tightened,
    ev.GRAPPLE_RELEASED: fx.released,
    ev.CASTING: fx.casting,
    ev.CONCENTRATED: fx.concentrated,
    ev.RALLIED: _rallied,
    ev.MOVED: _moved,
    ev.STEPPED: _stepped,
    ev.PASSION_USED: _passion,
    ev.FORM_CHANGED: fx.form,
    ev.FATIGUED: fx.fatigued,
    ev.ENCOUNTER_ENDED: _ended,
    **SOCIAL_FOLDS,
}
assert set(_FOLDS) == set(ev.EVENT_MODELS), "every event kind has a fold"


def fold(state: PercentileState, kind: str, payload: Mapping[str, JsonValue]) -> PercentileState:
    """The state after the event ``kind`` with ``payload``."""
    return _FOLDS[kind](state, ev.read_event(kind, payload))


def fold_model(state: PercentileState, kind: str, payload: BaseModel) -> PercentileState:
    """The state after an event whose payload is already a model (the engine's drafts)."""
    if not isinstance(payload, ev.EVENT_MODELS[kind]):
        raise ValueError(f"{type(payload).__name__} is not the payload of {kind!r}")
    return _FOLDS[kind](state, payload)
