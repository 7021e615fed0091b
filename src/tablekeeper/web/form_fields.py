"""The inputs of a form generated from a model's JSON schema (``web/forms.py`` makes them).

A :class:`FormField` is one input (or, for ``rows`` and ``table``, rows of inputs: its
``columns``); a :class:`FieldGroup` a fieldset of a nested model's inputs. Each knows its
name in the submitted form (``sheet.parties.0.side`` for a row's input) and its HTML id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from tablekeeper.engine.values import ACTOR_FORMAT

Widget = Literal[
    "text", "number", "checkbox", "select", "list", "square", "picks", "rows", "table", "json"
]

SHEET = "sheet"
"""The prefix of every sheet input's name: ``sheet.stats.hit_points``."""


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
    picker: str = ""
    """The JSON-schema ``format`` naming what the input picks from (``actor-id``, ``side``):
    the encounter's values for it, when there are some."""
    decimal: bool = False
    """A number the model reads from its text (a ``Decimal``): passed on as typed."""
    columns: tuple[FormItem, ...] = ()
    """A row's inputs (``rows``: the listed model's fields; ``table``: its name and number;
    names relative to the row)."""
    shape: Literal["object", "square"] = "object"
    """What one row of ``rows`` is: an object of its columns, or a square ``[x, y]``."""
    max_rows: int | None = None

    @property
    def actor(self) -> bool:
        """Whether the input names an actor (a picker of the encounter's creatures)."""
        return self.picker == ACTOR_FORMAT

    @property
    def name(self) -> str:
        """The input's name in the submitted form."""
        return f"{self.prefix}.{self.path}" if self.prefix else self.path

    @property
    def id(self) -> str:
        """The input's HTML id (its label's ``for``)."""
        return input_id(self.name)

    @property
    def is_group(self) -> bool:
        return False

    def holds(self, values: Mapping[str, str], errors: Mapping[str, str]) -> bool:
        """Whether the form shows something in this input (its rows): a value or an
        error (a folded list of rows opens)."""
        inside = f"{self.name}."
        if any(name == self.name or name.startswith(inside) for name in errors):
            return True
        return _holds((self,), values)


@dataclass(frozen=True)
class FieldGroup:
    """A nested model (a stat block, its characteristics): a fieldset of its fields."""

    path: str
    label: str
    children: tuple[FormItem, ...]
    required: bool = False
    help: str = ""
    prefix: str = SHEET
    nullable: bool = False
    """Whether the model may leave the part out (``None``: a defender's hazard), rather
    than fill it with its defaults (a table's options)."""

    @property
    def name(self) -> str:
        return f"{self.prefix}.{self.path}"

    @property
    def id(self) -> str:
        return input_id(self.name)

    @property
    def is_group(self) -> bool:
        return True

    def holds(self, values: Mapping[str, str], errors: Mapping[str, str]) -> bool:
        """Whether the form shows something in this part: an input with a value (a
        checkbox: checked otherwise than by default), or an error: a folded part opens."""
        inside = f"{self.name}."
        if any(name == self.name or name.startswith(inside) for name in errors):
            return True
        return _holds(self.children, values)


def _holds(items: tuple[FormItem, ...], values: Mapping[str, str]) -> bool:
    for item in items:
        if isinstance(item, FieldGroup):
            if _holds(item.children, values):
                return True
        elif item.widget == "checkbox":
            if (item.name in values) != item.checked_by_default:
                return True
        elif any(
            (name == item.name or name.startswith(f"{item.name}.")) and text.strip()
            for name, text in values.items()
        ):
            return True
    return False


FormItem: TypeAlias = FormField | FieldGroup


def input_id(name: str) -> str:
    """The HTML id of the input named ``name`` (dots are awkward in CSS selectors)."""
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)
