"""What a player may see of a ``tactical`` encounter they do not control every part of.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9). A player sees in
full the characters they control; of every other character what stands in plain sight at
the table: its name, side, square (unless it is hidden from the viewer's side), its
agility, brawn, cunning and armor (every attack tells them: the threat is the skill's
base threat plus the agility, a blow's damage shows the brawn and the armor), the
weapons it holds, its conditions, whether it is a minion and whether it is defeated, and
what it concentrates on. Its pools (poise, momentum, focus and their maximums), fighting
style, learned skills and tag traits (vulnerable, resistant, immune) are the GM's
(docs/rulings.md, G-S-E6). The GM's view is never filtered.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.preview import pending_defense, skill_previews

PUBLIC_FIELDS = (
    "id",
    "name",
    "side",
    "position",
    "agility",
    "brawn",
    "cunning",
    "armor",
    "wielding",
    "conditions",
    "minion",
    "defeated",
    "visible",
)
"""The fields of a character (or character spec) anyone at the table may see."""

POOL_FIELDS = ("before", "after", "requested")
"""The fields of a pool change that tell a pool's size."""


ROLL_TARGETS = ("breakdown", "damage_before_armor")
"""What a yield's or a utility roll's dice were counted against: the breakdowns (each die
against the cunning, the damage less the armor) and the damage before the armor (which,
with the damage, tells the armor). Its dice, damage and effects stay."""


def hide_targets(kind: str, payload: JsonObject) -> JsonObject:
    """A payload of a "dice only" roll (C-20): a yield's and a utility roll's dice,
    damage and effects, not what they were counted against."""
    if kind not in (ev.YIELD_ROLLED, ev.UTILITY_ROLLED):
        return payload
    outcome = _object(payload.get("outcome"))
    return {**payload, "outcome": {k: v for k, v in outcome.items() if k not in ROLL_TARGETS}}


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def public_character(body: JsonObject, *, located: bool = True) -> JsonObject:
    shown: JsonObject = {key: body[key] for key in PUBLIC_FIELDS if key in body}
    if not located:
        shown.pop("position", None)
    return shown


def _located(state: TacticalState, key: str, sight: Sight) -> bool:
    """A hidden character's square is known only to its own side."""
    character = state.characters.get(key)  # type: ignore[call-overload]
    if character is None or character.visible:
        return True
    return any(
        state.character(mine).side == character.side
        for mine in sight.controlled
        if mine in state.characters
    )


def player_view(model: TacticalState, sight: Sight) -> JsonObject:
    state: JsonObject = model.model_dump(mode="json")
    state["preview"] = skill_previews(model, sight)
    state["defending"] = pending_defense(model, sight)
    if sight.gm:
        return state
    characters = _object(state.get("characters"))
    shown: JsonObject = {}
    for key, value in characters.items():
        if sight.sees(key):
            shown[key] = value
        else:
            shown[key] = public_character(_object(value), located=_located(model, key, sight))
    state["characters"] = shown
    return state


def public_payload(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    """An event or command payload as ``sight`` may see it."""
    if sight.gm:
        return payload
    if kind in (ev.JOINED, cmd.ADD_CHARACTER):
        inner = payload.get("character")
        body = _object(inner) if isinstance(inner, dict) else payload
        if body.get("id") in sight.controlled:
            return payload
        public = public_character(
            body, located=not body.get("hidden") and body.get("visible", True) is not False
        )
        return {"character": public} if isinstance(inner, dict) else public
    if kind == ev.POOL_CHANGED and payload.get("character") not in sight.controlled:
        return {key: value for key, value in payload.items() if key not in POOL_FIELDS}
    if kind == ev.YIELD_ROLLED and payload.get("target") not in sight.controlled:
        outcome = _object(payload.get("outcome"))
        hidden = {"breakdown", "damage", "damage_before_armor", "allowed_defenses"}
        return {**payload, "outcome": {k: v for k, v in outcome.items() if k not in hidden}}
    if kind == ev.CONCENTRATION_STARTED and payload.get("character") not in sight.controlled:
        concentration = _object(payload.get("concentration"))
        return {
            **payload,
            "concentration": {
                k: v for k, v in concentration.items() if k not in ("paid", "paid_track")
            },
        }
    return payload
