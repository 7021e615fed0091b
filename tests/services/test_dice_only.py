"""The "dice only" roll mode (issue 13: "Roll visibility per NPC, as Foundry's roll modes";
ruling C-20): the GM makes an NPC's rolls show their dice and not their targets, and a
player then reads its attack's d100 and level, never its skill, in the log, the live
feed's records and the Markdown export; the GM reads all of it. In public, too, the NPC's
skill reaches no player (issue 13, bug 8).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.values import GM
from tablekeeper.services import (
    access,
    campaigns,
    characters,
    encounters,
    exports,
    logs,
    roll_modes,
    views,
)
from tablekeeper.services.access import GM_VIEWER, Viewer

from .tables import GM_SECRET, memory, percentile_sheet

ORC_SWORD = 87
"""The orc's Sword skill, its attack's effective skill: a number no one else has."""

ATTACK_SEED = 5
"""The seed of the orc's attack dice (none of its faces is :data:`ORC_SWORD`)."""


def _table() -> tuple[Any, str]:
    """Campaign ``k1``: Ann plays the hero; the orc is the GM's, Sword 87."""
    new_uow = memory()
    campaigns.create_campaign(
        new_uow(), "Keep", "percentile", campaign_id="k1", gm_secret=GM_SECRET
    )
    _, ann = access.add_player(new_uow(), "k1", "ann", "Ann")
    orc = percentile_sheet("Orc", "orcs")
    orc["stats"]["skills"] = {"Sword": ORC_SWORD, "Dodge": 40}
    orc["stats"]["weapons"][0]["skill"] = "Sword"
    for key, name, player, sheet in (
        ("hero", "Hero", "ann", percentile_sheet("Hero", "party")),
        ("orc", "Orc", None, orc),
    ):
        kind = "npc" if player is None else "pc"
        characters.create_character(
            new_uow(), "k1", id=key, name=name, player=player, kind=kind, sheet=sheet
        )
    return new_uow, ann


def _orc_attacks(new_uow: Any, **mode: Any) -> list[Event]:
    """The encounter started, the orc engaged with the hero and attacking her on its turn:
    the events of its attack."""
    encounters.start_encounter(new_uow(), "k1", characters=["hero", "orc"], encounter_id="e1")
    engage = {"pair": ["orc", "hero"]}
    for kind, payload in (("percentile.start", {}), ("percentile.engage", engage)):
        encounters.submit_command(new_uow(), "e1", Command(actor=GM, kind=kind, payload=payload))
    view = encounters.load_encounter(new_uow(), "e1")
    while view.state.active != "orc":
        end = Command(
            actor=GM, kind="percentile.end_turn", payload={"combatant": view.state.active}
        )
        view = encounters.submit_command(new_uow(), "e1", end)
    attack = Command(
        actor="orc", kind="percentile.attack", payload={"combatant": "orc", "targets": ["hero"]}
    )
    # Dice of a fixed seed: a random d100 lands on the skill one time in a hundred, and
    # the skill must be a number the player's log holds nowhere else.
    roller = RandomRoller(ATTACK_SEED)
    view = encounters.submit_command(new_uow(), "e1", attack, roller=roller, **mode)
    assert ORC_SWORD not in roller.history.faces
    return [record for record in view.records if isinstance(record, Event)]


def _log(new_uow: Any, viewer: Viewer) -> list[dict[str, Any]]:
    view = encounters.load_encounter(new_uow(), "e1")
    return views.log_json(view, logs.encounter_log(new_uow(), "e1", viewer=viewer), viewer)


def _rolled(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in entries if e.get("kind") == "percentile.attack_rolled")


@pytest.mark.parametrize("how", ["default", "command"])
def test_an_npc_rolling_dice_only_shows_a_player_its_d100_not_its_skill(how: str) -> None:
    new_uow, ann = _table()
    if how == "default":
        roll_modes.set_roll_mode(new_uow(), "k1", "orc", "dice_only")
    events = _orc_attacks(new_uow, **({"roll_mode": "dice_only"} if how == "command" else {}))
    assert all(e.visibility.targets_hidden for e in events if not e.kind.startswith("decision."))
    player = access.authenticate(new_uow(), "k1", ann)
    seen = _rolled(_log(new_uow, player))
    roll = seen["payload"]["roll"]
    assert set(roll) == {"roll", "level", "automatic_success"}
    assert seen["text"] == f"Orc attacks Hero with sword: {roll['roll']}, {roll['level']}"
    gm = _rolled(_log(new_uow, GM_VIEWER))
    assert gm["payload"]["roll"]["effective_skill"] == ORC_SWORD
    assert f"against {ORC_SWORD}%" in gm["text"]
    live = views.records_json(logs.encounter_log(new_uow(), "e1", viewer=player), player)
    exported = exports.session_log_markdown(new_uow(), "k1", viewer=player)
    for received in (json.dumps(live), exported):
        assert f"{ORC_SWORD}" not in received
    assert f"against {ORC_SWORD}%" in exports.session_log_markdown(new_uow(), "k1")


def test_in_public_a_player_reads_the_npcs_d100_and_level_not_its_skill() -> None:
    # bug 8: "NPC thresholds in check events"; the effective skill reached the players
    new_uow, ann = _table()
    _orc_attacks(new_uow)
    player = access.authenticate(new_uow(), "k1", ann)
    seen = _rolled(_log(new_uow, player))
    assert "effective_skill" not in seen["payload"]["roll"]
    assert "breakdown" not in seen["payload"]["roll"]
    assert str(ORC_SWORD) not in json.dumps(_log(new_uow, player))
    assert str(ORC_SWORD) not in exports.session_log_markdown(new_uow(), "k1", viewer=player)
