"""What a player may see of a social encounter (docs/rulings.md, C-03, C-10; ruling G-P-S5).

The GM sees everything. A player sees each party's goal and the target DP it has left
(the table decides on them openly, P-SOC-05), the encounter's scale, length and rounds,
the turn order and whose turn it is, each party's turn speaker and the specialization
it argues with, who had their turn, and whose social damage is halved. Of their own
party (a party with a character they control) they also see how its target DP is made
and what waits for its next Argue; of a party they are not in, neither: its target DP's
breakdown is its own. Of a character they do not control they do not see the social
turn order's numbers, actions left, what waits for its next roll, the favors it called
on, the motivations it identified, nor, of its declared argument, the skill and social
damage it will roll; in the log, likewise, nor another's trait score a Provoke was
measured against, nor the opposition rating the GM set for an investigation.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter

PUBLIC_SEAT_FIELDS = ("combatant", "party", "turn_taken", "passion_used")
"""What anyone at the table sees of a character's seat."""

PUBLIC_ARGUMENT_FIELDS = ("speaker", "specialization")
"""What anyone sees of a declared argument: who argues, and how."""


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def _list(value: JsonValue) -> list[JsonValue]:
    return value if isinstance(value, list) else []


def member_sides(social: SocialEncounter, sight: Sight) -> set[str]:
    """The parties ``sight`` is in: those of the characters it controls."""
    if sight.gm:
        return {party.side for party in social.parties}
    return {seat.party for key, seat in social.seats.items() if key in sight.controlled}


def public_party(party: JsonObject) -> JsonObject:
    """A party as one who is not in it sees it: its goal and the target DP it has left."""
    shown: JsonObject = {
        key: party[key] for key in ("side", "goal", "reduced", "speaker", "result") if key in party
    }
    target = _object(party.get("target"))
    shown["target"] = {"target_dp": target["target_dp"]} if target else None
    return shown


def _argument(argument: JsonValue, sight: Sight) -> JsonValue:
    found = _object(argument)
    if not found or sight.sees(str(found.get("speaker"))):
        return argument
    return {key: found[key] for key in PUBLIC_ARGUMENT_FIELDS if key in found}


def social_view(model: SocialEncounter, data: JsonObject, sight: Sight) -> JsonObject:
    """The social encounter (JSON) as ``sight`` may see it."""
    if sight.gm:
        return data
    mine = member_sides(model, sight)
    shown = dict(data)
    parties: list[JsonValue] = []
    for party in _list(data.get("parties")):
        found = _object(party)
        seen = dict(found if found.get("side") in mine else public_party(found))
        if "argument" in found:
            seen["argument"] = _argument(found.get("argument"), sight)
        parties.append(seen)
    shown["parties"] = parties
    shown["seats"] = {
        key: seat
        if sight.sees(key)
        else {field: value for field, value in _object(seat).items() if field in PUBLIC_SEAT_FIELDS}
        for key, seat in _object(data.get("seats")).items()
    }
    return shown


def _strip(payload: JsonObject, path: tuple[str, ...], fields: tuple[str, ...]) -> JsonObject:
    """``payload`` with ``fields`` taken out of the object at ``path``."""
    if not path:
        return {key: value for key, value in payload.items() if key not in fields}
    inner = _object(payload.get(path[0]))
    return {**payload, path[0]: _strip(inner, path[1:], fields) if inner else payload.get(path[0])}


def social_payload(kind: str, payload: JsonObject, sight: Sight) -> JsonObject | None:
    """A social event's payload as a player may see it (the GM's is never filtered);
    ``None`` for any other kind. A payload comes without the state, so a player does not
    read even their own party's target DP breakdown in it (the state view shows it)."""
    if sight.gm or kind not in sev.SOCIAL_EVENT_MODELS:
        return payload if sight.gm and kind in sev.SOCIAL_EVENT_MODELS else None
    mine: set[str] = set()
    who = str(payload.get("combatant", ""))
    sees = sight.sees(who)
    if kind == sev.SOCIAL_STARTED:
        parties: list[JsonValue] = [
            party if _object(party).get("side") in mine else public_party(_object(party))
            for party in _list(payload.get("parties"))
        ]
        dp = {k: v for k, v in _object(payload.get("personal_dp")).items() if sight.sees(k)}
        return {**payload, "parties": parties, "personal_dp": dp}
    if kind == sev.TARGET_RULED and payload.get("party") not in mine:
        return _strip(payload, ("target",), ("base", "breakdown"))
    if kind == sev.SOCIAL_ORDER_ROLLED and not sees:
        order = _object(payload.get("order"))
        breakdown = _object(order.get("breakdown"))
        return {**_strip(payload, (), ("order",)), "turn_order": breakdown.get("total")}
    if kind == sev.ARGUMENT_DECLARED and not sees:
        return {**payload, "argument": _argument(payload.get("argument"), sight)}
    if kind == sev.MOTIVATIONS_REVEALED and not sees:
        return _strip(payload, (), ("traits",))
    if kind == sev.PROVOKED and not sight.sees(str(payload.get("interlocutor"))):
        return _strip(payload, (), ("trait_score",))
    if kind == sev.INVESTIGATED:
        return _strip(payload, ("outcome", "opposition_roll"), ("effective_skill", "breakdown"))
    return payload
