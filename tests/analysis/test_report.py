"""Reports: Wilson intervals, lengths and per-actor tallies of many trials."""

from __future__ import annotations

import pytest

from tablekeeper.analysis.report import summarize, wilson
from tablekeeper.analysis.telling import NO_ONE
from tablekeeper.analysis.trials import Cast, Trial


def test_wilson_matches_the_textbook_and_stays_inside_zero_and_one() -> None:
    band = wilson(81, 263)  # Wilson (1927) as recomputed by Newcombe (1998): 0.2553-0.3662
    assert band.low == pytest.approx(0.2553, abs=1e-4)
    assert band.high == pytest.approx(0.3662, abs=1e-4)
    assert wilson(0, 20).low == 0.0 and wilson(0, 20).high == pytest.approx(0.1611, abs=1e-4)  # noqa: PT018
    assert wilson(20, 20).high == 1.0
    assert wilson(0, 0).high == 1.0


def _trial(index: int, winner: str | None, length: int, wolf: dict[str, int]) -> Trial:
    return Trial(index, index, winner, None, length, length * 2, {"wolf": wolf})


def test_a_report_counts_wins_lengths_and_what_each_actor_came_to() -> None:
    trials = [
        _trial(0, "party", 3, {"defeated": 1, "dead": 1, "injuries": 2, "HP lost": 9}),
        _trial(1, "party", 5, {"defeated": 1, "dead": 0, "injuries": 1, "HP lost": 5}),
        _trial(2, None, 5, {"defeated": 0, "dead": 0, "injuries": 0, "HP lost": 1}),
        _trial(3, "wolves", 4, {"defeated": 0, "dead": 0, "injuries": 1, "HP lost": 1}),
    ]
    report = summarize(trials, Cast({"wolf": "Wolf"}, {"wolf": "wolves"}))
    assert list(report["sides"]) == ["wolves", "party", NO_ONE]
    assert report["sides"]["party"]["wins"] == 2
    assert report["sides"]["party"]["rate"] == 0.5
    assert report["sides"][NO_ONE]["wins"] == 1
    assert report["length"] == {
        "mean": 4.25,
        "sd": pytest.approx(0.829156, abs=1e-6),  # how much the dice move it
        "min": 3,
        "max": 5,
        "median": 5,
        "histogram": {"3": 1, "4": 1, "5": 2},
    }
    wolf = report["actors"]["wolf"]
    assert (wolf["name"], wolf["side"], wolf["defeated"], wolf["dead"]) == (
        "Wolf",
        "wolves",
        0.5,
        0.25,
    )
    assert wolf["injuries"] == 1.0
    assert wolf["resources"] == {"HP lost": 4.0}
    assert wolf["spread"] == {
        "injuries": pytest.approx(0.707107, abs=1e-6),
        "HP lost": pytest.approx(3.316625, abs=1e-6),
    }


def test_every_trial_alike_has_no_spread() -> None:
    trials = [_trial(i, "party", 6, {"injuries": 1, "HP lost": 2}) for i in range(4)]
    report = summarize(trials, Cast({"wolf": "Wolf"}, {"wolf": "wolves"}))
    assert report["length"]["sd"] == 0.0
    assert report["actors"]["wolf"]["spread"] == {"injuries": 0.0, "HP lost": 0.0}


def test_an_actor_whose_ruleset_tallies_no_death_has_none_not_zero() -> None:
    # percentile leaves death to the GM: "Dead 0.0 %" read as no one dying (walkthrough)
    trials = [
        Trial(n, 1, None, None, 3, 3, {"brack": {"defeated": 1, "injuries": 1}, "ann": {"dead": 1}})
        for n in range(2)
    ]
    actors = summarize(trials, Cast({}, {}))["actors"]
    assert actors["brack"]["dead"] is None
    assert actors["brack"]["defeated"] == 1.0
    assert actors["ann"]["dead"] == 1.0
