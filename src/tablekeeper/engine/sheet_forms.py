"""A character sheet as a form in the rules' words: what a ruleset's ``sheet_form`` gives.

A :class:`SheetForm` is sections of :class:`SheetField` values. Each field names where its
value goes in the sheet (a dotted ``path``: ``stats.hit_points``), its label and help in
the rules' words, and its kind:

- ``number``: a whole number, with the rules' ``minimum`` and ``maximum``;
- ``text``: a word or a line (a side, a damage roll such as ``1d6``);
- ``choice``: one of ``choices`` (a die size, a form);
- ``check``: yes or no;
- ``choices``: any of ``choices`` (injuries, readied skills): a list of their values;
- ``skills``: a table of rows, each a skill picked from ``choices`` (or typed, when
  ``other``) and its value: a mapping skill -> number;
- ``items``: rows, each an item picked from a catalogue (weapons): a list of each
  :class:`Choice`'s ``sheet`` value;
- ``item``: one item picked from a catalogue (armour): its ``sheet`` value;
- ``square``: a place on the map, two whole numbers (``.x`` and ``.y``): ``[x, y]``.

The form posts ordinary fields named after the path (``sheet.stats.hit_points``; a row's
``sheet.stats.skills.0.skill`` and ``.value``; an item row's ``sheet.stats.weapons.0``).
:meth:`SheetForm.assemble` turns them back into the sheet, every unreadable input at once,
and says which input each row of the sheet came from, so that the actor spec's errors
(``stats.skills.Dodge``, ``stats.weapons.1.damage``) are shown next to the right input.
Everything here is pure: the console renders it, the ruleset's ``actor_spec`` validates it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

FieldKind = Literal[
    "number", "text", "choice", "check", "choices", "skills", "items", "item", "square"
]

PREFIX = "sheet"
"""The prefix of every sheet input's name."""

STORED = "stored:"
"""The value prefix of an item the stored sheet holds that the catalogue does not."""

Posted = Mapping[str, Sequence[str]]
"""A submitted form: every value of each input name."""


@dataclass(frozen=True)
class Choice:
    """One entry a field offers: its posted ``value``, its ``label`` in the rules' words
    and, for an item, the ``sheet`` value it stands for (a weapon's whole line)."""

    value: str
    label: str
    sheet: Any = None


@dataclass(frozen=True)
class SheetField:
    """One input (or table of inputs) of the sheet; see the module docstring."""

    path: str
    label: str
    kind: FieldKind = "number"
    help: str = ""
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    choices: tuple[Choice, ...] = ()
    other: bool = False
    rows: int = 2
    """Blank rows a table shows below its filled ones."""
    value_label: str = "Value"
    """A skill table's word for its numbers: Percent, Rank."""

    @property
    def name(self) -> str:
        """The input's name (a table's rows add ``.<row>`` and ``.skill`` / ``.value``)."""
        return f"{PREFIX}.{self.path}"

    @property
    def is_table(self) -> bool:
        return self.kind in ("skills", "items")

    def choice(self, value: str) -> Choice | None:
        """The entry posted as ``value``."""
        return next((choice for choice in self.choices if choice.value == value), None)


@dataclass(frozen=True)
class SheetSection:
    """A fieldset of the form: its title in the rules' words and its fields."""

    title: str
    fields: tuple[SheetField, ...]
    help: str = ""


@dataclass(frozen=True)
class Assembled:
    """The sheet a posted form describes, the inputs that could not be read (by input
    name), and which input each value of a table came from (sheet path -> input name)."""

    sheet: dict[str, Any]
    problems: dict[str, str] = field(default_factory=dict)
    inputs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SheetForm:
    """A ruleset's character sheet as a form (see the module docstring)."""

    sections: tuple[SheetSection, ...]

    @property
    def fields(self) -> tuple[SheetField, ...]:
        return tuple(item for section in self.sections for item in section.fields)

    def covers(self, path: str) -> bool:
        """Whether a field fills the sheet's ``path`` (or something inside it)."""
        return any(item.path == path for item in self.fields)

    def input_names(self) -> set[str]:
        """Every input name a field may post (a table's prefix stands for its rows)."""
        return {item.name for item in self.fields}

    def including(self, sheet: Mapping[str, Any]) -> SheetForm:
        """The form with each item ``sheet`` holds that no catalogue entry matches offered
        as it is stored, so that an edit keeps it."""
        sections = []
        for section in self.sections:
            fields = []
            for item in section.fields:
                if item.kind in ("items", "item"):
                    item = _with_stored(item, get_path(sheet, item.path))
                fields.append(item)
            sections.append(replace(section, fields=tuple(fields)))
        return SheetForm(tuple(sections))

    def assemble(self, posted: Posted) -> Assembled:
        """The sheet ``posted`` describes; an empty input is left out (the rules' default
        applies, and a required one is the actor spec's to refuse)."""
        sheet: dict[str, Any] = {}
        problems: dict[str, str] = {}
        inputs: dict[str, str] = {}
        for item in self.fields:
            value = _read(item, posted, problems, inputs)
            if value is not None:
                set_path(sheet, item.path, value)
        return Assembled(sheet, problems, inputs)

    def values(self, sheet: Mapping[str, Any]) -> dict[str, list[str]]:
        """The posted form that would give ``sheet`` back: what an edit form shows."""
        posted: dict[str, list[str]] = {}
        for item in self.fields:
            value = get_path(sheet, item.path)
            if value is None and item.kind == "check":
                value = item.default  # a box the rules check unless told otherwise
            if value is None:
                continue
            posted |= _posted(item, value)
        return posted

    def uncovered(self, sheet: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
        """What of ``sheet`` no field fills (kept, or edited as JSON)."""
        left: dict[str, Any] = {}
        for key, value in sheet.items():
            path = f"{prefix}{key}"
            if self.covers(path):
                continue
            inside = any(item.path.startswith(f"{path}.") for item in self.fields)
            if inside and isinstance(value, Mapping):
                rest = self.uncovered(value, f"{path}.")
                if rest:
                    left[key] = rest
            else:
                left[key] = value
        return left


# --- reading a posted form ------------------------------------------------------------------


def _first(posted: Posted, name: str) -> str:
    values = posted.get(name) or ()
    return values[0].strip() if values else ""


def _read(
    item: SheetField, posted: Posted, problems: dict[str, str], inputs: dict[str, str]
) -> Any:
    if item.kind == "check":  # left out when it says what the rules' default says
        checked = _first(posted, item.name) != ""
        return checked if checked != (item.default is True) else None
    if item.kind == "choices":  # a value not offered is the actor spec's to refuse, in its words
        return [value for value in posted.get(item.name, ()) if value] or None
    if item.kind == "skills":
        return _skills(item, posted, problems, inputs)
    if item.kind == "square":
        return _square(item, posted, problems)
    if item.kind == "items":
        return _items(item, posted, problems, inputs)
    text = _first(posted, item.name)
    if not text:
        return None
    if item.kind == "number":
        return _number(item, text, item.name, problems)
    if item.kind == "item":
        found = item.choice(text)
        if found is None:
            problems[item.name] = f"{text!r} is not in the list"
            return None
        return copy.deepcopy(found.sheet)
    if item.kind == "choice" and item.choices and item.choice(text) is None:
        problems[item.name] = f"{text!r} is not in the list"
        return None
    if item.kind == "choice" and text.lstrip("-").isdigit():
        return int(text)  # a die size, a hand count: the rules' numbers stay numbers
    return text


def _number(item: SheetField, text: str, name: str, problems: dict[str, str]) -> int | None:
    try:
        number = int(text)
    except ValueError:
        problems[name] = f"a whole number, not {text!r}"
        return None
    if item.minimum is not None and number < item.minimum:
        problems[name] = f"at least {item.minimum}, not {number}"
    elif item.maximum is not None and number > item.maximum:
        problems[name] = f"at most {item.maximum}, not {number}"
    return number


def _square(item: SheetField, posted: Posted, problems: dict[str, str]) -> list[int] | None:
    texts = [_first(posted, f"{item.name}.{axis}") for axis in ("x", "y")]
    if not any(texts):
        return None
    square = []
    for axis, text in zip(("x", "y"), texts, strict=True):
        if not text:
            problems[f"{item.name}.{axis}"] = f"give {axis} too"
            continue
        number = _number(item, text, f"{item.name}.{axis}", problems)
        if number is not None:
            square.append(number)
    return square if len(square) == 2 else None


def row_indices(posted: Posted, name: str) -> list[int]:
    """The rows a table posted (``<name>.<row>`` or ``<name>.<row>.<part>``, a part
    possibly dotted: ``.position.x``), in order."""
    pattern = re.compile(rf"^{re.escape(name)}\.(\d+)(?:\.[A-Za-z_]+)*$")
    found = {int(match.group(1)) for key in posted if (match := pattern.match(key))}
    return sorted(found)


def _skills(
    item: SheetField, posted: Posted, problems: dict[str, str], inputs: dict[str, str]
) -> dict[str, int] | None:
    table: dict[str, int] = {}
    known = {choice.value for choice in item.choices}
    for row in row_indices(posted, item.name):
        typed = _first(posted, f"{item.name}.{row}.other") if item.other else ""
        skill = typed or _first(posted, f"{item.name}.{row}.skill")
        text = _first(posted, f"{item.name}.{row}.value")
        skill_input = f"{item.name}.{row}.{'other' if typed else 'skill'}"
        value_input = f"{item.name}.{row}.value"
        if not skill:
            if text:
                problems[skill_input] = "pick the skill this value is for"
            continue
        if known and not item.other and skill not in known:
            problems[skill_input] = f"{skill!r} is not in the list"
            continue
        if skill in table:
            problems[skill_input] = f"{skill} is already in the table"
            continue
        if not text:
            problems[value_input] = f"give {skill} a value"
            continue
        number = _number(item, text, value_input, problems)
        if number is not None:
            table[skill] = number
            inputs[f"{item.path}.{skill}.[key]"] = skill_input  # the name refused, not the number
            inputs[f"{item.path}.{skill}"] = value_input
    return table or None


def _items(
    item: SheetField, posted: Posted, problems: dict[str, str], inputs: dict[str, str]
) -> list[Any] | None:
    chosen: list[Any] = []
    for row in row_indices(posted, item.name):
        name = f"{item.name}.{row}"
        text = _first(posted, name)
        if not text:
            continue
        found = item.choice(text)
        if found is None:
            problems[name] = f"{text!r} is not in the list"
            continue
        inputs[f"{item.path}.{len(chosen)}"] = name
        chosen.append(copy.deepcopy(found.sheet))
    return chosen or None


# --- a sheet as a posted form ---------------------------------------------------------------


def _posted(item: SheetField, value: Any) -> dict[str, list[str]]:
    if item.kind == "check":
        return {item.name: ["on"]} if value is True else {}
    if item.kind == "choices":
        return {item.name: [str(part) for part in value]}
    if item.kind == "skills" and isinstance(value, Mapping):
        posted: dict[str, list[str]] = {}
        for row, (skill, number) in enumerate(value.items()):
            listed = item.choice(str(skill)) is not None or not item.other
            posted[f"{item.name}.{row}.{'skill' if listed else 'other'}"] = [str(skill)]
            posted[f"{item.name}.{row}.value"] = [str(number)]
        return posted
    if item.kind == "items" and isinstance(value, list):
        return {f"{item.name}.{row}": [_item_value(item, part)] for row, part in enumerate(value)}
    if item.kind == "item":
        return {item.name: [_item_value(item, value)]}
    if item.kind == "square" and isinstance(value, list | tuple) and len(value) == 2:
        return {f"{item.name}.x": [str(value[0])], f"{item.name}.y": [str(value[1])]}
    return {item.name: [str(value)]}


def _item_value(item: SheetField, value: Any) -> str:
    for choice in item.choices:
        if choice.sheet == value:
            return choice.value
    return ""


def _with_stored(item: SheetField, value: Any) -> SheetField:
    stored = value if isinstance(value, list) else [] if value is None else [value]
    known = [choice.sheet for choice in item.choices]
    extra = []
    for index, part in enumerate(stored):
        if part in known:
            continue
        name = part.get("name", index) if isinstance(part, Mapping) else index
        extra.append(Choice(f"{STORED}{index}", f"{name} (as stored)", part))
        known.append(part)
    return replace(item, choices=(*item.choices, *extra)) if extra else item


# --- paths ------------------------------------------------------------------------------------


def get_path(data: Mapping[str, Any], path: str) -> Any:
    """The value at the dotted ``path`` of ``data`` (``None``: absent)."""
    value: Any = data
    for key in path.split("."):
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return value


def set_path(data: dict[str, Any], path: str, value: Any) -> None:
    """Put ``value`` at the dotted ``path`` of ``data``, making the mappings on the way."""
    *outer, last = path.split(".")
    for key in outer:
        data = data.setdefault(key, {})
    data[last] = value


def merged(under: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` laid on ``under``: mappings merge key by key, anything else replaces."""
    result = dict(under)
    for key, value in over.items():
        inner = result.get(key)
        if isinstance(value, Mapping) and isinstance(inner, Mapping):
            result[key] = merged(inner, value)
        else:
            result[key] = value
    return result
