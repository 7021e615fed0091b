"""A resolver's reading of its odds labels: which fields of its outcome they tell."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.readings import Category, Number, Reading, default_reading
from tablekeeper.engine.resolvers import resolver
from tablekeeper.services.resolvers import rulesets


class Swing(BaseModel):
    power: int


class Blow(BaseModel):
    damage: int
    verdict: str


def test_a_reading_tells_categories_and_numbers() -> None:
    reading = Reading(
        (Category("result", (("miss", "^miss$"), ("hit", "damage$"))), Number("damage", r"(\d+)"))
    )
    assert reading.read("3 damage") == {"result": "hit", "damage": 3}
    assert reading.read("miss") == {"result": "miss", "damage": 0}
    assert reading.read("graze") == {"result": "graze", "damage": 0}  # a value of its own


@pytest.mark.parametrize(
    ("measure", "reason"),
    [
        (Number("damage", r"(\d+)", field="harm"), "no field 'harm' of Blow"),
        (Number("verdict", r"(\d+)", field="verdict"), "verdict of Blow is not a whole number"),
    ],
)
def test_a_reading_must_name_its_outcomes_fields(measure: Number, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):

        @resolver("test.blow", summary="A blow.", reading=Reading((measure,)))
        def blow(check: Swing, roller: Roller) -> Blow:
            return Blow(damage=check.power, verdict="hit")


def test_without_a_reading_numbers_are_numbers_and_words_categories() -> None:
    assert isinstance(default_reading(["0", "1", "-2"]).measures[0], Number)
    assert isinstance(default_reading(["hit", "miss"]).measures[0], Category)


def test_every_shipped_reading_reads_its_example_odds() -> None:
    """Each resolver with a reading: every label of its example's odds tells each of its
    numbers or is a declared category, so a summary adds up what the odds say."""
    registry = rulesets()
    for name in registry.available():
        registry.load(name)
    read = [item for item in registry.resolvers if item.reading is not None and item.odds]
    assert {item.name for item in read} >= {
        "percentile.attack",
        "realtime.check",
        "tactical.attack",
    }
    for item in read:
        labels = item.exact_odds(item.example or {}).labels
        for measure in item.reading.measures:  # type: ignore[union-attr]
            if isinstance(measure, Number):
                assert any(measure.tells(label) for label in labels), (item.name, measure)
            else:
                declared = [value for value, _ in measure.values]
                assert all(measure.read(label) in declared for label in labels), item.name
