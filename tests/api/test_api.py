"""The HTTP API answers the CLI's ``--json`` documents, and 4xx JSON for bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tablekeeper.api.app import create_app
from tablekeeper.cli.app import app as cli_app

runner = CliRunner()
POOL = {"dice": 3, "sides": 8, "tn": 5}


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


def cli_json(*args: str) -> Any:
    result = runner.invoke(cli_app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_odds_matches_the_cli(client: TestClient) -> None:
    response = client.get("/api/odds", params={"expr": "2d6+3"})
    assert response.status_code == 200
    assert response.json() == cli_json("odds", "2d6+3")
    assert response.json()["outcomes"][0] == {
        "value": 5,
        "probability": "1/36",
        "at_least": "1",
        "at_most": "1/36",
    }


def test_roll_plays_back_fixed_dice_like_the_cli(client: TestClient) -> None:
    response = client.post("/api/rolls", json={"expression": "4d6kh3", "dice": [6, 1, 5, 4]})
    assert response.status_code == 200
    assert response.json() == cli_json("roll", "4d6kh3", "--dice", "6,1,5,4")
    assert response.json()["total"] == 15
    assert [die["face"] for die in response.json()["dice"]] == [6, 1, 5, 4]


def test_seeded_roll_matches_the_cli(client: TestClient) -> None:
    response = client.post("/api/rolls", json={"expression": "3d6", "seed": 7})
    assert response.json() == cli_json("roll", "3d6", "--seed", "7")


def test_resolvers_list_matches_the_cli(client: TestClient) -> None:
    response = client.get("/api/resolvers")
    assert response.status_code == 200
    assert response.json() == cli_json("resolve", "--list")
    assert "dice.pool" in [item["name"] for item in response.json()]


def test_resolve_plays_back_fixed_dice_like_the_cli(client: TestClient) -> None:
    response = client.post("/api/resolve/dice.pool", json={"input": POOL, "dice": [5, 4, 8]})
    assert response.status_code == 200
    expected = cli_json("resolve", "dice.pool", "--input", json.dumps(POOL), "--dice", "5,4,8")
    assert response.json() == expected == {"faces": [5, 4, 8], "successes": 2, "dice": [5, 4, 8]}


def test_resolver_odds_match_the_cli(client: TestClient) -> None:
    pool = {"dice": 2, "sides": 6, "tn": 4}
    response = client.post("/api/resolve/dice.pool/odds", json={"input": pool})
    assert response.status_code == 200
    assert response.json() == cli_json(
        "resolve", "dice.pool", "--odds", "--input", json.dumps(pool)
    )
    assert response.json() == {"0": "1/4", "1": "1/2", "2": "1/4"}


def test_unknown_resolver_is_404_with_a_json_error(client: TestClient) -> None:
    for response in (
        client.post("/api/resolve/dice.pol", json={"input": POOL}),
        client.post("/api/resolve/dice.pol/odds", json={"input": POOL}),
    ):
        assert response.status_code == 404
        assert "did you mean dice.pool" in response.json()["error"]["message"]


def test_bad_expression_is_422_naming_the_position(client: TestClient) -> None:
    response = client.get("/api/odds", params={"expr": "4d"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["field"] == "expression"
    assert error["position"] == 3
    assert "expected a number of sides after 'd'" in error["message"]
    assert client.post("/api/rolls", json={"expression": "4d"}).status_code == 422


@pytest.mark.parametrize(
    ("method", "path", "body", "field", "message"),
    [
        ("post", "/api/rolls", {"expression": "2d6", "dice": [1, 2, 3]}, "dice", "left over"),
        ("post", "/api/rolls", {"expression": "2d6", "dice": [1, 9]}, "dice", "cannot show"),
        ("post", "/api/rolls", {"expression": "5000d6"}, "expression", "limit of 1000"),
        ("post", "/api/rolls", {"expression": "2d6", "dice": [1, "x"]}, "dice.1", "integer"),
        ("post", "/api/rolls", {}, "expression", "Field required"),
        (
            "post",
            "/api/resolve/dice.pool",
            {"input": {"dice": "x", "sides": 6, "tn": 4}},
            "input.dice",
            "valid integer",
        ),
        (
            "post",
            "/api/resolve/dice.pool",
            {"input": POOL, "dice": [5, 4, 8, 1]},
            "dice",
            "left over",
        ),
        ("post", "/api/resolve/dice.pool/odds", {"input": {"dice": 2}}, "input.sides", "required"),
        ("get", "/api/odds", None, "expr", "Field required"),
    ],
)
def test_bad_input_is_422_naming_the_field(
    client: TestClient,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    field: str,
    message: str,
) -> None:
    response = client.post(path, json=body) if method == "post" else client.get(path)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["field"] == field
    assert message in error["message"]


def test_openapi_is_served_and_lists_the_paths(client: TestClient) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/odds",
        "/api/rolls",
        "/api/resolvers",
        "/api/resolve/{name}",
        "/api/resolve/{name}/odds",
    ):
        assert path in paths
    assert client.get("/api/docs").status_code == 200
