"""Previews for the table's grid: where a skill reaches and whom it would hit, before use.

The console's map draws them as aims (``aims.py``: reach squares, a blast's area or a
line's squares for each point it may be aimed at, the targets it would take), and the
player's state carries the same JSON: everything is computed by the pure targeting rules
(``targeting.py`` through ``encounter/reach.py``), never in the template. A character
hidden from the viewer's side is never a point nor a target in them (G-S-E6).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.attack import attack_odds
from tablekeeper.rulesets.tactical.battlefield import placed_for
from tablekeeper.rulesets.tactical.encounter.flow import attack_input
from tablekeeper.rulesets.tactical.encounter.moving import movement_left
from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import DefenseChoice, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import available
from tablekeeper.rulesets.tactical.grid import distance, reachable


def _key(square: tuple[int, int]) -> str:
    return f"{square[0]},{square[1]}"


def skill_previews(state: TacticalState, sight: Sight) -> dict[str, JsonValue]:
    """For the acting character (if ``sight`` plays it): per usable skill, its reach and,
    per point it may be aimed at, the squares it covers and the characters it targets."""
    turn = state.turn
    if turn is None or state.use is not None or state.ended is not None:
        return {}
    if not sight.controls(turn.actor):
        return {}
    character = state.character(turn.actor)
    unseen = frozenset(c.id for c in state.characters.values() if not placed_for(state, c, sight))
    found: dict[str, JsonValue] = {}
    left = movement_left(state)
    if left > 0:
        blocked = frozenset(o.position for o in state.standing() if o.id != character.id)
        costs = reachable(state.map, character.position, left, state.options.distance, blocked)
        found["_move"] = {
            "name": "Move",
            "type": "movement",
            "target": "square",
            "attack": False,
            "reach": [[x, y] for (x, y) in costs if (x, y) != character.position],
            "points": {
                _key(sq): {"squares": [], "targets": [], "cost": c}
                for sq, c in costs.items()
                if sq != character.position
            },
        }
    if state.turn is not None and state.turn.maneuver is not None:
        return found  # nothing but movement in the middle of a maneuver (S-TYPE-07)
    keys = dict.fromkeys([*character.style, *state.catalogue.universal()])
    for key in keys:
        skill = state.catalogue.skills.get(key)
        if skill is None or skill.type in ("passive", "reaction") or skill.target is None:
            continue
        if available(state, character, key) is not None:
            continue
        points = _points(state, character.id, key, unseen)
        limit = targets_for(state, character.id, key, target=None, point=None).reach
        reach: list[JsonValue] = [
            [x, y]
            for x in range(state.map.width)
            for y in range(state.map.height)
            if state.map.open((x, y))
            and distance(character.position, (x, y), state.options.distance) <= limit
        ]
        found[key] = {
            "name": skill.name,
            "type": skill.type,
            "target": skill.target,
            "attack": skill.is_attack,
            "reach": reach,
            "points": points,
        }
    return found


def _points(
    state: TacticalState, user: str, key: str, unseen: frozenset[str]
) -> dict[str, JsonValue]:
    """Each square the skill may be aimed at, with what it would cover and take; a
    character whose square the viewer may not know (``unseen``, G-S-E6) is neither a
    point nor among those taken."""
    skill = state.catalogue.skills[key]
    character = state.character(user)
    points: dict[str, JsonValue] = {}
    if skill.target == "personal":
        points[_key(character.position)] = {"squares": [], "targets": [character.id]}
        return points
    if skill.target in ("melee", "ranged"):
        for other in state.characters.values():
            aimed = targets_for(state, user, key, target=other.id, point=None)
            if not other.defeated and aimed.legal and other.id not in unseen:
                points[_key(other.position)] = {
                    "squares": [],
                    "targets": [t for t in aimed.targets if t not in unseen],
                    "target": other.id,
                    "banes": list(aimed.zone_of_control_banes),
                }
        return points
    for x in range(state.map.width):
        for y in range(state.map.height):
            aimed = targets_for(state, user, key, target=None, point=(x, y))
            if aimed.legal and (skill.blast != "central" or (x, y) == character.position):
                points[_key((x, y))] = {
                    "squares": [list(s) for s in aimed.squares],
                    "targets": [t for t in aimed.targets if t not in unseen],
                }
    return points


def pending_defense(state: TacticalState, sight: Sight) -> dict[str, JsonValue] | None:
    """The defense a target is choosing: each option's cost, and the yield's exact odds
    when ``sight`` may read every number they come from (the target's, C-10)."""
    about = state.awaiting
    use = state.use
    if not isinstance(about, DefenseChoice) or use is None:
        return None
    target = state.character(about.target)
    sees = sight.sees(about.target)
    costs: list[JsonValue] = []
    for option in about.options:
        if option == "yield":
            costs.append({"option": option, "cost": "the yield"})
        else:
            track = {"block": "momentum", "dodge": "poise", "predict": "focus"}[option]
            line: dict[str, JsonValue] = {"option": option, "cost": f"{about.threat} {track}"}
            if sees:
                line["has"] = target.pool(track)  # type: ignore[arg-type]
            costs.append(line)
    odds: list[JsonValue] = []
    if sees:
        exact = attack_odds(attack_input(state, use, about.target))
        odds = [[label, _percent(chance)] for label, chance in exact.outcomes]
    return {"target": ActorId(about.target), "threat": about.threat, "costs": costs, "odds": odds}


def _percent(chance: Fraction) -> str:
    value = chance * 100
    return f"{float(value):.1f}%"
