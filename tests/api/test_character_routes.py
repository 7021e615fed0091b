"""Characters over HTTP: sheets validated by the ruleset, edits checked by version, a
player reading their own in full and no NPC at all."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from .helpers import (
    NPC_HP,
    PERCENTILE_NPC,
    PERCENTILE_PC,
    REALTIME_NPC,
    REALTIME_PC,
    SENTINEL,
    Table,
    api_client,
    carries_number,
    ok,
    refused,
)

NewDatabase = Callable[[str], str]


@pytest.fixture
def client(new_database: NewDatabase) -> Iterator[TestClient]:
    with api_client(new_database("api")) as client:
        yield client


@pytest.fixture
def table(client: TestClient) -> Table:
    table = Table.open(client, "realtime")
    table.join("ann")
    table.join("bob")
    table.character("aliena", REALTIME_PC, player="ann")
    table.character("calliope", {**REALTIME_PC, "hp": 15}, player="bob")
    table.character("balthazar", REALTIME_NPC, kind="npc")
    return table


def test_the_gm_creates_and_reads_every_character_in_full(table: Table) -> None:
    listed = ok(table.client.get(f"{table.path}/characters", headers=table.gm))
    assert [c["id"] for c in listed] == ["aliena", "calliope", "balthazar"]
    npc = ok(table.client.get(f"{table.path}/characters/balthazar", headers=table.gm))
    assert npc["kind"] == "npc"
    assert npc["player"] is None
    assert npc["sheet"]["characteristics"] == {"STR": SENTINEL}
    assert npc["version"] == 1
    assert npc["schema_version"] == 1


def test_a_player_reads_their_own_in_full_others_by_name_and_no_npc(table: Table) -> None:
    ann = table.players["ann"]
    listed = ok(table.client.get(f"{table.path}/characters", headers=ann))
    assert [(c["id"], c["sheet"]) for c in listed] == [
        ("aliena", {**REALTIME_PC, "position": [0, 0]}),
        ("calliope", {}),
    ]
    text = table.client.get(f"{table.path}/characters", headers=ann).text
    assert not carries_number(text, SENTINEL)
    assert "balthazar" not in text
    own = ok(table.client.get(f"{table.path}/characters/aliena", headers=ann))
    assert own["sheet"]["hp"] == 20
    for other in ("calliope", "balthazar"):
        refused(
            table.client.get(f"{table.path}/characters/{other}", headers=ann),
            403,
            "character",
            f"a player reads only their own characters in full, not {other}",
        )


def test_only_the_gm_creates_edits_imports_and_exports_characters(table: Table) -> None:
    ann = table.players["ann"]
    base = f"{table.path}/characters"
    attempts = (
        ("post", base, {"id": "x", "name": "X", "sheet": REALTIME_PC}, "create a character"),
        ("patch", f"{base}/aliena", {"expected_version": 1, "name": "Al"}, "edit a character"),
        ("post", f"{base}/import", {"format": "json", "text": "{}"}, "import characters"),
        ("get", f"{base}/export", None, "export characters"),
    )
    for method, path, body, what in attempts:
        refused(
            table.client.request(method, path, json=body, headers=ann),
            403,
            "token",
            f"only the GM may {what}",
        )
    assert len(ok(table.client.get(base, headers=table.gm))) == 3
    assert ok(table.client.get(f"{base}/aliena", headers=table.gm))["name"] == "Aliena"


@pytest.mark.parametrize(
    ("sheet", "field"),
    [
        ({"side": "party"}, "sheet.hp"),
        ({"side": "party", "hp": "lots"}, "sheet.hp"),
        ({"side": "party", "hp": 30, "max_hp": 20}, "sheet"),
        ({"side": "party", "hp": 3, "flavour": "x"}, "sheet.flavour"),
    ],
)
def test_an_invalid_sheet_is_422_naming_the_sheet_field_and_nothing_is_written(
    table: Table, sheet: dict[str, object], field: str
) -> None:
    body = {"id": "demilio", "name": "Demilio", "kind": "npc", "sheet": sheet}
    response = table.client.post(f"{table.path}/characters", json=body, headers=table.gm)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["field"] == field
    refused(
        table.client.get(f"{table.path}/characters/demilio", headers=table.gm),
        404,
        "character",
        "demilio",
    )


def test_a_bad_character_body_is_422_naming_the_field(table: Table) -> None:
    base = f"{table.path}/characters"
    for body, field in (
        ({"id": "a b", "name": "X", "sheet": {}}, "id"),
        ({"id": "x", "name": "", "sheet": {}}, "name"),
        ({"id": "x", "name": "X", "kind": "boss", "sheet": {}}, "kind"),
        ({"id": "x", "name": "X"}, "sheet"),
        ({"id": "x", "name": "X\u0000", "sheet": {}}, "name"),
    ):
        response = table.client.post(base, json=body, headers=table.gm)
        assert response.status_code == 422, response.text
        assert response.json()["error"]["field"] == field, response.text


def test_an_edit_bumps_the_version_and_a_stale_one_is_409_writing_nothing(table: Table) -> None:
    path = f"{table.path}/characters/balthazar"
    body = {"expected_version": 1, "sheet": {**REALTIME_NPC, "hp": 30}, "reason": "wounded"}
    edited = ok(table.client.patch(path, json=body, headers=table.gm))
    assert (edited["version"], edited["sheet"]["hp"]) == (2, 30)
    log = table.campaign_log()
    assert log[-1]["kind"] == "campaign.character_edited"
    stale = {"expected_version": 1, "name": "Balthazar the Second"}
    refused(table.client.patch(path, json=stale, headers=table.gm), 409, "version", "")
    assert ok(table.client.get(path, headers=table.gm))["name"] == "Balthazar"
    assert len(table.campaign_log()) == len(log)
    freed = ok(
        table.client.patch(
            f"{table.path}/characters/aliena",
            json={"expected_version": 1, "player": None},
            headers=table.gm,
        )
    )
    assert freed["player"] is None


def test_an_invalid_edit_names_the_sheet_field_and_writes_nothing(table: Table) -> None:
    path = f"{table.path}/characters/balthazar"
    body = {"expected_version": 1, "sheet": {"side": "foes", "hp": "x"}}
    refused(table.client.patch(path, json=body, headers=table.gm), 422, "sheet.hp", "")
    assert ok(table.client.get(path, headers=table.gm))["version"] == 1


@pytest.mark.parametrize("format", ["json", "yaml"])
def test_characters_export_and_import_back_into_another_campaign(
    client: TestClient, format: str
) -> None:
    source = Table.open(client, "percentile")
    source.character("ogre", PERCENTILE_NPC, kind="npc")
    source.character("brenna", PERCENTILE_PC, kind="npc")
    document = ok(
        client.get(
            f"{source.path}/characters/export",
            params={"format": format, "ids": ["ogre"]},
            headers=source.gm,
        )
    )
    assert document["format"] == format
    assert "brenna" not in document["text"]
    target = Table.open(client, "percentile")
    imported = ok(
        client.post(f"{target.path}/characters/import", json=document, headers=target.gm), 201
    )
    assert [c["id"] for c in imported] == ["ogre"]
    assert imported[0]["sheet"]["stats"]["hit_points"] == NPC_HP
    again = client.post(f"{target.path}/characters/import", json=document, headers=target.gm)
    assert again.status_code in (400, 409), again.text
    assert len(ok(client.get(f"{target.path}/characters", headers=target.gm))) == 1


def test_an_import_of_another_ruleset_is_refused_naming_the_field(client: TestClient) -> None:
    source = Table.open(client, "percentile")
    source.character("ogre", PERCENTILE_NPC, kind="npc")
    document = ok(client.get(f"{source.path}/characters/export", headers=source.gm))
    target = Table.open(client, "realtime")
    response = client.post(f"{target.path}/characters/import", json=document, headers=target.gm)
    assert response.status_code in (400, 422), response.text
    assert response.json()["error"]["field"].startswith("document")
    assert ok(client.get(f"{target.path}/characters", headers=target.gm)) == []
