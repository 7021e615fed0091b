"""A ruleset packaged by a third party is stored, played and shown like the shipped ones.

The duel of ``examples/duel`` is installed as its own distribution and found through its
entry point; nothing in Tablekeeper names it. This is the proof the issue asks for: a
campaign plays it through the services and the HTTP API, and the console shows its own
panel, its cards and its words, with a player never told the NPC's hit points.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from conftest import NewDatabase
from console_tokens import sending_tokens
from tablekeeper.web.app import create_console_app

from .helpers import Table, api_client, ok

SECRET_HP = 937
"""Bob's hit points: the GM's to read, never the player's."""


@pytest.fixture
def database_url(new_database: NewDatabase) -> str:
    return new_database("duel")


def _seated(client: TestClient) -> tuple[Table, str]:
    table = Table.open(client, "duel", {"dodge_tn": 15})
    table.join("ann")
    table.character("alice", {"side": "heroes", "hp": 10}, player="ann")
    table.character("bob", {"side": "villains", "hp": SECRET_HP, "defense": 5}, kind="npc")
    started = table.encounter("alice", "bob")
    return table, started["encounter"]["id"]


def test_the_duel_is_listed_with_its_schemas(database_url: str) -> None:
    with api_client(database_url) as client:
        listed = {item["name"]: item for item in ok(client.get("/api/rulesets"))}
        duel = listed["duel"]
        assert duel["options_schema"]["properties"]["dodge_tn"]["default"] == 11
        assert "id" not in duel["sheet_schema"]["properties"]
        assert [item["kind"] for item in duel["gm_commands"]] == ["duel.deal_damage"]
        assert ok(client.get("/api/rulesets/duel"))["document"].startswith("examples/duel")


def test_a_duel_campaign_is_played_through_the_api(database_url: str) -> None:
    with api_client(database_url) as client:
        table, encounter = _seated(client)
        ann = table.players["ann"]
        seen = ok(client.get(f"/api/encounters/{encounter}", headers=ann))
        assert seen["clock"] == "round 1: Alice's turn"
        assert [card["name"] for card in seen["cards"]] == ["Alice", "Bob"]
        assert [card["controller"] for card in seen["cards"]] == ["ann", None]
        attack = {"actor": "alice", "kind": "duel.attack", "payload": {"target": "bob"}}
        step = ok(
            client.post(
                f"/api/encounters/{encounter}/commands",
                json={"command": attack, "dice": [17]},
                headers=table.gm,
            )
        )
        assert step["pending"]["chooser"] == "bob"
        assert any(record.get("text") == "Alice attacks Bob: 17, hit" for record in step["records"])
        decision = step["pending"]["id"]
        answered = ok(
            client.post(
                f"/api/encounters/{encounter}/decisions/{decision}",
                json={"option": "block", "dice": [6]},
                headers=table.gm,
            )
        )
        assert "Bob takes 3 damage" in [record.get("text") for record in answered["records"]]
        for_ann = client.get(f"/api/encounters/{encounter}", headers=ann).text
        for_ann += client.get(f"/api/encounters/{encounter}/log", headers=ann).text
        for secret in (SECRET_HP, SECRET_HP - 3):  # as a number, not inside a random hex id
            assert not re.search(rf"(?<![\w.]){secret}(?![\w.])", for_ann), secret
        gm = ok(client.get(f"/api/encounters/{encounter}", headers=table.gm))
        assert gm["state"]["fighters"]["bob"]["hp"] == SECRET_HP - 3


def test_the_console_shows_the_duels_own_panel_cards_and_words(database_url: str) -> None:
    with api_client(database_url) as client:
        table, encounter = _seated(client)
        gm_secret = table.gm["Authorization"].removeprefix("Bearer ")
    with TestClient(create_console_app(database_url), follow_redirects=True) as plain:
        console = sending_tokens(plain)
        page = console.get(f"/campaigns/{table.id}?key={gm_secret}")
        assert page.status_code == 200, page.text
        table_page = console.get(f"/campaigns/{table.id}/encounters/{encounter}").text
        assert "Duel: round 1: Alice&#39;s turn" in table_page  # the duel's panel
        assert "Acting now: Alice · next: Bob" in table_page  # the panel's turn
        assert 'id="card-bob"' in table_page  # the fighters are the generic cards
        assert 'id="fighter-bob"' not in table_page  # and the panel lists them no more
        assert f"HP {SECRET_HP}" in table_page  # the GM reads Bob's card in full
        assert "Bob steps into the duel" in table_page  # the log in the duel's words
        assert ">Alice: attack Bob</button>" in table_page
        assert "Deal damage" in table_page  # its GM command as a form
