"""The fold: the state after one ``fractal`` event (bookkeeping only: every number an
event carries was computed by the rules when it was played)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.state import (
    Awaiting,
    Character,
    Conflict,
    FractalState,
    Participant,
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


def fold(state: FractalState, kind: str, payload: BaseModel) -> FractalState:
    """The state after one event, given as its kind and payload model."""
    match payload:
        case ev.CharacterAdded(character=character):
            return state.model_copy(
                update={"characters": {**state.characters, character.id: character}}
            )
        case ev.ConflictOpened(conflict=conflict):
            found = state.model_copy(
                update={"conflicts": {**state.conflicts, conflict.id: conflict}}
            )
            for key in conflict.participants:
                found = _character(found, key, conflict=conflict.id)
            return found
        case ev.ConflictClosed():
            conflict = state.conflicts[payload.conflict]
            found = _conflict(
                state, payload.conflict, ended=payload.ended, winner=payload.winner, phase="ended"
            )
            for key in conflict.participants:
                if found.characters[key].conflict == payload.conflict:
                    found = _character(found, key, conflict=None, temporary=())  # G-F-33
            return found
        case ev.Joined(conflict=key, participant=participant):
            conflict = state.conflicts[key]
            found = _conflict(
                state, key, participants={**conflict.participants, participant.id: participant}
            )
            return _character(found, participant.id, conflict=key)
        case ev.Left(conflict=key, character=who):
            found = _participant(state, key, who, out="left")
            return _character(found, who, conflict=None)
        case ev.PhaseSet():
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
        case ev.ApRefreshed():
            character = state.characters[payload.character]
            conditions = tuple(
                entry.model_copy(update={"pending": False})
                if entry.id in payload.activated
                else entry
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
        case ev.ApSet():
            update: dict[str, Any] = {"ap": payload.ap}
            if payload.temporary is not None:
                update["temporary"] = payload.temporary
            return _character(state, payload.character, **update)
        case ev.ApSpent():
            return _character(state, payload.character, ap=payload.ap, temporary=payload.temporary)
        case ev.TurnStarted():
            return _conflict(state, payload.conflict, turn_started=True)
        case ev.TurnEnded():
            found = _participant(
                state,
                payload.conflict,
                payload.character,
                turn_over=True,
                tools_used={},
                spells_cast=0,
            )
            return found
        case ev.ExchangeEnded():
            conflict = state.conflicts[payload.conflict]
            participants = {
                k: p.model_copy(update={"turn_over": False})
                for k, p in conflict.participants.items()
            }
            elapsed = conflict.elapsed_seconds + (payload.seconds or 0)
            return _conflict(
                state, payload.conflict, participants=participants, elapsed_seconds=elapsed
            )
        case ev.ActionRolled():
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
        case ev.DefenseAwaited(pending=pending):
            return _awaiting(state, defense=pending)
        case ev.Defended():
            return _awaiting(state)
        case ev.ConditionInflicted(character=who, entry=entry):
            character = state.characters[who]
            return _character(
                state,
                who,
                conditions=(*character.conditions, entry),
                numbered=character.numbered + 1,
            )
        case ev.ConditionRemoved(character=who):
            character = state.characters[who]
            return _character(state, who, conditions=_conditions(character, payload.id, None))
        case ev.ConditionChanged(character=who, entry=entry):
            character = state.characters[who]
            return _character(state, who, conditions=_conditions(character, entry.id, entry))
        case ev.StatRestored():
            character = state.characters[payload.character]
            reduced = {**character.reduced, payload.stat: payload.reduced}
            return _character(
                state, payload.character, reduced={k: v for k, v in reduced.items() if v}
            )
        case ev.ParticipantOut():
            return _participant(state, payload.conflict, payload.character, out=payload.out)
        case ev.SideChanged():
            return _participant(state, payload.conflict, payload.character, side=payload.side)
        case ev.LifeChanged():
            return _character(
                state,
                payload.character,
                life=payload.life,
                golden_hour_left=payload.golden_hour_left,
                to_dress=payload.to_dress,
            )
        case ev.Moved():
            if payload.position is None:
                return state
            return _participant(
                state, payload.conflict, payload.character, position=payload.position
            )
        case ev.Shared():
            for ally in payload.allies:
                participant = state.conflicts[payload.conflict].participants[ally]
                state = _participant(
                    state,
                    payload.conflict,
                    ally,
                    shared_from=(*participant.shared_from, payload.character),
                )
            return state
        case ev.SpellStarted(character=who, spell=spell):
            character = state.characters[who]
            return _character(
                state,
                who,
                spells=(*character.spells, spell),
                spells_started=character.spells_started + 1,
            )
        case ev.SpellsCollapsed(character=who):
            kept = tuple(s for s in state.characters[who].spells if s.id not in payload.spells)
            return _character(state, who, spells=kept)
        case ev.SustainAwaited(pending=pending):
            return _awaiting(state, sustain=pending)
        case ev.Sustained():
            conflict = state.conflicts[payload.conflict]
            queue = tuple(m for m in conflict.sustain_queue if m != payload.mage)
            return _awaiting(_conflict(state, payload.conflict, sustain_queue=queue))
        case ev.TurnStartAwaited(pending=pending):
            return _awaiting(state, turn_start=pending)
        case ev.TurnStartResolved():
            return _awaiting(state)
        case ev.ElementPlaced(conflict=key, element=element):
            conflict = state.conflicts[key]
            return _conflict(state, key, scene_elements=(*conflict.scene_elements, element))
        case ev.ElementCleared(conflict=key, index=index):
            elements = list(state.conflicts[key].scene_elements)
            del elements[index]
            return _conflict(state, key, scene_elements=tuple(elements))
        case ev.BonusDice():
            participant = state.conflicts[payload.conflict].participants[payload.to]
            return _participant(
                state,
                payload.conflict,
                payload.to,
                bonus_dice=participant.bonus_dice + payload.dice,
            )
        case ev.ProjectRolled():
            conflict = state.conflicts[payload.conflict]
            assert conflict.project is not None
            successes = dict(conflict.project.successes)
            successes[payload.technique] = (
                successes.get(payload.technique, 0) + payload.check.success_level
            )
            project = conflict.project.model_copy(update={"successes": successes})
            return _conflict(state, payload.conflict, project=project)
        case ev.ProjectEnded():
            conflict = state.conflicts[payload.conflict]
            assert conflict.project is not None
            project = conflict.project.model_copy(update={"result": payload.result})
            found = _conflict(state, payload.conflict, project=project)
            if project.downtime and project.character not in found.downtime_projects:
                found = found.model_copy(
                    update={"downtime_projects": (*found.downtime_projects, project.character)}
                )
            return found
        case ev.OutputServed():
            conflict = state.conflicts[payload.conflict]
            assert conflict.project is not None
            return _conflict(
                state,
                payload.conflict,
                project=conflict.project.model_copy(update={"served": True}),
            )
        case ev.MacroRolled():
            last = dict(state.last_macro)
            if payload.succeeded or payload.reroll_of is not None:
                last.pop(payload.character, None)
            else:
                last[payload.character] = payload.request  # type: ignore[assignment]
            return state.model_copy(update={"last_macro": last, "macros": state.macros + 1})
        case ev.ConcessionAwaited(pending=pending):
            return _awaiting(state, concession=pending)
        case ev.ConcessionAnswered():
            conflict = state.conflicts[payload.conflict]
            asked = (*conflict.concessions, payload.boss)
            return _awaiting(_conflict(state, payload.conflict, concessions=asked))
        case ev.ScaleRedefined():
            return _conflict(state, payload.conflict, time=payload.time)
        case ev.ArmorSet():
            participant = state.conflicts[payload.conflict].participants[payload.character]
            armor = {**participant.routine_armor, payload.zone: payload.amount}
            return _participant(state, payload.conflict, payload.character, routine_armor=armor)
        case ev.TimePassed():
            return state
    return state


__all__ = ["Conflict", "Participant", "fold"]
