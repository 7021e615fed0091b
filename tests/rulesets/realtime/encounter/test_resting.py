"""Rests played inside the encounter (document 003, "Rest"; rulings G-R-13, G-R-14)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import (
    add_creature,
    advance,
    damage,
    end_rest,
    move,
    rest,
    start_action,
)

from .helpers import kinds, of_kind, table

HOUR = 3600
FOREST: dict[str, Any] = {
    "hours": 8,
    "drank_enough": True,  # fresh stream water: thirst 6
    "food": "satiating",  # satiating but bland: hunger 4
    "hours_slept": 6,  # sleep 4
    "comfort": 1,  # a hammock, armor removed
}


def _party(session: Any, hp: int = 10) -> None:
    for name in ("aliena", "balthazar", "calliope", "demilio"):
        session.submit(add_creature(id=name, side="party", hp=hp, max_hp=300))


def test_example_1_the_forest_rest_scores_15_for_8_hours() -> None:
    # Rest, Example 1: "Rest Score = 6 + 4 + 4 + 1 = 15. Regeneration is based on 8 hours
    # and a Score of 15." (R-REST-03, R-REST-09)
    session = table([])
    _party(session)
    for name in ("aliena", "balthazar", "calliope", "demilio"):
        session.submit(rest(name, **FOREST))
    events = session.submit(advance(8 * HOUR))
    assert len(events) < 12  # eight hours are a handful of events, not 28,800
    ended = of_kind(events, "rest_ended")
    assert [e.payload["creature"] for e in ended] == ["aliena", "balthazar", "calliope", "demilio"]
    for event in ended:
        outcome = event.payload["outcome"]
        assert isinstance(outcome, dict)
        assert (outcome["score"], outcome["hours_counted"], outcome["regeneration"]) == (15, 8, 120)
        assert (event.payload["reason"], event.payload["hp_after"]) == ("completed", 130)
    assert session.state.second == 8 * HOUR + 1


def test_example_2_the_interrupted_cave_rest_is_two_rests() -> None:
    # Rest, Example 2 / R-REST-10: "Calliope therefore completes two independent Rest
    # periods, each with its own Score and regeneration": 3 h at 13, then 5 h at 12.
    session = table([])
    session.submit(add_creature(id="calliope", side="party", hp=10, max_hp=300))
    cave: dict[str, Any] = {"drank_enough": True, "food": "quality", "hours_slept": 2, "comfort": 1}
    session.submit(rest("calliope", hours=8, **cave))
    session.submit(advance(3 * HOUR))
    (first,) = of_kind(session.submit(end_rest("calliope", hours_slept=2)), "rest_ended")
    session.submit(move("calliope", (5, 0)))  # the group relocates; she loses her bedroll
    session.submit(advance(60))
    bare: dict[str, Any] = {"drank_enough": True, "food": "quality", "hours_slept": 3, "comfort": 0}
    session.submit(rest("calliope", hours=5, **bare))
    (second,) = of_kind(session.submit(advance(5 * HOUR)), "rest_ended")
    summaries = []
    for event in (first, second):
        outcome = event.payload["outcome"]
        assert isinstance(outcome, dict)
        summaries.append((event.payload["hours"], outcome["score"], outcome["regeneration"]))
    assert summaries == [(3, 13, 39), (5, 12, 60)]
    assert (first.payload["reason"], second.payload["reason"]) == ("interrupted", "completed")
    assert session.state.creature("calliope").hp == 10 + 39 + 60


def test_voluntary_physical_activity_cancels_the_rest_keeping_its_whole_hours() -> None:
    # R-REST-02: "Any voluntary physical activity cancels the Rest, including walking";
    # G-R-14: the cancelled segment still counts its completed hours.
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=10, max_hp=300))
    session.submit(rest("aliena", quality="adequate", hours=8))
    session.submit(advance(2 * HOUR + 1800))
    events = session.submit(move("aliena", (1, 0)))
    assert kinds(events) == ["rest_ended", "action_started"]
    (ended,) = of_kind(events, "rest_ended")
    assert (ended.payload["reason"], ended.payload["hours"]) == ("physical_activity", 2)
    assert session.state.creature("aliena").hp == 10 + 15 * 2


def test_a_non_physical_action_does_not_break_the_rest() -> None:
    # R-REST-02: "Non-physical actions do not break the Rest."
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=10, max_hp=300))
    session.submit(rest("aliena", quality="good", hours=1))
    session.submit(start_action("aliena", name="Recite", cost=5, physical=False))
    events = session.submit(advance(HOUR))
    (ended,) = of_kind(events, "rest_ended")
    assert ended.payload["reason"] == "completed"


def test_only_12_hours_count_within_24() -> None:
    # R-REST-01: "up to a maximum of 12 hours within a 24-hour period. Any additional
    # hours beyond this limit have no effect."
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=1, max_hp=900))
    session.submit(rest("aliena", quality="poor", hours=12))
    session.submit(advance(12 * HOUR))
    session.submit(rest("aliena", quality="poor", hours=4))
    (extra,) = of_kind(session.submit(advance(4 * HOUR)), "rest_ended")
    outcome = extra.payload["outcome"]
    assert isinstance(outcome, dict)
    assert (outcome["hours_counted"], outcome["regeneration"]) == (0, 0)
    session.submit(advance(8 * HOUR))
    session.submit(rest("aliena", quality="poor", hours=2))
    (later,) = of_kind(session.submit(advance(2 * HOUR)), "rest_ended")
    assert isinstance(later.payload["outcome"], dict)
    assert later.payload["outcome"]["hours_counted"] == 2
    assert session.state.creature("aliena").hp == 1 + 10 * 12 + 10 * 2


def test_a_rest_shorter_than_an_hour_regenerates_nothing() -> None:
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=10, max_hp=300))
    session.submit(rest("aliena", quality="excellent", hours=3))
    session.submit(advance(HOUR - 1))
    (ended,) = of_kind(session.submit(end_rest("aliena")), "rest_ended")
    assert (ended.payload["hours"], ended.payload["outcome"]) == (0, None)
    assert session.state.creature("aliena").rest_ledger.counted == ()


def test_the_dying_cannot_rest_and_falling_dying_ends_a_rest() -> None:
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=10, max_hp=300))
    session.submit(rest("aliena", quality="adequate", hours=8))
    session.submit(advance(HOUR))
    events = session.submit(damage("aliena", 30))
    assert kinds(events) == ["damaged", "rest_ended"]
    with pytest.raises(IllegalCommandError, match="aliena is dying and cannot rest"):
        session.submit(rest("aliena", quality="adequate", hours=8))
