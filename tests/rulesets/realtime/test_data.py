"""The critical injury table as data: validated at load (STYLE.md, lesson 5)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
import yaml

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime import (
    CriticalInjuryInput,
    critical_injury_odds,
    critical_injury_result,
    critical_injury_table,
    parse_critical_injury_table,
)
from tablekeeper.rulesets.realtime.tables import CRITICAL_INJURIES_FILE


def packaged() -> dict[str, Any]:
    data = critical_injury_table().model_dump()
    return data | {"rows": list(data["rows"])}


def rows(*spans: tuple[int, int]) -> list[dict[str, Any]]:
    return [
        {"low": low, "high": high, "test_modifier": 0, "injury": f"Injury {index}"}
        for index, (low, high) in enumerate(spans)
    ]


def test_the_packaged_table_loads_once_and_round_trips() -> None:
    table = critical_injury_table()
    assert critical_injury_table() is table
    assert parse_critical_injury_table(packaged()) == table
    assert table.row_for(119) is not None
    assert table.row_for(119).interval == "119"
    assert table.row_for(45) is not None
    assert table.row_for(45).interval == "41-50"


@pytest.mark.parametrize(
    ("spans", "death_at", "message"),
    [
        ([(1, 10), (12, 20)], 21, r"rows: no row covers 11 \(gap before 12-20\)"),
        ([(1, 10), (10, 20)], 21, r"rows: 10-20 \(Injury 1\) overlaps"),
        ([(2, 20)], 21, r"no row covers 1 \(gap before 2-20\)"),
        ([(1, 10), (11, 20)], 25, r"no row covers 21-24"),
        ([(1, 10), (11, 30)], 21, r"the rows run to 30, past death_at \(21\)"),
        ([(1, 10), (11, 20), (21, 30)], 31, None),
    ],
)
def test_a_gap_or_an_overlap_is_a_load_error(
    spans: list[tuple[int, int]], death_at: int, message: str | None
) -> None:
    data = {"schema_version": 1, "death_at": death_at, "rows": rows(*spans)}
    if message is None:
        assert parse_critical_injury_table(data).death_at == death_at
        return
    with pytest.raises(InvalidInputError, match=rf"^{CRITICAL_INJURIES_FILE}.*{message}"):
        parse_critical_injury_table(data)


def test_the_packaged_table_with_a_row_removed_or_widened_fails_to_load() -> None:
    broken = packaged()
    del broken["rows"][5]  # Weak, 51-60
    with pytest.raises(InvalidInputError, match="no row covers 51-60"):
        parse_critical_injury_table(broken)
    overlapping = packaged()
    overlapping["rows"][19]["high"] = 118  # Amputated (Left Leg) 117-118
    with pytest.raises(InvalidInputError, match="overlaps"):
        parse_critical_injury_table(overlapping)


def test_other_broken_tables_name_the_field() -> None:
    cases: list[tuple[Any, str]] = [
        ("rows: [", "not valid YAML"),
        ("- 1\n- 2", "must be a mapping"),
        ({"death_at": 21, "rows": [*rows((1, 10)), *rows((11, 20))]}, "named twice: Injury 0"),
        (
            {"death_at": 11, "rows": [{"low": 5, "high": 1, "test_modifier": 0, "injury": "X"}]},
            r"rows\.0: the interval 5-1 ends before it starts",
        ),
        ({"death_at": 11, "rows": rows((1, 10)), "schema_version": 2}, "schema_version"),
        (
            {"death_at": 11, "rows": [{**rows((1, 10))[0], "test_modifier": 3}]},
            r"rows\.0\.test_modifier",
        ),
        ({"death_at": 11, "rows": [{**rows((1, 10))[0], "color": "red"}]}, r"rows\.0\.color"),
    ]
    for data, message in cases:
        with pytest.raises(InvalidInputError, match=message):
            parse_critical_injury_table(data)


def test_a_house_table_resolves_through_the_same_rule() -> None:
    """A GM's own YAML (ARCHITECTURE idea 6) goes through the same checks and the same
    rule; here a table where a total of 21 or more is death."""
    house = parse_critical_injury_table(
        yaml.safe_dump({"death_at": 21, "rows": rows((1, 10), (11, 20))}), name="house.yaml"
    )
    request = CriticalInjuryInput(seconds_negative=5, negative_hp=5)
    assert critical_injury_result(request, 11, house).label == "death"
    assert critical_injury_result(request, 1, house).injury == "Injury 1"
    assert critical_injury_odds(request, house).as_dict()["death"] == Fraction(90, 100)
