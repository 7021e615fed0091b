"""The state after each event of a ``tactical`` encounter: the one fold play and replay use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.state import (
    Character,
    GroundItem,
    Maneuver,
    TacticalState,
    Turn,
    Use,
)


def _character(state: TacticalState, key: str, **changes: Any) -> TacticalState:
    character = state.character(key)
    changed = character.model_copy(update=changes)
    return state.model_copy(update={"characters": {**state.characters, character.id: changed}})


def _joined(state: TacticalState, event: ev.Joined) -> TacticalState:
    added = event.character
    characters = {**state.characters, added.id: added}
    if state.clock is None:
        clock = RoundClock.start([added.id])
        return state.model_copy(
            update={"characters": characters, "clock": clock, "turn": Turn(actor=added.id)}
        )
    clock = state.clock.model_copy(update={"order": (*state.clock.order, added.id)})
    return state.model_copy(update={"characters": characters, "clock": clock})


def _skill_used(state: TacticalState, event: ev.SkillUsed) -> TacticalState:
    turn = state.turn
    if turn is not None and turn.actor == event.user and not event.completes:
        if event.origin in ("action", "other"):
            turn = turn.model_copy(update={"action_used": True})
        elif event.origin == "maneuver":
            if turn.maneuvers >= 1 and turn.action_used:  # an extra maneuver (S-ELEM-16)
                extra = state.character(event.user).extra_maneuvers
                state = _character(state, event.user, extra_maneuvers=max(0, extra - 1))
            used = turn.maneuvers + 1
            maneuver = None
            if event.maneuver_paces is not None:
                maneuver = Maneuver(
                    skill=event.skill, paces=event.maneuver_paces, careful=event.careful
                )
            turn = turn.model_copy(
                update={
                    "maneuvers": used,
                    "action_used": turn.action_used or used >= 2,
                    "maneuver": maneuver,
                }
            )
    use = state.use  # a reaction inside another skill leaves that skill in use
    if event.resolves:
        use = Use(
            user=event.user,
            skill=event.skill,
            origin=event.origin,
            targets=event.targets,
            boons=event.boons,
            banes=event.banes,
            final_gambit=event.final_gambit,
            held_temporary=event.held_temporary,
            number=state.triggers_made,
        )
    return state.model_copy(
        update={"turn": turn, "use": use, "triggers_made": state.triggers_made + 1}
    )


def _pool(state: TacticalState, event: ev.PoolChanged) -> TacticalState:
    return _character(state, event.character, **{event.track: event.after})


def _added(state: TacticalState, event: ev.ConditionAdded) -> TacticalState:
    held = state.character(event.character).conditions
    if event.condition in held:
        return state
    return _character(state, event.character, conditions=(*held, event.condition))


def _removed(state: TacticalState, event: ev.ConditionRemoved) -> TacticalState:
    held = list(state.character(event.character).conditions)
    if event.condition in held:
        held.remove(event.condition)
    return _character(state, event.character, conditions=tuple(held))


def _defeated(state: TacticalState, event: ev.Defeated) -> TacticalState:
    return _character(state, event.character, defeated=True)


def _moved(state: TacticalState, event: ev.Moved) -> TacticalState:
    state = _character(state, event.character, position=event.destination)
    turn = state.turn
    if event.voluntary and turn is not None and turn.actor == event.character:
        spent = event.paces
        free = min(turn.free_paces, spent)
        maneuver = turn.maneuver
        if maneuver is not None:
            maneuver = maneuver.model_copy(
                update={"paces": max(0, maneuver.paces - (spent - free))}
            )
        turn = turn.model_copy(update={"free_paces": turn.free_paces - free, "maneuver": maneuver})
        state = state.model_copy(update={"turn": turn})
    return state


def _maneuver_ended(state: TacticalState, event: ev.ManeuverEnded) -> TacticalState:
    if state.turn is None:
        return state
    return state.model_copy(update={"turn": state.turn.model_copy(update={"maneuver": None})})


def _turn_ended(state: TacticalState, event: ev.TurnEnded) -> TacticalState:
    if state.clock is None:
        return state
    clock = state.clock.next_turn()
    state = _character(state, event.character, extra_maneuvers=0)
    for _ in range(len(clock.order)):
        if not state.character(clock.current).defeated:
            break
        clock = clock.next_turn()
    return state.model_copy(
        update={"clock": clock, "turn": Turn(actor=clock.current), "triggers": ()}
    )


def _concentration_started(state: TacticalState, event: ev.ConcentrationStarted) -> TacticalState:
    held = {**state.concentrations, event.character: event.concentration}
    return state.model_copy(update={"concentrations": held})


def _linked(state: TacticalState, event: ev.ConcentrationLinked) -> TacticalState:
    current = state.concentrations.get(event.character)
    if current is None:
        return state
    changed = current.model_copy(update={"links": (*current.links, event.link)})
    return state.model_copy(
        update={"concentrations": {**state.concentrations, event.character: changed}}
    )


def _concentration_ended(state: TacticalState, event: ev.ConcentrationEnded) -> TacticalState:
    held = {key: value for key, value in state.concentrations.items() if key != event.character}
    return state.model_copy(update={"concentrations": held})


def _weapon(state: TacticalState, event: ev.WeaponChanged) -> TacticalState:
    character = state.character(event.character)
    if event.change in ("dropped", "taken", "thrown"):
        held = list(character.wielding)
        if event.weapon in held:
            held.remove(event.weapon)
        state = _character(state, event.character, wielding=tuple(held))
        if event.position is not None:
            ground = (*state.ground, GroundItem(weapon=event.weapon, position=event.position))
            state = state.model_copy(update={"ground": ground})
        return state
    if event.change == "picked_up":
        lying = list(state.ground)
        for item in lying:
            if item.weapon == event.weapon and item.position == character.position:
                lying.remove(item)
                break
        state = state.model_copy(update={"ground": tuple(lying)})
    return _character(state, event.character, wielding=(*character.wielding, event.weapon))


def _doom(state: TacticalState, event: ev.DoomChanged) -> TacticalState:
    return state.model_copy(update={"doom": event.after})


def _use(state: TacticalState, event: ev.UseChanged) -> TacticalState:
    return state.model_copy(update={"use": event.use})


def _awaiting(state: TacticalState, event: ev.AwaitingSet) -> TacticalState:
    return state.model_copy(update={"awaiting": event.awaiting})


def _defense(state: TacticalState, event: ev.DefenseChosen) -> TacticalState:
    use = state.use
    if use is None:
        return state
    choices = {**use.choices, event.target: event.defense}
    return state.model_copy(update={"use": use.model_copy(update={"choices": choices})})


def _yield(state: TacticalState, event: ev.YieldRolled | ev.UtilityRolled) -> TacticalState:
    use = state.use
    if use is None:
        return state
    outcome = event.outcome
    absorbed = 0
    if isinstance(event, ev.YieldRolled):
        absorbed = event.outcome.damage_before_armor - event.outcome.damage
    changed = use.model_copy(
        update={
            "current": event.target,
            "cunning_left": outcome.cunning_effects,
            "critical_left": outcome.critical_effects,
            "absorbed": absorbed,
        }
    )
    return state.model_copy(update={"use": changed})


def _cunning(state: TacticalState, event: ev.CunningChosen) -> TacticalState:
    use = state.use
    if use is None:
        return state
    left = max(0, use.cunning_left - 1)
    return state.model_copy(update={"use": use.model_copy(update={"cunning_left": left})})


def _critical(state: TacticalState, event: ev.CriticalNoted) -> TacticalState:
    use = state.use
    if use is None:
        return state
    return state.model_copy(update={"use": use.model_copy(update={"critical_left": 0})})


def _trigger(state: TacticalState, event: ev.TriggerOpened) -> TacticalState:
    return state.model_copy(
        update={
            "triggers": (*state.triggers, event.trigger),
            "triggers_made": state.triggers_made + 1,
        }
    )


def _reacted(state: TacticalState, event: ev.Reacted) -> TacticalState:
    key = f"{event.character}:{event.skill}:{event.trigger}"
    return state.model_copy(update={"reacted": (*state.reacted, key)})


def _berserk(state: TacticalState, event: ev.Berserk) -> TacticalState:
    return _character(state, event.character, berserking=True, berserk_skill=event.skill)


def _hidden(state: TacticalState, event: ev.HiddenCheck) -> TacticalState:
    if event.revealed:
        return _character(state, event.character, visible=True)
    return state


def _ended(state: TacticalState, event: ev.Ended) -> TacticalState:
    return state.model_copy(update={"ended": event.result})


def _free_paces(state: TacticalState, event: ev.FreePaces) -> TacticalState:
    if state.turn is None:
        return state
    turn = state.turn.model_copy(update={"free_paces": state.turn.free_paces + event.paces})
    return state.model_copy(update={"turn": turn})


def _extra_maneuver(state: TacticalState, event: ev.ExtraManeuver) -> TacticalState:
    character = state.character(event.character)
    return _character(state, event.character, extra_maneuvers=character.extra_maneuvers + 1)


def _left(state: TacticalState, event: ev.Left) -> TacticalState:
    """Out of the characters, the turn order and others' concentration links; its turn,
    if it was its, passes to the next standing character (a new round after the last)."""
    key = event.character
    characters = {k: one for k, one in state.characters.items() if k != key}
    concentrations = {
        k: held.model_copy(update={"links": tuple(x for x in held.links if x.character != key)})
        for k, held in state.concentrations.items()
        if k != key
    }
    state = state.model_copy(update={"characters": characters, "concentrations": concentrations})
    clock = state.clock
    if clock is None or key not in clock.order:
        return state
    index = clock.order.index(key)
    order = tuple(one for one in clock.order if one != key)
    if not order:
        return state.model_copy(update={"clock": None, "turn": None})
    turn = clock.turn - (index < clock.turn)
    if index != clock.turn:
        return state.model_copy(
            update={"clock": RoundClock(round=clock.round, order=order, turn=turn)}
        )
    if turn >= len(order):
        moved = RoundClock(round=clock.round + 1, order=order)
    else:
        moved = RoundClock(round=clock.round, order=order, turn=turn)
    for _ in range(len(order)):
        if not state.character(moved.current).defeated:
            break
        moved = moved.next_turn()
    return state.model_copy(
        update={"clock": moved, "turn": Turn(actor=moved.current), "triggers": ()}
    )


def _same(state: TacticalState, event: BaseModel) -> TacticalState:
    return state


FOLDS: dict[type[BaseModel], Callable[[TacticalState, Any], TacticalState]] = {
    ev.Joined: _joined,
    ev.SkillUsed: _skill_used,
    ev.PoolChanged: _pool,
    ev.ConditionAdded: _added,
    ev.ConditionRemoved: _removed,
    ev.Defeated: _defeated,
    ev.Moved: _moved,
    ev.ManeuverEnded: _maneuver_ended,
    ev.UseChanged: _use,
    ev.AwaitingSet: _awaiting,
    ev.DefenseChosen: _defense,
    ev.YieldRolled: _yield,
    ev.UtilityRolled: _yield,
    ev.DoomChanged: _doom,
    ev.CunningChosen: _cunning,
    ev.CriticalNoted: _critical,
    ev.ConcentrationStarted: _concentration_started,
    ev.ConcentrationLinked: _linked,
    ev.ConcentrationEnded: _concentration_ended,
    ev.WeaponChanged: _weapon,
    ev.TriggerOpened: _trigger,
    ev.Reacted: _reacted,
    ev.TurnEnded: _turn_ended,
    ev.Berserk: _berserk,
    ev.HiddenCheck: _hidden,
    ev.Ended: _ended,
    ev.FreePaces: _free_paces,
    ev.ExtraManeuver: _extra_maneuver,
    ev.Left: _left,
}


def fold(state: TacticalState, kind: str, payload: BaseModel) -> TacticalState:
    """The state after one event, given as its kind and payload model."""
    return FOLDS.get(type(payload), _same)(state, payload)


def read(kind: str, payload: dict[str, Any]) -> BaseModel:
    """An event's payload as its model (an unknown kind is an error naming it)."""
    model = ev.EVENT_MODELS.get(kind)
    if model is None:
        raise ValueError(f"a tactical encounter has no event {kind!r}")
    return model.model_validate(payload)


def actor(key: str) -> ActorId:
    return ActorId(key)


__all__ = ["Character", "fold", "read"]
