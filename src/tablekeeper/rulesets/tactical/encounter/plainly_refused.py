"""Candidates the check would plainly refuse, known before they are built (a fast path).

The policy's candidates (``candidates.py``) offer the acting character every attack of its
style against every enemy, its maneuvers, wards and utilities, best first, and the engine
keeps those :func:`~.using.check_use` allows. Most of them are refused for a reason that
is plain from the turn and the character alone: the action of the turn is used, a
maneuver is in progress, the character cannot act, the skill is not available to it, the
enemy is beyond a melee or ranged skill's reach, the skill costs more than the pool holds.

On the engine's fast paths (``engine/fast_paths.py``) the candidates skip what these
predicates refuse instead of building each command and running the full check on it.
Each predicate is a condition under which ``check_use`` (or ``check_move``) raises, read
from the same values the check reads, so a candidate skipped is one the check refuses,
and the legal commands (the candidates the check allows, in their order) are unchanged;
``tests/rulesets/tactical/test_fast_paths.py`` holds each predicate to the full check on
every state the shipped scenarios pass through.
"""

from __future__ import annotations

from tablekeeper.rulesets.tactical.catalogue import SkillDef
from tablekeeper.rulesets.tactical.encounter import using
from tablekeeper.rulesets.tactical.encounter.reach import within_bounds
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState, Turn
from tablekeeper.rulesets.tactical.encounter.traits import can_act
from tablekeeper.rulesets.tactical.encounter.using import maneuver_spent
from tablekeeper.rulesets.tactical.grid import distance
from tablekeeper.rulesets.tactical.targeting import MELEE_REACH


def cannot_act(state: TacticalState, character: Character) -> bool:
    """The character cannot act (defeated, or a condition forbids it): ``acting`` refuses
    its every skill, move and end of maneuver."""
    return not can_act(state.catalogue, character)


def no_action_left(turn: Turn) -> bool:
    """No action and no 'other' skill now: a maneuver is in progress (S-TYPE-07) or the
    action of the turn is used (S-TYPE-02), as ``turn_allows`` refuses them."""
    return turn.maneuver is not None or turn.action_used


def no_maneuver_left(turn: Turn, character: Character) -> bool:
    """No maneuver skill now: one is in progress (S-TYPE-07), or none is left this turn
    (S-TYPE-04, ``using.maneuver_spent``), as ``turn_allows`` refuses them."""
    return turn.maneuver is not None or maneuver_spent(turn, character)


def beyond_reach(
    state: TacticalState, character: Character, skill: SkillDef, enemy: Character
) -> bool:
    """A melee or ranged skill aimed at an enemy beyond its reach (S-TGT-09, S-TGT-10):
    the targeting rule refuses it before anything else it reads (the enemy is standing,
    so the targeting input holds it). Only when the targeting input is built without
    validation (``reach.within_bounds``): out of bounds, the full check's error is kept."""
    if skill.target == "melee":
        reach = MELEE_REACH
    elif skill.target == "ranged":
        reach = skill.range + character.cunning
    else:
        return False
    if enemy.id == character.id or not within_bounds(character, skill):
        return False
    return distance(character.position, enemy.position, state.options.distance) > reach


def cannot_pay(character: Character, skill: SkillDef) -> bool:
    """The skill costs more than its pool holds (``using.cannot_pay``), and the candidates
    never invoke a final gambit (S-DEF-02, S-DEF-03)."""
    return using.cannot_pay(character, skill)
