"""A varied simulation at a glance: when every point came alike, it is said."""

from __future__ import annotations

from typing import Any

from tablekeeper.analysis.glance import alike, alike_text


def test_a_grid_is_alike_only_when_every_played_point_came_to_the_same_report() -> None:
    report = {"trials": 4, "sides": {"a": {"wins": 2}}, "length": {"mean": 3.0}}
    other = {**report, "length": {"mean": 3.5}}
    stopped = {"trials": 0, "sides": {}, "length": {}}

    def grid(*reports: dict[str, Any]) -> dict[str, Any]:
        points = [{"values": {"hp": n}, "report": r} for n, r in enumerate(reports)]
        return {"points": points, "varied": ["hp"]}

    assert alike(grid(report, dict(report)))
    assert alike(grid(report, report, stopped))  # a point not reached is not compared
    assert not alike(grid(report, other))
    assert not alike(grid(report, stopped))  # one point played: nothing to compare
    assert not alike(grid(report))
    said = alike_text(grid(report, report), {"hp": "Alice › hp"})
    assert said.startswith("Every point came to the same results: Alice › hp changed nothing")
    partly = alike_text(grid(report, report, stopped), {})
    assert partly.startswith("Every point played came to the same results: hp changed nothing")
