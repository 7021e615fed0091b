"""Campaigns, players, export and import over HTTP: tokens in, the right 4xx out."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from tablekeeper.rulesets.realtime.encounter import advance

from .helpers import (
    REALTIME_NPC,
    REALTIME_PC,
    Table,
    api_client,
    bearer,
    command,
    ok,
    refused,
)

NewDatabase = Callable[[str], str]


@pytest.fixture
def client(new_database: NewDatabase) -> Iterator[TestClient]:
    with api_client(new_database("api")) as client:
        yield client


def test_a_campaign_is_created_with_its_gm_secret_and_listed_without_it(
    client: TestClient,
) -> None:
    body = {"name": "The Long Road", "ruleset": "realtime", "options": {}, "id": "road"}
    created = ok(client.post("/api/campaigns", json=body), 201)
    assert created["campaign"]["id"] == "road"
    assert created["campaign"]["ruleset"] == "realtime"
    assert created["campaign"]["version"] == 0
    secret = created["gm_secret"]
    assert len(secret) >= 32
    listed = ok(client.get("/api/campaigns"))
    assert listed == [{"id": "road", "name": "The Long Road", "ruleset": "realtime"}]
    assert secret not in client.get("/api/campaigns").text
    read = ok(client.get("/api/campaigns/road", headers=bearer(secret)))
    assert read["viewer"] == {"role": "gm", "player": None, "characters": []}
    assert read["options"] == created["campaign"]["options"]


def test_an_unknown_ruleset_or_bad_options_is_refused_and_nothing_is_written(
    client: TestClient,
) -> None:
    refused(
        client.post("/api/campaigns", json={"name": "x", "ruleset": "realtim"}),
        404,
        "ruleset",
        "realtim",
    )
    refused(
        client.post(
            "/api/campaigns",
            json={"name": "x", "ruleset": "realtime", "options": {"no_such_option": 1}},
        ),
        422,
        "options.no_such_option",
        "",
    )
    refused(client.post("/api/campaigns", json={"ruleset": "realtime"}), 422, "name", "required")
    refused(
        client.post("/api/campaigns", json={"name": "x", "ruleset": "realtime", "id": "a b"}),
        422,
        "id",
        "pattern",
    )
    assert ok(client.get("/api/campaigns")) == []


def test_without_a_token_or_with_a_wrong_one_a_campaign_answers_401(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    refused(client.get(table.path), 401, "token", "this needs the GM secret or a player token")
    refused(
        client.get(table.path, headers={"Authorization": "Basic abc"}),
        401,
        "token",
        "this needs the GM secret",
    )
    refused(
        client.get(table.path, headers=bearer("not-the-secret")),
        401,
        "token",
        f"not the GM secret or a player token of campaign {table.id}",
    )
    refused(client.get("/api/campaigns/nowhere", headers=table.gm), 404, "campaign", "nowhere")


def test_ids_in_paths_are_checked_before_anything_runs(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    refused(client.get("/api/campaigns/a%20b", headers=table.gm), 422, "campaign_id", "pattern")
    refused(client.get(f"/api/campaigns/{'x' * 65}", headers=table.gm), 422, "campaign_id", "64")
    refused(
        client.delete(f"{table.path}/players/{'%27' * 3}", headers=table.gm),
        422,
        "player_id",
        "pattern",
    )


def test_the_gm_adds_players_whose_tokens_read_the_campaign_as_that_player(
    client: TestClient,
) -> None:
    table = Table.open(client, "realtime")
    joined = ok(
        client.post(f"{table.path}/players", json={"id": "ann", "name": "Ann"}, headers=table.gm),
        201,
    )
    assert joined["player"] == {"id": "ann", "name": "Ann", "revoked": False}
    ann = bearer(joined["token"])
    table.character("aliena", REALTIME_PC, player="ann")
    read = ok(client.get(table.path, headers=ann))
    assert read["viewer"] == {"role": "player", "player": "ann", "characters": ["aliena"]}
    players = ok(client.get(f"{table.path}/players", headers=table.gm))
    assert players == [{"id": "ann", "name": "Ann", "revoked": False}]
    assert joined["token"] not in client.get(f"{table.path}/players", headers=table.gm).text
    refused(
        client.post(f"{table.path}/players", json={"id": "ann", "name": "Again"}, headers=table.gm),
        409,
        "player.id",
        "already taken",
    )


def test_only_the_gm_manages_players_and_exports(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    ann = table.join("ann")
    for method, path, what in (
        ("post", f"{table.path}/players", "add a player"),
        ("get", f"{table.path}/players", "list the players"),
        ("delete", f"{table.path}/players/ann", "revoke a player"),
        ("post", f"{table.path}/players/ann/token", "replace a player's token"),
        ("get", f"{table.path}/export", "export the campaign"),
    ):
        body = {"id": "bob", "name": "Bob"} if method == "post" else None
        response = client.request(method, path, json=body, headers=ann)
        refused(response, 403, "token", f"only the GM may {what}")
    assert [
        player["id"] for player in ok(client.get(f"{table.path}/players", headers=table.gm))
    ] == ["ann"]


def test_a_revoked_token_and_a_replaced_token_stop_working(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    ann = table.join("ann")
    bob = table.join("bob")
    rotated = ok(client.post(f"{table.path}/players/ann/token", headers=table.gm))
    assert rotated["player"]["id"] == "ann"
    refused(client.get(table.path, headers=ann), 401, "token", "revoked or replaced")
    ok(client.get(table.path, headers=bearer(rotated["token"])))
    revoked = ok(client.delete(f"{table.path}/players/bob", headers=table.gm))
    assert revoked == {"id": "bob", "name": "Bob", "revoked": True}
    refused(client.get(table.path, headers=bob), 401, "token", "revoked or replaced")
    again = ok(client.post(f"{table.path}/players/bob/token", headers=table.gm))
    refused(client.get(table.path, headers=bearer(again["token"])), 401, "token", "revoked")
    refused(
        client.delete(f"{table.path}/players/nobody", headers=table.gm), 404, "player", "nobody"
    )


def test_an_exported_campaign_imports_back_identically_with_a_new_gm_secret(
    client: TestClient, new_database: NewDatabase
) -> None:
    table = Table.open(client, "realtime")
    table.join("ann")
    table.character("aliena", REALTIME_PC, player="ann")
    table.character("balthazar", REALTIME_NPC, kind="npc")
    encounter = table.encounter("aliena", "balthazar")["encounter"]["id"]
    ok(
        client.post(
            f"/api/encounters/{encounter}/commands",
            json={"command": command(advance(1))},
            headers=table.gm,
        )
    )
    ok(
        client.post(f"{table.path}/notes", json={"text": "They met at the inn."}, headers=table.gm),
        201,
    )
    exported = ok(client.get(f"{table.path}/export", headers=table.gm))
    with api_client(new_database("elsewhere")) as other:
        imported = ok(other.post("/api/campaigns/import", json=exported), 201)
        assert imported["campaign"]["id"] == table.id
        gm = bearer(imported["gm_secret"])
        assert ok(other.get(f"{table.path}/export", headers=gm)) == exported
        refused(
            other.post("/api/campaigns/import", json=exported), 409, "document.campaign.id", "taken"
        )
        assert len(ok(other.get("/api/campaigns"))) == 1


def test_a_bad_import_names_the_field_and_writes_nothing(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    exported = ok(client.get(f"{table.path}/export", headers=table.gm))
    wrong = {**exported, "schema_version": 99, "campaign": {**exported["campaign"], "id": "new"}}
    response = client.post("/api/campaigns/import", json=wrong)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["field"] == "document.schema_version"
    assert [campaign["id"] for campaign in ok(client.get("/api/campaigns"))] == [table.id]
