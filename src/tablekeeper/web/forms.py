"""Forms generated from a ruleset's models, and errors put back next to their field.

A campaign's options and the GM's commands are models, so the console never writes
their forms by hand (a character's sheet has its ruleset's own form in the rules' words:
``web/sheet_forms.py``): :func:`sheet_fields` reads the model's JSON schema into
:class:`FormField` and :class:`FieldGroup` values that one template macro renders,
:func:`sheet_from_form` turns the submitted text back into the payload the services
validate, and :func:`errors_by_field` splits the services'
:class:`~tablekeeper.errors.RulesError` (``sheet.stats.hit_points: Field required; ...``)
into one message per input, so each shows next to its field.

The widgets, by schema shape: an object with properties is a fieldset; a boolean a
checkbox; an ``enum`` a select; an integer or number a number input; a string a text
input; a list of strings or a fixed tuple of integers (``position``) a comma-separated
text input; anything else (a mapping such as ``skills``, a list of objects such as
``weapons``) a JSON textarea. An empty input is left out of the sheet, so the model's
default applies (and a required field is reported missing by the model itself).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from tablekeeper.engine.values import ACTOR_FORMAT
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.services import safe_input

Widget = Literal["text", "number", "checkbox", "select", "list", "json"]

SHEET = "sheet"
"""The prefix of every sheet input's name: ``sheet.stats.hit_points``."""

_PROBLEM = re.compile(r"^(?P<path>[^:;\s][^:;]*?): (?P<reason>.+)$", re.DOTALL)
"""One problem of a message: its path (a skill table's keys may hold spaces: ``sheet.stats.
skills.Fast Talk``) and its reason."""


@dataclass(frozen=True)
class FormField:
    """One input: its dotted ``path`` in the sheet, label, widget and constraints."""

    path: str
    label: str
    widget: Widget
    required: bool = False
    help: str = ""
    choices: tuple[str, ...] = ()
    placeholder: str = ""
    checked_by_default: bool = False
    integer: bool = False
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    prefix: str = SHEET
    actor: bool = False

    @property
    def name(self) -> str:
        """The input's name in the submitted form."""
        return f"{self.prefix}.{self.path}"

    @property
    def id(self) -> str:
        """The input's HTML id (its label's ``for``)."""
        return input_id(self.name)

    @property
    def is_group(self) -> bool:
        return False


@dataclass(frozen=True)
class FieldGroup:
    """A nested model (a stat block, its characteristics): a fieldset of its fields."""

    path: str
    label: str
    children: tuple[FormItem, ...]
    required: bool = False
    help: str = ""
    prefix: str = SHEET

    @property
    def name(self) -> str:
        return f"{self.prefix}.{self.path}"

    @property
    def id(self) -> str:
        return input_id(self.name)

    @property
    def is_group(self) -> bool:
        return True


FormItem: TypeAlias = FormField | FieldGroup


def input_id(name: str) -> str:
    """The HTML id of the input named ``name`` (dots are awkward in CSS selectors)."""
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)


# --- schema -> fields ----------------------------------------------------------------------


def sheet_fields(
    schema: Mapping[str, Any], *, skip: frozenset[str] = frozenset(), prefix: str = SHEET
) -> tuple[FormItem, ...]:
    """The inputs of a sheet whose model has the JSON schema ``schema``; ``skip`` names
    top-level properties the form asks for elsewhere (the creature's ``id``); ``prefix``
    starts every input's name (``sheet``; a campaign's options: ``options``)."""
    definitions: Mapping[str, Any] = schema.get("$defs", {})
    return _items(schema, definitions, "", skip, prefix)


def _items(
    node: Mapping[str, Any],
    definitions: Mapping[str, Any],
    path: str,
    skip: frozenset[str],
    prefix: str,
) -> tuple[FormItem, ...]:
    required = set(node.get("required", ()))
    return tuple(
        _item(raw, definitions, f"{path}{name}", name, name in required, prefix)
        for name, raw in node.get("properties", {}).items()
        if name not in skip
    )


def _resolve(
    node: Mapping[str, Any], definitions: Mapping[str, Any]
) -> tuple[dict[str, Any], bool]:
    """The node with its ``$ref`` laid in and an optional ``anyOf [X, null]`` unwrapped;
    and whether null is allowed."""
    resolved = dict(node)
    nullable = False
    choices = resolved.get("anyOf")
    if isinstance(choices, list):
        others = [choice for choice in choices if choice.get("type") != "null"]
        if len(others) == 1:
            nullable = len(others) < len(choices)
            resolved.pop("anyOf")
            resolved = {**others[0], **resolved}
    reference = resolved.pop("$ref", None)
    if isinstance(reference, str):
        target = definitions.get(reference.rsplit("/", 1)[-1], {})
        resolved = {**target, **resolved}
    return resolved, nullable


def _item(
    raw: Mapping[str, Any],
    definitions: Mapping[str, Any],
    path: str,
    name: str,
    required: bool,
    prefix: str,
) -> FormItem:
    node, _ = _resolve(raw, definitions)
    label = str(node.get("title") or name.replace("_", " ").capitalize())
    help_text = str(node.get("description") or "")
    default = node.get("default")
    kind = node.get("type")
    if kind == "object" and "properties" in node:
        children = _items(node, definitions, f"{path}.", frozenset(), prefix)
        return FieldGroup(path, label, children, required=required, help=help_text, prefix=prefix)
    common: dict[str, Any] = {
        "required": required,
        "help": help_text,
        "default": default,
        "prefix": prefix,
    }
    if kind == "boolean":
        return FormField(path, label, "checkbox", checked_by_default=default is True, **common)
    if "enum" in node:
        choices = tuple(str(choice) for choice in node["enum"])
        return FormField(
            path, label, "select", choices=choices, placeholder=_shown(default), **common
        )
    if kind in ("integer", "number"):
        return FormField(
            path,
            label,
            "number",
            placeholder=_shown(default),
            integer=kind == "integer",
            minimum=node.get("minimum"),
            maximum=node.get("maximum"),
            **common,
        )
    if kind == "string":
        actor = node.get("format") == ACTOR_FORMAT
        return FormField(path, label, "text", placeholder=_shown(default), actor=actor, **common)
    if kind == "array" and _is_simple_list(node):
        placeholder = ", ".join(str(part) for part in default) if default else ""
        integer = _item_type(node) == "integer"
        hint = "Comma-separated numbers." if integer else "Comma-separated."
        common["help"] = f"{help_text} {hint}".strip()
        return FormField(path, label, "list", placeholder=placeholder, integer=integer, **common)
    common["help"] = f"{help_text} JSON.".strip()
    placeholder = json.dumps(default) if default not in (None, [], {}) else ""
    return FormField(path, label, "json", placeholder=placeholder, **common)


def _shown(default: Any) -> str:
    return "" if default is None else str(default)


def _item_type(node: Mapping[str, Any]) -> str | None:
    items = node.get("items")
    if isinstance(items, Mapping) and "type" in items:
        return str(items["type"])
    prefix = node.get("prefixItems")
    if isinstance(prefix, list) and prefix:
        kinds = {str(part.get("type")) for part in prefix}
        return kinds.pop() if len(kinds) == 1 else None
    return None


def _is_simple_list(node: Mapping[str, Any]) -> bool:
    return _item_type(node) in ("string", "integer")


# --- form -> sheet ------------------------------------------------------------------------


def sheet_from_form(
    items: tuple[FormItem, ...], form: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The sheet the submitted ``form`` describes, and the inputs that could not even be
    read (JSON that does not parse), by input name. Numbers the model must judge (``12x``)
    are passed on as text, so its message names the field."""
    problems: dict[str, str] = {}
    return _values(items, form, problems), problems


def _values(
    items: tuple[FormItem, ...], form: Mapping[str, str], problems: dict[str, str]
) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for item in items:
        key = item.path.rsplit(".", 1)[-1]
        if isinstance(item, FieldGroup):
            inner = _values(item.children, form, problems)
            if inner or item.required:
                values[key] = inner
            continue
        if item.widget == "checkbox":
            checked = item.name in form
            if checked != item.checked_by_default:
                values[key] = checked
            continue
        text = form.get(item.name, "").strip()
        if not text:
            continue
        if item.widget == "number":
            values[key] = _number(text, item.integer)
            if isinstance(values[key], float) and not math.isfinite(values[key]):
                problems[item.name] = f"a number must be finite, not {text!r}"
        elif item.widget == "list":
            parts = [part.strip() for part in text.split(",") if part.strip()]
            values[key] = [_number(part, True) for part in parts] if item.integer else parts
        elif item.widget == "json":
            try:  # bounded like every document (safe_input): no NaN, no deep nesting
                values[key] = safe_input.load_json(text, item.name, safe_input.CHARACTERS)
            except InvalidInputError as error:
                problems[item.name] = error.message
        else:
            values[key] = text
    return values


def _number(text: str, integer: bool) -> Any:
    try:
        return int(text) if integer else float(text)
    except ValueError:
        return text


# --- data -> form --------------------------------------------------------------------------


def form_values(
    items: tuple[FormItem, ...], data: Mapping[str, Any], *, defaults: bool = False
) -> dict[str, str]:
    """The submitted form that would give ``data`` back (a stored sheet, or a campaign's
    options), by input name: what an edit form is pre-filled with. A checkbox is checked
    when the value (or, absent, the model's default) is true; with ``defaults``, every
    other input absent from ``data`` shows its default too."""
    values: dict[str, str] = {}
    for item in items:
        key = item.path.rsplit(".", 1)[-1]
        if isinstance(item, FieldGroup):
            inner = data.get(key)
            values |= form_values(
                item.children, inner if isinstance(inner, Mapping) else {}, defaults=defaults
            )
            continue
        if key in data:
            value = data[key]
        elif defaults or item.widget == "checkbox":
            value = item.default
        else:
            continue
        shown = _as_text(item, value)
        if shown is not None:
            values[item.name] = shown
    return values


def _as_text(item: FormField, value: Any) -> str | None:
    """What ``item``'s input holds for ``value`` (``None``: left empty or unchecked)."""
    if value is None:
        return None
    if item.widget == "checkbox":
        return "on" if value is True else None
    if item.widget == "list" and isinstance(value, list | tuple):
        return ", ".join(str(part) for part in value)
    if item.widget == "json":
        return json.dumps(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- errors -> fields -----------------------------------------------------------------------


def errors_by_field(
    error: RulesError, names: set[str], *, aliases: Mapping[str, str] | None = None
) -> tuple[dict[str, str], list[str]]:
    """The error's messages by input name, and those that belong to no input.

    The services name each problem by its path (``sheet.stats.hit_points: Field required;
    sheet.side: ...``); each goes to the input whose name is that path or its nearest
    ancestor among ``names`` (a JSON textarea answers for everything inside it).
    ``aliases`` renames paths first (``campaign.name`` is the form's ``name``).
    """
    problems = _problems(error)
    by_field: dict[str, str] = {}
    general: list[str] = []
    for path, reason in problems:
        for old, new in (aliases or {}).items():
            if path == old or path.startswith(f"{old}."):
                path = new + path[len(old) :]
                break
        owner = _owner(path, names)
        if owner is None:
            general.append(f"{path}: {reason}" if path else reason)
            continue
        message = reason if owner == path else f"{path.removeprefix(owner + '.')}: {reason}"
        by_field[owner] = f"{by_field[owner]}; {message}" if owner in by_field else message
    return by_field, general


def _problems(error: RulesError) -> list[tuple[str, str]]:
    field = error.field or ""
    parts = error.message.split("; ")
    matched = [_PROBLEM.match(part) for part in parts]
    if field and all(matched) and any(m.group("path") == field for m in matched if m):
        return [(m.group("path"), m.group("reason")) for m in matched if m]
    return [(field, error.message)]


def _owner(path: str, names: set[str]) -> str | None:
    candidate = path
    while candidate:
        if candidate in names:
            return candidate
        candidate = candidate.rpartition(".")[0]
    return None


def field_names(items: tuple[FormItem, ...]) -> set[str]:
    """Every input name (and fieldset name) under ``items``."""
    names: set[str] = set()
    for item in items:
        names.add(item.name)
        if isinstance(item, FieldGroup):
            names |= field_names(item.children)
    return names
