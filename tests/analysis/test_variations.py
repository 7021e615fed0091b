"""Grids of values and where they go: ``FIELD=START:STOP[:STEP]`` and dotted paths."""

from __future__ import annotations

import pytest

from tablekeeper.analysis.variations import (
    Variable,
    Variation,
    grid,
    suggested,
    variables,
    with_values,
)
from tablekeeper.errors import InvalidInputError


def test_a_range_is_inclusive_and_a_list_is_kept_in_order() -> None:
    assert Variation.parse("attacker.skill=30:70:20").values == (30, 50, 70)
    assert Variation.parse("tn=3:5").values == (3, 4, 5)
    assert Variation.parse("armor=2,0,1").values == (2, 0, 1)
    assert Variation.parse("rate=0.5:1:0.25").values == (0.5, 0.75, 1.0)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("skill", "FIELD=START:STOP"),
        ("skill=70:30", "STOP is below START"),
        ("skill=1:5:0", "step must be positive"),
        ("skill=a:b", "'a' is not a number"),
        ("skill=1:2:3:4", "START:STOP or START:STOP:STEP"),
    ],
)
def test_a_bad_variation_says_why_and_names_vary(text: str, reason: str) -> None:
    with pytest.raises(InvalidInputError, match=reason) as caught:
        Variation.parse(text)
    assert caught.value.field == "vary"


def test_the_grid_is_every_combination_first_field_slowest() -> None:
    points = grid([Variation.parse("a=1:2"), Variation.parse("b=5,6")])
    assert points == [{"a": 1, "b": 5}, {"a": 1, "b": 6}, {"a": 2, "b": 5}, {"a": 2, "b": 6}]
    assert grid([]) == [{}]
    with pytest.raises(InvalidInputError, match="varied twice"):
        grid([Variation.parse("a=1:2"), Variation.parse("a=3")])


def test_values_go_into_a_copy_at_their_path() -> None:
    data = {"combatants": [{"id": "wolf", "stats": {"skills": {"Bite": 50}}}]}
    changed = with_values(data, {"combatants.0.stats.skills.Bite": 55, "rounds": 3})
    assert changed["combatants"][0]["stats"]["skills"]["Bite"] == 55
    assert changed["rounds"] == 3
    assert data["combatants"][0]["stats"]["skills"]["Bite"] == 50  # the original is kept


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("combatants.3.hp", "combatants.3: a list of 1 items, numbered from 0"),
        ("combatants.0.nope.x", r"combatants.0.nope: no such field \(the fields there: id, st"),
        ("combatants.0.id.x", "combatants.0.id.x: 'wolf' has no fields"),
    ],
)
def test_a_path_that_leads_nowhere_is_an_error_naming_it(path: str, reason: str) -> None:
    data = {"combatants": [{"id": "wolf", "stats": {}}]}
    with pytest.raises(InvalidInputError, match=reason):
        with_values(data, {path: 1})


def test_a_number_written_at_zero_or_above_is_not_suggested_below_zero() -> None:
    assert Variable("armor", 1).suggested == "armor=0:3"
    assert Variable("at", 0).suggested == "at=0:2"
    assert Variable("hp", -4).suggested == "hp=-6:-2"  # a number written below 0 may go on


def test_the_numbers_a_designer_may_vary_are_named_by_whose_they_are() -> None:
    data = {
        "seconds": 30,
        "map": {"walls": [[1, 2], [3, 4]]},  # squares on a map, not numbers to vary
        "creatures": [
            {"id": "wolf", "hp": 12, "bite": {"skill": 45}, "angry": True},
            {"hp": 9},
        ],
    }
    found = variables(data)
    assert [(v.path, v.value, v.label) for v in found] == [
        ("seconds", 30, "seconds"),
        ("creatures.0.hp", 12, "wolf › hp"),
        ("creatures.0.bite.skill", 45, "wolf › bite › skill"),
        ("creatures.1.hp", 9, "creatures › 1 › hp"),
    ]


@pytest.mark.parametrize(
    ("value", "bounds", "line"),
    [
        (50, {}, "skill=30:70:10"),  # a percentile skill: tens
        (30, {}, "skill=20:40:5"),
        (20, {}, "skill=18:22"),  # a d20 characteristic: ones
        (4, {"minimum": 2, "maximum": 10}, "skill=2:6"),  # a die's worth: ones
        (1, {"minimum": 0}, "skill=0:3"),  # within its bounds
        (None, {"minimum": 1}, "skill=1:5"),  # unset: from its least
        (2.5, {}, "skill="),  # not a whole number: the field alone
        (3, {"minimum": 3, "maximum": 3}, "skill=3"),
    ],
)
def test_a_suggested_line_is_five_values_around_the_one_written(
    value: float | None, bounds: dict[str, int], line: str
) -> None:
    assert suggested("skill", value, **bounds) == line
    if "=" in line and line.split("=")[1]:
        Variation.parse(line)  # and a line the vary box reads
