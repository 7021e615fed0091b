"""A varied simulation at a glance: one row a grid point, what a designer compares.

A simulation over a grid (``--vary``) plays every point as a scenario of its own, and each
point's report is whole (sides, lengths, actors). To see what the varied number does,
the designer reads the points side by side: each point's values, each side's win rate
with its interval, and the mean length. The terminal and the console print these rows
first, above the points' own reports; a point a stopped run never reached has no trials
and says so.

>>> result = {"points": [
...     {"values": {"hp": 8}, "report": {"trials": 10, "sides": {"party": {"rate": 0.5,
...      "low": 0.24, "high": 0.76, "wins": 5}, "no one": {"rate": 0.0, "low": 0.0,
...      "high": 0.28, "wins": 0}}, "length": {"mean": 4.0, "sd": 1.0}}},
...     {"values": {"hp": 12}, "report": {"trials": 0, "sides": {}, "length": {}}}]}
>>> played, stopped = at_a_glance(result)
>>> played.values, played.trials, played.sides["party"], played.length
({'hp': 8}, 10, (0.5, 0.24, 0.76), '4.00')
>>> stopped.trials, stopped.sides, stopped.length
(0, {}, '')
>>> sides_of(result)
['party']
>>> alike(result)  # one point played: nothing to compare
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablekeeper.analysis.telling import with_spread


@dataclass(frozen=True)
class Glance:
    """One grid point: its values, its trials, each side's win rate with its interval
    (``rate, low, high``, fractions of 1), and its mean length with its spread."""

    values: Mapping[str, Any]
    trials: int
    sides: Mapping[str, tuple[float, float, float]]
    length: str


def at_a_glance(result: Mapping[str, Any]) -> list[Glance]:
    """Every point of a simulation's result, in grid order (its length the mean alone:
    each point's report has the spread)."""
    rows = []
    for point in result["points"]:
        report = point["report"]
        length = report.get("length", {})
        sides = {
            side: (row["rate"], row["low"], row["high"]) for side, row in report["sides"].items()
        }
        mean = length.get("mean")
        told = "" if mean is None or not report["trials"] else with_spread(mean, None)
        rows.append(Glance(point["values"], report["trials"], sides, told))
    return rows


def sides_of(result: Mapping[str, Any]) -> list[str]:
    """The sides any point reports, in the order they first appear, but a side that won
    no trial at any point (``no one``, where every trial had a winner)."""
    found: dict[str, None] = {}
    won: set[str] = set()
    for point in result["points"]:
        sides = point["report"]["sides"]
        found.update(dict.fromkeys(sides))
        won.update(side for side, row in sides.items() if row.get("wins", 1))
    return [side for side in found if side in won]


def alike(result: Mapping[str, Any]) -> bool:
    """Whether every point played came to the very same report (two points at least):
    the varied numbers changed nothing in these trials, which a designer should be told
    rather than left to find in a flat chart (the rules may not read the number there, or
    its values never came into play: the same dice played the same way at every point)."""
    reports = [point["report"] for point in result["points"] if point["report"]["trials"]]
    return len(reports) > 1 and all(report == reports[0] for report in reports[1:])


def alike_text(result: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """What the terminal and the console say of a grid whose points all came alike
    (those a stopped run played: "every point played").

    >>> one, none = {"trials": 2, "sides": {}}, {"trials": 0, "sides": {}}
    >>> said = alike_text({"varied": ["hp"], "points": [{"report": one}] * 2}, {"hp": "Bob › hp"})
    >>> said.removeprefix("Every point came to the same results: Bob › hp changed nothing ")
    'in these trials (this scenario may not use it, or its values never came into play).'
    >>> both = {"varied": ["a", "b"], "points": [{"report": one}] * 2 + [{"report": none}]}
    >>> print(alike_text(both, {}))  # doctest: +NORMALIZE_WHITESPACE
    Every point played came to the same results: a and b changed nothing in these trials
    (this scenario may not use them, or their values never came into play).
    """
    fields = result.get("varied") or []
    varied = " and ".join(names.get(field, field) for field in fields)
    every = "Every point"
    if any(not point["report"]["trials"] for point in result["points"]):
        every = "Every point played"
    it, its = ("them", "their") if len(fields) > 1 else ("it", "its")
    return (
        f"{every} came to the same results: {varied} changed nothing in these trials "
        f"(this scenario may not use {it}, or {its} values never came into play)."
    )
