"""Small helpers the fold uses to replace one character, conflict or participant."""

from __future__ import annotations

from typing import Any

from tablekeeper.rulesets.fractal.encounter.state import Awaiting, Character, FractalState


def with_character(state: FractalState, key: str, **update: Any) -> FractalState:
    character = state.characters[key].model_copy(update=update)
    return state.model_copy(update={"characters": {**state.characters, key: character}})


def with_conflict(state: FractalState, key: str, **update: Any) -> FractalState:
    conflict = state.conflicts[key].model_copy(update=update)
    return state.model_copy(update={"conflicts": {**state.conflicts, key: conflict}})


def with_participant(state: FractalState, conflict: str, key: str, **update: Any) -> FractalState:
    found = state.conflicts[conflict]
    participant = found.participants[key].model_copy(update=update)
    participants = {**found.participants, key: participant}
    return with_conflict(state, conflict, participants=participants)


def with_awaiting(state: FractalState, **update: Any) -> FractalState:
    return state.model_copy(update={"awaiting": Awaiting(**update)})


def replaced_condition(character: Character, entry_id: str, replacement: Any) -> tuple[Any, ...]:
    kept = []
    for entry in character.conditions:
        if entry.id != entry_id:
            kept.append(entry)
        elif replacement is not None:
            kept.append(replacement)
    return tuple(kept)
