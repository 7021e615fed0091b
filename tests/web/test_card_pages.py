"""The table's cards in process (TestClient): what the GM gets on a card (the sheet, HP
-/+, conditions added and removed, the card's removal, the roster) and what a player
never receives; each quick change a logged command that Undo takes back."""

from __future__ import annotations

import html
import json
import re

import pytest
from fastapi.testclient import TestClient

from .test_console_pages import create_campaign
from .test_encounter_pages import VERSION, Table
from .test_encounter_pages import table as table

STEP = re.compile(
    r'<input type="hidden" name="command" value="(?P<json>[^"]+)">\s*'
    r'<input type="hidden" name="expected_version" value="\d+">\s*'
    r'<button type="submit" class="small secondary" aria-label="(?P<label>[^"]+)">'
)


def _step(page: str, label: str) -> str:
    """The command JSON of the card button ``label`` (its accessible name)."""
    for found in STEP.finditer(page):
        if html.unescape(found["label"]) == label:
            return html.unescape(found["json"])
    raise AssertionError(f"no card button {label!r}")


def _post(table: Table, path: str, data: dict[str, str]) -> str:
    version = VERSION.search(table.page())
    assert version
    response = table.gm.post(
        f"{table.url}{path}",
        data={**data, "expected_version": version["version"]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200, response.text
    return response.text


def _card(page: str, key: str) -> str:
    """The card of ``key`` on ``page``, up to the next card or the end of the list."""
    start = page.index(f'id="card-{key}"')
    ends = [page.find(mark, start + 1) for mark in ('<li class="actor-card', "</section>")]
    end = min([found for found in ends if found > 0] or [len(page)])
    return page[start:end]


def test_the_gm_card_has_the_sheet_the_steps_and_the_roster(table: Table) -> None:
    page = table.page()
    assert 'id="cards"' in page
    assert "At the table" in page
    assert "<summary>Sheet: Characteristics, Combat</summary>" in page
    assert "<dt>melee</dt><dd>12</dd>" in page
    for label in ("HP -1 for Demilio", "HP -1 for Aliena"):
        _step(page, label)
    with pytest.raises(AssertionError, match="no card button"):
        _step(page, "HP +1 for Aliena")  # at 16 / 16: no step past the maximum
    assert 'aria-label="Remove Demilio from the encounter"' in page
    assert 'id="card-demilio-condition"' in page
    assert "Add a fresh NPC" in page


def test_a_player_gets_no_sheet_no_steps_and_no_roster(table: Table) -> None:
    page = table.page(table.player)
    assert "<summary>Sheet: Characteristics, Combat</summary>" in _card(page, "aliena"), "hers"
    page = _card(page, "demilio")
    for hidden in (
        "Sheet:",
        "<dt>melee</dt>",
        "HP -1",
        "roster/",
        "Add a condition",
        "Add a fresh NPC",
        "realtime.damage",
    ):
        assert hidden not in page, hidden


def test_hp_minus_is_the_rulesets_damage_and_undo_takes_it_back(table: Table) -> None:
    after = _post(table, "/commands", {"command": _step(table.page(), "HP -1 for Demilio")})
    assert "HP 15 / 16</span>" in after
    assert "Demilio takes 1 damage" in after or "1 damage" in after
    undone = _post(table, "/undo", {})
    assert undone.count("HP 16 / 16</span>") == 2


def test_a_condition_is_added_from_the_card_and_removed_from_it(table: Table) -> None:
    added = _post(
        table,
        "/overrides",
        {
            "operation": "add_condition",
            "path": "creatures.demilio",
            "value": "prone",
            "reason": "quick change from the table's card",
        },
    )
    assert '<span class="tag condition">prone</span>' in added
    assert '<span class="tag condition">prone</span>' in table.page(table.player), "public"
    removed = _post(table, "/commands", {"command": _step(added, "Remove prone from Demilio")})
    assert '<span class="tag condition">prone</span>' not in removed


def test_a_blank_condition_is_refused_and_the_table_still_loads(table: Table) -> None:
    # A GM walk-through found it: a card's "Add a condition" left blank was stored, and
    # every later view of the encounter failed (a card's condition has a name): a 500.
    before = VERSION.search(table.page())
    assert before
    for blank in ("", "   "):
        refused = _post(
            table,
            "/overrides",
            {
                "operation": "add_condition",
                "path": "creatures.demilio",
                "value": blank,
                "reason": "quick change from the table's card",
            },
        )
        assert "a condition needs a name" in refused
    after = VERSION.search(table.page())
    assert after
    assert after["version"] == before["version"]  # nothing written
    assert table.gm.get(table.url).status_code == 200
    assert table.player.get(table.url).status_code == 200


def test_the_gm_adds_and_removes_combatants_from_the_table(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "realtime")
    for name in ("aliena", "wolf"):
        made = client.post(
            f"/campaigns/{campaign_id}/characters",
            data={
                "id": name,
                "name": name.title(),
                "kind": "npc",
                "sheet.side": name,
                "sheet.hp": "9",
            },
        )
        assert made.status_code == 303, made.text
    started = client.post(f"/campaigns/{campaign_id}/encounters", data={"character": ["aliena"]})
    url = started.headers["location"]
    page = client.get(url).text
    assert '<option value="wolf">Wolf (NPC)</option>' in page
    version = VERSION.search(page)
    assert version
    joined = client.post(
        f"{url}/roster/add", data={"characters": "wolf", "expected_version": version["version"]}
    )
    assert joined.status_code == 303
    page = client.get(url).text
    assert 'id="card-wolf"' in page
    assert "Wolf (NPC)</option>" not in page
    bad = client.post(
        f"{url}/roster/new",
        data={"npc_id": "troll", "npc_name": "Troll", "sheet.side": "foes", "sheet.hp": "lots"},
    )
    assert bad.status_code == 422
    assert 'aria-invalid="true"' in bad.text
    assert 'value="lots"' in bad.text
    fresh = client.post(
        f"{url}/roster/new",
        data={"npc_id": "troll", "npc_name": "Troll", "sheet.side": "foes", "sheet.hp": "20"},
    )
    assert fresh.status_code == 303
    assert "HP 20 / 20</span>" in client.get(url).text
    gone = client.post(f"{url}/roster/remove", data={"actor": "wolf"})
    assert gone.status_code == 303
    page = client.get(url).text
    assert 'id="card-wolf"' not in page
    assert "Wolf leaves the encounter" in page
    undone = client.post(f"{url}/undo", data={})
    assert undone.status_code == 303
    assert 'id="card-wolf"' in client.get(url).text


def test_a_percentile_hp_plus_is_a_secret_override_the_player_never_reads(
    client: TestClient,
) -> None:
    campaign_id, _ = create_campaign(client, "percentile")
    stats = {"name": "Orc", "hit_points": 9, "mov": 6, "skills": {"Dagger": 60}}
    orc = {"id": "orc", "name": "Orc", "kind": "npc", "sheet": {"side": "orcs", "stats": stats}}
    document = {
        "schema_version": 1,
        "kind": "tablekeeper.characters",
        "ruleset": "percentile",
        "characters": [orc],
    }
    made = client.post(
        f"/campaigns/{campaign_id}/characters/import",
        data={"document": json.dumps(document), "format": "json"},
    )
    assert made.status_code == 303, made.text
    started = client.post(f"/campaigns/{campaign_id}/encounters", data={"character": ["orc"]})
    url = started.headers["location"]
    page = client.get(url).text
    assert "<dt>Dagger</dt><dd>60%</dd>" in page
    minus = client.post(f"{url}/commands", data={"command": _step(page, "HP -1 for Orc")})
    assert minus.status_code == 303
    page = client.get(url).text
    assert "HP 8 / 9</span>" in page
    plus = client.post(f"{url}/commands", data={"command": _step(page, "HP +1 for Orc")})
    assert plus.status_code == 303
    page = client.get(url).text
    assert "HP 9 / 9</span>" in page
    assert "secret" in page.split('id="log-heading"')[-1].lower()


def test_the_gm_makes_a_creatures_rolls_secret_from_its_card(table: Table) -> None:
    # Issue 13, roll visibility per NPC (ruling C-16): from Demilio's card the GM makes his
    # rolls the GM's alone; his next command then reaches the GM's log, not the player's.
    page = table.page()
    assert 'id="card-demilio-roll-mode"' in page
    assert 'id="table-roll-mode"' in page
    assert 'id="table-roll-mode"' not in table.page(table.player)
    assert "roll-modes" not in table.page(table.player)
    kept = _post(table, "/roll-modes", {"actor": "demilio", "roll_mode": "gm_only"})
    assert "rolls in secret" in _card(kept, "demilio")
    move = json.dumps(
        {
            "actor": "demilio",
            "kind": "realtime.move",
            "payload": {"creature": "demilio", "to": [1, 1]},
        }
    )
    before = table.page(table.player).split('id="log"')[-1]
    gm_before = table.page().split('id="log"')[-1]
    _post(table, "/commands", {"command": move})
    assert table.page().split('id="log"')[-1] != gm_before  # the GM's log has it
    assert table.page(table.player).split('id="log"')[-1] == before
    refused = _post(table, "/roll-modes", {"actor": "demilio", "roll_mode": "blind"})
    assert "no roll mode" in refused
    forbidden = table.player.post(
        f"{table.url}/roll-modes", data={"actor": "aliena", "roll_mode": "gm_only"}
    )
    assert forbidden.status_code == 403


def test_one_command_rolls_in_secret_by_the_tables_choice(table: Table) -> None:
    move = json.dumps(
        {
            "actor": "demilio",
            "kind": "realtime.move",
            "payload": {"creature": "demilio", "to": [1, 1]},
        }
    )
    before = table.page(table.player).split('id="log"')[-1]
    gm_before = table.page().split('id="log"')[-1]
    _post(table, "/commands", {"command": move, "roll_mode": "gm_only"})
    assert table.page().split('id="log"')[-1] != gm_before
    assert table.page(table.player).split('id="log"')[-1] == before
    refused = _post(table, "/commands", {"command": move, "roll_mode": "whisper"})
    assert 'id="table-roll-mode-error"' in refused


def test_the_gm_lets_the_players_see_a_creatures_dice_not_its_targets(table: Table) -> None:
    # Ruling C-20: "dice only" on Demilio's card; his next command still reaches the
    # player's log (the dice are theirs to see), unlike a secret one.
    page = table.page()
    assert '<option value="dice_only">Dice only, targets hidden</option>' in _card(page, "demilio")
    assert 'value="dice_only"' in page.split('id="table-roll-mode"')[-1]
    kept = _post(table, "/roll-modes", {"actor": "demilio", "roll_mode": "dice_only"})
    card = _card(kept, "demilio")
    assert "targets hidden" in card
    assert '<option value="dice_only" selected>' in card
    move = json.dumps(
        {
            "actor": "demilio",
            "kind": "realtime.move",
            "payload": {"creature": "demilio", "to": [1, 1]},
        }
    )
    before = table.page(table.player).split('id="log"')[-1]
    _post(table, "/commands", {"command": move})
    assert table.page(table.player).split('id="log"')[-1] != before
