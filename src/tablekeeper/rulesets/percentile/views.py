"""What a player may see of a ``percentile`` encounter they do not control every part of.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9): a player sees
in full the combatants they control, and of every other combatant only what stands in
plain sight at the table (docs/rulings.md, "campaigns and roles"): its id, its stat
block's name, side and form, whether it is down, prone or has had its turn, its
conditions, what it holds, dropped or broke, and the spell it is casting with the actions
spent so far. Its stat block (characteristics, skills, weapons' numbers, armor, hit
points), its current HP per location, Magic and Determination Points, reserves and
fumble penalties are the GM's. These functions work on JSON (``model_dump(mode="json")``)
so that the service layer filters what it is about to send; the GM's view is never
filtered.
"""

from __future__ import annotations

from collections.abc import Set

from pydantic import JsonValue

from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.percentile.encounter.commands import P
from tablekeeper.rulesets.percentile.encounter.events import COMBATANT_ADDED, DAMAGED
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState

ADD_COMBATANT = P + "add_combatant"
"""The command that adds a combatant; its payload is a combatant spec."""

PUBLIC_COMBATANT_FIELDS = (
    "id",
    "side",
    "form",
    "spirit",
    "prone",
    "conditions",
    "ready",
    "dropped",
    "broken",
    "turn_taken",
    "has_acted",
    "waited",
    "disengaging",
    "casting",
)
"""The fields of a combatant (or combatant spec) anyone at the table may see."""

PRIVATE_CASTING_FIELDS = ("magic_points",)
"""What a spell being cast keeps to its caster: the Magic Points put into it."""

PRIVATE_HP_FIELDS = ("hp_before", "hp_after")
"""The fields of a damage event that tell a combatant's HP."""


def public_spec(spec: JsonObject) -> JsonObject:
    """The public part of a combatant or combatant spec (JSON): its stat block's name and
    :data:`PUBLIC_COMBATANT_FIELDS` (a spell being cast without its Magic Points)."""
    shown: JsonObject = {"id": spec.get("id"), "name": _object(spec.get("stats")).get("name")}
    shown.update({key: spec[key] for key in PUBLIC_COMBATANT_FIELDS if key in spec})
    casting = spec.get("casting")
    if isinstance(casting, dict):
        shown["casting"] = {k: v for k, v in casting.items() if k not in PRIVATE_CASTING_FIELDS}
    return shown


def player_state(state: JsonObject, controlled: Set[str]) -> JsonObject:
    """The encounter state (JSON) as a player controlling ``controlled`` may see it: other
    combatants reduced to their public part and whether they are down (out of the fight)."""
    model = PercentileState.model_validate(state)
    shown: JsonObject = dict(state)
    shown["combatants"] = {
        key: value if key in controlled else _public_combatant(model, model.combatant(key))
        for key, value in _object(state.get("combatants")).items()
    }
    return shown


def public_event(kind: str, payload: JsonObject, controlled: Set[str]) -> JsonObject:
    """An event or command payload as that player may see it: a combatant added by someone
    else shows its public part only; damage to another combatant says how much and where,
    not its HP before and after."""
    if kind in (COMBATANT_ADDED, ADD_COMBATANT):
        inner = payload.get("combatant")
        body = _object(inner) if isinstance(inner, dict) else payload
        if body.get("id") in controlled:
            return payload
        public = public_spec(body)
        return {"combatant": public} if isinstance(inner, dict) else public
    if kind == DAMAGED and payload.get("combatant") not in controlled:
        return {key: value for key, value in payload.items() if key not in PRIVATE_HP_FIELDS}
    return payload


def _public_combatant(state: PercentileState, combatant: Combatant) -> JsonObject:
    shown = public_spec(combatant.model_dump(mode="json"))
    shown["down"] = state.is_down(combatant)
    return shown


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}
