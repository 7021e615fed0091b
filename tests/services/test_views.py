"""What each viewer gets of an encounter: the state, the log, the pending decision.

The issue: "Server-side view filtering: hidden modifiers (``realtime``), NPC stat blocks
and secret GM rolls never reach a player's REST response or WebSocket message. Tests prove
each ... filtered field." Each test searches the whole JSON a player would get.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablekeeper.engine.values import GM
from tablekeeper.rulesets.realtime.encounter.commands import advance, damage, move
from tablekeeper.services import encounters, logs, views

from .tables import GM_SECRET, NPC_BODY, NPC_HP, Table, memory, seat, sqlite


def _start(seated: Table) -> encounters.EncounterView:
    return encounters.start_encounter(
        seated.new_uow(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
    )


def _document(seated: Table, token: str) -> dict[str, object]:
    view = encounters.load_encounter(seated.new_uow(), "e1")
    return views.encounter_document(seated.new_uow(), view, seated.viewer(token))


def _log(seated: Table, token: str) -> str:
    records = logs.encounter_log(seated.new_uow(), "e1")
    return json.dumps(views.records_for(records, seated.viewer(token)))


@pytest.mark.parametrize("ruleset", ["realtime", "percentile"])
def test_a_player_never_gets_an_npcs_stat_block_in_the_state_or_the_log(
    ruleset: str, tmp_path: Path
) -> None:
    # "NPC stat blocks ... never reach a player's REST response or WebSocket message"
    seated = seat(sqlite(tmp_path) if ruleset == "realtime" else memory(), ruleset)
    _start(seated)
    gm_text = json.dumps(_document(seated, GM_SECRET)) + _log(seated, GM_SECRET)
    assert str(NPC_HP) in gm_text
    document = _document(seated, seated.ann)
    player_text = json.dumps(document) + _log(seated, seated.ann)
    assert str(NPC_HP) not in player_text
    assert str(NPC_BODY) not in player_text
    roster = document["state"]["creatures" if ruleset == "realtime" else "combatants"]  # type: ignore[index]
    orc = roster["orc"]
    assert orc["id"] == "orc"
    assert orc["side"] == "orcs"
    for private in ("hp", "max_hp", "characteristics", "stats", "magic_points"):
        assert private not in orc
    private = "hp" if ruleset == "realtime" else "stats"
    assert private in roster["hero"]
    assert private not in roster["rogue"]
    assert document["players"] == {"hero": "ann", "rogue": "bo"}


def test_a_player_sees_the_npcs_life_state_and_damage_but_not_its_hp() -> None:
    seated = seat(memory())
    _start(seated)
    encounters.submit_command(seated.new_uow(), "e1", damage("orc", NPC_HP))
    document = _document(seated, seated.ann)
    orc = document["state"]["creatures"]["orc"]  # type: ignore[index]
    assert orc["life"] == "unconscious"
    damaged = [
        record
        for record in json.loads(_log(seated, seated.ann))
        if record.get("kind") == "realtime.damaged"
    ]
    assert damaged
    assert "hp_after" not in damaged[0]["payload"]
    assert damaged[0]["payload"]["amount"] == NPC_HP  # what was dealt is seen at the table
    hero = document["state"]["creatures"]["hero"]  # type: ignore[index]
    assert hero["hp"] == 20  # her own creature, in full


def test_a_pending_decisions_options_reach_only_its_chooser_and_the_gm() -> None:
    seated = seat(memory())
    _start(seated)
    encounters.submit_command(seated.new_uow(), "e1", move("orc", (3, 0), cost=2, actor=GM))
    encounters.submit_command(seated.new_uow(), "e1", advance(2))
    ann, bo, gm = (_document(seated, t) for t in (seated.ann, seated.bo, GM_SECRET))
    assert ann["pending"]["options"]
    assert gm["pending"]["options"]
    decision = ann["pending"]["id"]  # type: ignore[index]
    assert bo["pending"] == {"id": decision, "chooser": "hero"}
    assert [c["payload"]["option"] for c in ann["legal_commands"]] == [  # type: ignore[attr-defined]
        "react:opportunity_attack",
        "decline",
    ]
    assert bo["legal_commands"] == []
    requested = [
        r for r in json.loads(_log(seated, seated.bo)) if r.get("kind") == "decision.requested"
    ]
    assert requested
    assert requested[-1]["payload"] == {"chooser": "hero"}


def test_without_a_decision_a_player_may_give_their_own_creatures_orders_only() -> None:
    seated = seat(memory())
    _start(seated)
    commands = _document(seated, seated.ann)["legal_commands"]
    assert commands
    assert {c["actor"] for c in commands} == {"hero"}
    assert {c["actor"] for c in _document(seated, GM_SECRET)["legal_commands"]} == {"gm"}  # type: ignore[union-attr,index]
