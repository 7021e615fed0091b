"""A generated form's rows: lists of models, walls of squares, mappings of names to numbers.

A payload model's list of objects (a conflict's seats, a social encounter's parties, the
scene elements), its list of squares (a map's walls) and its mapping of names to whole
numbers (the GM's turn modifiers) are rows the GM adds and removes, as the sheet forms'
tables are (``engine/sheet_forms.py``: the same input names, ``<name>.<row>.<column>``,
read by its :func:`~tablekeeper.engine.sheet_forms.row_indices`; the same script,
``static/sheet.js``, adds and removes them). A square is two number inputs, ``.x`` and
``.y``; a fixed tuple of picks (two combatants ruled engaged) is one picker per place,
``.0``, ``.1``. A row left blank is dropped; each row kept says which posted row it came from,
so the model's errors (``payload.parties.0.side``) go next to the input the GM filled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Literal

from tablekeeper.engine.sheet_forms import row_indices
from tablekeeper.web.form_fields import FormField

Shape = Literal["object", "square"]
Columns = list[tuple[str, Mapping[str, Any], set[str]]]
"""A row's inputs as schema nodes: each key, its node, and the row's required keys."""

ReadRow = Callable[["FormField", Mapping[str, str], str], dict[str, Any]]
"""Read a row's columns from the form under a name prefix (``forms._values``)."""

WIDGETS = frozenset({"rows", "table", "square", "picks"})
"""The widgets this module reads and shows."""

AXES = ("x", "y")
SQUARE_COLUMNS: Columns = [(axis, {"type": "integer", "title": axis}, set(AXES)) for axis in AXES]


def is_square(node: Mapping[str, Any]) -> bool:
    """A square as the schema writes it: a fixed pair of integers."""
    parts = node.get("prefixItems")
    return (
        isinstance(parts, list)
        and len(parts) == 2
        and all(part.get("type") == "integer" for part in parts)
    )


def rows_of(
    node: Mapping[str, Any], definitions: Mapping[str, Any]
) -> tuple[Columns, Shape] | None:
    """The columns of a list whose items are objects (or squares), and the rows' shape."""
    items = node.get("items")
    if not isinstance(items, Mapping):
        return None
    if is_square(items):
        return SQUARE_COLUMNS, "square"
    reference = items.get("$ref")
    if isinstance(reference, str):
        items = {**definitions.get(reference.rsplit("/", 1)[-1], {}), **items}
    properties = items.get("properties")
    if items.get("type") != "object" or not isinstance(properties, Mapping):
        return None
    required = set(items.get("required", ()))
    return [(key, part, required) for key, part in properties.items()], "object"


def table_of(node: Mapping[str, Any]) -> tuple[str, str, Mapping[str, Any]] | None:
    """A mapping of names to integers: the names' picker and label (``propertyNames``'
    format and title) and the numbers' schema."""
    values = node.get("additionalProperties")
    if not isinstance(values, Mapping) or values.get("type") != "integer":
        return None
    names = node.get("propertyNames")
    names = names if isinstance(names, Mapping) else {}
    return str(names.get("format") or ""), str(names.get("title") or "Name"), values


def picks_of(node: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The places of a fixed tuple of strings each naming a pick (``format``: an actor, a
    side), as the schema writes it; ``None`` for anything else."""
    parts = node.get("prefixItems")
    if not isinstance(parts, list) or len(parts) < 2 or node.get("minItems") != len(parts):
        return None
    if all(part.get("type") == "string" and part.get("format") for part in parts):
        return parts
    return None


def read_picks(
    item: FormField, form: Mapping[str, str], problems: dict[str, str]
) -> list[str] | None:
    """A tuple of picks: each place's pick, in order (``None`` when all are left blank,
    for the model to say the field is required); a place left blank beside a picked one
    is a problem next to its input."""
    picked = [first(form, f"{item.name}.{part.path}") for part in item.columns]
    if not any(picked):
        return None
    for part, pick in zip(item.columns, picked, strict=True):
        if not pick:
            problems[f"{item.name}.{part.path}"] = f"choose {part.label.lower()}"
    return picked


def first(form: Mapping[str, str], name: str) -> str:
    return str(form.get(name, "")).strip()


def read_square(
    name: str, form: Mapping[str, str], problems: dict[str, str]
) -> list[int | str] | None:
    """``[x, y]`` from ``<name>.x`` and ``<name>.y`` (neither: nothing)."""
    texts = [first(form, f"{name}.{axis}") for axis in AXES]
    if not any(texts):
        return None
    square: list[int | str] = []
    for axis, text in zip(AXES, texts, strict=True):
        if not text:
            problems[f"{name}.{axis}"] = f"give {axis} too"
            continue
        try:
            square.append(int(text))
        except ValueError:
            problems[f"{name}.{axis}"] = f"a whole number, not {text!r}"
    return square if len(square) == 2 else None


def read_rows(
    item: FormField,
    form: Mapping[str, str],
    problems: dict[str, str],
    aliases: dict[str, str],
    read_row: ReadRow,
) -> list[Any] | None:
    """The rows' list (``rows``), each blank row dropped."""
    found: list[Any] = []
    for row in row_indices({name: [value] for name, value in form.items()}, item.name):
        prefix = f"{item.name}.{row}"
        if item.shape == "square":
            value: Any = read_square(prefix, form, problems)
        else:
            value = read_row(item, form, prefix) or None
        if value is None:
            continue
        aliases[f"{item.path}.{len(found)}"] = prefix
        found.append(value)
    return found or None


def read_table(
    item: FormField, form: Mapping[str, str], problems: dict[str, str], aliases: dict[str, str]
) -> dict[str, Any] | None:
    """A mapping of names to whole numbers, a row each (``table``)."""
    table: dict[str, Any] = {}
    for row in row_indices({name: [value] for name, value in form.items()}, item.name):
        key, text = first(form, f"{item.name}.{row}.key"), first(form, f"{item.name}.{row}.value")
        if not key:
            if text:
                problems[f"{item.name}.{row}.key"] = "pick whom this number is for"
            continue
        if key in table:
            problems[f"{item.name}.{row}.key"] = f"{key} is already in the table"
            continue
        if not text:
            problems[f"{item.name}.{row}.value"] = f"give {key} a number"
            continue
        try:
            table[key] = int(text)
        except ValueError:
            problems[f"{item.name}.{row}.value"] = f"a whole number, not {text!r}"
            continue
        aliases[f"{item.path}.{key}"] = f"{item.name}.{row}.value"
    return table or None


def row_values(
    item: FormField, value: Any, as_text: Callable[[Any, Any], str | None]
) -> dict[str, str]:
    """The inputs that show ``value`` (a list of rows, a mapping, a square) in ``item``."""
    shown: dict[str, str] = {}
    if item.widget == "square" and isinstance(value, list | tuple) and len(value) == 2:
        return {f"{item.name}.{axis}": str(part) for axis, part in zip(AXES, value, strict=True)}
    if item.widget == "picks" and isinstance(value, list | tuple):
        return {f"{item.name}.{place}": str(part) for place, part in enumerate(value)}
    if item.widget == "table" and isinstance(value, Mapping):
        for row, (key, number) in enumerate(value.items()):
            shown[f"{item.name}.{row}.key"] = str(key)
            shown[f"{item.name}.{row}.value"] = str(number)
        return shown
    if item.widget != "rows" or not isinstance(value, list | tuple):
        return shown
    for row, part in enumerate(value):
        prefix = f"{item.name}.{row}"
        if item.shape == "square":
            shown |= {f"{prefix}.{axis}": str(n) for axis, n in zip(AXES, part, strict=True)}
            continue
        for column in item.columns:
            if not isinstance(part, Mapping) or column.path not in part:
                continue
            if isinstance(column, FormField) and column.widget in WIDGETS:
                shown |= row_values(replace(column, prefix=prefix), part[column.path], as_text)
                continue
            inner = as_text(column, part[column.path])
            if inner is not None:
                shown[f"{prefix}.{column.path}"] = inner
    return shown


def shown_rows(item: FormField, values: Mapping[str, str], blank: int = 1) -> list[int]:
    """The rows a form shows: those with something in them (under their own numbers,
    which their errors name), then ``blank`` empty ones (none past the model's most)."""
    posted = {name: [value] for name, value in values.items()}
    every = row_indices(posted, item.name)
    filled = [
        row
        for row in every
        if any(
            str(value).strip()
            for name, value in values.items()
            if name.startswith(f"{item.name}.{row}.")
        )
    ]
    start = every[-1] + 1 if every else 0
    room = blank if item.max_rows is None else max(0, min(blank, item.max_rows - len(filled)))
    return [*filled, *range(start, start + (room or (0 if filled else 1)))]
