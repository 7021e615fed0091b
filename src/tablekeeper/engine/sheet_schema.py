"""The sheet form a ruleset gets for nothing: read from its actor spec's JSON schema.

``RulesetBase.sheet_form`` uses it, so a new ruleset has a form before it writes one in
its rules' words: a number per integer (with the schema's bounds), a choice per ``enum``,
a check per boolean, a text per string, a skill table (any name, a number each) per
mapping of names to integers, and a section per nested model. Whatever else the spec
holds (a list of models, a position) no field fills: the console keeps it as stored and
offers it in its "edit as JSON" box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection

NOT_ON_THE_SHEET = frozenset({"id", "name"})
"""What the character itself says, not its sheet."""


def schema_sheet_form(
    schema: Mapping[str, Any], *, skip: frozenset[str] = NOT_ON_THE_SHEET
) -> SheetForm:
    """The form of the model whose JSON schema is ``schema``."""
    definitions = schema.get("$defs", {})
    sections: list[SheetSection] = []
    top = _fields(schema, definitions, "", skip, sections)
    if top:
        sections.insert(0, SheetSection("Sheet", tuple(top)))
    return SheetForm(tuple(sections))


def _fields(
    node: Mapping[str, Any],
    definitions: Mapping[str, Any],
    prefix: str,
    skip: frozenset[str],
    sections: list[SheetSection],
) -> list[SheetField]:
    required = set(node.get("required", ()))
    found: list[SheetField] = []
    for key, raw in node.get("properties", {}).items():
        if key in skip:
            continue
        part = resolve(raw, definitions)
        path = f"{prefix}{key}"
        label = str(part.get("title") or key.replace("_", " ").capitalize())
        if part.get("type") == "object" and "properties" in part:
            inner = _fields(part, definitions, f"{path}.", frozenset(), sections)
            if inner:
                sections.append(SheetSection(label, tuple(inner), str(part.get("description", ""))))
            continue
        made = _field(part, path, label, key in required)
        if made is not None:
            found.append(made)
    return found


def _field(part: Mapping[str, Any], path: str, label: str, required: bool) -> SheetField | None:
    common: dict[str, Any] = {
        "help": str(part.get("description") or ""),
        "required": required,
        "default": part.get("default"),
    }
    kind = part.get("type")
    values = part.get("additionalProperties")
    if "enum" in part:
        choices = tuple(Choice(str(value), str(value)) for value in part["enum"])
        return SheetField(path, label, "choice", choices=choices, **common)
    if kind in ("boolean", "string"):
        return SheetField(path, label, "check" if kind == "boolean" else "text", **common)
    if kind == "integer":
        return _bounded(path, label, part, common)
    if kind == "object" and isinstance(values, Mapping) and values.get("type") == "integer":
        return replace(_bounded(path, label, values, common), kind="skills", other=True)
    return None


def _bounded(
    path: str, label: str, number: Mapping[str, Any], common: Mapping[str, Any]
) -> SheetField:
    """A number field with the bounds the schema gives ``number``."""
    bounds = {"minimum": number.get("minimum"), "maximum": number.get("maximum")}
    return SheetField(path, label, "number", **{**common, **bounds})


def resolve(node: Mapping[str, Any], definitions: Mapping[str, Any]) -> dict[str, Any]:
    """``node`` with its ``$ref`` laid in and an optional ``anyOf [X, null]`` unwrapped."""
    resolved = dict(node)
    choices = resolved.get("anyOf")
    if isinstance(choices, list):
        others = [choice for choice in choices if choice.get("type") != "null"]
        if len(others) == 1:
            resolved.pop("anyOf")
            resolved = {**others[0], **resolved}
    reference = resolved.pop("$ref", None)
    if isinstance(reference, str):
        resolved = {**definitions.get(reference.rsplit("/", 1)[-1], {}), **resolved}
    return resolved
