"""The targeting resolver's input built from an encounter: the grid as a user sees it.

A character sees another when it is not hidden from it (an ally always knows where its
friends are) and nothing walls the sight between them; a blinded character sees no one
(G-S-02). The positions and targeting rules themselves are the pure ``targeting.py``.
"""

from __future__ import annotations

from tablekeeper.rulesets.tactical.encounter.state import TacticalState
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


def targets_input(
    state: TacticalState, user_key: str, skill_key: str, *, target: str | None, point: Square | None
) -> TargetsInput:
    skill = state.catalogue.skills[skill_key]
    user = state.character(user_key)
    sighted = can_see(state.catalogue, user)
    careful = any(state.catalogue.tags[tag].careful for tag in skill.tags)
    placed = tuple(
        Placed(
            id=other.id,
            position=other.position,
            visible=sighted and (other.visible or not other.is_enemy_of(user)),
            side=other.side,
            defeated=other.defeated,
        )
        for other in state.characters.values()
        if not other.defeated or other.id == user.id
    )
    assert skill.target is not None
    return TargetsInput(
        skill=SkillReach(
            target=skill.target,
            range=skill.range,
            radius=skill.radius,
            careful=careful,
            attack=skill.is_attack,
            blast=skill.blast,
        ),
        user=User(id=user.id, position=user.position, cunning=user.cunning, side=user.side),
        point=point,
        target=target,
        map=state.map,
        characters=placed,
        options=state.options,
    )


def targets_for(
    state: TacticalState, user_key: str, skill_key: str, *, target: str | None, point: Square | None
) -> TargetsOutcome:
    """Whom ``user_key``'s ``skill_key`` targets, aimed at ``target`` or ``point``."""
    return choose_targets(targets_input(state, user_key, skill_key, target=target, point=point))
