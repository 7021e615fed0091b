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
        # a range written as a designer might: the hint says how (designer's walkthrough)
        ("Bite=30-70", r"a range is START:STOP\[:STEP\] \(30:70\)"),
        ("skill=1..5", r"\(1:5\)"),
        ("skill=2 to 4", r"\(2:4\)"),
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
    data = {"combatants": [{"id": "wolf", "stats": {"skills": {"Bite": 50}}}], "rounds": 5}
    changed = with_values(data, {"combatants.0.stats.skills.Bite": 55, "rounds": 3})
    assert changed["combatants"][0]["stats"]["skills"]["Bite"] == 55
    assert changed["rounds"] == 3
    assert data["combatants"][0]["stats"]["skills"]["Bite"] == 50  # the original is kept


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("combatants.3.hp", "combatants.3: a list of 1 items, numbered from 0"),
        ("combatants.0.nope.x", "combatants.0.nope: no such field here; this mapping has id, st"),
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


def test_a_number_is_named_by_whose_it_is_as_the_table_knows_them() -> None:
    # designer's walkthrough: "brenna › stats › skills › Rapier" and "rapier › hp" (whose?)
    data = {
        "combatants": [
            {
                "id": "brenna",
                "stats": {
                    "name": "Brenna",
                    "skills": {"Rapier": 75},
                    "weapons": [{"name": "rapier", "hp": 8}],
                },
                "social": {"passions": {"Loyalty": 70}},
            }
        ]
    }
    labels = {v.path: v.label for v in variables(data)}
    assert labels == {
        "combatants.0.stats.skills.Rapier": "Brenna › skills › Rapier",
        "combatants.0.stats.weapons.0.hp": "Brenna › rapier › hp",
        "combatants.0.social.passions.Loyalty": "Brenna › social › passions › Loyalty",
    }


def test_namesakes_are_told_apart_and_a_list_in_a_mapping_keeps_its_keys() -> None:
    # designer's walkthrough: "Goblin › agility" three times, and "cudgel › hp" (whose?)
    data = {
        "characters": [
            {"id": "goblin_1", "name": "Goblin", "agility": 2},
            {"id": "goblin_2", "name": "Goblin", "agility": 3},
            {"name": "Goblin", "agility": 1},  # no id: its place in the list, from 1
            {"id": "ilsa", "name": "Ilsa", "agility": 3},
        ],
        "stat_blocks": {"bandit": {"weapons": [{"name": "cudgel", "hp": 10}]}},
    }
    labels = [v.label for v in variables(data)]
    assert labels == [
        "Goblin (goblin_1) › agility",
        "Goblin (goblin_2) › agility",
        "Goblin (no. 3) › agility",
        "Ilsa › agility",
        "stat_blocks › bandit › cudgel › hp",
    ]
    # a name that is its id, a number; lists within a list keep their places
    numbered = {"rows": [{"name": 7, "id": 7, "hp": 1}, {"name": 7, "hp": 2}]}
    hp = [v.label for v in variables(numbered) if v.path.endswith(".hp")]
    assert hp == ["7 (no. 1) › hp", "7 (no. 2) › hp"]  # not "7 (7)"
    groups = {"groups": [[{"name": "Gob", "hp": 1}], [{"name": "Gob", "hp": 2}]]}
    assert [v.label for v in variables(groups)] == [
        "groups › 0 › Gob › hp",
        "groups › 1 › Gob › hp",
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


def test_a_key_the_data_leaves_out_is_refused_listing_the_keys_there() -> None:
    """A misspelt or absent field is not added unread (a skill its creature lacks)."""
    data = {"combatants": [{"id": "brenna", "stats": {"skills": {"Rapier": 60, "Dodge": 40}}}]}
    with pytest.raises(InvalidInputError) as caught:
        with_values(data, {"combatants.0.stats.skills.Sword": 40})
    assert caught.value.field == "vary"
    assert caught.value.message == (
        "combatants.0.stats.skills.Sword: no such skill here; this mapping has Rapier, Dodge"
    )
    with pytest.raises(InvalidInputError, match="rounds: no such field here; this mapping has"):
        with_values(data, {"rounds": 3})


def test_a_resolver_input_may_name_a_field_its_example_leaves_out() -> None:
    """``create``: the input's model (which refuses what it does not declare) judges it."""
    changed = with_values({"tn": 4}, {"options.hazard": 2, "armor": 1}, create=True)
    assert changed == {"tn": 4, "options": {"hazard": 2}, "armor": 1}


def test_a_path_ending_at_a_mapping_is_refused_listing_its_fields() -> None:
    data = {"stats": {"hp": 10, "armor": 2}}
    with pytest.raises(InvalidInputError, match=r"stats: a mapping, not a value; .*hp, armor"):
        with_values(data, {"stats": 3})


def test_a_list_may_hold_words_and_dice_where_a_range_holds_numbers() -> None:
    assert Variation.parse("defender.defense=dodge,parry").values == ("dodge", "parry")
    assert Variation.parse("damage=1d6, 1d8+1").values == ("1d6", "1d8+1")
    assert Variation.parse("armor=2,light").values == (2, "light")
    with pytest.raises(InvalidInputError, match="'dodge' is not a number"):
        Variation.parse("defense=dodge:parry")
    with pytest.raises(InvalidInputError, match="empty value"):
        Variation.parse("defense=dodge,,parry")


def test_a_field_varied_twice_is_named() -> None:
    with pytest.raises(InvalidInputError, match=r"^vary: tn: a field is varied twice"):
        grid([Variation.parse("tn=1:2"), Variation.parse("dice=3"), Variation.parse("tn=3")])
