"""What a player may see of a ``realtime`` encounter they do not control every part of.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9): a player sees
in full the creatures they control, and of every other creature only what stands in
plain sight at the table (docs/rulings.md, "campaigns and roles"): its id, name, side,
square, whether it is up, unconscious, dying or dead, its conditions, the action it is
charging with the A.P. charged so far, and when it may react again. Its HP, characteristics,
reach, A.P. rate, injuries, rest and ledgers are the GM's. These functions work on JSON
(``model_dump(mode="json")`` of the state, of a creature, of an event payload) so that
the service layer filters what it is about to send; the GM's view is never filtered.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.targets import payload_without_targets, shape_of
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.realtime.checks import CheckOutcome
from tablekeeper.rulesets.realtime.encounter.commands import ADD_CREATURE
from tablekeeper.rulesets.realtime.encounter.events import (
    CREATURE_ADDED,
    CRITICAL_INJURY_ROLLED,
    DAMAGED,
    DIED,
    HEALED,
    REACTION_USED,
    REST_ENDED,
    REST_STARTED,
    TREATMENT_ROLLED,
)
from tablekeeper.rulesets.realtime.encounter.state import Creature, RealtimeState

PUBLIC_CREATURE_FIELDS = (
    "id",
    "name",
    "side",
    "position",
    "conditions",
    "charge",
    "reaction_ready_at",
    "dead",
)
"""The fields of a creature (or of a creature spec) anyone at the table may see."""

PRIVATE_HP_FIELDS = ("hp_before", "hp_after")
"""The fields of a damage or healing event that tell a creature's HP."""

PUBLIC_CHECK_FIELDS = ("die", "success", "automatic")
"""What anyone at the table sees of another creature's check: the d20 rolled in the open
and whether it succeeded; the threshold (its characteristic), the S.P./F.P. that tell it,
and the breakdown are its own (docs/rulings.md, C-03)."""


CHECK_SHAPE = shape_of(CheckOutcome)
"""How a check is known in a payload: the fields every check has."""

CHECK_TARGETS = (
    "threshold",
    "success_points",
    "failure_points",
    "apparent_threshold",
    "apparent_success_points",
    "apparent_failure_points",
    "breakdown",
)
"""What a check was rolled against, and what tells it: the threshold (real and apparent),
the S.P. or F.P. (the margin) and the threshold's breakdown."""


def hide_targets(kind: str, payload: JsonObject) -> JsonObject:
    """A payload of a "dice only" roll (C-20): each check's d20 and whether it succeeded,
    not its threshold, S.P., F.P. or breakdown, wherever it stands (a reaction's, a
    treatment's)."""
    return payload_without_targets(payload, CHECK_SHAPE, CHECK_TARGETS)


def public_spec(spec: JsonObject) -> JsonObject:
    """The public part of a creature or creature spec (JSON): :data:`PUBLIC_CREATURE_FIELDS`,
    and, for a creature, its life state (``conscious``, ``unconscious``, ``dying``, ``dead``)
    in place of its HP."""
    shown: JsonObject = {key: spec[key] for key in PUBLIC_CREATURE_FIELDS if key in spec}
    if "reaction_ready_at" in spec:  # a creature in play, not a spec
        shown["life"] = Creature.model_validate(spec).life.value
    return shown


def player_view(model: RealtimeState, sight: Sight) -> JsonObject:
    """The encounter state (JSON) as ``sight`` may see it: for a player, other creatures
    reduced to their public part, and a reaction offer to someone else without the
    reactions it lists; for the GM, all of it."""
    state: JsonObject = model.model_dump(mode="json")
    if sight.gm:
        return state
    controlled = sight.controlled
    creatures = _object(state.get("creatures"))
    shown: JsonObject = dict(state)
    shown["creatures"] = {
        key: value if key in controlled else public_spec(_object(value))
        for key, value in creatures.items()
    }
    offer = state.get("offer")
    if isinstance(offer, dict) and offer.get("creature") not in controlled:
        shown["offer"] = {key: offer[key] for key in ("trigger", "creature") if key in offer}
    return shown


def public_payload(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    """An event or command payload as ``sight`` may see it: a creature added by someone
    else shows its public part only; damage and healing of another creature say how much,
    not the HP before and after; its critical injury roll says whether it killed, not the
    roll (the HP went into it) nor the injury; its death, rest and checks keep their
    numbers to themselves."""
    if sight.gm:
        return payload
    controlled = sight.controlled
    if kind in (CREATURE_ADDED, ADD_CREATURE):
        inner = payload.get("creature")
        body = _object(inner) if isinstance(inner, dict) else payload
        if body.get("id") in controlled:
            return payload
        public = public_spec(body)
        return {"creature": public} if isinstance(inner, dict) else public
    if payload.get("creature") in controlled:
        return payload
    if kind in (DAMAGED, HEALED):
        return {key: value for key, value in payload.items() if key not in PRIVATE_HP_FIELDS}
    if kind == REST_ENDED:  # its score and regeneration too
        hidden = (*PRIVATE_HP_FIELDS, "outcome")
        return {key: value for key, value in payload.items() if key not in hidden}
    if kind == CRITICAL_INJURY_ROLLED:  # its input is the HP; its outcome the injury
        outcome = _object(payload.get("outcome"))
        shown: JsonObject = {key: payload[key] for key in ("creature", "cause") if key in payload}
        return {**shown, "outcome": {"dead": outcome.get("dead", False)}}
    if kind == DIED:  # how long it lay dying tells its HP's story
        return {key: value for key, value in payload.items() if key != "seconds_negative"}
    if kind == REST_STARTED:
        return {key: value for key, value in payload.items() if key != "rest"}
    if kind == REACTION_USED:
        return {**payload, "check": _public_check(payload.get("check"))}
    if kind == TREATMENT_ROLLED:
        outcome = _object(payload.get("outcome"))
        return {**payload, "outcome": {**outcome, "check": _public_check(outcome.get("check"))}}
    return payload


def _public_check(check: JsonValue) -> JsonValue:
    """Another creature's check as the table sees it (:data:`PUBLIC_CHECK_FIELDS`)."""
    if not isinstance(check, dict):
        return check
    return {key: check[key] for key in PUBLIC_CHECK_FIELDS if key in check}


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}
