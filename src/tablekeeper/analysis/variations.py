"""Variations: the values a field takes across a grid, and where in the data it lives.

``FIELD=START:STOP[:STEP]`` is every number from ``START`` to ``STOP`` inclusive, ``STEP``
apart (1 unless given); ``FIELD=A,B,C`` lists the values: numbers, or words and dice
expressions for a field that is not a number (``defense=dodge,parry``, ``damage=1d6,1d8``);
the data's own validation judges each. ``FIELD`` is a dotted path into the data as written
(a resolver's input, a scenario file): mapping keys by name, list items by number from 0
(``combatants.4.stats.skills.Bite``); it names a value the data has (a resolver's input
may also name a field its model declares and the input leaves out). The grid is every
combination of the fields' values, the first field varying slowest.
"""

from __future__ import annotations

import copy
import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablekeeper.errors import InvalidInputError

MAX_POINTS = 10_000
"""The most grid points one sweep or simulation may ask for."""

Number = int | float
Value = Number | str
"""A varied field's value: a number, or a word or dice expression from a list."""


@dataclass(frozen=True)
class Variation:
    """One field and the values it takes."""

    field: str
    values: tuple[Value, ...]

    @classmethod
    def parse(cls, text: str) -> Variation:
        """``FIELD=START:STOP[:STEP]`` (numbers) or ``FIELD=A,B,C`` (numbers, words, dice
        expressions: what is not a number is kept as written); errors name ``vary``."""
        field, sep, spec = text.partition("=")
        field = field.strip()
        if not sep or not field or not spec.strip():
            raise InvalidInputError(
                f"{text!r}: write FIELD=START:STOP[:STEP] or FIELD=A,B,C", field="vary"
            )
        if _RANGE_WRITTEN_OTHERWISE.fullmatch(spec):
            raise InvalidInputError(
                f"{text!r}: a range is START:STOP[:STEP] ({_as_range(spec)}), a list A,B,C",
                field="vary",
            )
        values: tuple[Value, ...]
        try:
            if ":" in spec:
                values = _range(spec)
            else:
                values = tuple(_listed(part) for part in spec.split(","))
        except ValueError as error:
            raise InvalidInputError(f"{text!r}: {error}", field="vary") from None
        return cls(field, values)

    def __str__(self) -> str:
        return f"{self.field}={','.join(str(v) for v in self.values)}"


_RANGE_WRITTEN_OTHERWISE = re.compile(
    r"\s*(-?\d+(?:\.\d+)?)\s*(?:-|–|\.\.|to)\s*(-?\d+(?:\.\d+)?)\s*"
)
"""A range written as ``30-70``, ``30..70`` or ``30 to 70``: a designer's range, which
would otherwise be taken for a word and refused by the field as not a number."""


def _as_range(spec: str) -> str:
    """``30-70`` as the range it means: ``30:70``."""
    found = _RANGE_WRITTEN_OTHERWISE.fullmatch(spec)
    assert found is not None
    return f"{found.group(1)}:{found.group(2)}"


def _number(text: str) -> Number:
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None


def _listed(text: str) -> Value:
    """A listed value: a number where it reads as one, else the word as written."""
    text = text.strip()
    if not text:
        raise ValueError("a list has an empty value: write A,B,C")
    try:
        return _number(text)
    except ValueError:
        return text


def _range(spec: str) -> tuple[Number, ...]:
    parts = [_number(part) for part in spec.split(":")]
    if len(parts) not in (2, 3):
        raise ValueError("a range is START:STOP or START:STOP:STEP")
    start, stop = parts[0], parts[1]
    step = parts[2] if len(parts) == 3 else 1
    if step <= 0:
        raise ValueError(f"the step must be positive, not {step}")
    if stop < start:
        raise ValueError(f"the range runs from {start} up to {stop}: STOP is below START")
    count = int((stop - start) / step + 1e-9) + 1
    if count > MAX_POINTS:
        raise ValueError(f"{count} values is more than {MAX_POINTS}")
    every_int = all(isinstance(part, int) for part in parts)
    return tuple(
        start + index * step if every_int else round(start + index * step, 10)
        for index in range(count)
    )


def grid(variations: Sequence[Variation]) -> list[dict[str, Value]]:
    """Every combination of the variations' values (one empty point for none)."""
    fields = [variation.field for variation in variations]
    twice = [field for field in dict.fromkeys(fields) if fields.count(field) > 1]
    if twice:
        raise InvalidInputError(
            f"{', '.join(twice)}: a field is varied twice (one --vary a field)", field="vary"
        )
    size = 1
    for variation in variations:
        size *= len(variation.values)
    if size > MAX_POINTS:
        raise InvalidInputError(f"the grid has {size} points, more than {MAX_POINTS}", field="vary")
    return [
        dict(zip(fields, values, strict=True))
        for values in itertools.product(*(variation.values for variation in variations))
    ]


def with_values(
    data: Mapping[str, Any], point: Mapping[str, Any], *, prefix: str = "", create: bool = False
) -> Any:
    """A deep copy of ``data`` with each dotted path of ``point`` set to its value.

    A path names a value the data has: a key a mapping leaves out is an error listing
    the keys it has (a scenario's misspelt field, or a skill its creature lacks: the
    value would be added unread, or read as a new skill). With ``create`` (a resolver's
    input, whose model refuses the fields it does not declare) a key left out is added,
    and a part of the input the path goes through is made, empty, for the model to fill
    with its defaults (a resolver's options). A path ending at a mapping is an error
    (name one of its fields)."""
    changed = copy.deepcopy(dict(data))
    for path, value in point.items():
        _set(changed, path, value, prefix, create)
    return changed


def _set(data: Any, path: str, value: Any, prefix: str, create: bool) -> None:
    keys = path.split(".")
    where = data
    for depth, key in enumerate(keys):
        last = depth == len(keys) - 1
        shown = f"{prefix}{'.'.join(keys[: depth + 1])}"
        if isinstance(where, list):
            if not key.isdigit() or int(key) >= len(where):
                raise InvalidInputError(
                    f"{shown}: a list of {len(where)} items, numbered from 0", field="vary"
                )
            if last:
                _refuse_mapping(shown, where[int(key)])
                where[int(key)] = value
            else:
                where = where[int(key)]
        elif isinstance(where, dict):
            if key not in where and not create:
                parent = keys[depth - 1] if depth else ""
                raise InvalidInputError(f"{shown}: {_missing(parent, where)}", field="vary")
            if last:
                _refuse_mapping(shown, where.get(key))
                where[key] = value
            else:
                where = where.setdefault(key, {})
        else:
            raise InvalidInputError(f"{shown}: {where!r} has no fields", field="vary")


def _missing(parent: str, mapping: Mapping[Any, Any]) -> str:
    """Why a key is refused, in the mapping's words: ``no such skill here; this mapping
    has Rapier, Dodge`` (the keys in the order written)."""
    what = parent[:-1] if parent.endswith("s") and not parent.isdigit() else "field"
    if not mapping:
        return f"no such {what} here; this mapping is empty"
    return f"no such {what} here; this mapping has {', '.join(map(str, mapping))}"


def _refuse_mapping(shown: str, found: Any) -> None:
    """A varied path ends at a value, not at a mapping of them."""
    if isinstance(found, dict) and found:
        raise InvalidInputError(
            f"{shown}: a mapping, not a value; name one of its fields: "
            f"{', '.join(map(str, found))}",
            field="vary",
        )


@dataclass(frozen=True)
class Variable:
    """A number in the data a designer may vary: its dotted path, its value as written,
    and whose it is (the ``name`` or ``id`` of the list item it lies in: ``Wolf``)."""

    path: str
    value: Number
    owner: str = ""
    within: str = ""
    """The path of the owner's list item (``creatures.0``), when there is an owner."""
    body: str = ""
    """The key of the owner's mapping that holds its name (``stats``, in ``stats: {name:
    Brenna, ...}``), left out of the label: the owner's name says it."""

    @property
    def suggested(self) -> str:
        """A line to start a ``--vary`` from (:func:`suggested`): five values around this
        one, none below 0 for a number written at 0 or above (an armor, a position)."""
        return suggested(self.path, self.value, minimum=0 if self.value >= 0 else None)

    @property
    def label(self) -> str:
        """The path in words: ``aliena › characteristics › melee`` (the owner's name for its
        place in the list; an owner within another named by both: ``Brenna › rapier ›
        hp``; the mapping that holds its name left out: ``Brenna › skills › Rapier``, not
        ``Brenna › stats › skills › Rapier``)."""
        if not self.owner:
            return " › ".join(self.path.split("."))
        rest = self.path.removeprefix(f"{self.within}.")
        if self.body:
            rest = rest.removeprefix(f"{self.body}.")
        return " › ".join([self.owner, *rest.split(".")])


def variables(
    data: Any, *, path: str = "", owner: str = "", within: str = "", body: str = ""
) -> list[Variable]:
    """Every number in ``data`` (mappings and lists, as a scenario file is written), in
    the order written; a list of two numbers is a square on a map, not two variables.
    Whose a number is: the list item it lies in, by its ``name`` (or the ``name`` of a
    mapping of it: ``stats: {name: Brenna}``), else its ``id``; within another's, by
    both (``Brenna › rapier``); items of one list that share a name, each by its id too
    (``Goblin (goblin_2)``), else by its place (``Goblin (no. 3)``); an owner in a mapping
    of them, by the keys that lead to its list (``stat_blocks › bandit › cudgel``, not a
    bare ``cudgel``)."""
    found: list[Variable] = []
    if isinstance(data, Mapping):
        for key, value in data.items():
            found += variables(value, path=f"{path}{key}.", owner=owner, within=within, body=body)
    elif isinstance(data, list) and not is_square(data):
        names = [_name_of(item) for item in data]
        shared = {name for name, _ in names if name and [n for n, _ in names].count(name) > 1}
        own = path.removesuffix(".")
        # the keys above the list's own name (a list within a list keeps its place)
        above = own if own.rpartition(".")[2].isdigit() else own.rpartition(".")[0]
        for index, item in enumerate(data):
            named, holder = names[index]
            place = f"{path}{index}"
            if named in shared:  # by its id, else its place in the list (from 1)
                told = item.get("id") if isinstance(item, Mapping) else None
                known = _a_name(told) and str(told) != named
                named = f"{named} ({told})" if known else f"{named} (no. {index + 1})"
            if named:
                outer = owner or (" › ".join(above.split(".")) if above else "")
                whose = f"{outer} › {named}" if outer else named
                found += variables(item, path=f"{place}.", owner=whose, within=place, body=holder)
            else:
                found += variables(item, path=f"{place}.", owner=owner, within=within, body=body)
    elif isinstance(data, int | float) and not isinstance(data, bool):
        found.append(Variable(path.removesuffix("."), data, owner, within, body))
    return found


def _name_of(item: Any) -> tuple[str, str]:
    """A list item's name and the key of the mapping of it that holds it (``""``: its
    own): its ``name``, a mapping's ``name`` (``stats: {name: Brenna}``), else its ``id``;
    ``("", "")`` for an item without one."""
    if not isinstance(item, Mapping):
        return "", ""
    if _a_name(item.get("name")):
        return str(item["name"]), ""
    for key, value in item.items():
        if isinstance(value, Mapping) and _a_name(value.get("name")):
            return str(value["name"]), str(key)
    return (str(item["id"]), "") if _a_name(item.get("id")) else ("", "")


def _a_name(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool) and value != ""


def is_square(data: list[Any]) -> bool:
    """A list of two whole numbers: a square on a map, one value, not two to vary."""
    return len(data) == 2 and all(isinstance(part, int) for part in data)


def suggested(
    path: str, value: Number | None, *, minimum: Number | None = None, maximum: Number | None = None
) -> str:
    """A ``FIELD=START:STOP:STEP`` line around ``value`` (five values, two steps either
    side, within the field's bounds): ones up to 20 (dice, a d20 characteristic), fives up
    to 40, tens beyond (a percentile skill). A whole number only; any other value gets the
    field alone."""
    if value is None and minimum is not None and isinstance(minimum, int):
        value = minimum + 2
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{path}="
    step = 1 if abs(value) <= 20 else 5 if abs(value) <= 40 else 10
    start, stop = value - 2 * step, value + 2 * step
    if minimum is not None:
        start = max(start, math.ceil(minimum))
    if maximum is not None:
        stop = min(stop, math.floor(maximum))
    if stop <= start:
        return f"{path}={value}"
    return f"{path}={start}:{stop}" if step == 1 else f"{path}={start}:{stop}:{step}"
