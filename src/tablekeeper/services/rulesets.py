"""The rulesets a campaign can play, found by name through the contract alone.

The services never import a ruleset's modules (import-linter forbids it): they load the
ruleset a campaign names and use its :class:`~tablekeeper.engine.rulesets.Ruleset`
members. An unknown name is an error naming the ``ruleset`` field, with close matches.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from tablekeeper.engine.rulesets import Ruleset, available_rulesets, load_ruleset
from tablekeeper.engine.values import JsonObject, invalid_input
from tablekeeper.errors import RulesError, UnknownNameError


def ruleset_named(name: str, *, field: str = "ruleset") -> Ruleset:
    """The installed ruleset ``name``; an unknown one names ``field``."""
    try:
        return load_ruleset(name)
    except UnknownNameError as error:
        raise UnknownNameError(error.message, field=field) from None


def installed_rulesets() -> tuple[str, ...]:
    """Every installed ruleset that loads, sorted: what a campaign may be bound to.

    A plugin that fails to load is left out of the lists (one broken plugin does not take
    the others down); naming it (:func:`ruleset_named`) gives its error."""
    found = []
    for name in available_rulesets():
        try:
            load_ruleset(name)
        except RulesError:
            continue
        found.append(name)
    return tuple(found)


def options_of(ruleset: Ruleset, options: Any, *, prefix: str = "options") -> BaseModel:
    """``options`` (JSON) validated by the ruleset's ``Options`` model; errors name
    ``<prefix>.<field>``."""
    try:
        return ruleset.Options.model_validate(dict(options or {}))
    except ValidationError as error:
        raise invalid_input(error, prefix=prefix) from None


def state_of(ruleset: Ruleset, data: JsonObject) -> BaseModel:
    """A stored encounter state (an initial state or a snapshot) as the ruleset's model."""
    return ruleset.State.model_validate(data)


def ruleset_info(name: str) -> dict[str, Any]:
    """What a client needs to know of an installed ruleset, as JSON: its name, summary and
    rule document, the schemas of its options and of an actor's sheet (the actor spec
    without its id), and its GM commands with their payloads' schemas."""
    rules = ruleset_named(name, field="name")
    sheet = rules.Actor.model_json_schema()
    sheet.get("properties", {}).pop("id", None)
    if "required" in sheet:
        sheet["required"] = [field for field in sheet["required"] if field != "id"]
    return {
        "name": rules.name,
        "summary": rules.summary,
        "document": rules.document,
        "options_schema": rules.Options.model_json_schema(),
        "sheet_schema": sheet,
        "gm_commands": [
            {
                "kind": item.kind,
                "title": item.title,
                "payload_schema": item.payload.model_json_schema(),
            }
            for item in rules.gm_commands()
        ],
    }
