"""The fold of the conflicts' events: opened, clock, turns, seats, scene, projects."""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.fold_helpers import (
    with_awaiting,
    with_character,
    with_conflict,
    with_participant,
)
from tablekeeper.rulesets.fractal.encounter.state import FractalState


def _conflict_opened(state: FractalState, payload: ev.ConflictOpened) -> FractalState:
    conflict = payload.conflict
    found = state.model_copy(update={"conflicts": {**state.conflicts, conflict.id: conflict}})
    for key in conflict.participants:
        found = with_character(found, key, conflict=conflict.id)
    project = conflict.project
    if (
        project is not None
        and project.downtime
        and project.character not in found.downtime_projects
    ):
        # F-DOWN-08: declaring the project is the attempt, finished or abandoned.
        found = found.model_copy(
            update={"downtime_projects": (*found.downtime_projects, project.character)}
        )
    return found


def _conflict_closed(state: FractalState, payload: ev.ConflictClosed) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    found = with_conflict(
        state, payload.conflict, ended=payload.ended, winner=payload.winner, phase="ended"
    )
    for key in conflict.participants:
        if found.characters[key].conflict == payload.conflict:
            found = with_character(found, key, conflict=None, temporary=())  # G-F-33
    return found


def _joined(state: FractalState, payload: ev.Joined) -> FractalState:
    key = payload.conflict
    participant = payload.participant
    conflict = state.conflicts[key]
    found = with_conflict(
        state, key, participants={**conflict.participants, participant.id: participant}
    )
    return with_character(found, participant.id, conflict=key)


def _left(state: FractalState, payload: ev.Left) -> FractalState:
    key = payload.conflict
    who = payload.character
    found = with_participant(state, key, who, out="left")
    return with_character(found, who, conflict=None)


def _phase_set(state: FractalState, payload: ev.PhaseSet) -> FractalState:
    return with_conflict(
        state,
        payload.conflict,
        step=payload.step,
        phase=payload.phase,
        turn=payload.turn,
        turn_started=payload.turn_started,
        turn_effects=payload.turn_effects,
        sustain_queue=payload.sustain_queue,
    )


def _turn_started(state: FractalState, payload: ev.TurnStarted) -> FractalState:
    return with_conflict(state, payload.conflict, turn_started=True)


def _turn_ended(state: FractalState, payload: ev.TurnEnded) -> FractalState:
    found = with_participant(
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
    return with_conflict(
        state, payload.conflict, participants=participants, elapsed_seconds=elapsed
    )


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
    return with_participant(
        state,
        payload.conflict,
        payload.character,
        tools_used=tools,
        spells_cast=participant.spells_cast + (1 if payload.spell else 0),
        bonus_dice=participant.bonus_dice - payload.bonus_dice_used,
    )


def _participant_out(state: FractalState, payload: ev.ParticipantOut) -> FractalState:
    return with_participant(state, payload.conflict, payload.character, out=payload.out)


def _side_changed(state: FractalState, payload: ev.SideChanged) -> FractalState:
    return with_participant(state, payload.conflict, payload.character, side=payload.side)


def _moved(state: FractalState, payload: ev.Moved) -> FractalState:
    if payload.position is None:
        return state
    return with_participant(state, payload.conflict, payload.character, position=payload.position)


def _shared(state: FractalState, payload: ev.Shared) -> FractalState:
    for ally in payload.allies:
        participant = state.conflicts[payload.conflict].participants[ally]
        state = with_participant(
            state,
            payload.conflict,
            ally,
            shared_from=(*participant.shared_from, payload.character),
        )
    return state


def _element_placed(state: FractalState, payload: ev.ElementPlaced) -> FractalState:
    key = payload.conflict
    element = payload.element
    conflict = state.conflicts[key]
    return with_conflict(state, key, scene_elements=(*conflict.scene_elements, element))


def _element_cleared(state: FractalState, payload: ev.ElementCleared) -> FractalState:
    key = payload.conflict
    index = payload.index
    elements = list(state.conflicts[key].scene_elements)
    del elements[index]
    return with_conflict(state, key, scene_elements=tuple(elements))


def _bonus_dice(state: FractalState, payload: ev.BonusDice) -> FractalState:
    participant = state.conflicts[payload.conflict].participants[payload.to]
    return with_participant(
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
    return with_conflict(state, payload.conflict, project=project)


def _project_ended(state: FractalState, payload: ev.ProjectEnded) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    assert conflict.project is not None
    project = conflict.project.model_copy(update={"result": payload.result})
    return with_conflict(state, payload.conflict, project=project)


def _output_served(state: FractalState, payload: ev.OutputServed) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    assert conflict.project is not None
    return with_conflict(
        state,
        payload.conflict,
        project=conflict.project.model_copy(update={"served": True}),
    )


def _scale_redefined(state: FractalState, payload: ev.ScaleRedefined) -> FractalState:
    return with_conflict(state, payload.conflict, time=payload.time)


def _armor_set(state: FractalState, payload: ev.ArmorSet) -> FractalState:
    participant = state.conflicts[payload.conflict].participants[payload.character]
    armor = {**participant.routine_armor, payload.zone: payload.amount}
    return with_participant(state, payload.conflict, payload.character, routine_armor=armor)


def _sustained(state: FractalState, payload: ev.Sustained) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    queue = tuple(m for m in conflict.sustain_queue if m != payload.mage)
    return with_awaiting(with_conflict(state, payload.conflict, sustain_queue=queue))


def _concession_answered(state: FractalState, payload: ev.ConcessionAnswered) -> FractalState:
    conflict = state.conflicts[payload.conflict]
    asked = (*conflict.concessions, payload.boss)
    return with_awaiting(with_conflict(state, payload.conflict, concessions=asked))
