"""Roll modes through the API (ruling C-16): the GM sets a creature's default or chooses
for one command; a player neither reads the defaults nor receives a secret command's
records, and a bad mode is a 422 naming the field."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tablekeeper.rulesets.realtime.encounter.commands import move

from .helpers import PERCENTILE_PC, Table, command, ok, refused, stat_block
from .test_deletion_routes import client as client  # the API over each SQL backend


def _table(client: TestClient) -> tuple[Table, str]:
    table = Table.open(client, "realtime")
    ann = table.join("ann")
    table.character("hero", {"side": "party", "hp": 20, "position": [0, 0]}, player="ann")
    table.character("orc", {"side": "orcs", "hp": 20, "position": [3, 0]}, kind="npc")
    started = table.encounter("hero", "orc")
    del ann
    return table, started["encounter"]["id"]


def test_a_secret_default_keeps_the_npcs_command_from_the_player(client: TestClient) -> None:
    table, encounter = _table(client)
    base = f"{table.path}/roll-modes"
    set_ = client.put(f"{base}/orc", json={"mode": "gm_only"}, headers=table.gm)
    assert ok(set_)["modes"] == {"orc": "gm_only"}
    assert ok(client.get(base, headers=table.gm))["modes"] == {"orc": "gm_only"}
    refused(client.get(base, headers=table.players["ann"]), 403, "token", "only the GM")
    ok(
        client.post(
            f"/api/encounters/{encounter}/commands",
            json={"command": command(move("orc", (4, 0)))},
            headers=table.gm,
        )
    )
    kinds = [record["kind"] for record in table.log(encounter, table.players["ann"])]
    assert "realtime.action_started" not in kinds
    assert "realtime.action_started" in [record["kind"] for record in table.log(encounter)]


def test_a_command_chooses_its_own_mode_and_a_bad_one_is_named(client: TestClient) -> None:
    table, encounter = _table(client)
    url = f"/api/encounters/{encounter}/commands"
    body = {"command": command(move("orc", (4, 0))), "roll_mode": "gm_only"}
    ok(client.post(url, json=body, headers=table.gm))
    assert "realtime.action_started" not in [
        r["kind"] for r in table.log(encounter, table.players["ann"])
    ]
    bad = client.post(url, json={**body, "roll_mode": "blind"}, headers=table.gm)
    assert bad.status_code == 422
    assert "roll_mode" in bad.text
    mine = {"command": command(move("hero", (0, 1))), "roll_mode": "gm_only"}
    refused(client.post(url, json=mine, headers=table.players["ann"]), 403, "token", "only the GM")


def test_dice_only_sends_a_player_the_npcs_d100_not_its_skill(client: TestClient) -> None:
    # ruling C-20: a dice-only roll through the API's command body and the log it answers
    table = Table.open(client, "percentile")
    table.join("ann")
    table.character("brenna", PERCENTILE_PC, player="ann")
    ogre = {"side": "foes", "stats": stat_block("Ogre", skills={"Sword": 87, "Dodge": 40})}
    table.character("ogre", ogre, kind="npc")
    encounter = table.encounter("brenna", "ogre")["encounter"]["id"]
    url = f"/api/encounters/{encounter}/commands"

    def give(actor: str, kind: str, payload: dict[str, Any], **body: Any) -> Any:
        sent = {"command": {"actor": actor, "kind": kind, "payload": payload}, **body}
        return ok(client.post(url, json=sent, headers=table.gm))

    give("gm", "percentile.start", {})
    give("gm", "percentile.engage", {"pair": ["ogre", "brenna"]})
    while (
        active := ok(client.get(f"/api/encounters/{encounter}", headers=table.gm))["state"][
            "active"
        ]
    ) != "ogre":
        give("gm", "percentile.end_turn", {"combatant": active})
    attack = {"combatant": "ogre", "targets": ["brenna"]}
    give("ogre", "percentile.attack", attack, roll_mode="dice_only")

    def rolled(headers: Any = None) -> dict[str, Any]:
        log = table.log(encounter, headers)
        return next(r for r in log if r["kind"] == "percentile.attack_rolled")

    theirs, gm = rolled(table.players["ann"]), rolled()
    assert theirs["visibility"]["targets_hidden"] is True
    assert set(theirs["payload"]["roll"]) == {"roll", "level", "automatic_success"}
    assert "against" not in theirs["text"]
    assert gm["payload"]["roll"]["effective_skill"] == 87
    assert "against 87%" in gm["text"]
    set_ = client.put(f"{table.path}/roll-modes/ogre", json={"mode": "dice_only"}, headers=table.gm)
    assert ok(set_)["modes"] == {"ogre": "dice_only"}
