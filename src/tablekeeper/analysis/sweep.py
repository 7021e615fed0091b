"""Sweeps: the exact odds of one resolver over a grid of inputs.

Each grid point is the base input with the varied fields set (:mod:`.variations`),
validated by the resolver's input model (an error names the field and the point) and
answered by ``Resolver.exact_odds``: exact fractions, no dice. A sweep is JSON data (the
fractions as strings, ``"11/20"``) with flat rows for CSV and Parquet (probabilities as
floats, one column per outcome).
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
    outcomes = list(labels)
    return {
        "resolver": resolver.name,
        "input": dict(base),
        "varied": [variation.field for variation in variations],
        "outcomes": outcomes,
        "points": [
            {
                "values": values,
                "odds": {label: str(chances.get(label, Fraction(0))) for label in outcomes},
            }
            for values, chances in points
        ],
    }


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
    """``compute()``, its refusal naming the grid point (``at tn=0: input.tn: ...``): the
    ``vary`` field's when a varied field is refused (the value came from the grid), else
    the field refused (the base input's)."""
    try:
        return compute()
    except RulesError as error:
        shown = ", ".join(f"{k}={v}" for k, v in values.items())
        refused = (error.field or "").removeprefix("input.")
        varied = any(refused == path or refused.startswith(f"{path}.") for path in values)
        field = "vary" if varied else error.field
        raise InvalidInputError(f"at {shown}: {error.message}", field=field) from None


def probability(point: Mapping[str, Any], label: str) -> float:
    """A point's chance of ``label``, as a float."""
    return float(Fraction(point["odds"].get(label, "0")))


def rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One flat row per point: the varied values, then each outcome's probability."""
    return [
        {
            **point["values"],
            **{label: probability(point, label) for label in result["outcomes"]},
        }
        for point in result["points"]
    ]


def to_csv(result: Mapping[str, Any]) -> str:
    """The rows as CSV (a header line first)."""
    found = rows(result)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=[*result["varied"], *result["outcomes"]])
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
