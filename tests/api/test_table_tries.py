"""The needs-die protocol of the HTTP API (ruling C-22): a command or an answer sent
``at_table`` with the faces rolled so far is stored once they are enough; until then the
answer is 202 naming the next die (its number, die, purpose in the rules' words) and the
faces so far with what each was for, and nothing is stored. The GM's alone, checked
against ``expected_version`` and ``MOST_DICE`` as every write."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.rulesets.percentile.encounter import order, start
from tablekeeper.rulesets.percentile.encounter.commands import ATTACK
from tablekeeper.services.table_dice import MOST_DICE

from .helpers import (
    PERCENTILE_NPC,
    PERCENTILE_PC,
    PLAIN,
    Headers,
    Table,
    api_client,
    command,
    ok,
    refused,
)

NewDatabase = Callable[[str], str]


@pytest.fixture
def client(new_database: NewDatabase) -> Iterator[TestClient]:
    with api_client(new_database("api")) as client:
        yield client


def post(table: Table, path: str, body: dict[str, Any], headers: Headers) -> Any:
    return table.client.post(f"/api/encounters/{path}", json=body, headers=headers)


def opened(client: TestClient) -> tuple[Table, str, Headers]:
    """Brenna (Ann's) and the ogre (the GM's), an encounter not yet started."""
    table = Table.open(client, "percentile", PLAIN)
    ann = table.join("ann")
    table.character("brenna", PERCENTILE_PC, player="ann")
    table.character("ogre", PERCENTILE_NPC, kind="npc")
    return table, table.encounter("ogre", "brenna")["encounter"]["id"], ann


def version(table: Table, encounter: str) -> int:
    answer = ok(table.client.get(f"/api/encounters/{encounter}", headers=table.gm))
    return int(answer["encounter"]["version"])


def test_a_command_asks_die_by_die_and_is_stored_once_with_its_faces(client: TestClient) -> None:
    table, encounter, _ = opened(client)
    at = version(table, encounter)
    body = {"command": command(start()), "at_table": True}
    first = ok(post(table, f"{encounter}/commands", body, table.gm), 202)
    assert first["expected_version"] == at
    asked = first["needs_die"]
    assert (asked["number"], asked["die"], asked["rolled"]) == (1, "d10", [])
    assert asked["purpose"] == "turn order"
    assert asked["who"] == "ogre"
    assert asked["label"] == "d10: Ogre's turn order"
    assert version(table, encounter) == at, "nothing stored"

    second = ok(post(table, f"{encounter}/commands", {**body, "dice": [9]}, table.gm), 202)
    asked = second["needs_die"]
    assert (asked["number"], asked["die"], asked["label"]) == (2, "d10", "d10: Brenna's turn order")
    assert asked["rolled"] == [
        {
            "number": 1,
            "die": "d10",
            "purpose": "turn order",
            "who": "ogre",
            "label": "d10: Ogre's turn order",
            "face": 9,
        }
    ]
    stored = ok(post(table, f"{encounter}/commands", {**body, "dice": [9, 2]}, table.gm))
    assert stored["encounter"]["version"] > at
    rolled = [r for r in stored["records"] if r["kind"] == "percentile.turn_order_rolled"]
    assert [r["payload"]["order"]["die"] for r in rolled] == [9, 2]


def test_an_answer_asks_die_by_die_too(client: TestClient) -> None:
    table, encounter, _ = opened(client)
    ok(
        post(
            table, f"{encounter}/commands", {"command": command(start()), "dice": [9, 2]}, table.gm
        )
    )
    attack = command(order(ATTACK, "ogre", targets=["brenna"]))
    pending = ok(post(table, f"{encounter}/commands", {"command": attack, "dice": [30]}, table.gm))[
        "pending"
    ]
    decision = f"{encounter}/decisions/{pending['id']}"
    body = {"option": "parry:broadsword", "at_table": True}
    asked = ok(post(table, decision, body, table.gm), 202)["needs_die"]
    assert (asked["number"], asked["die"]) == (1, "d100")
    asked = ok(post(table, decision, {**body, "dice": [70]}, table.gm), 202)["needs_die"]
    assert (asked["number"], asked["die"]) == (2, "d8")
    assert asked["rolled"][0]["face"] == 70
    answered = ok(post(table, decision, {**body, "dice": [70, 5]}, table.gm))
    (damaged,) = [r for r in answered["records"] if r["kind"] == "percentile.damaged"]
    assert (damaged["payload"]["amount"], damaged["payload"]["hp_after"]) == (4, 9)
    assert answered["pending"] is None


def test_a_table_that_moved_between_two_dice_is_a_lost_race(client: TestClient) -> None:
    table, encounter, _ = opened(client)
    body = {"command": command(start()), "at_table": True}
    first = ok(post(table, f"{encounter}/commands", body, table.gm), 202)
    moved = {"kind": "percentile.damage", "payload": {"combatant": "ogre", "amount": 1}}
    ok(post(table, f"{encounter}/commands", {"command": {"actor": "gm", **moved}}, table.gm))
    at = version(table, encounter)
    again = {**body, "dice": [9], "expected_version": first["expected_version"]}
    refused(post(table, f"{encounter}/commands", again, table.gm), 409, "version", "")
    assert version(table, encounter) == at


def test_a_face_its_die_cannot_show_is_refused_naming_the_die(client: TestClient) -> None:
    table, encounter, _ = opened(client)
    at = version(table, encounter)
    body = {"command": command(start()), "at_table": True, "dice": [9, 11]}
    refused(
        post(table, f"{encounter}/commands", body, table.gm),
        422,
        "dice",
        "die 2 (turn order) is 11, which a d10 cannot show (1..10)",
    )
    assert version(table, encounter) == at


def test_faces_left_over_are_refused_and_nothing_is_stored(client: TestClient) -> None:
    table, encounter, _ = opened(client)
    at = version(table, encounter)
    body = {"command": command(start()), "at_table": True, "dice": [9, 2, 4]}
    refused(post(table, f"{encounter}/commands", body, table.gm), 422, "dice", "left over: 4")
    assert version(table, encounter) == at


def test_only_the_gm_rolls_at_the_table_with_no_seed_and_at_most_most_dice(
    client: TestClient,
) -> None:
    table, encounter, ann = opened(client)
    at = version(table, encounter)
    body = {"command": command(start()), "at_table": True}
    answer = post(table, f"{encounter}/commands", {**body, "command": {**body["command"]}}, ann)
    assert answer.status_code == 403, answer.text
    refused(
        post(table, f"{encounter}/commands", {**body, "seed": 7}, table.gm), 422, "seed", "seed"
    )
    many = {**body, "dice": [1] * (MOST_DICE + 1)}
    refused(
        post(table, f"{encounter}/commands", many, table.gm), 422, "dice", f"at most {MOST_DICE}"
    )
    assert version(table, encounter) == at
