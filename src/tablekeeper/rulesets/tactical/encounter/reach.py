"""The targeting resolver's input built from an encounter: the grid as a user sees it.

A character sees another when it is not hidden from it (an ally always knows where its
friends are) and nothing walls the sight between them; a blinded character sees no one
(G-S-02). The positions and targeting rules themselves are the pure ``targeting.py``.
"""

from __future__ import annotations

from pydantic import BaseModel

from tablekeeper.engine import fast_paths
from tablekeeper.engine.memo import remembered
from tablekeeper.rulesets.tactical.catalogue import SkillDef
from tablekeeper.rulesets.tactical.encounter.aimed_at import itself, one_character
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import can_see
from tablekeeper.rulesets.tactical.grid import Square
from tablekeeper.rulesets.tactical.targeting import (
    Placed,
    SkillReach,
    TargetsInput,
    TargetsOutcome,
    User,
    choose_targets,
)


def _upper(model: type[BaseModel], field: str) -> int:
    """The ``le`` bound of ``model.field``."""
    return next(
        int(bound.le) for bound in model.model_fields[field].metadata if hasattr(bound, "le")
    )


MAX_CUNNING = _upper(User, "cunning")
MAX_RANGE = _upper(SkillReach, "range")
MAX_RADIUS = _upper(SkillReach, "radius")
"""The targeting models' upper bounds (``targeting.py``), for the fast path."""


def within_bounds(user: Character, skill: SkillDef) -> bool:
    """Whether the targeting input of ``user``'s ``skill`` is within the targeting models'
    bounds, so the fast path builds it from the state's valid values unvalidated."""
    return user.cunning <= MAX_CUNNING and skill.range <= MAX_RANGE and skill.radius <= MAX_RADIUS


def targets_input(
    state: TacticalState, user_key: str, skill_key: str, *, target: str | None, point: Square | None
) -> TargetsInput:
    skill = state.catalogue.skills[skill_key]
    user = state.character(user_key)
    careful = any(state.catalogue.tags[tag].careful for tag in skill.tags)
    # On the fast paths the values below are built from the state's own valid values
    # without validating them again (``engine/fast_paths.py``), unless one is out of the
    # targeting models' bounds: then validation refuses it as on the reference path.
    # Where the others stand, as the user sees them, is remembered for the state.
    fast = fast_paths.enabled()
    trusted = fast and within_bounds(user, skill)
    placed = remembered(state, ("placed", user_key), lambda: _placed(state, user, fast=fast))
    assert skill.target is not None
    reach = (SkillReach.trusted if trusted else SkillReach)(
        target=skill.target,
        range=skill.range,
        radius=skill.radius,
        careful=careful,
        attack=skill.is_attack,
        blast=skill.blast,
    )
    who = (User.trusted if trusted else User)(
        id=user.id, position=user.position, cunning=user.cunning, side=user.side
    )
    return (TargetsInput.trusted if trusted else TargetsInput)(
        skill=reach,
        user=who,
        point=point,
        target=target,
        map=state.map,
        characters=placed,
        options=state.options,
    )


def _placed(state: TacticalState, user: Character, *, fast: bool) -> tuple[Placed, ...]:
    """The characters on the map as ``user`` sees them (the defeated gone, but itself)."""
    sighted = can_see(state.catalogue, user)
    placed_as = Placed.trusted if fast else Placed
    return tuple(
        placed_as(
            id=other.id,
            position=other.position,
            visible=sighted and (other.visible or not other.is_enemy_of(user)),
            side=other.side,
            defeated=other.defeated,
        )
        for other in state.characters.values()
        if not other.defeated or other.id == user.id
    )


def targets_for(
    state: TacticalState, user_key: str, skill_key: str, *, target: str | None, point: Square | None
) -> TargetsOutcome:
    """Whom ``user_key``'s ``skill_key`` targets, aimed at ``target`` or ``point``
    (remembered for the state on the fast paths: the candidates, their check and the
    play ask it of one state: ``engine/memo.py``; there a melee or ranged skill aimed at
    a character, and a personal skill, are answered from the state without building the
    targeting input: ``aimed_at.py``)."""
    return remembered(
        state,
        ("targets_for", user_key, skill_key, target, point),
        lambda: _targets(state, user_key, skill_key, target=target, point=point),
    )


def _targets(
    state: TacticalState, user_key: str, skill_key: str, *, target: str | None, point: Square | None
) -> TargetsOutcome:
    if fast_paths.enabled():
        skill = state.catalogue.skills[skill_key]
        user = state.character(user_key)
        if within_bounds(user, skill):
            if skill.target == "personal":
                return itself(user)
            if target is not None and skill.target in ("melee", "ranged"):
                return one_character(state, user, skill, target)
    return choose_targets(targets_input(state, user_key, skill_key, target=target, point=point))
