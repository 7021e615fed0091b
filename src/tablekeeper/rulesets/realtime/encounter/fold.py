"""``apply``: the state after one event, a pure function of the state and the event.

The encounter state is the fold of its events (ARCHITECTURE.md, idea 3). Each event kind
has one small function here; GM overrides go through the engine's shared
:func:`~tablekeeper.engine.overrides.apply_override`. The engine's ``submit`` folds the
events it drafts with these same functions, so what it computes is what a replay gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, JsonValue

from tablekeeper.engine import fast_paths
from tablekeeper.engine.memo import built_for
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.payloads import clock_later
from tablekeeper.rulesets.realtime.encounter.state import (
    Creature,
    Injury,
    RealtimeState,
    still_awaiting,
)
from tablekeeper.rulesets.realtime.options import RealtimeOptions

S = RealtimeState


def _update(state: S, creature_id: ActorId, **changes: Any) -> S:
    return state.with_creature(state.creature(creature_id).model_copy(update=changes))


def _creature_added(state: S, event: ev.CreatureAdded) -> S:
    return state.with_creature(event.creature)


def _creature_removed(state: S, event: ev.CreatureRemoved) -> S:
    creatures = {key: item for key, item in state.creatures.items() if key != event.creature}
    return state.model_copy(update={"creatures": creatures})


def _action_started(state: S, event: ev.ActionStarted) -> S:
    return _update(state, event.creature, charge=event.charge)


def _charge_cleared(state: S, event: ev.ActionCancelled | ev.ActionCompleted) -> S:
    return _update(state, event.creature, charge=None)


def _advance_started(state: S, event: ev.AdvanceStarted) -> S:
    return state.model_copy(update={"advance_remaining": event.seconds})


def charged_for(creature: Creature, seconds: int, options: RealtimeOptions) -> Creature:
    """The creature after ``seconds`` ends of second of charging (step 2 of a second's
    end): its charge gains its A.P. a second, never past the cost."""
    charge = creature.charge
    gain = creature.charge_per_second(options) * seconds
    if charge is None or not gain:
        return creature
    charged = min(charge.cost, charge.charged + gain)
    return creature.model_copy(update={"charge": charge.model_copy(update={"charged": charged})})


def counted_for(creature: Creature, seconds: int) -> Creature:
    """The creature after ``seconds`` ends of second of the dying count (step 7): one more
    second at negative HP each (R-LIFE-03)."""
    if not creature.is_dying:
        return creature

    def make() -> Creature:
        return creature.model_copy(update={"seconds_negative": creature.seconds_negative + seconds})

    if fast_paths.enabled():  # built once for the very creature: a dying creature's
        # seconds are counted alike in every trial, so its values chain from trial to trial
        return built_for(creature, ("realtime.counted_for", seconds), make)
    return make()


def _gain(state: S, seconds: int) -> dict[ActorId, Creature]:
    """Every creature after ``seconds`` ends of second: charge gained. On the fast paths
    a creature charging nothing is kept as it is without asking (``charged_for`` hands it
    back itself)."""
    options = state.options
    if fast_paths.enabled():
        return {
            key: one if one.charge is None else charged_for(one, seconds, options)
            for key, one in state.creatures.items()
        }
    return {key: charged_for(one, seconds, options) for key, one in state.creatures.items()}


def _count_dying(state: S, seconds: int) -> dict[ActorId, Creature]:
    return _dying_counted(state.creatures, seconds)


def _dying_counted(creatures: dict[ActorId, Creature], seconds: int) -> dict[ActorId, Creature]:
    return {key: counted_for(creature, seconds) for key, creature in creatures.items()}


def _seconds_elapsed(state: S, event: ev.SecondsElapsed) -> S:
    # charges gained, then the dying counted over the creatures gaining left: one copy
    # of the state rather than one per step (the fields set are the same)
    update: dict[str, Any] = {
        "creatures": _dying_counted(_gain(state, event.seconds), event.seconds),
        "clock": clock_later(state.clock, event.seconds),
        "triggers": (),
        "offer": None,
        "advance_remaining": max(0, state.advance_remaining - event.seconds),
    }
    if state.awaiting_damage:  # the last of these seconds has ended
        ended = state.second + event.seconds - 1
        update["awaiting_damage"] = still_awaiting(state.awaiting_damage, ended)
    return state.model_copy(update=update)


def _second_ending(state: S, event: ev.SecondEnding) -> S:
    return state.model_copy(update={"creatures": _gain(state, 1), "ending_second": True})


def _second_ended(state: S, event: ev.SecondEnded) -> S:
    update: dict[str, Any] = {
        "creatures": _count_dying(state, 1),
        "clock": clock_later(state.clock, 1),
        "triggers": (),
        "offer": None,
        "ending_second": False,
        "advance_remaining": max(0, state.advance_remaining - 1),
    }
    if state.awaiting_damage:
        update["awaiting_damage"] = still_awaiting(state.awaiting_damage, state.second)
    return state.model_copy(update=update)


def _moved(state: S, event: ev.Moved) -> S:
    return _update(state, event.creature, position=event.destination)


def _move_blocked(state: S, event: ev.MoveBlocked) -> S:
    return state  # the mover stays where it stands; its charge ends with the action


def _trigger_opened(state: S, event: ev.TriggerOpened) -> S:
    return state.model_copy(update={"triggers": (*state.triggers, event.trigger)})


def _reaction_offered(state: S, event: ev.ReactionOffered) -> S:
    return state.model_copy(update={"offer": event.offer})


def _answered(state: S, trigger_id: str, creature_id: ActorId) -> S:
    triggers = tuple(
        item.model_copy(update={"answered": (*item.answered, creature_id)})
        if item.id == trigger_id
        else item
        for item in state.triggers
    )
    return state.model_copy(update={"triggers": triggers, "offer": None})


def _reaction_used(state: S, event: ev.ReactionUsed) -> S:
    state = _answered(state, event.trigger, event.creature)
    if event.hit:  # its damage awaits the GM (G-R-E5)
        hit = payloads.hit(event.creature, event.reaction, event.name, event.target, event.second)
        state = state.model_copy(update={"awaiting_damage": (*state.awaiting_damage, hit)})
    return _update(state, event.creature, reaction_ready_at=event.ready_at)


def _reaction_declined(state: S, event: ev.ReactionDeclined) -> S:
    return _answered(state, event.trigger, event.creature)


def _hp_changed(state: S, event: ev.Damaged | ev.Healed) -> S:
    changes: dict[str, Any] = {"hp": event.hp_after}
    if event.hp_after >= 0:
        changes["seconds_negative"] = 0
    return _update(state, event.creature, **changes)


def _damaged(state: S, event: ev.Damaged) -> S:
    """HP lost; damage from a hit's name to its target rules that hit (the first such)."""
    state = _hp_changed(state, event)
    hits = state.awaiting_damage
    for index, hit in enumerate(hits):
        if hit.target == event.creature and hit.name == event.source:
            ruled = (*hits[:index], *hits[index + 1 :])
            return state.model_copy(update={"awaiting_damage": ruled})
    return state


def _critical_injury_rolled(state: S, event: ev.CriticalInjuryRolled) -> S:
    outcome, number = event.outcome, event.injury_number
    if outcome.injury is None or outcome.test_modifier is None or number is None:
        return state
    creature = state.creature(event.creature)
    injury = Injury(
        number=number,
        name=outcome.injury,
        test_modifier=outcome.test_modifier,
        received_at=state.second,
    )
    return _update(
        state,
        event.creature,
        injuries=(*creature.injuries, injury),
        injuries_received=max(creature.injuries_received, number),
    )


def _stabilized(state: S, event: ev.Stabilized) -> S:
    return _update(state, event.creature, hp=0, seconds_negative=0)


def _died(state: S, event: ev.Died) -> S:
    return _update(
        state,
        event.creature,
        dead=True,
        charge=None,
        resting=None,
        seconds_negative=event.seconds_negative,
    )


def _treatment_rolled(state: S, event: ev.TreatmentRolled) -> S:
    target = state.creature(event.target)
    injury_id = str(event.injury)
    ledger = target.treatment_ledger.record(injury_id, event.level, event.started_at)
    injuries = target.injuries
    if event.outcome.injury_removed:
        injuries = tuple(item for item in injuries if item.number != event.injury)
        ledger = ledger.forget(injury_id)
    elif event.outcome.symptoms_removed:
        injuries = tuple(
            item.model_copy(update={"symptomatic": False}) if item.number == event.injury else item
            for item in injuries
        )
    return _update(state, event.target, injuries=injuries, treatment_ledger=ledger)


def _rest_started(state: S, event: ev.RestStarted) -> S:
    return _update(state, event.creature, resting=event.rest)


def _rest_ended(state: S, event: ev.RestEnded) -> S:
    creature = state.creature(event.creature)
    ledger = creature.rest_ledger
    if event.hours:
        ledger = ledger.record(event.started_at, event.hours)
    return _update(state, event.creature, resting=None, rest_ledger=ledger, hp=event.hp_after)


_FOLDS: Mapping[str, Callable[[S, Any], S]] = {
    ev.CREATURE_ADDED: _creature_added,
    ev.CREATURE_REMOVED: _creature_removed,
    ev.ACTION_STARTED: _action_started,
    ev.ACTION_CANCELLED: _charge_cleared,
    ev.ADVANCE_STARTED: _advance_started,
    ev.SECONDS_ELAPSED: _seconds_elapsed,
    ev.SECOND_ENDING: _second_ending,
    ev.ACTION_COMPLETED: _charge_cleared,
    ev.MOVED: _moved,
    ev.MOVE_BLOCKED: _move_blocked,
    ev.TRIGGER_OPENED: _trigger_opened,
    ev.REACTION_OFFERED: _reaction_offered,
    ev.REACTION_USED: _reaction_used,
    ev.REACTION_DECLINED: _reaction_declined,
    ev.DAMAGED: _damaged,
    ev.HEALED: _hp_changed,
    ev.CRITICAL_INJURY_ROLLED: _critical_injury_rolled,
    ev.STABILIZED: _stabilized,
    ev.DIED: _died,
    ev.TREATMENT_ROLLED: _treatment_rolled,
    ev.REST_STARTED: _rest_started,
    ev.REST_ENDED: _rest_ended,
    ev.SECOND_ENDED: _second_ended,
}
assert set(_FOLDS) == set(ev.EVENT_MODELS), "every event kind has a fold"


def fold(state: RealtimeState, kind: str, payload: Mapping[str, JsonValue]) -> RealtimeState:
    """The state after the event ``kind`` with ``payload``."""
    model = ev.read_event(kind, payload)
    return _FOLDS[kind](state, model)


def fold_model(state: RealtimeState, kind: str, payload: BaseModel) -> RealtimeState:
    """The state after an event whose payload is already a model (the engine's drafts)."""
    if not isinstance(payload, ev.EVENT_MODELS[kind]):
        raise ValueError(f"{type(payload).__name__} is not the payload of {kind!r}")
    return _FOLDS[kind](state, payload)
