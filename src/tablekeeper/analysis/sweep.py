"""Sweeps: the exact odds of one resolver over a grid of inputs.

Each grid point is the base input with the varied fields set (:mod:`.variations`),
validated by the resolver's input model (an error names the field and the point) and
answered by ``Resolver.exact_odds``: exact fractions, no dice. A sweep is JSON data (the
fractions as strings, ``"11/20"``) with flat rows for CSV and Parquet (probabilities as
floats, one column per outcome).

Its **summary** is what a designer reads first, one definition for the terminal, the
files and the console: per point, the chance of each category of the outcome (``P(hit)``,
``P(miss)``...) and the mean of each number (``mean damage``) with its chance of at least
1 (``P(damage ≥ 1)``), as the resolver's reading of its labels says
(:mod:`tablekeeper.engine.readings`); categories in the rules' order, numbers in the
reading's. Its **main** column is the resolver's headline, else the chance that varies
most over the grid: what a chart shows by default. The full distribution stays beside it
(``outcomes``, each point's ``odds``), its labels ordered by the same reading (categories
in order, numbers ascending).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from tablekeeper.analysis.variations import Variation, grid, with_values
from tablekeeper.engine.readings import Category, Number, Reading, default_reading
from tablekeeper.engine.resolvers import Resolver
from tablekeeper.errors import InvalidInputError, RulesError

T = TypeVar("T")


def sweep(
    resolver: Resolver[Any, Any], base: Mapping[str, Any], variations: tuple[Variation, ...]
) -> dict[str, Any]:
    """The exact odds of ``resolver`` at every point of the grid over ``base``."""
    points: list[tuple[dict[str, Any], dict[str, Fraction]]] = []
    labels: dict[str, None] = {}
    checks = checked(resolver, base, variations)
    assert resolver.odds is not None  # checked refuses a resolver without
    for values, check in checks:
        odds = _at(values, partial(resolver.odds, check))
        labels.update(dict.fromkeys(odds.labels))
        points.append((values, odds.as_dict()))
    reading = resolver.reading or default_reading(labels)
    outcomes = ordered(reading, list(labels))
    columns = summary_columns(reading, outcomes)
    found = [
        {
            "values": values,
            "odds": {label: str(chances.get(label, Fraction(0))) for label in outcomes},
            "summary": {
                key: str(value) for key, value in summarized(reading, columns, chances).items()
            },
        }
        for values, chances in points
    ]
    for key in _repeated(columns, found):
        del columns[key]
        for point in found:
            del point["summary"][key]
    return {
        "resolver": resolver.name,
        "input": dict(base),
        "varied": [variation.field for variation in variations],
        "outcomes": outcomes,
        "summary": [{"key": key, "kind": kind} for key, (kind, _, _) in columns.items()],
        "main": _main(reading, columns, found),
        "points": found,
    }


Column = tuple[str, str, str | None]
"""A summary column's kind (``chance`` or ``mean``), its measure, and its category value
(``None`` for a number's)."""


def ordered(reading: Reading, labels: list[str]) -> list[str]:
    """``labels`` in the reading's order: by each category in its declared order (other
    values as first seen), then each number ascending."""
    seen = {label: index for index, label in enumerate(labels)}

    def key(label: str) -> tuple[int, ...]:
        parts: list[int] = []
        for measure in reading.measures:
            if isinstance(measure, Number):
                parts.append(measure.read(label))
            else:
                declared = [value for value, _ in measure.values]
                value = measure.read(label)
                known = value in declared
                parts.append(declared.index(value) if known else len(declared) + seen[label])
        return tuple(parts)

    return sorted(labels, key=key)


def summary_columns(reading: Reading, outcomes: list[str]) -> dict[str, Column]:
    """The summary's columns for a sweep whose labels are ``outcomes`` (in order): each
    category value some label reads as, each number some label tells."""
    columns: dict[str, Column] = {}
    for measure in reading.measures:
        if isinstance(measure, Category):
            for value in dict.fromkeys(measure.read(label) for label in outcomes):
                columns[f"P({value})"] = ("chance", measure.name, value)
        elif any(measure.tells(label) for label in outcomes):
            columns[f"mean {measure.name}"] = ("mean", measure.name, None)
            columns[f"P({measure.name} ≥ 1)"] = ("chance", measure.name, None)
    return columns


def summarized(
    reading: Reading, columns: Mapping[str, Column], chances: Mapping[str, Fraction]
) -> dict[str, Fraction]:
    """One point's summary: each column's exact chance or mean."""
    found = {key: Fraction(0) for key in columns}
    for label, chance in chances.items():
        values = reading.read(label)
        for key, (kind, measure, category) in columns.items():
            value = values[measure]
            if category is not None:
                found[key] += chance if value == category else 0
            elif isinstance(value, int) and kind == "mean":
                found[key] += chance * value
            elif isinstance(value, int) and value >= 1:
                found[key] += chance
    return found


def _repeated(columns: Mapping[str, Column], points: list[dict[str, Any]]) -> list[str]:
    """A number's chance of at least 1 that equals an earlier chance at every point
    (``P(damage ≥ 1)`` beside ``P(hit)`` when every hit deals damage): said once."""
    found = []
    chances = [key for key, (kind, _, category) in columns.items() if kind == "chance"]
    for index, key in enumerate(chances):
        if columns[key][2] is None and any(
            all(point["summary"][key] == point["summary"][other] for point in points)
            for other in chances[:index]
        ):
            found.append(key)
    return found


def _main(reading: Reading, columns: Mapping[str, Column], points: list[dict[str, Any]]) -> str:
    if reading.headline is not None and reading.headline in columns:
        return reading.headline
    chances = [key for key, (kind, _, _) in columns.items() if kind == "chance"] or list(columns)

    def spread(key: str) -> Fraction:
        found = [Fraction(point["summary"][key]) for point in points]
        return max(found) - min(found)

    return max(chances, key=spread)  # the first of the widest


def summary_value(point: Mapping[str, Any], key: str) -> float:
    """A point's summary column ``key`` (a chance or a mean), as a float."""
    return float(Fraction(point["summary"].get(key, "0")))


def columns_of(result: Mapping[str, Any]) -> list[str]:
    """The summary's column keys, in order."""
    return [column["key"] for column in result["summary"]]


def is_chance(result: Mapping[str, Any], key: str) -> bool:
    """Whether the summary column ``key`` is a chance (else a mean)."""
    return any(c["key"] == key and c["kind"] == "chance" for c in result["summary"])


def checked(
    resolver: Resolver[Any, Any], base: Mapping[str, Any], variations: tuple[Variation, ...]
) -> list[tuple[dict[str, Any], Any]]:
    """Each point of the grid over ``base`` and its input parsed by the resolver's input
    model, every one before any odds are computed (an error names the field and the
    point): what a sweep will compute, refused whole or not at all."""
    if resolver.odds is None:
        raise InvalidInputError(f"{resolver.name} has no exact odds to sweep", field="RESOLVER")
    if not variations:
        raise InvalidInputError("vary at least one field: --vary FIELD=START:STOP", field="vary")
    found = []
    for values in grid(variations):
        raw = with_values(base, values, prefix="input.", create=True)
        found.append((values, _at(values, partial(resolver.parse, raw))))
    return found


def _at(values: Mapping[str, Any], compute: Callable[[], T]) -> T:
    """``compute()``, its refusal naming the grid point when a varied field is refused
    (``at tn=0: input.tn: ...``, the ``vary`` field's: the value came from the grid), else
    the base input's field refused, as it is (the point did not cause it)."""
    try:
        return compute()
    except RulesError as error:
        refused = (error.field or "").removeprefix("input.")
        if not any(refused == path or refused.startswith(f"{path}.") for path in values):
            raise InvalidInputError(error.message, field=error.field) from None
        shown = ", ".join(f"{k}={v}" for k, v in values.items())
        raise InvalidInputError(f"at {shown}: {error.message}", field="vary") from None


def probability(point: Mapping[str, Any], label: str) -> float:
    """A point's chance of ``label``, as a float."""
    return float(Fraction(point["odds"].get(label, "0")))


def rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One flat row per point: the varied values, the summary's columns, then each
    outcome's probability (the full distribution)."""
    return [
        {
            **point["values"],
            **{key: summary_value(point, key) for key in columns_of(result)},
            **{label: probability(point, label) for label in result["outcomes"]},
        }
        for point in result["points"]
    ]


def to_csv(result: Mapping[str, Any]) -> str:
    """The rows as CSV (a header line first)."""
    found = rows(result)
    out = io.StringIO()
    names = list(dict.fromkeys([*result["varied"], *columns_of(result), *result["outcomes"]]))
    writer = csv.DictWriter(out, fieldnames=names)
    writer.writeheader()
    writer.writerows(found)
    return out.getvalue()


def to_parquet(table_rows: list[dict[str, Any]], path: Path | str) -> Path:
    """Flat rows written as a Parquet file (through pyarrow)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    target = Path(path)
    columns = list(dict.fromkeys(key for row in table_rows for key in row))
    table = pa.table({column: [row.get(column) for row in table_rows] for column in columns})
    pq.write_table(table, target)
    return target
