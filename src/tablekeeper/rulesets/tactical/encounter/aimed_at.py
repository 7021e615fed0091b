"""Whom a melee or ranged skill aimed at one character targets, read off the state (a
fast path).

The targeting rule (``targeting.py``) reads a :class:`~..targeting.TargetsInput`: the
skill's reach, its user, and every character on the map as the user sees it, built from
the state for each question (``reach.targets_input``). For a melee or ranged skill aimed
at a named character, the rule reads of that input only the user, the character aimed
at, and (for a ranged skill that is not careful) the enemies whose zone of control holds
the user (S-TGT-09 .. S-TGT-11, S-TGT-01). :func:`one_character` answers that question
with the rule's own steps, in its order, from the state's characters directly, without
building the input: the same reach, the same checks of the same values, the same
outcome (built and validated as the rule builds it).

A personal skill targets its user alone, whatever it is aimed at: the rule's first step,
which reads of the input only the skill's kind and the user's id. :func:`itself` answers
it from the user's id, the outcome built once for that id (``engine/memo.built``).

``reach.targets_for`` uses both on the engine's fast paths when the input would be built
unvalidated (within the targeting models' bounds); ``tests/rulesets/tactical/
test_fast_paths.py`` holds it to the rule for every skill, user and character aimed at
on every state the shipped scenarios pass through (and every personal skill, aimed at
anything, by every character).
"""

from __future__ import annotations

from tablekeeper.engine.memo import built
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.catalogue import SkillDef
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import can_see
from tablekeeper.rulesets.tactical.grid import distance, sees
from tablekeeper.rulesets.tactical.targeting import MELEE_REACH, TargetsOutcome


def one_character(
    state: TacticalState, user: Character, skill: SkillDef, target: str
) -> TargetsOutcome:
    """``targeting._one_character`` for ``user``'s melee or ranged ``skill`` aimed at
    ``target``."""
    reach, reason, chosen = _aimed(state, user, skill, target)
    if reason is not None:
        return _refusal(reach, reason)
    if chosen is None:  # a melee skill that is no attack, on its user
        return TargetsOutcome(legal=True, targets=(user.id,), reach=reach)
    return TargetsOutcome(
        legal=True,
        targets=(chosen.id,),
        reach=reach,
        zone_of_control_banes=_zone_banes(state, user, skill),
    )


def reaches(state: TacticalState, user: Character, skill: SkillDef, target: str) -> bool:
    """Whether :func:`one_character` is legal: the same checks, without building the
    outcome or reading the enemies whose zone holds the user (they never refuse)."""
    return _aimed(state, user, skill, target)[1] is None


def _aimed(
    state: TacticalState, user: Character, skill: SkillDef, target: str
) -> tuple[int, str | None, Character | None]:
    """The skill's reach, the rule's reason to refuse it (``None``: none), and the
    character it targets (``None`` for a melee skill that is no attack, on its user)."""
    reach = MELEE_REACH if skill.target == "melee" else skill.range + user.cunning
    metric = state.options.distance
    if target == user.id:
        if skill.is_attack:
            return reach, "you cannot attack yourself (S-TGT-04, S-TGT-09)", None
        if skill.target == "melee":
            return reach, None, None
        chosen = user
    else:
        found = state.characters.get(ActorId(target))
        if found is None or found.defeated:  # the input holds the standing and the user
            return reach, "choose the character the skill targets", None
        chosen = found
    if distance(user.position, chosen.position, metric) > reach:
        return reach, f"{chosen.id} is beyond the skill's reach of {reach} paces", None
    if chosen.id != user.id:
        visible = can_see(state.catalogue, user) and (
            chosen.visible or not chosen.is_enemy_of(user)
        )
        if not (visible and sees(state.map, user.position, chosen.position)):
            return reach, f"you cannot see {chosen.id} (S-TGT-01)", None
    return reach, None, chosen


def _refusal(reach: int, reason: str) -> TargetsOutcome:
    return TargetsOutcome(legal=False, reason=reason, reach=reach)


def _zone_banes(state: TacticalState, user: Character, skill: SkillDef) -> tuple[str, ...]:
    """``targeting.zone_banes``: the standing enemies whose zone of control holds the
    user of a ranged skill that is not careful (S-TGT-11, S-TAG-02, G-S-08)."""
    careful = any(state.catalogue.tags[tag].careful for tag in skill.tags)
    if skill.target != "ranged" or careful:
        return ()
    zone = state.options.zone_of_control
    metric = state.options.distance
    return tuple(
        other.id
        for other in state.characters.values()
        if other.side != user.side
        and other.id != user.id
        and not other.defeated
        and distance(other.position, user.position, metric) <= zone
    )


def itself(user: Character) -> TargetsOutcome:
    """``targeting.choose_targets`` for a personal skill of ``user``: its user alone,
    reach 0 (the rule reads nothing else)."""
    return built(
        ("tactical personal targets", user.id),
        lambda: TargetsOutcome(legal=True, targets=(user.id,), reach=0),
    )
