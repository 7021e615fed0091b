"""The sheet-form contract (engine/sheet_forms.py, engine/sheet_schema.py): a posted form
becomes a sheet, a sheet becomes the form that gives it back, and every input that cannot
be read is told at once, by its name."""

from __future__ import annotations

import pytest

from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection
from tablekeeper.engine.sheet_schema import schema_sheet_form

SWORD = {"name": "sword", "damage": "1d8"}

FORM = SheetForm(
    (
        SheetSection(
            "The fighter",
            (
                SheetField("side", "Side", "text", required=True),
                SheetField("stats.hp", "Hit points", minimum=1, maximum=99),
                SheetField("square", "Square", "square"),
                SheetField("brave", "Brave", "check"),
                SheetField("voice", "Voice", "check", default=True),
                SheetField("die", "Die", "choice", choices=(Choice("6", "d6"), Choice("8", "d8"))),
                SheetField("injuries", "Injuries", "choices", choices=(Choice("Weak", "Weak"),)),
                SheetField(
                    "stats.skills",
                    "Skill",
                    "skills",
                    minimum=0,
                    maximum=100,
                    choices=(Choice("Dodge", "Dodge"), Choice("Sword", "Sword")),
                    other=True,
                ),
                SheetField("weapons", "Weapon", "items", choices=(Choice("0", "sword", SWORD),)),
                SheetField("armour", "Armour", "item", choices=(Choice("0", "2 AP", {"ap": 2}),)),
            ),
        ),
    )
)


def test_a_posted_form_is_assembled_into_the_sheet() -> None:
    assembled = FORM.assemble(
        {
            "sheet.side": ["party"],
            "sheet.stats.hp": ["12"],
            "sheet.square.x": ["1"],
            "sheet.square.y": ["-2"],
            "sheet.brave": ["on"],
            "sheet.voice": ["on"],
            "sheet.die": ["8"],
            "sheet.injuries": ["Weak"],
            "sheet.stats.skills.0.skill": ["Dodge"],
            "sheet.stats.skills.0.value": ["40"],
            "sheet.stats.skills.1.skill": [""],
            "sheet.stats.skills.1.value": [""],
            "sheet.stats.skills.2.skill": ["Sword"],
            "sheet.stats.skills.2.other": ["Lore"],
            "sheet.stats.skills.2.value": ["25"],
            "sheet.weapons.0": [""],
            "sheet.weapons.3": ["0"],
            "sheet.armour": ["0"],
        }
    )
    assert assembled.problems == {}
    assert assembled.sheet == {
        "side": "party",
        "stats": {"hp": 12, "skills": {"Dodge": 40, "Lore": 25}},
        "square": [1, -2],
        "brave": True,
        "die": 8,
        "injuries": ["Weak"],
        "weapons": [SWORD],
        "armour": {"ap": 2},
    }
    assert assembled.inputs["stats.skills.Lore"] == "sheet.stats.skills.2.value"
    assert assembled.inputs["weapons.0"] == "sheet.weapons.3"


def test_every_unreadable_input_is_told_at_once_by_its_name() -> None:
    assembled = FORM.assemble(
        {
            "sheet.stats.hp": ["lots"],
            "sheet.square.x": ["3"],
            "sheet.voice": [],
            "sheet.die": ["20"],
            "sheet.stats.skills.0.skill": ["Dodge"],
            "sheet.stats.skills.0.value": ["400"],
            "sheet.stats.skills.1.skill": [""],
            "sheet.stats.skills.1.value": ["5"],
            "sheet.stats.skills.2.skill": ["Dodge"],
            "sheet.stats.skills.2.value": ["5"],
            "sheet.stats.skills.3.skill": ["Sword"],
            "sheet.stats.skills.3.value": [""],
            "sheet.weapons.0": ["9"],
        }
    )
    assert assembled.problems == {
        "sheet.stats.hp": "a whole number, not 'lots'",
        "sheet.square.y": "give y too",
        "sheet.die": "'20' is not in the list",
        "sheet.stats.skills.0.value": "at most 100, not 400",
        "sheet.stats.skills.1.skill": "pick the skill this value is for",
        "sheet.stats.skills.2.skill": "Dodge is already in the table",
        "sheet.stats.skills.3.value": "give Sword a value",
        "sheet.weapons.0": "'9' is not in the list",
    }
    assert assembled.sheet["voice"] is False, "a box checked by default, unchecked"


def test_a_sheet_gives_back_the_form_that_makes_it() -> None:
    sheet = {
        "side": "foes",
        "stats": {"hp": 9, "skills": {"Dodge": 30, "Lore": 5}},
        "square": [4, 5],
        "injuries": ["Weak"],
        "weapons": [SWORD, {"name": "club"}],
        "armour": {"ap": 2},
        "notes": "kept",
    }
    form = FORM.including(sheet)
    posted = form.values(sheet)
    assert posted["sheet.stats.skills.1.other"] == ["Lore"]
    assert posted["sheet.voice"] == ["on"], "absent: the rules' default, checked"
    assert posted["sheet.weapons.1"] == ["stored:1"]
    assembled = form.assemble(posted).sheet
    assert assembled == {key: value for key, value in sheet.items() if key != "notes"}
    assert form.uncovered(sheet) == {"notes": "kept"}


@pytest.mark.parametrize("name", ["realtime", "percentile", "tactical", "fractal", "duel"])
def test_every_ruleset_gives_a_form_in_its_own_words(name: str) -> None:
    ruleset = load_ruleset(name)
    form = ruleset.sheet_form(ruleset.Options())
    paths = [item.path for item in form.fields]
    assert len(paths) == len(set(paths)), "each path once"
    assert "side" in paths
    labels = {item.label for item in form.fields}
    assert not any("_" in label for label in labels), "labels in words, not field names"
    top = set(ruleset.Actor.model_json_schema()["properties"])
    assert {path.split(".")[0] for path in paths} <= top, "every field is the actor spec's"


def test_the_default_form_is_read_from_the_actor_schema() -> None:
    form = schema_sheet_form(load_ruleset("percentile").Actor.model_json_schema())
    by_path = {item.path: item for item in form.fields}
    assert by_path["stats.hit_points"].kind == "number"
    assert by_path["stats.hit_points"].minimum == 1
    assert by_path["stats.skills"].kind == "skills"
    assert by_path["form"].kind == "choice"
    assert by_path["spirit"].kind == "check"
    assert "id" not in by_path
    assert "name" not in by_path
    assert "stats.weapons" not in by_path, "a list of models is left to the JSON box"
