"""Commands and log records in words: the labels of the encounter page's buttons.

A command is JSON (``{"actor", "kind", "payload"}``); its label names who acts by the
name the viewer sees (``Aliena: start Complex Spell*``, ``Move Aliena to (1, 0)``,
``Advance 1 s``). Names come from the state as the viewer may see it, so a label never
tells more than the table does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.values import GM


def kind_words(kind: str) -> str:
    """A command or event kind in words: ``realtime.action_started`` -> ``Action started``;
    the engine's own kinds keep their prefix (``Decision requested``)."""
    prefix, _, rest = kind.partition(".")
    words = kind if prefix in ("decision", "override") or not rest else rest
    return words.replace(".", " ").replace("_", " ").capitalize()


def creature_name(state: Mapping[str, Any], creature_id: object) -> str:
    """The name the table knows a creature (or combatant) by; its id if it has none."""
    key = str(creature_id)
    if key == GM:
        return "GM"
    found = state.get("creatures", state.get("combatants")) or {}
    creature = found.get(key) if isinstance(found, Mapping) else None
    if isinstance(creature, Mapping):
        stats = creature.get("stats")
        name = creature.get("name") or (stats.get("name") if isinstance(stats, Mapping) else None)
        if name:
            return str(name)
    return key.replace("_", " ").capitalize()


def command_label(command: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """A short label for a command the page offers as a button."""
    kind = str(command["kind"])
    payload: Mapping[str, Any] = command.get("payload") or {}
    ruleset, _, what = kind.partition(".")
    subject = payload.get("creature", payload.get("combatant", command["actor"]))
    who = creature_name(state, subject)
    if ruleset == "realtime":
        return _realtime(what, who, payload, state)
    if ruleset == "percentile":
        return _percentile(what, who, payload, state)
    return f"{who}: {kind_words(kind).lower()}"


def _realtime(what: str, who: str, payload: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    def name(key: str) -> str:
        return creature_name(state, payload.get(key))

    if what == "advance":
        return f"Advance {payload.get('seconds', 1)} s"
    if what == "start_action":
        action = payload.get("action")
        actions = (state.get("catalogue") or {}).get("actions") or {}
        entry = actions.get(action) if isinstance(action, str) else None
        title = entry.get("name") if isinstance(entry, Mapping) else payload.get("name")
        target = f" on {name('target')}" if payload.get("target") else ""
        return f"{who}: start {title or action}{target}"
    if what == "move":
        x, y = payload.get("to") or (0, 0)
        forced = "" if payload.get("voluntary", True) else " (forced)"
        return f"Move {who} to ({x}, {y}){forced}"
    if what == "cancel_action":
        creature = (state.get("creatures") or {}).get(str(payload.get("creature"))) or {}
        charge = creature.get("charge") or {}
        return f"{who}: give up {charge.get('name') or 'the action'}"
    if what == "support":
        return f"{who}: Support {name('target')}"
    if what == "treat":
        injury = payload.get("injury")
        return f"{who}: {payload.get('level')} treatment of {name('target')}'s injury {injury}"
    if what == "react":
        reactions = (state.get("catalogue") or {}).get("reactions") or {}
        entry = reactions.get(payload.get("reaction")) or {}
        title = entry.get("name") if isinstance(entry, Mapping) else None
        return f"{who}: {title or payload.get('reaction')} (trigger {payload.get('trigger')})"
    return f"{who}: {what.replace('_', ' ')}"


def _percentile(what: str, who: str, payload: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    if what == "start":
        return "Start the encounter: roll turn orders"
    if what == "end":
        return "End the encounter"
    if what == "attack":
        targets = ", ".join(creature_name(state, target) for target in payload.get("targets", ()))
        weapon = f" with {payload['weapon']}" if payload.get("weapon") else ""
        return f"{who}: attack {targets}{weapon}"
    if what == "move":
        return f"{who}: move {payload.get('meters')} m"
    if what == "end_turn":
        return f"{who}: end the turn"
    if what == "step":
        return f"{who}: step back (retreat)" if payload.get("retreat") else f"{who}: step"
    if what == "defend":
        split = payload.get("split", 1)
        return f"{who}: defend" + (f", split {split} ways" if split and split > 1 else "")
    words = what.replace("_", " ")
    for key in ("target", "ally"):
        if payload.get(key):
            return f"{who}: {words} {creature_name(state, payload[key])}"
    return f"{who}: {words}"


def distinct_labels(offered: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The offered commands, each label made unique: two buttons that read alike (an
    attack to wound and one to disarm, say) get the payload fields they differ in.
    Each item has ``label`` and ``payload``."""
    counts = Counter(item["label"] for item in offered)
    for label, count in counts.items():
        if count < 2:
            continue
        alike = [item for item in offered if item["label"] == label]
        keys = sorted({key for item in alike for key in item["payload"]})
        differing = [
            key for key in keys if len({repr(item["payload"].get(key)) for item in alike}) > 1
        ]
        for item in alike:
            shown = ", ".join(
                f"{key.replace('_', ' ')} {_shown(item['payload'].get(key))}" for key in differing
            )
            item["label"] = f"{label} ({shown})" if shown else label
    return list(offered)


def _shown(value: object) -> str:
    if value is None:
        return "default"
    if isinstance(value, list | tuple):
        return ", ".join(str(part) for part in value) or "none"
    return str(value)
