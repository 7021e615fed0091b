"""The table's log over HTTP: rolls and resolver runs in the open or in secret, downtime and
notes, and what a player may read of it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from .helpers import Table, api_client, ok, refused

NewDatabase = Callable[[str], str]


@pytest.fixture
def client(new_database: NewDatabase) -> Iterator[TestClient]:
    with api_client(new_database("api")) as client:
        yield client


@pytest.fixture
def table(client: TestClient) -> Table:
    table = Table.open(client, "realtime")
    table.join("ann")
    return table


def test_a_player_rolls_into_the_log_that_everyone_reads(table: Table) -> None:
    ann = table.players["ann"]
    chosen = {"expression": "2d6+1", "dice": [6, 6], "label": "climb"}
    refused(
        table.client.post(f"{table.path}/rolls", json=chosen, headers=ann),
        403,
        "dice",
        "only the GM may choose the dice",
    )
    body = {"expression": "2d6+1", "label": "climb"}
    rolled = ok(table.client.post(f"{table.path}/rolls", json=body, headers=ann), 201)
    (record,) = rolled["records"]
    assert record["kind"] == "table.rolled"
    assert record["sequence"] == 1
    faces = [die["face"] for die in record["payload"]["dice"]]
    assert (record["payload"]["total"], record["payload"]["label"]) == (sum(faces) + 1, "climb")
    assert record["payload"]["by"] == "ann"
    assert table.campaign_log(ann) == table.campaign_log() == [record]


def test_a_secret_roll_never_reaches_a_player(table: Table) -> None:
    ann = table.players["ann"]
    secret = {"expression": "1d20", "secret": True, "label": "ambush", "seed": 4}
    rolled = ok(table.client.post(f"{table.path}/rolls", json=secret, headers=table.gm), 201)
    assert rolled["records"][0]["visibility"]["audience"] == "gm"
    assert [r["payload"]["label"] for r in table.campaign_log()] == ["ambush"]
    response = table.client.get(f"{table.path}/log", headers=ann)
    assert response.json() == {"records": []}
    assert "ambush" not in response.text
    refused(
        table.client.post(f"{table.path}/rolls", json=secret, headers=ann),
        403,
        "token",
        "only the GM may roll in secret",
    )
    assert len(table.campaign_log()) == 1


def test_a_hidden_modifier_is_logged_for_the_gm_and_only_the_player_view_is_shown(
    table: Table,
) -> None:
    ann = table.players["ann"]
    body = {"input": {"characteristic": 12, "hidden_modifier": -7}, "dice": [9]}
    resolved = ok(
        table.client.post(f"{table.path}/resolve/realtime.check", json=body, headers=table.gm),
        201,
    )
    full, shown = resolved["records"]
    assert full["visibility"]["audience"] == "gm"
    assert full["payload"]["input"]["hidden_modifier"] == -7
    assert full["payload"]["outcome"]["success"] is False  # 9 against 12 - 7
    assert shown["payload"]["outcome"]["success"] is True  # as it looks: 9 against 12
    response = table.client.get(f"{table.path}/log", headers=ann)
    (seen,) = response.json()["records"]
    assert seen == shown
    for hidden in ("hidden_modifier", "hidden modifier", "R-TEST-04", "-7"):
        assert hidden not in response.text
    assert len(table.campaign_log()) == 2


def test_a_resolver_in_the_open_is_one_public_record(table: Table) -> None:
    body = {"input": {"dice": 3, "sides": 8, "tn": 5}, "dice": [5, 4, 8]}
    resolved = ok(
        table.client.post(f"{table.path}/resolve/dice.pool", json=body, headers=table.gm),
        201,
    )
    (record,) = resolved["records"]
    assert record["payload"]["outcome"]["successes"] == 2
    assert table.campaign_log(table.players["ann"]) == [record]


def test_downtime_and_notes_are_the_gms(table: Table) -> None:
    ann = table.players["ann"]
    for path, body, what in (
        ("downtime", {"days": 3, "note": "healing"}, "record downtime"),
        ("notes", {"text": "The inn burned."}, "write a note into the campaign log"),
    ):
        refused(
            table.client.post(f"{table.path}/{path}", json=body, headers=ann),
            403,
            "token",
            f"only the GM may {what}",
        )
        ok(table.client.post(f"{table.path}/{path}", json=body, headers=table.gm), 201)
    log = table.campaign_log(ann)
    assert [r["kind"] for r in log] == ["campaign.downtime", "campaign.note"]
    assert log[0]["payload"] == {"days": 3, "note": "healing"}
    after = ok(table.client.get(f"{table.path}/log", params={"after": 1}, headers=ann))
    assert after["records"] == log[1:]


@pytest.mark.parametrize(
    ("path", "body", "status", "field", "message"),
    [
        ("rolls", {"expression": "2d"}, 422, "expression", "expected a number of sides"),
        ("rolls", {"expression": "2d6", "dice": [1, 2, 3]}, 422, "dice", "left over"),
        ("rolls", {"expression": "2d6", "label": ""}, 422, "roll.label", ""),
        ("rolls", {}, 422, "expression", "required"),
        ("resolve/dice.pol", {"input": {}}, 404, "name", "did you mean dice.pool"),
        ("resolve/dice.pool", {"input": {"dice": "x"}}, 422, "input.dice", ""),
        ("downtime", {"days": 0}, 422, "days", ""),
        ("notes", {"text": ""}, 422, "text", ""),
        ("notes", {"text": "x", "more": 1}, 422, "more", ""),
    ],
)
def test_bad_table_requests_name_the_field_and_write_nothing(
    table: Table, path: str, body: dict[str, object], status: int, field: str, message: str
) -> None:
    response = table.client.post(f"{table.path}/{path}", json=body, headers=table.gm)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error.get("field") == field, error
    assert message in error["message"]
    assert table.campaign_log() == []
