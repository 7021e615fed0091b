"""Forms generated from a ruleset's models, and errors put back next to their field.

A campaign's options and the GM's commands are models, so the console never writes
their forms by hand (a character's sheet has its ruleset's own form in the rules' words:
``web/sheet_forms.py``): :func:`sheet_fields` reads the model's JSON schema into
:class:`FormField` and :class:`FieldGroup` values (``web/form_fields.py``) that one
template macro renders, :func:`read_form` turns the submitted text back into the payload
the services validate, and :func:`errors_by_field` splits the services'
:class:`~tablekeeper.errors.RulesError` (``sheet.stats.hit_points: Field required; ...``)
into one message per input, so each shows next to its field.

The widgets, by schema shape: an object with properties is a fieldset; a boolean a
checkbox; an ``enum`` a select; an integer or number (or a decimal given as a number or
text: a price's quantum) a number input with the schema's bounds; a string a text input,
or a picker when its ``format`` names one (an actor, a side: ``engine/values.py``); a
pair of integers (a square) two number inputs; a list of strings or integers a
comma-separated text input; a list of objects (seats, parties, scene elements) or of
squares (walls) rows the GM adds and removes, and a mapping of names to integers (turn
modifiers) rows of a name and a number (``web/form_rows.py``, the sheet forms' rows);
anything else a JSON textarea. An empty input is left out of the sheet, so the model's
default applies (and a required field is reported missing by the model itself).

Labels and help are written for the table, not the code (:func:`readable_help`,
:func:`abbreviations_in`): a label keeps in capitals the abbreviations the model's own
descriptions write in capitals (``Hp`` is shown ``HP`` where a description says HP), and
help leaves out the rule and gap ids the code cites (``(P-OPT-03)``, ``G-P-01: ...``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel, ValidationError

from tablekeeper.engine.values import invalid_input
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.services import safe_input
from tablekeeper.web import form_rows
from tablekeeper.web.form_fields import SHEET, FieldGroup, FormField, FormItem

_RULE_ID = r"[A-Z]{1,2}(?:-[A-Z]+)*-[A-Z]*\d+[A-Z0-9]*(?:\.\.\d+)?"
"""A rule or gap id of the rule documents' catalog: ``P-OPT-03``, ``P-OPT-10..14``,
``G-F-01``, ``G-P-C6``, ``R-TEST-01``."""
_RULE_IDS = rf"\b{_RULE_ID}(?:(?:, | and | or |/){_RULE_ID})*\b"
_HELP_CLEANUPS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (rf"\s*\({_RULE_IDS}\)", ""),  # "(P-ATK-02)"
        (rf"\({_RULE_IDS}(?::\s*|,\s*|\s+)", "("),  # "(G-P-07: the chapter is missing)"
        (rf"(?:,|;)?\s*{_RULE_IDS}\)", ")"),  # "(Aromatic, F-SCENE-11)"
        (rf"^{_RULE_IDS}(?:\s*\([^)]*\))?[:.]?\s*", ""),  # "G-F-01: a die ...", "P-OPT-01 ..."
        (rf"\s*{_RULE_IDS}", ""),  # any other
        (r"\s+([.,;:])", r"\1"),
        (r"\(\s*\)", ""),
        (r"\s{2,}", " "),
    )
)
_ABBREVIATION = re.compile(r"\b(?=[A-Za-z]*[A-Z][A-Za-z]*[A-Z])[A-Za-z]{2,4}\b")
"""A word of two to four letters with two capitals or more: ``HP``, ``SIZ``, ``DoR``."""


def readable_help(text: str) -> str:
    """A field's description as help for the table: the rule and gap ids the code cites
    left out (the rule's words kept), its first letter in capitals.

    >>> readable_help("G-F-01: a die showing the TN or more is a success.")
    'A die showing the TN or more is a success.'
    >>> readable_help("-40% (P-ATK-02).")
    '-40%.'
    >>> readable_help("Critical Impales (G-P-07: the Wealth chapter is missing).")
    'Critical Impales (the Wealth chapter is missing).'
    """
    cleaned = text
    for pattern, replacement in _HELP_CLEANUPS:
        cleaned = pattern.sub(replacement, cleaned)
    cleaned = cleaned.strip()
    cleaned = "" if cleaned == "." else cleaned
    return cleaned[:1].upper() + cleaned[1:]


def abbreviations_in(schema: Mapping[str, Any]) -> dict[str, str]:
    """The abbreviations a model's descriptions write in capitals (rule ids left out), by
    their lower case: ``{"hp": "HP", "siz": "SIZ"}``."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            text = node.get("description")
            if isinstance(text, str):
                for word in _ABBREVIATION.findall(re.sub(_RULE_IDS, " ", text)):
                    found.setdefault(word.lower(), word)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return found


def readable_label(label: str, abbreviations: Mapping[str, str]) -> str:
    """``label`` with each word the model abbreviates in capitals written so: ``Item Hp``
    -> ``Item HP`` (``abbreviations``: :func:`abbreviations_in`)."""
    return " ".join(abbreviations.get(word.lower(), word) for word in label.split(" "))


def _readable(
    items: tuple[FormItem, ...], abbreviations: Mapping[str, str]
) -> tuple[FormItem, ...]:
    made: list[FormItem] = []
    for item in items:
        label = readable_label(item.label, abbreviations)
        if item.help.rstrip(".").lower() == label.lower():  # "Charge.": says nothing more
            item = replace(item, help="")
        if isinstance(item, FieldGroup):
            children = _readable(item.children, abbreviations)
            made.append(replace(item, label=label, children=children))
        else:
            columns = _readable(item.columns, abbreviations)
            made.append(replace(item, label=label, columns=columns))
    return tuple(made)


_PROBLEM = re.compile(r"^(?P<path>[^:;\s][^:;]*?): (?P<reason>.+)$", re.DOTALL)
"""One problem of a message: its path (a skill table's keys may hold spaces: ``sheet.stats.
skills.Fast Talk``) and its reason."""


# --- schema -> fields ----------------------------------------------------------------------


def sheet_fields(
    schema: Mapping[str, Any], *, skip: frozenset[str] = frozenset(), prefix: str = SHEET
) -> tuple[FormItem, ...]:
    """The inputs of a sheet whose model has the JSON schema ``schema``; ``skip`` names
    top-level properties the form asks for elsewhere (the creature's ``id``); ``prefix``
    starts every input's name (``sheet``; a campaign's options: ``options``)."""
    definitions: Mapping[str, Any] = schema.get("$defs", {})
    return _readable(_items(schema, definitions, "", skip, prefix), abbreviations_in(schema))


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
    node, nullable = _resolve(raw, definitions)
    decimal = _is_decimal(node)
    if decimal:
        node = {**node, "type": "number", **_bounds_of(node)}
    # A field of a model type is named by the field, not by the model's class
    # ("Attacker", not "AttackerInput"), unless the field gives its own title.
    title = raw.get("title") if _is_reference(raw) else node.get("title")
    label = str(title or name.replace("_", " ").capitalize())
    help_text = readable_help(str(node.get("description") or ""))
    default = node.get("default")
    kind = node.get("type")
    if kind == "object" and "properties" in node:
        children = _items(node, definitions, f"{path}.", frozenset(), prefix)
        return FieldGroup(path, label, children, required, help_text, prefix, nullable=nullable)
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
            decimal=decimal,
            **common,
        )
    if kind == "string":
        picker = str(node.get("format") or "")
        return FormField(path, label, "text", placeholder=_shown(default), picker=picker, **common)
    if kind == "array" and form_rows.is_square(node):
        return FormField(path, label, "square", integer=True, **common)
    if kind == "array" and (places := form_rows.picks_of(node)) is not None:
        picks = tuple(
            FormField(
                str(place),
                str(part.get("title") or f"{label} {place + 1}"),
                "text",
                picker=str(part["format"]),
                prefix="",
                required=True,
            )
            for place, part in enumerate(places)
        )
        return FormField(path, label, "picks", columns=picks, **common)
    if kind == "array" and (rows := form_rows.rows_of(node, definitions)) is not None:
        columns, shape = rows
        made = tuple(
            _item(part, definitions, key, key, key in required_of, "")
            for key, part, required_of in columns
        )
        return FormField(
            path, label, "rows", columns=made, shape=shape, max_rows=node.get("maxItems"), **common
        )
    if kind == "object" and (table := form_rows.table_of(node)) is not None:
        key_format, key_title, number = table
        key = FormField("key", key_title, "text", picker=key_format, prefix="")
        value = _item({"title": "Number", **number}, definitions, "value", "value", False, "")
        return FormField(path, label, "table", columns=(key, value), **common)
    if kind == "array" and _is_simple_list(node):
        placeholder = ", ".join(str(part) for part in default) if default else ""
        integer = _item_type(node) == "integer"
        hint = "Comma-separated numbers." if integer else "Comma-separated."
        common["help"] = f"{help_text} {hint}".strip()
        return FormField(path, label, "list", placeholder=placeholder, integer=integer, **common)
    common["help"] = f"{help_text} JSON.".strip()
    placeholder = json.dumps(default) if default not in (None, [], {}) else ""
    return FormField(path, label, "json", placeholder=placeholder, **common)


def _is_reference(raw: Mapping[str, Any]) -> bool:
    """Whether a property's schema is another model's (``$ref``, or ``anyOf [$ref, null]``)."""
    choices = raw.get("anyOf")
    return "$ref" in raw or (
        isinstance(choices, list) and any("$ref" in choice for choice in choices)
    )


def _is_decimal(node: Mapping[str, Any]) -> bool:
    """A decimal as pydantic writes it: a number or its text (``anyOf [number, string]``)."""
    choices = node.get("anyOf")
    if not isinstance(choices, list):
        return False
    kinds = {str(choice.get("type")) for choice in choices} - {"null"}
    return kinds == {"number", "string"}


def _bounds_of(node: Mapping[str, Any]) -> dict[str, Any]:
    """The bounds of a decimal's number part."""
    number = next(choice for choice in node["anyOf"] if choice.get("type") == "number")
    return {
        key: number[key]
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
        if key in number
    }


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


@dataclass(frozen=True)
class ReadForm:
    """A submitted form read: the payload, the inputs that could not even be read (by
    input name), and which posted row each row of the payload came from (payload path ->
    input name prefix: ``parties.0`` -> ``sheet.parties.2``)."""

    values: dict[str, Any]
    problems: dict[str, str]
    rows: dict[str, str]

    def aliases(self, payload: str, prefix: str = SHEET) -> dict[str, str]:
        """What :func:`errors_by_field` renames, the rows first: the services' name of a
        path (``payload.parties.0``) -> the input's (``sheet.parties.2``)."""
        renamed = {f"{payload}.{path}": name for path, name in self.rows.items()}
        return {**dict(sorted(renamed.items(), key=lambda pair: -len(pair[0]))), payload: prefix}

    def refusal(self, model: type[BaseModel], payload: str) -> RulesError:
        """The error of a form with inputs that could not be read: those, and what the
        model says of the rest (named ``<payload>.<path>``), every problem at once."""
        problems = [f"{name}: {text}" for name, text in self.problems.items()]
        try:
            model.model_validate(self.values)
        except ValidationError as error:
            problems += invalid_input(error, prefix=payload).message.split("; ")
        return RulesError("; ".join(problems), field=next(iter(self.problems)))


def read_form(items: tuple[FormItem, ...], form: Mapping[str, str]) -> ReadForm:
    """The payload the submitted ``form`` describes (see :class:`ReadForm`). Numbers the
    model must judge (``12x``) are passed on as text, so its message names the field."""
    problems: dict[str, str] = {}
    rows: dict[str, str] = {}
    return ReadForm(_values(items, form, problems, rows), problems, rows)


def sheet_from_form(
    items: tuple[FormItem, ...], form: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The sheet the submitted ``form`` describes, and the inputs that could not even be
    read (JSON that does not parse), by input name."""
    read = read_form(items, form)
    return read.values, read.problems


def _values(
    items: tuple[FormItem, ...],
    form: Mapping[str, str],
    problems: dict[str, str],
    rows: dict[str, str],
    under: str = "",
) -> dict[str, Any]:
    """The values of ``items`` (inside a row: named ``<under>.<path>``)."""
    values: dict[str, Any] = {}
    for item in items:
        if under and isinstance(item, FormField):
            item = replace(item, prefix=under)
        if isinstance(item, FormField) and item.widget in form_rows.WIDGETS:
            made = _rows(item, form, problems, rows)
            if made is not None:
                values[item.path.rsplit(".", 1)[-1]] = made
            continue
        key = item.path.rsplit(".", 1)[-1]
        if isinstance(item, FieldGroup):
            inner = _values(item.children, form, problems, rows)
            if inner or item.required:
                values[key] = inner
            continue
        if item.widget == "checkbox":
            checked = item.name in form
            if checked != item.checked_by_default:
                values[key] = checked
            continue
        text = form.get(item.name, "").strip()
        if text:
            values[key] = _typed(item, text, problems)
    return values


def _typed(item: FormField, text: str, problems: dict[str, str]) -> Any:
    """The value ``text`` stands for in ``item`` (what cannot be read is a problem)."""
    if item.widget == "number" and item.decimal:
        return text  # a Decimal reads its text exactly ("0.01")
    if item.widget == "number":
        number = _number(text, item.integer)
        if isinstance(number, float) and not math.isfinite(number):
            problems[item.name] = f"a number must be finite, not {text!r}"
        return number
    if item.widget == "list":
        parts = [part.strip() for part in text.split(",") if part.strip()]
        return [_number(part, True) for part in parts] if item.integer else parts
    if item.widget == "json":
        try:  # bounded like every document (safe_input): no NaN, no deep nesting
            return safe_input.load_json(text, item.name, safe_input.CHARACTERS)
        except InvalidInputError as error:
            problems[item.name] = error.message
            return None
    return text


def _rows(
    item: FormField, form: Mapping[str, str], problems: dict[str, str], rows: dict[str, str]
) -> Any:
    """The value of a rows, table or square input (``web/form_rows.py``)."""
    if item.widget == "table":
        return form_rows.read_table(item, form, problems, rows)
    if item.widget == "square":
        return form_rows.read_square(item.name, form, problems)
    if item.widget == "picks":
        return form_rows.read_picks(item, form, problems)

    def read_row(item: FormField, form: Mapping[str, str], prefix: str) -> dict[str, Any]:
        return _values(item.columns, form, problems, rows, prefix)

    return form_rows.read_rows(item, form, problems, rows, read_row)


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
        if item.widget in form_rows.WIDGETS:
            values |= form_rows.row_values(item, value, _as_text)
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
            general.append(refusal_words(path, reason))
            continue
        message = reason if owner == path else f"{path.removeprefix(owner + '.')}: {reason}"
        by_field[owner] = f"{by_field[owner]}; {message}" if owner in by_field else message
    return by_field, general


def refusal_words(path: str, reason: str) -> str:
    """A problem that belongs to no input, as the GM reads it: the reason alone when the
    path is a command's or form's own field name (``to``, ``target``: a word for the
    code, not for the table; the reason says what is wrong), the path before it only
    when it points inside a document the GM typed (``sheet.stats.hit_points: ...``)."""
    return f"{path}: {reason}" if "." in path else reason


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


def posted_names(items: tuple[FormItem, ...], form: Mapping[str, str]) -> set[str]:
    """Every input name under ``items``, with the names of the rows ``form`` posted."""
    names = field_names(items)
    return names | {name for name in form if _owner(name, names) is not None}


def field_names(items: tuple[FormItem, ...]) -> set[str]:
    """Every input name (and fieldset name) under ``items`` (a table's rows: its name)."""
    names: set[str] = set()
    for item in items:
        names.add(item.name)
        if isinstance(item, FieldGroup):
            names |= field_names(item.children)
    return names
