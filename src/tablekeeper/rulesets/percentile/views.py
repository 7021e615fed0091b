"""What a player may see of a ``percentile`` encounter they do not control every part of.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9): a player sees
in full the combatants they control, and of every other combatant only what stands in
plain sight at the table (docs/rulings.md, "campaigns and roles"): its id, its stat
block's name, side and form, whether it is down, prone or has had its turn, its
conditions, what it holds, dropped or broke, and the spell it is casting with the actions
spent so far. Its stat block (characteristics, skills, weapons' numbers, armor, hit
points), its current HP per location, Magic and Determination Points, reserves and
fumble penalties are the GM's; so an event that tells another's HP or points says how
much changed, not what they were or became, and its checks say the d100 and the level,
not the effective skill rolled against (``targets.py``). A social encounter's part is
``social_views.py``'s. These functions take the ruleset's
:class:`~tablekeeper.engine.sight.Sight` and give JSON (``model_dump(mode="json")``), so
that the service layer filters what it is about to send; the GM's view is never
filtered.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.percentile.encounter.commands import ADD_COMBATANT
from tablekeeper.rulesets.percentile.encounter.events import (
    AWAITING_SET,
    COMBATANT_ADDED,
    DAMAGED,
    POINTS_CHANGED,
    TURN_ORDER_ROLLED,
)
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.social_views import social_payload, social_view
from tablekeeper.rulesets.percentile.targets import actors_in, unseen_skills

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

PRIVATE_POINTS_FIELDS = ("before", "after")
"""The fields of a points event that tell a combatant's Magic or Determination Points."""


def public_spec(spec: JsonObject) -> JsonObject:
    """The public part of a combatant or combatant spec (JSON): its stat block's name and
    :data:`PUBLIC_COMBATANT_FIELDS` (a spell being cast without its Magic Points)."""
    shown: JsonObject = {"id": spec.get("id"), "name": _object(spec.get("stats")).get("name")}
    shown.update({key: spec[key] for key in PUBLIC_COMBATANT_FIELDS if key in spec})
    casting = spec.get("casting")
    if isinstance(casting, dict):
        shown["casting"] = {k: v for k, v in casting.items() if k not in PRIVATE_CASTING_FIELDS}
    return shown


def player_view(model: PercentileState, sight: Sight) -> JsonObject:
    """The encounter state (JSON) as ``sight`` may see it: for a player, other combatants
    reduced to their public part and whether they are down (out of the fight), and the
    rolls a pending decision holds without the skills of those they do not control; for
    the GM, all of it."""
    state: JsonObject = model.model_dump(mode="json")
    if sight.gm:
        return state
    shown: JsonObject = dict(state)
    shown["combatants"] = {
        key: value if sight.sees(key) else _public_combatant(model, model.combatant(key))
        for key, value in _object(state.get("combatants")).items()
    }
    if model.social is not None:
        shown["social"] = social_view(model.social, _object(state.get("social")), sight)
    awaiting = state.get("awaiting")
    if isinstance(awaiting, dict):  # a roll made, its decision pending: as its event shows it
        held = unseen_skills(AWAITING_SET, {"awaiting": awaiting}, sight)
        if not sight.sees_all(_named(held)):
            held = _siz_unsaid(held)
        shown["awaiting"] = held["awaiting"]
    return shown


TURN_ORDER_TOLD = ("kind", "reason")
"""What a player reads of another combatant's turn order besides its total: how it was
made up (its initiative, a characteristic of its stat block, and its die) is the GM's."""

SIZ_DIFFERENCE = "P-OPT-22"
"""The source of the SIZ Differences modifier, whose label gives both combatants' SIZ."""


def public_payload(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    """An event or command payload as ``sight`` may see it: a combatant added by someone
    else shows its public part only; damage to another combatant says how much and where,
    not its HP before and after; a change of another's Magic or Determination Points says
    by how much, not the points before and after; another's check, its d100 and level,
    not its effective skill."""
    if sight.gm:
        return payload
    shown = unseen_skills(kind, _reduced(kind, payload, sight), sight)
    return shown if sight.sees_all(_named(shown)) else _siz_unsaid(shown)


def _reduced(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    social = social_payload(kind, payload, sight)
    if social is not None:
        return social
    controlled = sight.controlled
    if kind in (COMBATANT_ADDED, ADD_COMBATANT):
        inner = payload.get("combatant")
        body = _object(inner) if isinstance(inner, dict) else payload
        if body.get("id") in controlled:
            return payload
        public = public_spec(body)
        return {"combatant": public} if isinstance(inner, dict) else public
    if kind == TURN_ORDER_ROLLED and not sight.sees(str(payload.get("combatant"))):
        return {**payload, "order": _order_total(_object(payload.get("order")))}
    if kind == DAMAGED and payload.get("combatant") not in controlled:
        return {key: value for key, value in payload.items() if key not in PRIVATE_HP_FIELDS}
    if kind == POINTS_CHANGED and payload.get("combatant") not in controlled:
        shown = {key: value for key, value in payload.items() if key not in PRIVATE_POINTS_FIELDS}
        before, after = payload.get("before"), payload.get("after")
        if isinstance(before, int) and isinstance(after, int):
            shown["change"] = after - before
        return shown
    return payload


def _public_combatant(state: PercentileState, combatant: Combatant) -> JsonObject:
    shown = public_spec(combatant.model_dump(mode="json"))
    shown["down"] = state.is_down(combatant)
    return shown


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def _order_total(order: JsonObject) -> JsonObject:
    """A turn order as a player reads another's: its total, not how it was made up."""
    parts = [order.get(key) for key in ("initiative", "die", "modifier")]
    total = sum(part for part in parts if isinstance(part, int))
    return {**{key: order[key] for key in TURN_ORDER_TOLD if key in order}, "total": total}


def _named(value: JsonValue) -> set[str]:
    """The combatants a payload names (who rolls, is struck, waits...), at any depth."""
    return set(actors_in(value))


def _siz_unsaid(value: JsonValue) -> JsonObject:
    """``value`` with each SIZ Differences modifier saying how much, not both SIZ: the
    other combatant's SIZ is its stat block's (C-20)."""
    unsaid = _without_siz(value)
    return unsaid if isinstance(unsaid, dict) else {}


def _without_siz(value: JsonValue) -> JsonValue:
    if isinstance(value, list):
        return [_without_siz(item) for item in value]
    if not isinstance(value, dict):
        return value
    if value.get("source") == SIZ_DIFFERENCE and "label" in value:
        return {**value, "label": "SIZ difference"}
    return {key: _without_siz(item) for key, item in value.items()}
