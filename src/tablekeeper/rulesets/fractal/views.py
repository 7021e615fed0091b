"""What a player may see of a ``fractal`` encounter, and the console panel's table.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9): a player sees
in full the characters they control; of the others, what ``cards.py`` says is public
(G-F-E10): id, name, side, kind, life, conditions' names and severities, Social Armor,
spirits. Their stat dice, Ranks, tools, armor, AP, temporary AP, spells, reduced dice, the
Days of Rest and requirements of their conditions, and their last Macro check are the
GM's. A pending decision someone else must make shows who and about whom, not its
numbers. :func:`panel` is the table the console's panel draws: every character as the
viewer may see it, every conflict, and for the character whose turn it is (if the viewer
plays it) each action with the exact odds of each success level as dice are committed.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.cards import distinct_names
from tablekeeper.engine.chances import percent
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.targets import payload_without_targets, shape_of, without_keys
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.fractal.cards import heals_with, life_of
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.ap import max_ap
from tablekeeper.rulesets.fractal.encounter.candidates import orders_for
from tablekeeper.rulesets.fractal.encounter.legality import ACTABLE
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState
from tablekeeper.rulesets.fractal.nano_view import nano_view, seal_state
from tablekeeper.rulesets.fractal.odds import dice_table
from tablekeeper.rulesets.fractal.stats import STATS

MAX_BUTTONS = 12
"""The most dice counts the panel offers as buttons for one action and target."""

PUBLIC_SPEC = ("id", "name", "side", "kind", "minion", "social_armor", "spirits", "mindless")
PUBLIC_ENTRY = ("id", "name", "table", "kind", "polarity", "severity", "tree", "lethal", "dressed")
PUBLIC_CHARACTER = ("conflict", "life")
PRIVATE_PAYLOAD = ("ap", "max_ap", "temporary", "amount", "reduced")


CHECK_SHAPE = shape_of(CheckOutcome)
"""How a check is known in a payload: the fields every check has."""

CHECK_TARGETS = ("tn", "counts_from", "margin", "tn_breakdown", "loss_breakdown")
"""What a check's dice were rolled against: the TN (and the lowest face that succeeds),
the margin, how the TN was made and what took successes off (defense, armor)."""

EVENT_TARGETS = {
    nev.STRUCK: ("armor", "margin"),
    nev.TECHNIQUE_ROLLED: ("against",),
    ev.PROJECT_ENDED: ("goal",),
}
"""Per event kind, the fields outside a check that tell what was rolled against: a
strike's armor and margin (the margin tells the armor), the successes a technique was
set against, a project's goal."""


def hide_targets(kind: str, payload: JsonObject) -> JsonObject:
    """A payload of a "dice only" roll (C-20): every die, success and success level, not
    the TN, margin, armor or goal they were counted against."""
    hidden = payload_without_targets(payload, CHECK_SHAPE, CHECK_TARGETS)
    return without_keys(hidden, EVENT_TARGETS.get(kind, ()))


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def _entries(value: JsonValue) -> list[JsonValue]:
    items = value if isinstance(value, list) else []
    return [public_entry(item) for item in items if isinstance(item, dict)]


def public_entry(entry: JsonObject) -> JsonObject:
    return {key: entry[key] for key in PUBLIC_ENTRY if key in entry}


def public_spec(spec: JsonObject) -> JsonObject:
    shown: JsonObject = {key: spec[key] for key in PUBLIC_SPEC if key in spec}
    shown["conditions"] = _entries(spec.get("conditions"))
    return shown


def public_character(character: JsonObject) -> JsonObject:
    shown: JsonObject = {key: character[key] for key in PUBLIC_CHARACTER if key in character}
    shown["spec"] = public_spec(_object(character.get("spec")))
    shown["conditions"] = _entries(character.get("conditions"))
    return shown


def player_view(model: FractalState, sight: Sight) -> JsonObject:
    """The state (JSON) as ``sight`` may see it, with the panel's table."""
    state: JsonObject = model.model_dump(mode="json")
    shown: JsonObject = dict(state)
    if not sight.gm:
        characters = _object(state.get("characters"))
        shown["characters"] = {
            key: value if sight.sees(key) else public_character(_object(value))
            for key, value in characters.items()
        }
        shown["last_macro"] = {
            k: v for k, v in _object(state.get("last_macro")).items() if sight.sees(k)
        }
        awaiting = model.awaiting.about
        if awaiting is not None:
            who = str(
                getattr(awaiting, "target", None)
                or getattr(awaiting, "mage", None)
                or getattr(awaiting, "character", None)
                or ""
            )
            if not sight.sees(who):
                shown["awaiting"] = {"who": who}
    if not sight.gm:
        seal_state(shown, model, sight)
    shown["panel"] = panel(model, sight)
    return shown


def public_payload(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    """An event's (or command's) payload as ``sight`` may see it."""
    if sight.gm:
        return payload
    if kind in (ev.CHARACTER_ADDED,):
        character = _object(payload.get("character"))
        if sight.sees(str(_object(character.get("spec")).get("id"))):
            return payload
        return {"character": public_character(character)}
    if kind == cmd.ADD_CHARACTER:
        return payload if sight.sees(str(payload.get("id"))) else public_spec(payload)
    if kind in (ev.CONDITION_INFLICTED, ev.CONDITION_CHANGED) and not sight.sees(
        str(payload.get("character"))
    ):
        return {**payload, "entry": public_entry(_object(payload.get("entry")))}
    sealed_step = kind == nev.DECLARED and payload.get("step") == "attack"
    if sealed_step and not sight.sees(str(payload.get("character"))):  # G-F-07: sealed
        return {k: v for k, v in payload.items() if k != "declaration"}
    if kind == nev.STRUCK and not sight.sees(str(payload.get("target"))):
        return {key: value for key, value in payload.items() if key != "armor"}  # G-F-E10
    who = payload.get("character") or payload.get("mage")
    if who is not None and not sight.sees(str(who)):
        return {key: value for key, value in payload.items() if key not in PRIVATE_PAYLOAD}
    return payload


def _character_row(state: FractalState, character: Character, sight: Sight) -> JsonObject:
    row: JsonObject = {
        "id": character.id,
        "name": character.name,
        "life": life_of(state, character)[0],
    }
    row["conditions"] = [
        {
            "label": e.label,
            "polarity": e.polarity,
            "lethal": e.lethal,
            "dressed": e.dressed,
            "dor": e.dor if sight.sees(character.id) else None,
            "needs": heals_with(e) if sight.sees(character.id) else None,
        }
        for e in character.conditions
    ]
    if not sight.sees(character.id):
        return row
    maximum = max_ap(state, character)
    row["stats"] = [
        {"stat": s.value, "die": character.die(s)} for s in STATS if s in character.spec.stats
    ]
    row["ap"] = character.ap
    row["max_ap"] = maximum.total
    row["temporary"] = character.temporary_total
    row["golden_hour_minutes"] = (
        character.golden_hour_left // 60
        if character.golden_hour_left is not None and character.life == "bleeding_out"
        else None
    )
    return row


def _actions(state: FractalState, conflict: Conflict, character: Character) -> list[JsonValue]:
    rows: list[JsonValue] = []
    for action in state.catalogue.actions.actions:
        effect = action.effect
        if action.level != "micro" or effect is None or effect.kind not in ACTABLE:
            continue
        if action.tree != conflict.tree and not character.rank(action.id, action.tree):
            continue
        if not any(action.is_(t) for t in ("proactive", "neutral", "utility", "action")):
            continue
        if not any(character.die(s) for s in action.stats):
            continue
        names = distinct_names({k: c.name for k, c in state.characters.items()})
        table = dice_table(state, conflict, character, action)
        choices: list[JsonValue] = []
        for order in orders_for(state, conflict, character.id, action, 1):
            targets = ", ".join(names[t] for t in order.targets) or "-"
            buttons: list[JsonValue] = [
                {
                    "dice": dice,
                    "payload": order.model_copy(update={"dice": dice}).model_dump(mode="json"),
                }
                for dice, _ in table[:MAX_BUTTONS]
            ]
            choices.append({"targets": targets, "buttons": buttons})
        rows.append(
            {
                "action": action.id,
                "name": action.name,
                "types": list(action.types),
                "stats": [s.value for s in action.stats],
                "rule": action.rule,
                "effect": effect.kind,
                "kind": cmd.ACT,
                "choices": choices,
                "odds": [
                    {
                        "dice": dice,
                        "levels": [
                            {
                                "level": label,
                                "chance": str(chance),
                                "percent": percent(chance),
                            }
                            for label, chance in chances
                        ],
                    }
                    for dice, chances in table
                ],
            }
        )
    return rows


def _conflict_row(state: FractalState, conflict: Conflict, sight: Sight) -> JsonObject:
    current = conflict.current
    row: JsonObject = {
        "id": conflict.id,
        "title": conflict.title or conflict.id,
        "level": conflict.level,
        "tree": conflict.tree,
        "step": conflict.step,
        "phase": conflict.phase,
        "current": current,
        "ended": conflict.ended,
        "time": {
            "interval": str(conflict.time.interval),
            "exchange": str(conflict.time.exchange),
            "beat": str(conflict.time.beat),
            "unit": str(conflict.time.unit),
        },
        "elements": [
            f"{e.element.capitalize()} [{e.severity}]" + (f" ({e.zone})" if e.zone else "")
            for e in conflict.scene_elements
        ],
        "seats": [
            {"id": k, "side": p.side, "out": p.out} for k, p in conflict.participants.items()
        ],
    }
    if conflict.project is not None:
        project = conflict.project
        row["project"] = {
            "character": project.character,
            "goal": project.goal,
            "total": project.total,
            "intervals": project.intervals,
            "techniques": list(project.techniques),
            "successes": dict(project.successes),
            "result": project.result,
        }
    if current is not None and sight.sees(current) and conflict.ended is None:
        row["actions"] = _actions(state, conflict, state.characters[current])
    if conflict.level == "nano":
        row["duel"] = nano_view(state, conflict, sight)
    return row


def panel(state: FractalState, sight: Sight) -> JsonObject:
    """The console panel's table (the module docstring)."""
    return {
        "characters": [_character_row(state, c, sight) for c in state.characters.values()],
        "conflicts": [_conflict_row(state, c, sight) for c in state.conflicts.values()],
    }
