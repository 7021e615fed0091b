"""What happens in a Nano duel, as the log records it, and how each event folds.

A declaration, the duel's bookkeeping after a step or a resolution (locks, aims, loads,
bonus dice, successive-use counts), a technique rolled with every die, and Momentum
changing hands (F-CORE-08, G-F-07). Each event carries its results; the fold only puts
them in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter.duel import Declaration, Duel, DuelStep
from tablekeeper.rulesets.fractal.encounter.fold_helpers import (
    with_character,
    with_conflict,
    with_participant,
)
from tablekeeper.rulesets.fractal.encounter.state import FractalState, Project, QueuedConflict
from tablekeeper.rulesets.fractal.stats import Stat

P = "fractal."
DECLARED = P + "nano_declared"
DUEL_UPDATED = P + "duel_updated"
TECHNIQUE_ROLLED = P + "technique_rolled"
MOMENTUM = P + "momentum_changed"
STRUCK = P + "struck"
DUELS_QUEUED = P + "duels_queued"
PROJECT_ATTACHED = P + "hybrid_project_started"
WITHERED = P + "stat_withered"
RELOCATED = P + "relocated"

Role = Literal[
    "attack", "defense", "evasion", "block_open", "quick_step", "stop_short", "stop_short_defense"
]


class Declared(Frozen):
    """A character's declaration at one step of the Beat (F-CORE-09, G-F-07)."""

    conflict: str
    character: str
    step: DuelStep
    declaration: Declaration


class DuelUpdated(Frozen):
    """The duel's state after a step, a resolution or a GM's ruling."""

    conflict: str
    duel: Duel
    why: str
    rule: str | None = None


class TechniqueRolled(Frozen):
    """A technique rolled in the resolution, with every die."""

    conflict: str
    character: str
    technique: str
    role: Role
    stat: Stat
    target: str | None = None
    check: CheckOutcome
    against: int | None = Field(default=None, description="The successes it was set against.")


class Struck(Frozen):
    """An attack resolved against its defense and armor (G-F-04, F-DANCE-GEN-07)."""

    conflict: str
    attacker: str
    target: str
    technique: str
    zone: str | None = None
    successes: int = Field(description="The attack's success level (before the defense).")
    defense: int = Field(default=0, description="The defense's successes subtracted.")
    armor: int = 0
    margin: int = Field(description="What the damage table reads.")
    table: str | None = None
    prevented: bool = Field(default=False, description="Quick Step's damage stopped it.")


class ProjectAttached(Frozen):
    """A hybrid project inside a Nano duel (F-COOK-GEN-07, F-ART-GEN-07)."""

    conflict: str
    project: Project


class Relocated(Frozen):
    """Kinetic Surge carried a character to another zone of the scene (F-MAGIC-NANO-03,
    G-F-N13): the scene elements of that zone are the ones around it now."""

    conflict: str
    character: str
    zone: str
    rule: str = "F-MAGIC-NANO-03"


class Withered(Frozen):
    """Wither: a stat die smaller by ``steps`` sizes while sustained (F-MAGIC-NANO-14)."""

    character: str
    stat: Stat
    reduced: int = Field(description="Sizes lost in all, after it.")
    rule: str = "F-MAGIC-NANO-14"


class DuelsQueued(Frozen):
    """Split the Scene: the duels still to come, after ``after`` ends (F-GM-10)."""

    after: str
    queued: tuple[QueuedConflict, ...] = ()
    rule: str = "F-GM-10"


class MomentumChanged(Frozen):
    """Momentum between a pair changes hands, or is kept, or returns to The Drop."""

    conflict: str
    pair: str
    holder: str | None
    how: Literal["steal", "seize", "retain", "take", "drop"]
    rule: str


EVENT_MODELS: dict[str, type[Frozen]] = {
    DECLARED: Declared,
    DUEL_UPDATED: DuelUpdated,
    TECHNIQUE_ROLLED: TechniqueRolled,
    MOMENTUM: MomentumChanged,
    STRUCK: Struck,
    DUELS_QUEUED: DuelsQueued,
    PROJECT_ATTACHED: ProjectAttached,
    WITHERED: Withered,
    RELOCATED: Relocated,
}
"""The Nano duel's event kinds and their payload models."""


def _relocated(state: FractalState, payload: Relocated) -> FractalState:
    return with_participant(state, payload.conflict, payload.character, zone=payload.zone)


def _duel(state: FractalState, conflict: str) -> Duel:
    found = state.conflicts[conflict].duel
    return found if found is not None else Duel()


def _declared(state: FractalState, payload: Declared) -> FractalState:
    duel = _duel(state, payload.conflict)
    duel = duel.model_copy(
        update={
            "declared": {**duel.declared, payload.character: payload.declaration},
            "done": (*duel.done, payload.character),
        }
    )
    return with_conflict(state, payload.conflict, duel=duel)


def _duel_updated(state: FractalState, payload: DuelUpdated) -> FractalState:
    return with_conflict(state, payload.conflict, duel=payload.duel)


def _withered(state: FractalState, payload: Withered) -> FractalState:
    character = state.characters[payload.character]
    reduced = {**character.reduced, payload.stat: payload.reduced}
    return with_character(state, payload.character, reduced={k: v for k, v in reduced.items() if v})


def _attached(state: FractalState, payload: ProjectAttached) -> FractalState:
    return with_conflict(state, payload.conflict, project=payload.project)


def _queued(state: FractalState, payload: DuelsQueued) -> FractalState:
    return state.model_copy(
        update={"queued": payload.queued, "queued_after": payload.after if payload.queued else None}
    )


def _momentum(state: FractalState, payload: MomentumChanged) -> FractalState:
    duel = _duel(state, payload.conflict)
    duel = duel.model_copy(update={"momentum": {**duel.momentum, payload.pair: payload.holder}})
    return with_conflict(state, payload.conflict, duel=duel)


FOLDS: dict[type[BaseModel], Callable[[FractalState, Any], FractalState]] = {
    Declared: _declared,
    DuelUpdated: _duel_updated,
    MomentumChanged: _momentum,
    DuelsQueued: _queued,
    ProjectAttached: _attached,
    Withered: _withered,
    Relocated: _relocated,
}
"""How each Nano event folds (a roll changes nothing by itself)."""
