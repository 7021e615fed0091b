"""Rest (document 003, Rest): R-REST-01 .. R-REST-12, rulings G-R-13 and G-R-14."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.realtime import (
    RestInput,
    RestLedger,
    SimpleRestInput,
    register_resolvers,
    rest,
    rest_outcome,
    rest_simple,
)

HOUR = 3600

rest_inputs = st.builds(
    RestInput,
    hours=st.integers(6, 12),
    drank_enough=st.booleans(),
    food=st.sampled_from(["none", "satiating", "quality"]),
    hours_slept=st.integers(0, 6),
    comfort=st.integers(0, 4),
    armor_worn=st.booleans(),
    armor_allows_comfort=st.booleans(),
    modifiers=st.integers(-30, 30),
)


@given(rest_inputs)
def test_each_component_stays_in_its_range_and_the_score_is_their_sum_r_rest_03_to_07(
    request: RestInput,
) -> None:
    """Thirst 0/6 (R-REST-04), Hunger 0/4/6 (R-REST-05), Sleep 0/4 for 6 hours or more
    (R-REST-06), Comfort 0-4 and 0 with armor on unless it says otherwise (R-REST-07);
    Rest Score = Thirst + Hunger + Sleep + Comfort + Modifiers (R-REST-03, R-REST-08)."""
    outcome = rest(request, FixedRoller([], strict=True))
    assert outcome.thirst == (6 if request.drank_enough else 0)
    assert outcome.hunger == {"none": 0, "satiating": 4, "quality": 6}[request.food]
    assert outcome.sleep == (4 if request.hours_slept >= 6 else 0)
    assert outcome.comfort is not None
    assert 0 <= outcome.comfort <= 4
    if request.armor_worn and not request.armor_allows_comfort:
        assert outcome.comfort == 0
    else:
        assert outcome.comfort == request.comfort
    parts = (outcome.thirst, outcome.hunger, outcome.sleep, outcome.comfort)
    assert outcome.score == sum(parts) + request.modifiers == outcome.breakdown.total
    assert [term.source for term in outcome.breakdown.contributions] == [
        "R-REST-04",
        "R-REST-05",
        "R-REST-06",
        "R-REST-07",
        "R-REST-08",
    ]
    assert outcome.regeneration == max(outcome.score, 0) * request.hours  # R-REST-09
    assert outcome.hp_regenerated == outcome.flux_regenerated == outcome.regeneration  # G-R-13


def test_heavy_rain_without_shelter_reduces_the_score_by_3_r_rest_08() -> None:
    """ "Heavy rain without shelter may reduce the score by 3." (R-REST-08)."""
    dry = RestInput(hours=8, drank_enough=True, food="satiating", hours_slept=6, comfort=1)
    wet = dry.model_copy(update={"modifiers": -3})
    assert rest_outcome(dry).score - rest_outcome(wet).score == 3


def test_armor_kept_on_removes_comfort_unless_the_armor_says_otherwise_r_rest_07() -> None:
    """ "If the character does not remove armor [...], Comfort is always 0, unless the armor
    states otherwise." (R-REST-07)."""
    tent = RestInput(hours=8, comfort=3, armor_worn=True)
    assert rest_outcome(tent).comfort == 0
    assert rest_outcome(tent).breakdown.contributions[3].label == "comfort: armor worn"
    padded = tent.model_copy(update={"armor_allows_comfort": True})
    assert rest_outcome(padded).comfort == 3


def test_a_score_below_zero_regenerates_nothing_g_r_13() -> None:
    outcome = rest_outcome(RestInput(hours=4, modifiers=-5))
    assert (outcome.score, outcome.regeneration) == (-5, 0)


@pytest.mark.parametrize(
    ("quality", "score"), [("poor", 10), ("adequate", 15), ("good", 20), ("excellent", 25)]
)
def test_the_simplified_scores_r_rest_11(quality: str, score: int) -> None:
    """ "Poor Rest: Score ≈ 10; Adequate Rest: Score ≈ 15; Good Rest: Score ≈ 20; Excellent
    Rest: Score 25+" (R-REST-11); a GM's bonus on top (R-REST-12, "25+")."""
    request = SimpleRestInput.model_validate({"quality": quality, "hours": 4})
    outcome = rest_simple(request, FixedRoller([]))
    assert (outcome.score, outcome.regeneration, outcome.quality) == (score, 4 * score, quality)
    assert outcome.thirst is outcome.hunger is outcome.sleep is outcome.comfort is None
    bonus = rest_outcome(request.model_copy(update={"modifiers": 3}))
    assert bonus.score == score + 3
    assert [term.source for term in bonus.breakdown.contributions] == ["R-REST-11", "R-REST-08"]


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"hours": 13}, "input.hours"),
        ({"hours": 0}, "input.hours"),
        ({"hours": 3, "hours_slept": 4}, "input.hours_slept"),
        ({"hours": 8, "comfort": 5}, "input.comfort"),
        ({"hours": 8, "food": "feast"}, "input.food"),
        ({"hours": 8, "countable_hours": 13}, "input.countable_hours"),
    ],
)
def test_input_errors_name_the_field(raw: dict[str, object], field: str) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("realtime.rest", raw, FixedRoller([]))
    assert error.value.field == field
    assert str(error.value).startswith(f"{field}: ")


def test_hours_beyond_12_in_24_have_no_effect_and_the_outcome_says_so_r_rest_01() -> None:
    """ "up to a maximum of 12 hours within a 24-hour period. Any additional hours beyond
    this limit have no effect." (R-REST-01; rolling window, G-R-13)."""
    night = RestInput(hours=8, drank_enough=True, food="satiating", hours_slept=6, comfort=1)
    ledger, first = RestLedger().take_rest(0, night)
    ledger, second = ledger.take_rest(9 * HOUR, night)
    assert (first.hours_counted, first.hours_without_effect) == (8, 0)
    assert (second.hours_counted, second.hours_without_effect) == (4, 4)
    assert second.regeneration == 15 * 4
    # rested: hours 0-7 and 9-12. From 17h nothing counts until hour 0 leaves the window at
    # 24h; then an hour counts whenever a rested hour leaves it: all but the one at 32h,
    # when hour 8 (not rested) leaves.
    assert ledger.countable_hours(17 * HOUR, 7) == 0
    assert ledger.countable_hours(17 * HOUR, 12) == 5
    assert ledger.countable_hours(24 * HOUR, 12) == 11


def test_the_window_rolls_or_follows_the_calendar_g_r_13() -> None:
    """Ruling G-R-13: a rolling 24-hour window by default; option rest_window='calendar'
    counts 12 hours per calendar day of the campaign clock."""
    day = RestInput(hours=12)
    rolling, _ = RestLedger().take_rest(12 * HOUR, day)
    calendar, _ = RestLedger(window="calendar").take_rest(12 * HOUR, day)
    assert rolling.countable_hours(24 * HOUR, 12) == 0
    assert rolling.countable_hours(36 * HOUR, 12) == 12
    assert calendar.countable_hours(24 * HOUR, 12) == 12


def test_an_interrupted_or_cancelled_rest_counts_its_completed_hours_r_rest_02_10_g_r_14() -> None:
    """ "If a Rest is interrupted, it must be treated as two distinct Rests" (R-REST-10);
    "Any voluntary physical activity cancels the Rest" (R-REST-02): ruling G-R-14, the
    segment before the cancellation still regenerates for its whole hours, and a new Rest
    may start once the activity ends."""
    camp = RestInput(hours=3, drank_enough=True, food="quality", comfort=1)
    ledger, before = RestLedger().take_rest(0, camp)
    ledger, after = ledger.take_rest(3 * HOUR + 1800, camp.model_copy(update={"hours": 5}))
    assert (before.regeneration, after.regeneration) == (13 * 3, 13 * 5)
    assert ledger.resting_until == 8 * HOUR + 1800


def test_the_ledger_refuses_overlapping_or_impossible_rests() -> None:
    ledger = RestLedger().record(0, 8)
    with pytest.raises(IllegalCommandError, match="previous Rest ends at second 28800") as error:
        ledger.record(7 * HOUR, 2)
    assert error.value.field == "start"
    with pytest.raises(IllegalCommandError, match="1 to 12 hours, not 13"):
        ledger.countable_hours(9 * HOUR, 13)
    with pytest.raises(IllegalCommandError, match="cannot start at second -1"):
        RestLedger().record(-1, 1)


@given(st.lists(st.tuples(st.integers(0, 30 * HOUR), st.integers(1, 12)), max_size=12))
def test_never_more_than_12_counted_hours_in_any_24_hours(
    rests: list[tuple[int, int]],
) -> None:
    ledger, start = RestLedger(), 0
    for gap, hours in rests:
        start += gap
        countable = ledger.countable_hours(start, hours)
        before = set(ledger.counted)
        ledger = ledger.record(start, hours)
        added = [hour for hour in ledger.counted if hour not in before]
        assert len(added) == countable <= hours
        for hour in ledger.counted:
            assert sum(hour - 24 * HOUR < other <= hour for other in ledger.counted) <= 12
        start += hours * HOUR
    assert RestLedger.model_validate(ledger.model_dump(mode="json")) == ledger
