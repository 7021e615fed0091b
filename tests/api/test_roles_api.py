"""Roles over HTTP: every campaign route wants a token (401 without), every GM-only route
refuses a player (403 naming what only the GM may do, writing nothing), and the OpenAPI
document says so for each route."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.rulesets.realtime.encounter import advance

from .helpers import REALTIME_NPC, REALTIME_PC, Table, api_client, command, ok, refused

NewDatabase = Callable[[str], str]

C = "/api/campaigns/{campaign}"
E = "/api/encounters/{encounter}"

SECURED: list[tuple[str, str, dict[str, Any] | None]] = [
    ("get", C, None),
    ("get", f"{C}/export", None),
    ("post", f"{C}/players", {"id": "cyd", "name": "Cyd"}),
    ("get", f"{C}/players", None),
    ("delete", f"{C}/players/bob", None),
    ("post", f"{C}/players/bob/token", None),
    ("get", f"{C}/characters", None),
    ("post", f"{C}/characters", {"id": "x", "name": "X", "sheet": REALTIME_PC}),
    ("get", f"{C}/characters/export", None),
    ("post", f"{C}/characters/import", {"format": "json", "text": "{}"}),
    ("get", f"{C}/characters/aliena", None),
    ("patch", f"{C}/characters/aliena", {"expected_version": 1, "name": "A"}),
    ("post", f"{C}/encounters", {"characters": []}),
    ("get", f"{C}/encounters", None),
    ("get", E, None),
    ("get", f"{E}/log", None),
    ("post", f"{E}/commands", {"command": command(advance(1))}),
    ("post", f"{E}/decisions/c9", {"option": "decline"}),
    ("post", f"{E}/undo", {}),
    ("post", f"{E}/redo", {}),
    ("post", f"{C}/rolls", {"expression": "1d6"}),
    ("post", f"{C}/resolve/dice.pool", {"input": {"dice": 1, "sides": 6, "tn": 4}}),
    ("post", f"{C}/downtime", {"days": 1}),
    ("post", f"{C}/notes", {"text": "x"}),
    ("get", f"{C}/log", None),
]
"""Every route that needs a token, with a body it would take."""

GM_ONLY: list[tuple[str, str, dict[str, Any] | None, str]] = [
    ("get", f"{C}/export", None, "export the campaign"),
    ("post", f"{C}/players", {"id": "cyd", "name": "Cyd"}, "add a player"),
    ("get", f"{C}/players", None, "list the players"),
    ("delete", f"{C}/players/bob", None, "revoke a player"),
    ("post", f"{C}/players/bob/token", None, "replace a player's token"),
    ("post", f"{C}/characters", {"id": "x", "name": "X", "sheet": REALTIME_PC}, "create"),
    ("get", f"{C}/characters/export", None, "export characters"),
    ("post", f"{C}/characters/import", {"format": "json", "text": "{}"}, "import characters"),
    ("patch", f"{C}/characters/aliena", {"expected_version": 1, "name": "A"}, "edit"),
    ("post", f"{C}/encounters", {"characters": []}, "start an encounter"),
    ("post", f"{E}/undo", {}, "undo a command"),
    ("post", f"{E}/redo", {}, "redo a command"),
    ("post", f"{C}/rolls", {"expression": "1d6", "secret": True}, "roll in secret"),
    ("post", f"{C}/downtime", {"days": 1}, "record downtime"),
    ("post", f"{C}/notes", {"text": "x"}, "write a note"),
]
"""Every route (or option) only the GM may use, and what the refusal names."""


@pytest.fixture
def client(new_database: NewDatabase) -> Iterator[TestClient]:
    with api_client(new_database("api")) as client:
        yield client


@pytest.fixture
def table(client: TestClient) -> tuple[Table, str]:
    table = Table.open(client, "realtime")
    table.join("ann")
    table.join("bob")
    table.character("aliena", REALTIME_PC, player="ann")
    table.character("balthazar", REALTIME_NPC, kind="npc")
    encounter = table.encounter("aliena", "balthazar")["encounter"]["id"]
    ok(
        table.client.post(
            f"/api/encounters/{encounter}/commands",
            json={"command": command(advance(1))},
            headers=table.gm,
        )
    )
    return table, encounter


def everything(table: Table, encounter: str) -> dict[str, Any]:
    """All the GM can read: nothing a refused request did may change it."""
    client, gm = table.client, table.gm
    return {
        "campaign": ok(client.get(table.path, headers=gm)),
        "players": ok(client.get(f"{table.path}/players", headers=gm)),
        "characters": ok(client.get(f"{table.path}/characters", headers=gm)),
        "encounters": ok(client.get(f"{table.path}/encounters", headers=gm)),
        "log": table.log(encounter),
        "campaign_log": table.campaign_log(),
    }


def test_every_campaign_route_without_a_token_is_401_and_writes_nothing(
    table: tuple[Table, str],
) -> None:
    campaign, encounter = table
    before = everything(campaign, encounter)
    for method, template, body in SECURED:
        path = template.format(campaign=campaign.id, encounter=encounter)
        response = campaign.client.request(method, path, json=body)
        shut_out(response, path, encounter, "this needs the GM secret or a player token")
    assert everything(campaign, encounter) == before


def shut_out(response: Any, path: str, encounter: str, message: str) -> None:
    """Refused with 401, naming the token; on an encounter's route (issue 11) as if the
    encounter did not exist, so that a stranger cannot tell which encounters do."""
    if path.startswith("/api/encounters/"):
        refused(response, 404, "encounter", f"no encounter {encounter!r}")
    else:
        refused(response, 401, "token", message)


def test_every_gm_only_route_refuses_a_player_with_403_and_writes_nothing(
    table: tuple[Table, str],
) -> None:
    campaign, encounter = table
    before = everything(campaign, encounter)
    for method, template, body, what in GM_ONLY:
        path = template.format(campaign=campaign.id, encounter=encounter)
        response = campaign.client.request(method, path, json=body, headers=campaign.players["ann"])
        refused(response, 403, "token", f"only the GM may {what}")
    assert everything(campaign, encounter) == before


def test_a_revoked_player_is_shut_out_of_every_route(table: tuple[Table, str]) -> None:
    campaign, encounter = table
    ok(campaign.client.delete(f"{campaign.path}/players/ann", headers=campaign.gm))
    for method, template, body in SECURED:
        path = template.format(campaign=campaign.id, encounter=encounter)
        response = campaign.client.request(method, path, json=body, headers=campaign.players["ann"])
        shut_out(response, path, encounter, "revoked or replaced")


def test_the_openapi_document_declares_the_token_and_every_answer(client: TestClient) -> None:
    document = ok(client.get("/api/openapi.json"))
    scheme = document["components"]["securitySchemes"]["token"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    paths = document["paths"]
    for method, template, _body in SECURED:
        path = template.replace("{campaign}", "{campaign_id}").replace(
            "{encounter}", "{encounter_id}"
        )
        path = (
            path.replace("players/bob", "players/{player_id}")
            .replace("characters/aliena", "characters/{character_id}")
            .replace("decisions/c9", "decisions/{decision_id}")
            .replace("resolve/dice.pool", "resolve/{name}")
        )
        operation = paths[path][method]
        assert operation["summary"], path
        assert operation["description"], path
        assert operation["security"] == [{"token": []}], path
        for status in ("401", "403", "404", "409", "422"):
            assert status in operation["responses"], (path, status)
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path":
                assert parameter["schema"]["maxLength"] == 64, (path, parameter)
                assert "pattern" in parameter["schema"], (path, parameter)
    for path, method, status in (
        ("/api/campaigns", "post", "201"),
        ("/api/campaigns/import", "post", "201"),
        ("/api/campaigns/{campaign_id}/players", "post", "201"),
        ("/api/campaigns/{campaign_id}/characters", "post", "201"),
        ("/api/campaigns/{campaign_id}/encounters", "post", "201"),
        ("/api/campaigns/{campaign_id}/rolls", "post", "201"),
    ):
        assert status in paths[path][method]["responses"], path
    assert "security" not in paths["/api/campaigns"]["get"]
