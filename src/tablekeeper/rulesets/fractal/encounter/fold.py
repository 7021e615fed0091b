"""The fold: the state after one ``fractal`` event (bookkeeping only: every number an
event carries was computed by the rules when it was played)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.state import (
    Awaiting,
    Character,
    FractalState,
)


def _character(state: FractalState, key: str, **update: Any) -> FractalState:
    character = state.characters[key].model_copy(update=update)
    return state.model_copy(update={"characters": {**state.characters, key: character}})


def _conflict(state: FractalState, key: str, **update: Any) -> FractalState:
    conflict = state.conflicts[key].model_copy(update=update)
    return state.model_copy(update={"conflicts": {**state.conflicts, key: conflict}})


def _participant(state: FractalState, conflict: str, key: str, **update: Any) -> FractalState:
    found = state.conflicts[conflict]
    participant = found.participants[key].model_copy(update=update)
    participants = {**found.participants, key: participant}
    return _conflict(state, conflict, participants=participants)


def _awaiting(state: FractalState, **update: Any) -> FractalState:
    return state.model_copy(update={"awaiting": Awaiting(**update)})


def _conditions(character: Character, entry_id: str, replacement: Any) -> tuple[Any, ...]:
    kept = []
    for entry in character.conditions:
        if entry.id != entry_id:
            kept.append(entry)
        elif replacement is not None:
            kept.append(replacement)
    return tuple(kept)


def _character_added(state: FractalState, payload: ev.CharacterAdded) -> FractalState:
    character = payload.character
    return state.model_copy(update={"characters": {**state.characters, character.id: character}})


def _conflict_opened(state: FractalState, payload: ev.ConflictOpened) -> FractalState:
    conflict = payload.conflict
    found = state.model_copy(update={"conflicts": {**state.conflicts, conflict.id: conflict}})
    for key in conflict.participants:
        found = _character(found, key, conflict=conflict.id)
    return found


def _conflict_closed(state: FractalState, payload: ev.ConflictClosed) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    found = _conflict(
        state, payload.conflict, ended=payload.ended, winner=payload.winner, phase="ended"
    )
    for key in conflict.participants:
        if found.characters[key].conflict == payload.conflict:
            found = _character(found, key, conflict=None, temporary=())  # G-F-33
    return found


def _joined(state: FractalState, payload: ev.Joined) -> FractalState:
    key = payload.conflict
    participant = payload.participant
    conflict = state.conflicts[key]
    found = _conflict(
        state, key, participants={**conflict.participants, participant.id: participant}
    )
    return _character(found, participant.id, conflict=key)


def _left(state: FractalState, payload: ev.Left) -> FractalState:
    key = payload.conflict
    who = payload.character
    found = _participant(state, key, who, out="left")
    return _character(found, who, conflict=None)


def _phase_set(state: FractalState, payload: ev.PhaseSet) -> FractalState:
    return _conflict(
        state,
        payload.conflict,
        step=payload.step,
        phase=payload.phase,
        turn=payload.turn,
        turn_started=payload.turn_started,
        turn_effects=payload.turn_effects,
        sustain_queue=payload.sustain_queue,
    )


def _ap_refreshed(state: FractalState, payload: ev.ApRefreshed) -> FractalState:
    character = state.characters[payload.character]
    conditions = tuple(
        entry.model_copy(update={"pending": False}) if entry.id in payload.activated else entry
        for entry in character.conditions
    )
    found = _character(
        state,
        payload.character,
        ap=payload.ap,
        temporary=payload.temporary,
        conditions=conditions,
    )
    conflict = state.conflicts[payload.conflict]
    if payload.character in conflict.participants:
        found = _participant(
            found,
            payload.conflict,
            payload.character,
            shared_from=(),
            spells_cast=0,
            tools_used={},
        )
    return found


def _ap_set(state: FractalState, payload: ev.ApSet) -> FractalState:
    update: dict[str, Any] = {"ap": payload.ap}
    if payload.temporary is not None:
        update["temporary"] = payload.temporary
    return _character(state, payload.character, **update)


def _ap_spent(state: FractalState, payload: ev.ApSpent) -> FractalState:
    return _character(state, payload.character, ap=payload.ap, temporary=payload.temporary)


def _turn_started(state: FractalState, payload: ev.TurnStarted) -> FractalState:
    return _conflict(state, payload.conflict, turn_started=True)


def _turn_ended(state: FractalState, payload: ev.TurnEnded) -> FractalState:
    found = _participant(
        state,
        payload.conflict,
        payload.character,
        turn_over=True,
        tools_used={},
        spells_cast=0,
    )
    return found


def _exchange_ended(state: FractalState, payload: ev.ExchangeEnded) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    participants = {
        k: p.model_copy(update={"turn_over": False}) for k, p in conflict.participants.items()
    }
    elapsed = conflict.elapsed_seconds + (payload.seconds or 0)
    return _conflict(state, payload.conflict, participants=participants, elapsed_seconds=elapsed)


def _action_rolled(state: FractalState, payload: ev.ActionRolled) -> FractalState:
    if (
        payload.conflict is None
        or payload.character not in state.conflicts[payload.conflict].participants
    ):
        return state
    participant = state.conflicts[payload.conflict].participants[payload.character]
    tools = dict(participant.tools_used)
    if payload.tool != "none":
        tools[payload.tool] = payload.action
    return _participant(
        state,
        payload.conflict,
        payload.character,
        tools_used=tools,
        spells_cast=participant.spells_cast + (1 if payload.spell else 0),
        bonus_dice=participant.bonus_dice - payload.bonus_dice_used,
    )


def _defense_awaited(state: FractalState, payload: ev.DefenseAwaited) -> FractalState:
    pending = payload.pending
    return _awaiting(state, defense=pending)


def _defended(state: FractalState, payload: ev.Defended) -> FractalState:
    return _awaiting(state)


def _condition_inflicted(state: FractalState, payload: ev.ConditionInflicted) -> FractalState:
    who = payload.character
    entry = payload.entry
    character = state.characters[who]
    return _character(
        state,
        who,
        conditions=(*character.conditions, entry),
        numbered=character.numbered + 1,
    )


def _condition_removed(state: FractalState, payload: ev.ConditionRemoved) -> FractalState:
    who = payload.character
    character = state.characters[who]
    return _character(state, who, conditions=_conditions(character, payload.id, None))


def _condition_changed(state: FractalState, payload: ev.ConditionChanged) -> FractalState:
    who = payload.character
    entry = payload.entry
    character = state.characters[who]
    return _character(state, who, conditions=_conditions(character, entry.id, entry))


def _stat_restored(state: FractalState, payload: ev.StatRestored) -> FractalState:
    character = state.characters[payload.character]
    reduced = {**character.reduced, payload.stat: payload.reduced}
    return _character(state, payload.character, reduced={k: v for k, v in reduced.items() if v})


def _participant_out(state: FractalState, payload: ev.ParticipantOut) -> FractalState:
    return _participant(state, payload.conflict, payload.character, out=payload.out)


def _side_changed(state: FractalState, payload: ev.SideChanged) -> FractalState:
    return _participant(state, payload.conflict, payload.character, side=payload.side)


def _life_changed(state: FractalState, payload: ev.LifeChanged) -> FractalState:
    return _character(
        state,
        payload.character,
        life=payload.life,
        golden_hour_left=payload.golden_hour_left,
        to_dress=payload.to_dress,
    )


def _moved(state: FractalState, payload: ev.Moved) -> FractalState:
    if payload.position is None:
        return state
    return _participant(state, payload.conflict, payload.character, position=payload.position)


def _shared(state: FractalState, payload: ev.Shared) -> FractalState:
    for ally in payload.allies:
        participant = state.conflicts[payload.conflict].participants[ally]
        state = _participant(
            state,
            payload.conflict,
            ally,
            shared_from=(*participant.shared_from, payload.character),
        )
    return state


def _spell_started(state: FractalState, payload: ev.SpellStarted) -> FractalState:
    who = payload.character
    spell = payload.spell
    character = state.characters[who]
    return _character(
        state,
        who,
        spells=(*character.spells, spell),
        spells_started=character.spells_started + 1,
    )


def _spells_collapsed(state: FractalState, payload: ev.SpellsCollapsed) -> FractalState:
    who = payload.character
    kept = tuple(s for s in state.characters[who].spells if s.id not in payload.spells)
    return _character(state, who, spells=kept)


def _sustain_awaited(state: FractalState, payload: ev.SustainAwaited) -> FractalState:
    pending = payload.pending
    return _awaiting(state, sustain=pending)


def _sustained(state: FractalState, payload: ev.Sustained) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    queue = tuple(m for m in conflict.sustain_queue if m != payload.mage)
    return _awaiting(_conflict(state, payload.conflict, sustain_queue=queue))


def _turn_start_awaited(state: FractalState, payload: ev.TurnStartAwaited) -> FractalState:
    pending = payload.pending
    return _awaiting(state, turn_start=pending)


def _turn_start_resolved(state: FractalState, payload: ev.TurnStartResolved) -> FractalState:
    return _awaiting(state)


def _element_placed(state: FractalState, payload: ev.ElementPlaced) -> FractalState:
    key = payload.conflict
    element = payload.element
    conflict = state.conflicts[key]
    return _conflict(state, key, scene_elements=(*conflict.scene_elements, element))


def _element_cleared(state: FractalState, payload: ev.ElementCleared) -> FractalState:
    key = payload.conflict
    index = payload.index
    elements = list(state.conflicts[key].scene_elements)
    del elements[index]
    return _conflict(state, key, scene_elements=tuple(elements))


def _bonus_dice(state: FractalState, payload: ev.BonusDice) -> FractalState:
    participant = state.conflicts[payload.conflict].participants[payload.to]
    return _participant(
        state,
        payload.conflict,
        payload.to,
        bonus_dice=participant.bonus_dice + payload.dice,
    )


def _project_rolled(state: FractalState, payload: ev.ProjectRolled) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    assert conflict.project is not None
    successes = dict(conflict.project.successes)
    successes[payload.technique] = successes.get(payload.technique, 0) + payload.check.success_level
    project = conflict.project.model_copy(update={"successes": successes})
    return _conflict(state, payload.conflict, project=project)


def _project_ended(state: FractalState, payload: ev.ProjectEnded) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    assert conflict.project is not None
    project = conflict.project.model_copy(update={"result": payload.result})
    found = _conflict(state, payload.conflict, project=project)
    if project.downtime and project.character not in found.downtime_projects:
        found = found.model_copy(
            update={"downtime_projects": (*found.downtime_projects, project.character)}
        )
    return found


def _output_served(state: FractalState, payload: ev.OutputServed) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    assert conflict.project is not None
    return _conflict(
        state,
        payload.conflict,
        project=conflict.project.model_copy(update={"served": True}),
    )


def _macro_rolled(state: FractalState, payload: ev.MacroRolled) -> FractalState:
    last = dict(state.last_macro)
    if payload.succeeded or payload.reroll_of is not None:
        last.pop(payload.character, None)
    else:
        last[payload.character] = payload.request  # type: ignore[assignment]
    return state.model_copy(update={"last_macro": last, "macros": state.macros + 1})


def _concession_awaited(state: FractalState, payload: ev.ConcessionAwaited) -> FractalState:
    pending = payload.pending
    return _awaiting(state, concession=pending)


def _concession_answered(state: FractalState, payload: ev.ConcessionAnswered) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    asked = (*conflict.concessions, payload.boss)
    return _awaiting(_conflict(state, payload.conflict, concessions=asked))


def _scale_redefined(state: FractalState, payload: ev.ScaleRedefined) -> FractalState:
    return _conflict(state, payload.conflict, time=payload.time)


def _armor_set(state: FractalState, payload: ev.ArmorSet) -> FractalState:
    participant = state.conflicts[payload.conflict].participants[payload.character]
    armor = {**participant.routine_armor, payload.zone: payload.amount}
    return _participant(state, payload.conflict, payload.character, routine_armor=armor)


def _time_passed(state: FractalState, payload: ev.TimePassed) -> FractalState:
    return state


_FOLDS: dict[type[BaseModel], Callable[[FractalState, Any], FractalState]] = {
    ev.CharacterAdded: _character_added,
    ev.ConflictOpened: _conflict_opened,
    ev.ConflictClosed: _conflict_closed,
    ev.Joined: _joined,
    ev.Left: _left,
    ev.PhaseSet: _phase_set,
    ev.ApRefreshed: _ap_refreshed,
    ev.ApSet: _ap_set,
    ev.ApSpent: _ap_spent,
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.ExchangeEnded: _exchange_ended,
    ev.ActionRolled: _action_rolled,
    ev.DefenseAwaited: _defense_awaited,
    ev.Defended: _defended,
    ev.ConditionInflicted: _condition_inflicted,
    ev.ConditionRemoved: _condition_removed,
    ev.ConditionChanged: _condition_changed,
    ev.StatRestored: _stat_restored,
    ev.ParticipantOut: _participant_out,
    ev.SideChanged: _side_changed,
    ev.LifeChanged: _life_changed,
    ev.Moved: _moved,
    ev.Shared: _shared,
    ev.SpellStarted: _spell_started,
    ev.SpellsCollapsed: _spells_collapsed,
    ev.SustainAwaited: _sustain_awaited,
    ev.Sustained: _sustained,
    ev.TurnStartAwaited: _turn_start_awaited,
    ev.TurnStartResolved: _turn_start_resolved,
    ev.ElementPlaced: _element_placed,
    ev.ElementCleared: _element_cleared,
    ev.BonusDice: _bonus_dice,
    ev.ProjectRolled: _project_rolled,
    ev.ProjectEnded: _project_ended,
    ev.OutputServed: _output_served,
    ev.MacroRolled: _macro_rolled,
    ev.ConcessionAwaited: _concession_awaited,
    ev.ConcessionAnswered: _concession_answered,
    ev.ScaleRedefined: _scale_redefined,
    ev.ArmorSet: _armor_set,
    ev.TimePassed: _time_passed,
}
"""Each event's payload model and how it folds."""


def fold(state: FractalState, kind: str, payload: BaseModel) -> FractalState:
    """The state after one event, given as its kind and payload model."""
    found = _FOLDS.get(type(payload))
    return state if found is None else found(state, payload)
