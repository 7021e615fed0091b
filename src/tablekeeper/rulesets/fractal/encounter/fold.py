"""The fold: the state after one ``fractal`` event (bookkeeping only: every number an
event carries was computed by the rules when it was played)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import fold_conflicts as conflicts
from tablekeeper.rulesets.fractal.encounter.fold_helpers import (
    replaced_condition,
    with_awaiting,
    with_character,
    with_participant,
)
from tablekeeper.rulesets.fractal.encounter.nano_events import FOLDS as NANO_FOLDS
from tablekeeper.rulesets.fractal.encounter.state import FractalState


def _character_added(state: FractalState, payload: ev.CharacterAdded) -> FractalState:
    character = payload.character
    return state.model_copy(update={"characters": {**state.characters, character.id: character}})


def _ap_refreshed(state: FractalState, payload: ev.ApRefreshed) -> FractalState:
    character = state.characters[payload.character]
    conditions = tuple(
        entry.model_copy(update={"pending": False}) if entry.id in payload.activated else entry
        for entry in character.conditions
    )
    found = with_character(
        state,
        payload.character,
        ap=payload.ap,
        temporary=payload.temporary,
        conditions=conditions,
    )
    conflict = state.conflicts[payload.conflict]
    if payload.character in conflict.participants:
        found = with_participant(
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
    return with_character(state, payload.character, **update)


def _ap_spent(state: FractalState, payload: ev.ApSpent) -> FractalState:
    return with_character(state, payload.character, ap=payload.ap, temporary=payload.temporary)


def _defense_awaited(state: FractalState, payload: ev.DefenseAwaited) -> FractalState:
    pending = payload.pending
    return with_awaiting(state, defense=pending)


def _defended(state: FractalState, payload: ev.Defended) -> FractalState:
    return with_awaiting(state)


def _condition_inflicted(state: FractalState, payload: ev.ConditionInflicted) -> FractalState:
    who = payload.character
    entry = payload.entry
    character = state.characters[who]
    return with_character(
        state,
        who,
        conditions=(*character.conditions, entry),
        numbered=character.numbered + 1,
    )


def _condition_removed(state: FractalState, payload: ev.ConditionRemoved) -> FractalState:
    who = payload.character
    character = state.characters[who]
    return with_character(state, who, conditions=replaced_condition(character, payload.id, None))


def _condition_changed(state: FractalState, payload: ev.ConditionChanged) -> FractalState:
    who = payload.character
    entry = payload.entry
    character = state.characters[who]
    return with_character(state, who, conditions=replaced_condition(character, entry.id, entry))


def _stat_restored(state: FractalState, payload: ev.StatRestored) -> FractalState:
    character = state.characters[payload.character]
    reduced = {**character.reduced, payload.stat: payload.reduced}
    return with_character(state, payload.character, reduced={k: v for k, v in reduced.items() if v})


def _life_changed(state: FractalState, payload: ev.LifeChanged) -> FractalState:
    return with_character(
        state,
        payload.character,
        life=payload.life,
        golden_hour_left=payload.golden_hour_left,
        to_dress=payload.to_dress,
    )


def _spell_started(state: FractalState, payload: ev.SpellStarted) -> FractalState:
    who = payload.character
    spell = payload.spell
    character = state.characters[who]
    return with_character(
        state,
        who,
        spells=(*character.spells, spell),
        spells_started=character.spells_started + 1,
    )


def _spells_collapsed(state: FractalState, payload: ev.SpellsCollapsed) -> FractalState:
    who = payload.character
    kept = tuple(s for s in state.characters[who].spells if s.id not in payload.spells)
    return with_character(state, who, spells=kept)


def _sustain_awaited(state: FractalState, payload: ev.SustainAwaited) -> FractalState:
    pending = payload.pending
    return with_awaiting(state, sustain=pending)


def _turn_start_awaited(state: FractalState, payload: ev.TurnStartAwaited) -> FractalState:
    pending = payload.pending
    return with_awaiting(state, turn_start=pending)


def _turn_start_resolved(state: FractalState, payload: ev.TurnStartResolved) -> FractalState:
    return with_awaiting(state)


def _macro_rolled(state: FractalState, payload: ev.MacroRolled) -> FractalState:
    last = dict(state.last_macro)
    if payload.succeeded or payload.reroll_of is not None:
        last.pop(payload.character, None)
    else:
        last[payload.character] = payload.request  # type: ignore[assignment]
    return state.model_copy(update={"last_macro": last, "macros": state.macros + 1})


def _concession_awaited(state: FractalState, payload: ev.ConcessionAwaited) -> FractalState:
    pending = payload.pending
    return with_awaiting(state, concession=pending)


def _time_passed(state: FractalState, payload: ev.TimePassed) -> FractalState:
    return state


def fold(state: FractalState, kind: str, payload: BaseModel) -> FractalState:
    """The state after one event, given as its kind and payload model."""
    found = _FOLDS.get(type(payload))
    return state if found is None else found(state, payload)


_FOLDS: dict[type[BaseModel], Callable[[FractalState, Any], FractalState]] = {
    ev.CharacterAdded: _character_added,
    ev.ConflictOpened: conflicts._conflict_opened,
    ev.ConflictClosed: conflicts._conflict_closed,
    ev.Joined: conflicts._joined,
    ev.Left: conflicts._left,
    ev.PhaseSet: conflicts._phase_set,
    ev.ApRefreshed: _ap_refreshed,
    ev.ApSet: _ap_set,
    ev.ApSpent: _ap_spent,
    ev.TurnStarted: conflicts._turn_started,
    ev.TurnEnded: conflicts._turn_ended,
    ev.ExchangeEnded: conflicts._exchange_ended,
    ev.ActionRolled: conflicts._action_rolled,
    ev.DefenseAwaited: _defense_awaited,
    ev.Defended: _defended,
    ev.ConditionInflicted: _condition_inflicted,
    ev.ConditionRemoved: _condition_removed,
    ev.ConditionChanged: _condition_changed,
    ev.StatRestored: _stat_restored,
    ev.ParticipantOut: conflicts._participant_out,
    ev.SideChanged: conflicts._side_changed,
    ev.LifeChanged: _life_changed,
    ev.Moved: conflicts._moved,
    ev.Shared: conflicts._shared,
    ev.SpellStarted: _spell_started,
    ev.SpellsCollapsed: _spells_collapsed,
    ev.SustainAwaited: _sustain_awaited,
    ev.Sustained: conflicts._sustained,
    ev.TurnStartAwaited: _turn_start_awaited,
    ev.TurnStartResolved: _turn_start_resolved,
    ev.ElementPlaced: conflicts._element_placed,
    ev.ElementCleared: conflicts._element_cleared,
    ev.BonusDice: conflicts._bonus_dice,
    ev.ProjectRolled: conflicts._project_rolled,
    ev.ProjectEnded: conflicts._project_ended,
    ev.OutputServed: conflicts._output_served,
    ev.MacroRolled: _macro_rolled,
    ev.ConcessionAwaited: _concession_awaited,
    ev.ConcessionAnswered: conflicts._concession_answered,
    ev.ScaleRedefined: conflicts._scale_redefined,
    ev.ArmorSet: conflicts._armor_set,
    ev.TimePassed: _time_passed,
}
"""Each event's payload model and how it folds."""

_FOLDS.update(NANO_FOLDS)
