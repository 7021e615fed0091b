"""A roll's targets taken out of an event's JSON: the tools each ruleset's ``hide_targets``
and views share (the "dice only" roll mode, ``engine/roll_modes.py``; C-20).

A ruleset names its own check model and which of its fields are targets (the skill,
threshold or TN a die is rolled against, the breakdowns and margins that tell them);
:func:`without_targets` finds every object of that shape anywhere in a payload and takes
those fields out, so a check nested in an attack's outcome is reached as one at the top.
Nothing here knows a ruleset's keys: they are passed in, read from its models.
"""

from __future__ import annotations

from collections.abc import Collection

from pydantic import BaseModel, JsonValue

from tablekeeper.engine.values import JsonObject


def shape_of(model: type[BaseModel]) -> frozenset[str]:
    """The fields every dump of ``model`` has (its required ones): how a check is known
    inside a payload."""
    return frozenset(name for name, info in model.model_fields.items() if info.is_required())


def without_targets(value: JsonValue, shape: frozenset[str], targets: Collection[str]) -> JsonValue:
    """``value`` with ``targets`` taken out of every object holding all of ``shape``, at
    any depth (lists and nested objects are walked; nothing else changes).

    >>> check = {"roll": 34, "skill": 60, "level": "success"}
    >>> without_targets({"attack": check, "n": [check]}, frozenset({"roll", "skill"}), ["skill"])
    {'attack': {'roll': 34, 'level': 'success'}, 'n': [{'roll': 34, 'level': 'success'}]}
    """
    if isinstance(value, list):
        return [without_targets(item, shape, targets) for item in value]
    if not isinstance(value, dict):
        return value
    found = shape <= value.keys()
    return {
        key: without_targets(item, shape, targets)
        for key, item in value.items()
        if not (found and key in targets)
    }


def payload_without_targets(
    payload: JsonObject, shape: frozenset[str], targets: Collection[str]
) -> JsonObject:
    """:func:`without_targets` of a payload, typed as one."""
    hidden = without_targets(payload, shape, targets)
    return hidden if isinstance(hidden, dict) else {}


def without_keys(payload: JsonObject, keys: Collection[str]) -> JsonObject:
    """``payload`` without ``keys`` at its top level."""
    return {key: value for key, value in payload.items() if key not in keys}
