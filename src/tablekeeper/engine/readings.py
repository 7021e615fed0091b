"""How a resolver's odds labels read as the fields of its outcome.

A resolver's exact odds name each outcome by a label (``3 damage``, ``5 S.P.``,
``damage 6, cunning 1, critical 0``). Its **reading**, declared beside it
(``@resolver(..., reading=)``), says which fields of its outcome those labels tell and of
what kind: a :class:`Category` (``hit``, ``miss``, ``fumble``: a designer asks each one's
chance) or a :class:`Number` (damage, S.P.: its mean and its chance of at least 1). The
balance lab summarises a sweep by them (``analysis.sweep``); a resolver without a reading
is read as numbers where every label is one (``dice.pool``) and as one category per label
otherwise.

>>> reading = Reading((Category("result", (("miss", "^miss$"), ("hit", "damage$"))),
...                    Number("damage", r"^(\\d+) damage$")))
>>> reading.read("4 damage"), reading.read("miss")
({'result': 'hit', 'damage': 4}, {'result': 'miss', 'damage': 0})
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import BaseModel


@dataclass(frozen=True, slots=True)
class Category:
    """A field of the outcome that takes one of a few values (``hit``, ``miss``...), each
    read from the labels that match its pattern (the first that matches), in the rules'
    own order; a label no pattern matches is a value of its own."""

    name: str
    values: tuple[tuple[str, str], ...] = ()
    field: str | None = None
    """The outcome model's field it tells, where it is one."""

    def read(self, label: str) -> str:
        """The value ``label`` reads as."""
        for value, pattern in self.values:
            if re.search(pattern, label):
                return value
        return label


@dataclass(frozen=True, slots=True)
class Number:
    """A whole-number field of the outcome (damage, S.P.), read from the labels by a
    pattern with one group; a label it does not match reads 0 (a miss deals no damage)."""

    name: str
    pattern: str
    field: str | None = None
    """The outcome model's field it tells (an ``int`` one), where it is one."""

    def read(self, label: str) -> int:
        """The number ``label`` reads as (0 where it tells none)."""
        found = re.search(self.pattern, label)
        return int(found.group(1)) if found else 0

    def tells(self, label: str) -> bool:
        """Whether ``label`` says this number at all."""
        return re.search(self.pattern, label) is not None


Measure = Category | Number
"""One field a reading tells."""


@dataclass(frozen=True, slots=True)
class Reading:
    """The fields a resolver's odds labels tell, in the order a summary shows them, and
    its ``headline``: the summary's column a chart shows first (``P(hit)``, ``mean
    damage``), where the resolver names one."""

    measures: tuple[Measure, ...]
    headline: str | None = None

    def __post_init__(self) -> None:
        names = [measure.name for measure in self.measures]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"a reading needs measures with distinct names: {names}")

    def read(self, label: str) -> dict[str, str | int]:
        """Each measure's value in ``label``."""
        return {measure.name: measure.read(label) for measure in self.measures}

    def check(self, outcome_model: type[BaseModel], resolver: str) -> None:
        """Refuse a measure naming a field its outcome model has not, or a number on a
        field that is not a whole number."""
        fields = outcome_model.model_fields
        for measure in self.measures:
            if measure.field is None:
                continue
            if measure.field not in fields:
                raise ValueError(
                    f"resolver {resolver}: its reading's {measure.name!r} names no field "
                    f"{measure.field!r} of {outcome_model.__name__}"
                )
            kinds = set(typing.get_args(fields[measure.field].annotation)) or {
                fields[measure.field].annotation
            }
            if isinstance(measure, Number) and int not in kinds:
                raise ValueError(
                    f"resolver {resolver}: {measure.field} of {outcome_model.__name__} "
                    "is not a whole number"
                )


def default_reading(labels: Iterable[str]) -> Reading:
    """The reading of a resolver that declares none: a number where every label is a
    whole number (``dice.pool``'s successes), else one category per label."""
    found = list(labels)
    if found and all(re.fullmatch(r"-?\d+", label) for label in found):
        return Reading((Number("value", r"^(-?\d+)$"),), headline="mean value")
    return Reading((Category("outcome"),))
