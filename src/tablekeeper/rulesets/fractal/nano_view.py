"""The console's Nano view: the pair's momentum, the declaration steps as a guided
sequence, the zones and their Routine Armor, and the declarations legal now with their
cost, TN and exact odds (document 000, F-CORE-08, F-CORE-09; rulings G-F-07, C-10).

Hidden information: at the attack step the duellists declare at once (both, at The Drop),
so what another character declared at that step is sealed from a player until the step is
over (``sealed``); the GM sees everything.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import GM, ActorId, JsonObject
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.fractal.encounter.duel import STEPS, Declaration
from tablekeeper.rulesets.fractal.encounter.nano_candidates import duel_candidates
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare, check_declare
from tablekeeper.rulesets.fractal.encounter.nano_flow import waiting_on
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState
from tablekeeper.rulesets.fractal.nano_odds import declare_odds, planned

STEP_WORDS = {
    "attack": "Attack: whoever holds the momentum (both, at The Drop) declares",
    "defense": "Defense: the one attacked declares its reaction (and may strike back)",
    "feint": "Feint or Motte and Bailey: the attacker may change its attack",
    "resolve": "Resolution: Stop Short, evasion, Quick Step, then all at once",
}


def sealed(conflict: Conflict, character: str, sight: Sight) -> bool:
    """Whether ``character``'s declaration is hidden from ``sight`` now."""
    duel = conflict.duel
    return duel is not None and duel.step == "attack" and not sight.gm and not sight.sees(character)


def _said(declaration: Declaration) -> str:
    parts = []
    if declaration.action is not None:
        zone = f" ({declaration.zone.replace('_', ' ')})" if declaration.zone else ""
        area = " on every opponent (area, TN 6)" if declaration.area else ""
        parts.append(
            f"{declaration.action.replace('_', ' ')}{zone}{area}, {dice_words(declaration.dice)}"
        )
    if declaration.wrap is not None:
        parts.append(f"{declaration.wrap.replace('_', ' ')} pile {declaration.split}")
    if declaration.defense is not None:
        joins = f" into {declaration.assist}'s Ward" if declaration.assist else ""
        if declaration.defense == "counterspell" and declaration.against:
            joins = f" against {declaration.against}'s spell"  # perhaps at an ally (G-F-N15)
        parts.append(
            f"{declaration.defense.replace('_', ' ')}, "
            f"{dice_words(declaration.defense_dice)}{joins}"
        )
    if declaration.feint_from is not None:
        parts.append(f"feinted from {declaration.feint_from}")
    return "; ".join(parts) or "nothing"


def _label(order: Declare) -> str:
    """What a button declares, in words (its dice are its AP cost; a Feint's added dice
    cost 2 AP each)."""
    if order.feint_dice or (order.action is not None and not order.dice):  # Step 3
        zone = f" ({order.zone.replace('_', ' ')})" if order.zone else ""
        name = order.action.replace("_", " ") if order.action else "nothing"
        return f"change the attack into {name}{zone}, {dice_words(order.feint_dice)} added"
    fields = {k: v for k, v in order.model_dump().items() if k in Declaration.model_fields}
    said = _said(Declaration.model_validate(fields))
    return "declare nothing" if said == "nothing" else said


def _rolled(
    state: FractalState, conflict: Conflict, command: Command, order: Declare, sight: Sight
) -> str:
    """The dice the declaration will roll, when they are not the dice its label commits:
    circumstance dice, conditions, stolen momentum (F-CORE-06, G-F-42), a Feint's new pool
    (G-F-40). A Rank cap (Coded Message, the dice a Feint or Motte and Bailey adds, every
    action under ``rank_caps_dice``: G-F-01) is in the dice the button declares."""
    found = planned(state, command, sight)
    if found is None:
        return ""
    committed = order.dice if order.action is not None else order.defense_dice
    check = found[1]
    feint = conflict.duel is not None and conflict.duel.step == "feint"
    if check.dice_rolled == committed and not feint:
        return ""
    return f" (rolls {check.dice_rolled}d{check.die})"


def _options(state: FractalState, conflict: Conflict, key: str, sight: Sight) -> list[JsonObject]:
    actor = ActorId(key)
    found: list[JsonObject] = []
    seen: set[str] = set()
    for command in duel_candidates(state, conflict, actor):
        order = command.payload_as(Declare)
        if order.model_dump_json() in seen:
            continue  # "declare nothing" is offered once
        seen.add(order.model_dump_json())
        try:
            check_declare(state, command, order)
        except RulesError:
            continue
        odds = declare_odds(state, command, sight)
        payload: dict[str, Any] = order.model_dump(mode="json", exclude_defaults=True)
        payload["conflict"] = conflict.id
        payload["character"] = key
        found.append(
            {
                "label": _label(order) + _rolled(state, conflict, command, order, sight),
                "odds_title": odds.title if odds is not None else None,
                "odds": odds.line(7) if odds is not None else None,
                "command": {"actor": key, "kind": DECLARE, "payload": payload},
            }
        )
    return found


ASSIST_BUTTONS = 6
"""At most this many dice buttons for an ally's Ward."""


def _assists(state: FractalState, conflict: Conflict, key: str) -> list[JsonObject]:
    """At the defense step: the dice ``key`` may add to each ally's Ward, one button per
    count (F-MAGIC-MICRO-07, G-F-N11), each checked as the engine will check it."""
    duel = conflict.duel
    if duel is None or duel.step != "defense":
        return []
    side = conflict.participants[key].side
    found: list[JsonObject] = []
    for ally, seat in conflict.participants.items():
        if ally == key or seat.side != side or not seat.in_play:
            continue
        buttons: list[Any] = []
        for dice in range(1, ASSIST_BUTTONS + 1):
            order = Declare(
                conflict=conflict.id,
                character=ActorId(key),
                defense="ward",
                defense_dice=dice,
                assist=ActorId(ally),
            )
            command = Command.of(ActorId(key), DECLARE, order)
            try:
                check_declare(state, command, order)
            except RulesError:
                break
            payload = order.model_dump(mode="json", exclude_defaults=True)
            buttons.append(
                {"dice": dice, "command": {"actor": key, "kind": DECLARE, "payload": payload}}
            )
        if buttons:
            found.append({"ally": state.characters[ally].name, "buttons": buttons})
    return found


def nano_view(state: FractalState, conflict: Conflict, sight: Sight) -> JsonObject | None:
    """The duel as ``sight`` may see it, for the panel."""
    duel = conflict.duel
    if duel is None:
        return None
    names = {k: c.name for k, c in state.characters.items()}
    who = waiting_on(conflict)
    view: JsonObject = {
        "step": duel.step,
        "steps": [
            {"id": step, "words": STEP_WORDS[step], "now": step == duel.step} for step in STEPS
        ],
        "waiting": names.get(who or ""),
        "momentum": [
            {
                "pair": " / ".join(names.get(k, k) for k in key.split("|")),
                "holder": names.get(holder, holder) if holder else "The Drop",
            }
            for key, holder in duel.momentum.items()
        ],
        "declared": [
            {
                "name": names.get(key, key),
                "said": "declared (sealed until the step ends)"
                if sealed(conflict, key, sight)
                else _said(declaration),
            }
            for key, declaration in duel.declared.items()
        ],
        "zones": [
            {
                "name": names.get(key, key),
                "armor": ", ".join(
                    f"{z.replace('_', ' ')} {n}" for z, n in p.routine_armor.items() if n
                ),
            }
            for key, p in conflict.participants.items()
        ],
        "zone_names": [
            z.replace("_", " ")
            for z in state.catalogue.conditions.nano.zones.get(conflict.tree, ())
        ],
        "options": [],
        "assists": [],
    }
    if who is not None and conflict.ended is None and (sight.gm or sight.sees(who)):
        options: list[Any] = _options(state, conflict, who, sight)
        view["options"] = options
        assists: list[Any] = _assists(state, conflict, who)
        view["assists"] = assists
    return view


def seal_state(state: JsonObject, model: FractalState, sight: Sight) -> None:
    """Take sealed declarations out of a player's copy of the state."""
    conflicts = state.get("conflicts")
    if not isinstance(conflicts, dict):
        return
    for key, conflict in model.conflicts.items():
        if conflict.duel is None:
            continue
        shown = conflicts.get(key)
        raw = shown.get("duel") if isinstance(shown, dict) else None
        if not isinstance(shown, dict) or not isinstance(raw, dict):
            continue
        duel: dict[str, Any] = dict(raw)
        found = duel.get("declared")
        declared: dict[str, Any] = dict(found) if isinstance(found, dict) else {}
        for who in list(declared):
            if sealed(conflict, who, sight):
                declared[who] = {"character": who}
        duel["declared"] = declared
        conflicts[key] = {**shown, "duel": duel}


__all__ = ["GM", "Command", "nano_view", "seal_state", "sealed"]
