"""Encounters over HTTP, one full table per ruleset: start from characters, play commands,
answer a decision, undo and redo, read the log; and every refusal writes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.persistence.repositories import SqlEncounterRepository
from tablekeeper.rulesets.percentile.encounter import order, start
from tablekeeper.rulesets.percentile.encounter.commands import ATTACK, END_TURN
from tablekeeper.rulesets.realtime.encounter import advance, move, start_action

from .helpers import (
    NPC_HP,
    PERCENTILE_NPC,
    PERCENTILE_PC,
    PLAIN,
    REALTIME_NPC,
    REALTIME_PC,
    SENTINEL,
    Headers,
    Table,
    api_client,
    carries_number,
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


def read(table: Table, encounter: str, headers: Headers) -> Any:
    return ok(table.client.get(f"/api/encounters/{encounter}", headers=headers))


# --- realtime: a reaction decision -------------------------------------------------------


@pytest.fixture
def realtime(client: TestClient) -> tuple[Table, str]:
    """Aliena (Ann's) at (0, 0), Balthazar (an NPC) at (1, 0), in a started encounter."""
    table = Table.open(client, "realtime")
    table.join("ann")
    table.join("bob")
    table.character("aliena", REALTIME_PC, player="ann")
    table.character("calliope", REALTIME_PC, player="bob")
    table.character("balthazar", REALTIME_NPC, kind="npc")
    started = table.encounter("aliena", "balthazar")
    return table, started["encounter"]["id"]


def test_realtime_the_gm_starts_from_characters_and_sees_everything(
    realtime: tuple[Table, str],
) -> None:
    table, encounter = realtime
    seen = read(table, encounter, table.gm)
    assert seen["encounter"]["version"] == 2
    assert seen["encounter"]["ruleset"] == "realtime"
    balthazar = seen["state"]["creatures"]["balthazar"]
    assert (balthazar["hp"], balthazar["characteristics"]) == (NPC_HP, {"STR": SENTINEL})
    assert seen["players"] == {"aliena": "ann"}
    assert [r["kind"] for r in table.log(encounter)] == ["realtime.creature_added"] * 2
    listed = ok(table.client.get(f"{table.path}/encounters", headers=table.players["ann"]))
    assert [e["id"] for e in listed] == [encounter]


def test_realtime_a_player_never_reads_the_npc_stat_block(realtime: tuple[Table, str]) -> None:
    table, encounter = realtime
    ann = table.players["ann"]
    response = table.client.get(f"/api/encounters/{encounter}", headers=ann)
    assert response.status_code == 200
    assert not carries_number(response.text, SENTINEL)
    creatures = response.json()["state"]["creatures"]
    assert "hp" not in creatures["balthazar"]
    assert "characteristics" not in creatures["balthazar"]
    assert creatures["aliena"]["hp"] == 20  # her own, in full
    log = table.client.get(f"/api/encounters/{encounter}/log", headers=ann)
    assert not carries_number(log.text, SENTINEL)
    assert f'"hp":{NPC_HP}' not in log.text.replace(" ", "")
    assert len(log.json()["records"]) == 2


def test_realtime_full_flow_with_a_reaction_undo_and_redo(realtime: tuple[Table, str]) -> None:
    table, encounter = realtime
    ann, bob = table.players["ann"], table.players["bob"]
    moved = ok(
        post(
            table,
            f"{encounter}/commands",
            {"command": command(move("balthazar", (2, 0), cost=2))},
            table.gm,
        )
    )
    assert moved["encounter"]["version"] == 3
    assert [r["kind"] for r in moved["records"]] == ["realtime.action_started"]
    advanced = ok(post(table, f"{encounter}/commands", {"command": command(advance(2))}, table.gm))
    pending = advanced["pending"]
    assert pending["chooser"] == "aliena"

    # The player whose creature must choose sees the options; another sees who chooses.
    offered = read(table, encounter, ann)["pending"]
    assert [o["id"] for o in offered["options"]] == ["react:opportunity_attack", "decline"]
    assert read(table, encounter, ann)["legal_commands"][0]["kind"] == "decision.answer"
    assert read(table, encounter, bob)["pending"] == {"id": pending["id"], "chooser": "aliena"}
    assert read(table, encounter, bob)["legal_commands"] == []

    length = len(table.log(encounter))
    refused(
        post(table, f"{encounter}/decisions/{pending['id']}", {"option": "decline"}, bob),
        403,
        "decision",
        f"decision {pending['id']} is aliena's to make",
    )
    answered = ok(
        post(
            table,
            f"{encounter}/decisions/{pending['id']}",
            {"option": "react:opportunity_attack"},
            ann,
        )
    )
    assert answered["pending"] is None
    kinds = [r["kind"] for r in answered["records"]]
    assert kinds[:2] == ["decision.answered", "realtime.reaction_used"]
    length_after = len(table.log(encounter))
    assert length_after > length

    refused(
        post(table, f"{encounter}/decisions/{pending['id']}", {"option": "decline"}, ann),
        400,
        "decision",
        f"decision {pending['id']} was already answered",
    )
    assert len(table.log(encounter)) == length_after

    refused(post(table, f"{encounter}/undo", {}, ann), 403, "token", "only the GM may undo")
    undone = ok(post(table, f"{encounter}/undo", {}, table.gm))
    assert undone["pending"]["id"] == pending["id"]
    (audit,) = undone["records"]
    assert audit["events"]
    assert audit["sequence"] == length_after + 1
    refused(post(table, f"{encounter}/redo", {}, ann), 403, "token", "only the GM may redo")
    redone = ok(table.client.post(f"/api/encounters/{encounter}/redo", headers=table.gm))
    assert redone["pending"] is None
    log = table.log(encounter)
    assert [r["sequence"] for r in log] == list(range(1, len(log) + 1))
    assert (
        ok(
            table.client.get(
                f"/api/encounters/{encounter}/log", params={"after": len(log) - 1}, headers=table.gm
            )
        )["records"]
        == log[-1:]
    )


def test_a_player_reading_after_the_undone_events_still_gets_the_undo_record(
    realtime: tuple[Table, str],
) -> None:
    # "a client that reconnects catches up from where it was without gaps": the audit
    # record of an undo is shown by the events it took back, which lie before `after`.
    table, encounter = realtime
    ann = table.players["ann"]
    ok(post(table, f"{encounter}/commands", {"command": command(advance(1))}, table.gm))
    seen = len(table.log(encounter, ann))
    ok(post(table, f"{encounter}/undo", {}, table.gm))
    caught_up = ok(
        table.client.get(f"/api/encounters/{encounter}/log", params={"after": seen}, headers=ann)
    )["records"]
    assert [record["sequence"] for record in caught_up] == [seen + 1]
    assert caught_up[0]["events"][-1] == seen  # it took back what the player had seen


def test_realtime_a_player_commands_only_their_own_creature(realtime: tuple[Table, str]) -> None:
    table, encounter = realtime
    ann = table.players["ann"]
    length = len(table.log(encounter))
    for built, actor in ((advance(1), "gm"), (move("balthazar", (3, 0), cost=1), "balthazar")):
        refused(
            post(table, f"{encounter}/commands", {"command": command(built)}, ann),
            403,
            "command.actor",
            f"a player submits commands only for their own character, not for {actor}",
        )
    mine = ok(
        post(
            table,
            f"{encounter}/commands",
            {"command": command(move("aliena", (0, 1), cost=1))},
            ann,
        )
    )
    assert mine["encounter"]["version"] == length + 1
    refused(
        post(
            table, f"{encounter}/commands", {"command": command(advance(1))}, table.players["bob"]
        ),
        403,
        "command.actor",
        "not for gm",
    )
    assert len(table.log(encounter)) == length + 1


def test_realtime_bad_commands_are_4xx_naming_the_field_and_write_nothing(
    realtime: tuple[Table, str],
) -> None:
    table, encounter = realtime
    length = len(table.log(encounter))
    path = f"{encounter}/commands"
    illegal = command(start_action("aliena", action="nonsense"))
    refused(
        post(table, path, {"command": illegal}, table.gm), 400, "action", "no action 'nonsense'"
    )
    refused(
        post(table, path, {"command": command(advance(1)), "expected_version": 1}, table.gm),
        409,
        "version",
        "expected version 1, but it is at version 2",
    )
    refused(
        post(table, path, {"command": {"actor": "gm"}}, table.gm), 422, "command.kind", "required"
    )
    refused(
        post(
            table,
            path,
            {"command": {"actor": "gm", "kind": "realtime.advance", "payload": {"seconds": 0}}},
            table.gm,
        ),
        422,
        "payload.seconds",
        "",
    )
    refused(
        post(table, path, {"command": command(advance(1)), "extra": 1}, table.gm), 422, "extra", ""
    )
    refused(post(table, f"{encounter}/undo", {"expected_version": 0}, table.gm), 409, "version", "")
    assert len(table.log(encounter)) == length
    refused(
        post(table, "nowhere/commands", {"command": command(advance(1))}, table.gm),
        404,
        "encounter",
        "nowhere",
    )
    refused(
        table.client.get("/api/encounters/bad%20id", headers=table.gm),
        422,
        "encounter_id",
        "pattern",
    )
    refused(
        table.client.get(
            f"/api/encounters/{encounter}/log", params={"after": -1}, headers=table.gm
        ),
        422,
        "after",
        "",
    )


def test_realtime_only_the_gm_starts_an_encounter_and_bad_characters_write_nothing(
    realtime: tuple[Table, str],
) -> None:
    table, encounter = realtime
    path = f"{table.path}/encounters"
    refused(
        table.client.post(path, json={"characters": ["aliena"]}, headers=table.players["ann"]),
        403,
        "token",
        "only the GM may start an encounter",
    )
    refused(
        table.client.post(path, json={"characters": ["aliena", "nobody"]}, headers=table.gm),
        404,
        "characters.1",
        "nobody",
    )
    refused(
        table.client.post(path, json={"id": encounter}, headers=table.gm),
        409,
        "encounter_id",
        "taken",
    )
    assert len(ok(table.client.get(path, headers=table.gm))) == 1


def test_encounter_routes_need_a_token_of_the_encounters_campaign(
    realtime: tuple[Table, str], client: TestClient
) -> None:
    # Issue 11: an encounter a credential does not open is answered exactly as one that
    # does not exist (it was 401 when present, 404 when absent: an existence oracle).
    table, encounter = realtime
    other = Table.open(client, "realtime")
    absent = client.get("/api/encounters/nowhere", headers=other.gm)
    refused(absent, 404, "encounter", "no encounter 'nowhere'")
    for headers in ({}, other.gm, {"Authorization": "Bearer wrong"}):
        answer = client.get(f"/api/encounters/{encounter}", headers=headers)
        refused(answer, 404, "encounter", f"no encounter {encounter!r}")
        assert answer.json()["error"] == {
            **absent.json()["error"],
            "message": f"no encounter {encounter!r}",
        }
    assert client.get(f"/api/encounters/{encounter}", headers=table.gm).status_code == 200


# --- percentile: a defense decision ------------------------------------------------------


def test_percentile_full_flow_with_a_defense_decision(client: TestClient) -> None:
    table = Table.open(client, "percentile", PLAIN)
    ann = table.join("ann")
    bob = table.join("bob")
    table.character("brenna", PERCENTILE_PC, player="ann")
    table.character("ogre", PERCENTILE_NPC, kind="npc")
    encounter = table.encounter("ogre", "brenna")["encounter"]["id"]

    # Turn order: the ogre's d10 is 9, Brenna's 2, so the ogre acts first.
    refused(
        post(table, f"{encounter}/commands", {"command": command(start())}, ann),
        403,
        "command.actor",
        "not for gm",
    )
    # Faces typed in from the table must all be used: one die too many writes nothing.
    length = len(table.log(encounter))
    refused(
        post(
            table,
            f"{encounter}/commands",
            {"command": command(start()), "dice": [9, 2, 4]},
            table.gm,
        ),
        422,
        "dice",
        "1 face was left over: 4",
    )
    assert len(table.log(encounter)) == length
    ok(
        post(
            table, f"{encounter}/commands", {"command": command(start()), "dice": [9, 2]}, table.gm
        )
    )
    attack = command(order(ATTACK, "ogre", targets=["brenna"]))
    attacked = ok(post(table, f"{encounter}/commands", {"command": attack, "dice": [30]}, table.gm))
    pending = attacked["pending"]
    assert pending["chooser"] == "brenna"

    seen = table.client.get(f"/api/encounters/{encounter}", headers=ann)
    assert "parry:broadsword" in [o["id"] for o in seen.json()["pending"]["options"]]
    assert "Lore" not in seen.text
    assert "hit_points" not in seen.json()["state"]["combatants"]["ogre"]
    assert "Lore" not in table.client.get(f"/api/encounters/{encounter}/log", headers=ann).text

    length = len(table.log(encounter))
    decision = f"{encounter}/decisions/{pending['id']}"
    refused(post(table, decision, {"option": "dodge"}, bob), 403, "decision", "brenna's to make")
    refused(post(table, decision, {"option": "somersault"}, ann), 400, "option", "not offered")
    refused(
        post(table, decision, {"option": "dodge", "expected_version": 1}, ann), 409, "version", ""
    )
    assert len(table.log(encounter)) == length

    # Only the GM chooses the dice (C-11): a player's faces are refused, nothing written.
    refused(
        post(table, decision, {"option": "parry:broadsword", "dice": [70, 5]}, ann),
        403,
        "dice",
        "only the GM may choose the dice",
    )
    refused(post(table, decision, {"option": "dodge", "seed": 7}, ann), 403, "dice", "GM")
    assert len(table.log(encounter)) == length
    # The GM answers for Brenna with the faces rolled at the table: the parry fails (70);
    # 1d8+1 = 6, less armor 2.
    answered = ok(post(table, decision, {"option": "parry:broadsword", "dice": [70, 5]}, table.gm))
    (damaged,) = [r for r in answered["records"] if r["kind"] == "percentile.damaged"]
    assert (damaged["payload"]["amount"], damaged["payload"]["hp_after"]) == (4, 9)
    length_answered = len(table.log(encounter))
    for who in (ann, table.gm):
        refused(
            post(table, decision, {"option": "dodge"}, who), 400, "decision", "already answered"
        )
    assert len(table.log(encounter)) == length_answered

    # Brenna strikes back on her turn: the ogre cannot defend, the player never sees its HP.
    ok(
        post(
            table,
            f"{encounter}/commands",
            {"command": command(order(END_TURN, "ogre"))},
            table.gm,
        )
    )
    strike = command(order(ATTACK, "brenna", targets=["ogre"]))
    # The GM plays Brenna's strike with the faces rolled at the table (C-11); Ann reads it.
    struck = table.client.post(
        f"/api/encounters/{encounter}/commands",
        json={"command": strike, "dice": [30, 5]},
        headers=table.gm,
    )
    assert struck.status_code == 200, struck.text
    hits = [r for r in table.log(encounter, ann) if r["kind"] == "percentile.damaged"]
    assert hits
    assert "hp_after" not in hits[-1]["payload"]
    gm_hits = [r for r in table.log(encounter) if r["kind"] == "percentile.damaged"]
    assert gm_hits[-1]["payload"]["hp_after"] < NPC_HP

    undone = ok(post(table, f"{encounter}/undo", {}, table.gm))
    assert undone["records"][0]["events"]
    redone = ok(post(table, f"{encounter}/redo", {}, table.gm))
    assert redone["pending"] is None
    refused(post(table, f"{encounter}/redo", {}, table.gm), 400, "redo", "nothing to redo")


def test_a_write_answers_its_records_from_one_read_of_the_log(
    realtime: tuple[Table, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # "A write returns the records it wrote; the view after a command needs no second read."
    table, encounter = realtime
    reads: list[int] = []
    real = SqlEncounterRepository.records

    def counted(self: SqlEncounterRepository, encounter_id: str, *, after: int = 0) -> Any:
        reads.append(after)
        return real(self, encounter_id, after=after)

    monkeypatch.setattr(SqlEncounterRepository, "records", counted)
    ann = table.players["ann"]
    advanced = ok(post(table, f"{encounter}/commands", {"command": command(advance(1))}, table.gm))
    assert len(reads) == 1
    assert advanced["records"] == table.log(encounter)[-len(advanced["records"]) :]
    reads.clear()
    undone = ok(post(table, f"{encounter}/undo", {}, table.gm))
    assert len(reads) == 1
    # the audit record the GM stored is shown to the player who saw what it took back
    (audit,) = undone["records"]
    assert table.log(encounter, ann)[-1] == audit
