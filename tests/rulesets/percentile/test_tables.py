"""The Combat Fumble Table and the hit location table as data, validated at load."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.errors import InvalidInputError, UnknownNameError
from tablekeeper.rulesets.percentile import (
    fumble_table,
    hit_location_table,
    parse_fumble_table,
    parse_hit_location_table,
)
from tablekeeper.rulesets.percentile.tables import DamageItem, Distracted, DropItem, HitSelf


def fumble_data() -> dict[str, Any]:
    return fumble_table().model_dump(mode="json")


def test_the_packaged_fumble_table_is_the_documents_p_atk_13() -> None:
    table = fumble_table()
    assert fumble_table() is table
    assert table.die == 10
    assert not table.provisional
    assert [table.row_for(roll).effect for roll in range(1, 11)] == [
        "lose_turn",
        "lose_actions",
        "lose_equipment",
        "drop_item",
        "drop_item",
        "damage_item",
        "free_attack",
        "distracted",
        "hit_self",
        "hit_self",
    ]
    four, five, six, eight = (table.row_for(roll) for roll in (4, 5, 6, 8))
    assert isinstance(four, DropItem)
    assert four.distance == "1d3"
    assert isinstance(five, DropItem)
    assert five.distance == "1d3 + 3"
    assert isinstance(six, DamageItem)
    assert six.hp_loss == "1d3"
    assert isinstance(eight, Distracted)
    assert eight.modifier == 20
    nine, ten = table.row_for(9), table.row_for(10)
    assert isinstance(nine, HitSelf)
    assert isinstance(ten, HitSelf)
    assert (nine.physical_armor, nine.magical_armor) == (True, False)
    assert (ten.physical_armor, ten.magical_armor) == (False, False)
    assert parse_fumble_table(fumble_data()) == table


def test_the_hit_location_table_is_provisional_g_p_08() -> None:
    table = hit_location_table()
    assert table.provisional
    assert table.die == 20
    assert [table.row_for(roll).location for roll in (1, 4, 5, 9, 12, 13, 18, 19, 20)] == [
        "right leg",
        "right leg",
        "left leg",
        "abdomen",
        "chest",
        "right arm",
        "left arm",
        "head",
        "head",
    ]
    assert sum(faces for _, faces in table.chances()) == 20
    with pytest.raises(UnknownNameError, match="did you mean left arm"):
        table.row_named("left am")


@pytest.mark.parametrize(
    ("spans", "message"),
    [
        ([(1, 4), (6, 10)], r"no row covers 5 \(gap before 6-10\)"),
        ([(1, 5), (5, 10)], r"5-10 overlaps the row before it"),
        ([(2, 10)], r"no row covers 1 \(gap before 2-10\)"),
        ([(1, 8)], r"no row covers 9-10"),
        ([(1, 12)], r"the rows run to 12, past the d10"),
        ([(1, 5), (7, 6)], r"ends before it starts"),
    ],
)
def test_a_gap_or_an_overlap_in_the_fumble_table_is_a_load_error(
    spans: list[tuple[int, int]], message: str
) -> None:
    rows = [{"low": low, "high": high, "effect": "lose_turn", "text": "x"} for low, high in spans]
    with pytest.raises(InvalidInputError, match=message) as error:
        parse_fumble_table({"die": 10, "rows": rows})
    assert error.value.field == "fumbles.yaml"


def test_a_house_fumble_table_loads_and_bad_rows_name_the_field() -> None:
    house = parse_fumble_table(
        "die: 4\nrows:\n"
        "  - {low: 1, high: 2, effect: lose_turn, text: Stunned.}\n"
        "  - {low: 3, high: 4, effect: drop_item, distance: 2d3, text: Dropped.}\n",
        name="house.yaml",
    )
    assert house.row_for(3).effect == "drop_item"
    with pytest.raises(InvalidInputError) as error:
        parse_fumble_table(
            {"die": 1, "rows": [{"low": 1, "high": 1, "effect": "explode", "text": "x"}]}
        )
    assert str(error.value.field).startswith("fumbles.yaml.rows.0")
    with pytest.raises(InvalidInputError, match="distance"):
        parse_fumble_table(
            {"die": 1, "rows": [{"low": 1, "high": 1, "effect": "drop_item", "text": "x"}]}
        )
    with pytest.raises(InvalidInputError, match="not valid YAML"):
        parse_fumble_table("rows: [", name="broken.yaml")


def test_hit_location_tables_are_checked_too() -> None:
    data = hit_location_table().model_dump(mode="json")
    assert parse_hit_location_table(data) == hit_location_table()
    data["rows"][1]["location"] = "right leg"
    with pytest.raises(InvalidInputError, match="locations named twice: right leg"):
        parse_hit_location_table(data)
    data = hit_location_table().model_dump(mode="json")
    data["rows"][0]["hp_fraction"] = "3/2"
    with pytest.raises(InvalidInputError, match=r"in \(0, 1\]"):
        parse_hit_location_table(data)
    data = hit_location_table().model_dump(mode="json")
    data["rows"][0]["kind"] = "tail"
    with pytest.raises(InvalidInputError, match="kind"):
        parse_hit_location_table(data)
