"""The roster at the table (TestClient): a card's "Remove from the encounter" for the
rulesets that now take a combatant out (percentile, tactical: C-21), and the "Add a fresh
NPC" form telling every error at once next to its own input, values kept, as the
character form does (C-15, ``web/sheet_forms.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_accessibility import problems
from .test_console_pages import create_campaign, error_after
from .test_encounter_pages import VERSION
from .test_sheet_form_pages import BAD, PICKED

NPCS: dict[str, list[dict[str, Any]]] = {
    "percentile": [
        {"side": "party", "stats": {"name": "Brenna", "hit_points": 13, "mov": 8}},
        {"side": "bandits", "stats": {"name": "Orc", "hit_points": 9, "mov": 6}},
        {"side": "bandits", "stats": {"name": "Wolf", "hit_points": 7, "mov": 10}},
    ],
    "tactical": [
        {"side": "party", "position": [1, 1]},
        {"side": "bandits", "position": [5, 1]},
        {"side": "bandits", "position": [5, 3]},
    ],
}


def _encounter(client: TestClient, ruleset: str, sheets: list[dict[str, Any]]) -> str:
    """A campaign with Brenna, Orc and Wolf (NPCs of ``sheets``), an encounter of them
    started: its URL."""
    campaign_id, _ = create_campaign(client, ruleset)
    names = ("Brenna", "Orc", "Wolf")
    document = {
        "schema_version": 1,
        "kind": "tablekeeper.characters",
        "ruleset": ruleset,
        "characters": [
            {"id": name.lower(), "name": name, "kind": "npc", "sheet": sheet}
            for name, sheet in zip(names, sheets, strict=True)
        ],
    }
    made = client.post(
        f"/campaigns/{campaign_id}/characters/import",
        data={"document": json.dumps(document), "format": "json"},
    )
    assert made.status_code == 303, made.text
    started = client.post(
        f"/campaigns/{campaign_id}/encounters",
        data={"character": [name.lower() for name in names]},
    )
    assert started.status_code == 303, started.text
    return str(started.headers["location"])


@pytest.mark.parametrize("ruleset", sorted(NPCS))
def test_the_cards_remove_button_takes_a_combatant_out_and_undo_puts_it_back(
    client: TestClient, ruleset: str
) -> None:
    url = _encounter(client, ruleset, NPCS[ruleset])
    page = client.get(url).text
    assert 'aria-label="Remove Wolf from the encounter"' in page
    version = VERSION.search(page)
    assert version
    gone = client.post(
        f"{url}/roster/remove",
        data={"actor": "wolf", "expected_version": version["version"]},
        headers={"HX-Request": "true"},
    )
    assert gone.status_code == 200, gone.text
    assert 'id="card-wolf"' not in gone.text
    assert 'id="card-orc"' in gone.text
    assert "Wolf leaves the" in gone.text  # the log's sentence, in the rules' words
    undone = client.post(f"{url}/undo", data={})
    assert undone.status_code == 303
    assert 'id="card-wolf"' in client.get(url).text


def test_a_lost_race_on_the_remove_button_writes_nothing(client: TestClient) -> None:
    url = _encounter(client, "tactical", NPCS["tactical"])
    stale = client.post(f"{url}/roster/remove", data={"actor": "wolf", "expected_version": "0"})
    assert stale.status_code == 409
    assert 'id="card-wolf"' in client.get(url).text


RULESETS = sorted(BAD)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fresh_npcs_errors_each_show_next_to_their_input_at_once(
    client: TestClient, ruleset: str
) -> None:
    """A bad number (and every other bad field of the sheet form's own test) and a
    missing name, all told at once next to their inputs; what was typed is kept."""
    campaign_id, _ = create_campaign(client, ruleset)
    started = client.post(f"/campaigns/{campaign_id}/encounters", data={})
    assert started.status_code == 303, started.text
    url = started.headers["location"]
    fields, expected = BAD[ruleset]
    page = client.post(f"{url}/roster/new", data={"npc_id": "troll", "npc_name": "", **fields})
    assert page.status_code == 422
    assert "give the new combatant a name" in error_after(page.text, "roster-npc_name")
    for input_id, message in expected.items():
        if input_id == "f-id":  # the character form's id; the NPC's is "troll"
            continue
        assert message in error_after(page.text, input_id).replace("&#39;", "'"), input_id
    assert 'id="roster-new-error"' not in page.text, "nothing left over at the top"
    if ruleset == "percentile":  # the form's own bound stands for the model's, said once
        assert error_after(page.text, "f-sheet-stats-hit_points") == "at least 1, not 0"
    for name, value in fields.items():
        if value and not name.endswith((".skill", ".0")) and name not in PICKED:
            assert f'value="{value}"' in page.text, f"what was typed in {name} is kept"
    assert 'value="troll"' in page.text
    assert problems(page.text) == []
    assert 'id="card-troll"' not in client.get(url).text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_missing_id_and_a_bad_number_are_told_together(client: TestClient, ruleset: str) -> None:
    campaign_id, _ = create_campaign(client, ruleset)
    url = client.post(f"/campaigns/{campaign_id}/encounters", data={}).headers["location"]
    fields, expected = BAD[ruleset]
    page = client.post(f"{url}/roster/new", data={"npc_id": "", "npc_name": "Troll", **fields})
    assert page.status_code == 422
    assert "give the new combatant an id" in error_after(page.text, "roster-npc_id")
    first = next(key for key in expected if key != "f-id")
    assert expected[first] in error_after(page.text, first).replace("&#39;", "'")
    assert 'value="Troll"' in page.text
