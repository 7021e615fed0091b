"""What a character may sensibly do now, best first: the engine keeps those its checks allow.

The order is the default policy's preference (it takes the first legal command): finish a
maneuver by closing on the nearest enemy, attack an enemy in reach, move closer with a
maneuver, use a utility action, and end the turn.
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.using import movement_left
from tablekeeper.rulesets.tactical.grid import distance, reachable


def _nearest_enemy_distance(
    state: TacticalState, character: Character, square: tuple[int, int]
) -> int:
    enemies = [o for o in state.standing() if o.is_enemy_of(character)]
    if not enemies:
        return 0
    return min(distance(square, o.position, state.options.distance) for o in enemies)


def _skills(state: TacticalState, character: Character) -> list[str]:
    keys = dict.fromkeys([*character.style, *character.unlocked, *state.catalogue.universal()])
    return [key for key in keys if key in state.catalogue.skills]


def candidates(state: TacticalState, actor: ActorId) -> list[Command]:
    turn = state.turn
    if state.ended is not None or turn is None or state.use is not None:
        return []
    if actor != turn.actor and actor != "gm":
        return []
    character = state.character(turn.actor)
    who = character.id
    found: list[Command] = []
    if movement_left(state) > 0:
        blocked = frozenset(o.position for o in state.standing() if o.id != who)
        costs = reachable(
            state.map, character.position, movement_left(state), state.options.distance, blocked
        )
        here = _nearest_enemy_distance(state, character, character.position)
        best = min(
            (sq for sq in costs if sq != character.position),
            key=lambda sq: (_nearest_enemy_distance(state, character, sq), costs[sq], sq),
            default=None,
        )
        if best is not None and _nearest_enemy_distance(state, character, best) < here:
            found.append(cmd.move(who, best))
    if turn.maneuver is not None:
        found.append(cmd.simple(cmd.END_MANEUVER, who))
    enemies = [o for o in state.standing() if o.is_enemy_of(character)]
    enemies.sort(key=lambda o: distance(o.position, character.position, state.options.distance))
    catalogue = state.catalogue
    skills = _skills(state, character)
    attacks = [
        k
        for k in skills
        if catalogue.skills[k].is_attack and catalogue.skills[k].type in ("action", "other")
    ]
    for key in attacks:
        skill = catalogue.skills[key]
        concentration = (
            "release_first" if skill.concentration and who in state.concentrations else None
        )
        for enemy in enemies:
            if skill.target in ("melee", "ranged"):
                found.append(cmd.use_skill(who, key, target=enemy.id, concentration=concentration))
            elif skill.target in ("line", "blast"):
                found.append(
                    cmd.use_skill(who, key, point=enemy.position, concentration=concentration)
                )
    movers = [
        k
        for k in skills
        if catalogue.skills[k].type == "maneuver" and catalogue.skills[k].target == "personal"
    ]
    if enemies and _nearest_enemy_distance(state, character, character.position) > 1:
        found += [cmd.use_skill(who, key) for key in movers]
    utilities = [
        k
        for k in skills
        if not catalogue.skills[k].is_attack
        and catalogue.skills[k].type == "action"
        and catalogue.skills[k].target == "personal"
        and k != "act"
    ]
    found += [cmd.use_skill(who, key) for key in utilities]
    found.append(cmd.simple(cmd.END_TURN, who))
    return found
