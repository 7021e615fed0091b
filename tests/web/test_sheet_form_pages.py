"""The character pages render each ruleset's sheet form (issue 13: "Forms in the rules'
words"): a character of every ruleset is made from ordinary fields only (numbers,
pickers, table rows; no JSON), every bad field is told at once next to its input, an edit
form gives back the stored sheet unchanged, and every page is labelled."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_accessibility import problems
from .test_console_pages import create_campaign, error_after

REALTIME = {
    "sheet.side": "party",
    "sheet.hp": "20",
    "sheet.max_hp": "22",
    "sheet.position.x": "1",
    "sheet.position.y": "2",
    "sheet.ap_per_second": "2",
    "sheet.characteristics.0.skill": "melee",
    "sheet.characteristics.0.value": "12",
    "sheet.characteristics.1.skill": "cunning",
    "sheet.characteristics.1.value": "13",
    "sheet.characteristics.2.skill": "",
    "sheet.characteristics.2.value": "",
    "sheet.injuries": "Weak",
}

PERCENTILE = {
    "sheet.side": "party",
    "sheet.stats.name": "Brenna",
    "sheet.stats.hit_points": "13",
    "sheet.stats.mov": "8",
    "sheet.stats.characteristics.STR": "13",
    "sheet.stats.characteristics.DEX": "14",
    "sheet.stats.skills.0.skill": "Sword",
    "sheet.stats.skills.0.value": "60",
    "sheet.stats.skills.1.skill": "Dodge",
    "sheet.stats.skills.1.value": "40",
    "sheet.stats.weapons.0": "3",
    "sheet.stats.shields.0": "0",
    "sheet.stats.armor": "2",
    "sheet.social.passions.0.other": "Loyalty (the Jarl)",
    "sheet.social.passions.0.value": "70",
}

TACTICAL = {
    "sheet.side": "party",
    "sheet.agility": "3",
    "sheet.poise": "6",
    "sheet.style": ["slash", "parry"],
    "sheet.wielding.0": "sword",
    "sheet.vulnerable": "fire",
    "sheet.position.x": "2",
    "sheet.position.y": "0",
}

FRACTAL = {
    "sheet.side": "party",
    "sheet.kind": "npc",
    "sheet.stats.body": "8",
    "sheet.stats.logic": "6",
    "sheet.ranks.0.skill": "melee",
    "sheet.ranks.0.value": "2",
    "sheet.tools.0": "0",
    "sheet.armor": "1",
    "sheet.voice_free": "on",
}

DUEL = {"sheet.side": "red", "sheet.hp": "12", "sheet.defense": "11"}

SHEETS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "realtime": (
        REALTIME,
        {
            "side": "party",
            "hp": 20,
            "max_hp": 22,
            "position": [1, 2],
            "ap_per_second": 2,
            "characteristics": {"melee": 12, "cunning": 13},
            "injuries": ["Weak"],
        },
    ),
    "percentile": (
        PERCENTILE,
        {
            "side": "party",
            "stats": {
                "name": "Brenna",
                "hit_points": 13,
                "mov": 8,
                "characteristics": {"STR": 13, "DEX": 14},
                "skills": {"Sword": 60, "Dodge": 40},
                "weapons": [
                    {"name": "sword", "skill": "Sword", "damage": "1d8 + 1", "type": "slashing"}
                    | {"hp": 12}
                ],
                "shields": [{"name": "buckler", "hp": 8}],
                "armor": {"physical": 2},
            },
            "social": {"passions": {"Loyalty (the Jarl)": 70}},
        },
    ),
    "tactical": (
        TACTICAL,
        {
            "side": "party",
            "agility": 3,
            "poise": 6,
            "style": ["slash", "parry"],
            "wielding": [{"name": "sword"}],
            "vulnerable": ["fire"],
            "position": [2, 0],
        },
    ),
    "fractal": (
        FRACTAL,
        {
            "side": "party",
            "kind": "npc",
            "stats": {"body": 8, "logic": 6},
            "ranks": {"melee": 2},
            "tools": [{"id": "longsword", "kind": "weapon", "name": "Longsword"}],
            "armor": 1,
        },
    ),
    "duel": (DUEL, {"side": "red", "hp": 12, "defense": 11}),
}


def stored_sheet(client: TestClient, campaign: str, character: str) -> dict[str, Any]:
    document = client.get(f"/campaigns/{campaign}/export").json()
    found = [entry for entry in document["characters"] if entry["id"] == character]
    assert found, document["characters"]
    sheet: dict[str, Any] = found[0]["sheet"]
    return sheet


def contains(sheet: Any, expected: Any) -> bool:
    """Whether ``sheet`` holds everything ``expected`` says (and maybe defaults beside)."""
    if isinstance(expected, dict):
        return isinstance(sheet, dict) and all(
            key in sheet and contains(sheet[key], value) for key, value in expected.items()
        )
    return bool(sheet == expected)


@pytest.mark.parametrize("ruleset", sorted(SHEETS))
def test_a_character_is_made_from_form_fields_only(client: TestClient, ruleset: str) -> None:
    campaign, _ = create_campaign(client, ruleset)
    form = client.get(f"/campaigns/{campaign}/characters/new").text
    assert 'type="number"' in form
    assert "JSON" not in form.split("<details")[0], "no JSON outside the collapsed box"
    fields, expected = SHEETS[ruleset]
    made = client.post(
        f"/campaigns/{campaign}/characters",
        data={"name": "Brenna", "kind": "pc", **fields},
    )
    assert made.status_code == 303, made.text
    sheet = stored_sheet(client, campaign, "brenna")
    assert contains(sheet, expected), sheet

    edit = client.get(f"/campaigns/{campaign}/characters/brenna/edit").text
    assert problems(edit) == []
    posted = edit_form_of(edit)
    saved = client.post(
        f"/campaigns/{campaign}/characters/brenna/edit", data={**posted, "reason": "none"}
    )
    assert saved.status_code == 303, saved.text
    assert stored_sheet(client, campaign, "brenna") == sheet, "the edit form gives it back"


def edit_form_of(html: str) -> dict[str, Any]:
    """What a browser would post of the edit form as it is rendered."""
    posted: dict[str, list[str]] = {}
    form = html.split('class="form sheet-form" novalidate>')[1].split("</form>")[0]
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or ('type="checkbox"' in tag and " checked" not in tag):
            continue
        posted.setdefault(name.group(1), []).append(value.group(1) if value else "")
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', body)
        posted.setdefault(name, []).append(chosen.group(1) if chosen else "")
    for name, body in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', form, re.S):
        posted[name] = [unescape(body)]
    return {name: values if len(values) > 1 else values[0] for name, values in posted.items()}


def unescape(text: str) -> str:
    import html

    return html.unescape(text)


BAD: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "realtime": (
        {
            "sheet.side": "party",
            "sheet.max_hp": "0",
            "sheet.characteristics.0.skill": "melee",
            "sheet.characteristics.0.value": "99",
            "sheet.characteristics.1.skill": "",
            "sheet.characteristics.1.value": "7",
            "sheet.position.x": "3",
        },
        {
            "f-sheet-hp": "Field required",
            "f-sheet-max_hp": "at least 1",
            "f-sheet-characteristics-0-value": "at most 40",
            "f-sheet-characteristics-1-skill": "pick the skill",
            "f-sheet-position-y": "give y too",
            "f-id": "pattern",
        },
    ),
    "percentile": (
        {
            "sheet.side": "party",
            "sheet.stats.name": "Brenna",
            "sheet.stats.hit_points": "0",
            "sheet.stats.characteristics.STR": "300",
            "sheet.stats.skills.0.other": "x" * 61,
            "sheet.stats.skills.0.value": "20",
            "sheet.stats.skills.1.skill": "Dodge",
            "sheet.stats.skills.1.value": "",
            "sheet.stats.damage_bonus": "lots",
        },
        {
            "f-sheet-stats-hit_points": "at least 1",
            "f-sheet-stats-mov": "Field required",
            "f-sheet-stats-characteristics-STR": "at most 200",
            "f-sheet-stats-skills-0-other": "at most 60 characters",
            "f-sheet-stats-skills-1-value": "give Dodge a value",
            "f-sheet-stats-damage_bonus": "",
            "f-id": "pattern",
        },
    ),
    "tactical": (
        {"sheet.agility": "21", "sheet.poise": "-1", "sheet.wielding.0": "lance"},
        {
            "f-sheet-side": "Field required",
            "f-sheet-agility": "at most 20",
            "f-sheet-poise": "at least 0",
            "f-sheet-wielding-0": "not in the list",
            "f-id": "pattern",
        },
    ),
    "fractal": (
        {"sheet.side": "party", "sheet.stats.body": "7", "sheet.armor": "1000"},
        {
            "f-sheet-stats-body": "not in the list",
            "f-sheet-armor": "at most 999",
            "f-id": "pattern",
        },
    ),
    "duel": (
        {"sheet.hp": "0", "sheet.defense": "31"},
        {"f-sheet-hp": "at least 1", "f-sheet-defense": "at most 30", "f-id": "pattern"},
    ),
}


PICKED = {"sheet.stats.armor", "sheet.stats.body"}
"""Selects: a value the list does not offer cannot be shown picked."""


@pytest.mark.parametrize("ruleset", sorted(BAD))
def test_every_bad_field_is_told_at_once_next_to_it(client: TestClient, ruleset: str) -> None:
    campaign, _ = create_campaign(client, ruleset)
    fields, expected = BAD[ruleset]
    page = client.post(
        f"/campaigns/{campaign}/characters",
        data={"id": "bad id!", "name": "Brenna", **fields},
    )
    assert page.status_code == 422
    for input_id, message in expected.items():
        assert message in error_after(page.text, input_id).replace("&#39;", "'"), input_id
    for name, value in fields.items():
        if value and not name.endswith((".skill", ".0")) and name not in PICKED:
            assert f'value="{value}"' in page.text, f"what was typed in {name} is kept"
    assert problems(page.text) == []
    assert "Brenna" not in client.get(f"/campaigns/{campaign}").text.split("<main")[1]


@pytest.mark.parametrize("ruleset", ["percentile", "fractal", "realtime", "tactical"])
def test_a_sheets_help_cites_no_rule_ids(client: TestClient, ruleset: str) -> None:
    """The designer's review: the character form's help read "Meters per Move action
    (P-ACT-19)." The ids are the code's; the table reads the rule's words alone, as in
    every other generated form (``forms.readable_help``)."""
    campaign, _ = create_campaign(client, ruleset)
    form = client.get(f"/campaigns/{campaign}/characters/new").text
    helps = re.findall(r'<p class="help"[^>]*>(.*?)</p>', form, re.S)
    assert helps, "the form has help"
    cited = [text for text in helps if re.search(r"\b[A-Z]{1,2}(?:-[A-Z]+)*-[A-Z]*\d+\b", text)]
    assert cited == []
