"""On game night the GM picks what the rules' data defines instead of typing it (issue
13): an override's creature and value from lists, a trigger's kind from the catalogue,
a hit location from the table, the character a GM command names from the encounter."""

from __future__ import annotations

import re

from tablekeeper.web.encounter import gm_forms

from .test_encounter_pages import Table, table  # noqa: F401 (a fixture)


def options_of(html: str, select_id: str) -> list[str]:
    body = html.split(f'id="{select_id}"')[1].split("</select>")[0]
    return re.findall(r'<option value="([^"]*)"', body)


def test_an_override_picks_a_creature_and_a_value_from_lists(table: Table) -> None:  # noqa: F811
    page = table.page()
    assert "creatures.demilio" in options_of(page, "override-creature")
    assert "hp" in options_of(page, "override-field")
    made = table.gm.post(
        f"{table.url}/overrides",
        data={
            "operation": "set_value",
            "creature": "creatures.demilio",
            "field": "hp",
            "value": "5",
            "reason": "a fall",
        },
    )
    assert made.status_code == 303, made.text
    assert "5 / 16" in table.page()
    condition = table.gm.post(
        f"{table.url}/overrides",
        data={
            "operation": "add_condition",
            "creature": "creatures.aliena",
            "field": "",
            "value": "prone",
            "reason": "tripped",
        },
    )
    assert condition.status_code == 303, condition.text


def test_the_gm_forms_offer_the_rules_data_as_pickers(table: Table) -> None:  # noqa: F811
    page = table.page()
    kinds = options_of(page, "gm-realtime-trigger-kind")
    assert {"declared", "leaves_reach", "poorly_executed"} <= set(kinds)
    damage = {form.kind: form for form in gm_forms("percentile")}["percentile.damage"]
    location = next(item for item in damage.items if item.path == "location")
    assert location.widget == "select"
    assert "left leg" in location.choices
    for kind in ("tactical.deal_damage", "tactical.defeat", "tactical.interrupt"):
        form = {form.kind: form for form in gm_forms("tactical")}[kind]
        character = next(item for item in form.items if item.path == "character")
        assert character.actor, f"{kind} picks the character from the encounter"
