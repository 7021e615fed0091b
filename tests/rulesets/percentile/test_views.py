"""What a player may see of a ``percentile`` encounter: the state and every payload.

The issue: "NPC stat blocks ... never reach a player's REST response or WebSocket
message". Ruling C-03: of a combatant they do not control, a player sees its id, name,
side, form, whether it is down, prone or has had its turn, its conditions, what it holds,
dropped or broke, and the spell it is casting without its Magic Points. Each test
searches the whole JSON a player would get for numbers no public field holds.
"""

from __future__ import annotations

import json
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Event, Session
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.encounter import PercentileState, order
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.state import Casting
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

NPC_HP = 4321
"""The orc's HP: a number no other part of the encounter's JSON holds."""

NPC_MP = 8642
"""The orc's Magic Points: likewise."""

ANN = Sight.player({"hero"})
"""Ann plays the hero."""


def sheet(name: str, side: str, hit_points: int = 13, **stats: Any) -> dict[str, Any]:
    """A stored character's sheet: a combatant spec without its id."""
    return {
        "side": side,
        "stats": {
            "name": name,
            "characteristics": {"STR": 13, "CON": 12, "SIZ": 13, "DEX": 14, "INT": 13},
            "skills": {"Sword": 60, "Dodge": 40},
            "weapons": [{"name": "sword", "damage": "1d8", "type": "slashing", "hp": 12}],
            "hit_points": hit_points,
            "mov": 8,
            **stats,
        },
    }


def keep() -> Session[PercentileState]:
    """Ann's hero and Bo's rogue against an orc whose HP and MP are the sentinels."""
    session = Session(PERCENTILE.engine, PERCENTILE.new_encounter({}), roller=RandomRoller(7))
    for key, spec in (
        ("hero", sheet("Hero", "party")),
        ("rogue", sheet("Rogue", "party")),
        ("orc", sheet("Orc", "orcs", NPC_HP, magic_points=NPC_MP)),
    ):
        session.submit(PERCENTILE.add_actor(PERCENTILE.actor_spec(spec, id=key, name=key.title())))
    session.submit(order(cmd.START, None, actor="gm"))
    return session


def _log(session: Session[PercentileState], sight: Sight) -> str:
    return json.dumps(
        [
            PERCENTILE.public_payload(event.kind, event.payload, sight)
            for event in session.log.events
        ]
    )


def test_a_player_never_gets_an_npcs_stat_block_in_the_state_or_the_log() -> None:
    session = keep()
    gm_text = json.dumps(PERCENTILE.player_view(session.state, GM_SIGHT)) + _log(session, GM_SIGHT)
    assert str(NPC_HP) in gm_text
    assert str(NPC_MP) in gm_text
    view = PERCENTILE.player_view(session.state, ANN)
    player_text = json.dumps(view) + _log(session, ANN)
    assert str(NPC_HP) not in player_text
    assert str(NPC_MP) not in player_text
    roster = view["combatants"]
    assert isinstance(roster, dict)
    orc = roster["orc"]
    assert isinstance(orc, dict)
    assert (orc["id"], orc["name"], orc["side"], orc["down"]) == ("orc", "Orc", "orcs", False)
    for private in ("hp", "stats", "magic_points", "determination_points", "reserves"):
        assert private not in orc
    assert "stats" in roster["hero"]  # type: ignore[operator]
    assert "stats" not in roster["rogue"]  # type: ignore[operator]
    assert PERCENTILE.player_view(session.state, GM_SIGHT) == session.state.model_dump(mode="json")


def test_a_player_sees_the_damage_dealt_to_an_npc_but_not_its_hp() -> None:
    session = keep()
    events = session.submit(order(cmd.DAMAGE, "orc", actor="gm", amount=5, source="a fall"))
    (damaged,) = [event for event in events if event.kind == ev.DAMAGED]
    shown = PERCENTILE.public_payload(damaged.kind, damaged.payload, ANN)
    assert shown == {
        "combatant": "orc",
        "amount": 5,
        "location": None,
        "source": "a fall",
        "rule": "GM",
    }
    assert PERCENTILE.public_payload(damaged.kind, damaged.payload, GM_SIGHT) == damaged.payload
    mine = session.submit(order(cmd.DAMAGE, "hero", actor="gm", amount=2))
    (own,) = [event for event in mine if event.kind == ev.DAMAGED]
    assert PERCENTILE.public_payload(own.kind, own.payload, ANN) == own.payload


def test_magic_points_lost_are_told_as_a_change_only() -> None:
    event = Event(
        sequence=1,
        command_id="c1",
        kind=ev.POINTS_CHANGED,
        payload=ev.PointsChanged(
            combatant="orc", points="magic", before=NPC_MP, after=NPC_MP - 3, source="Spirit"
        ).model_dump(mode="json"),
    )
    shown = PERCENTILE.public_payload(event.kind, event.payload, ANN)
    assert shown == {
        "combatant": "orc",
        "points": "magic",
        "source": "Spirit",
        "rule": "",
        "change": -3,
    }
    ruled = Sight.player({"orc"})
    assert PERCENTILE.public_payload(event.kind, event.payload, ruled) == event.payload


def test_another_combatant_added_shows_its_public_part() -> None:
    session = keep()
    added = [event for event in session.log.events if event.kind == ev.COMBATANT_ADDED]
    orc = next(event for event in added if event.payload["combatant"]["id"] == "orc")  # type: ignore[index]
    shown = PERCENTILE.public_payload(orc.kind, orc.payload, ANN)
    assert set(shown) == {"combatant"}
    assert shown["combatant"]["name"] == "Orc"  # type: ignore[index]
    assert "stats" not in shown["combatant"]  # type: ignore[operator]
    spec = PERCENTILE.actor_spec(sheet("Orc", "orcs", NPC_HP), id="orc2", name="Orc")
    command = PERCENTILE.add_actor(spec)
    public = PERCENTILE.public_payload(command.kind, command.payload, ANN)
    assert str(NPC_HP) not in json.dumps(public)
    assert public["id"] == "orc2"


def test_a_spell_being_cast_shows_without_its_magic_points() -> None:
    session = keep()
    state = session.state
    caster = state.combatant("orc").model_copy(
        update={"casting": Casting(spell="Bladesharp", magic_points=NPC_MP, needed=2)}
    )
    view = PERCENTILE.player_view(state.with_combatant(caster), ANN)
    casting = view["combatants"]["orc"]["casting"]  # type: ignore[index,call-overload]
    assert casting == {
        "spell": "Bladesharp",
        "needed": 2,
        "spent": 0,
        "target": None,
        "skill": None,
    }


def test_another_combatants_turn_order_is_told_by_its_total_not_its_dex() -> None:
    # Issue 13, bug 8 (the game-night test found it): the turn order's initiative is the
    # orc's combat initiative (P-CMB-02), made of his stat block's characteristics (DEX 14,
    # INT 13); a player reads the total only, as the sentence says it.
    session = keep()
    rolled = [event for event in session.log.events if event.kind == ev.TURN_ORDER_ROLLED]
    orc = next(event for event in rolled if event.payload["combatant"] == "orc")
    made = orc.payload["order"]
    assert isinstance(made, dict)
    assert made["initiative"] == 13
    shown = PERCENTILE.public_payload(orc.kind, orc.payload, ANN)
    assert shown["order"] == {
        "kind": made["kind"],
        "reason": made["reason"],
        "total": 13 + made["die"] + made["modifier"],  # type: ignore[operator]
    }
    hero = next(event for event in rolled if event.payload["combatant"] == "hero")
    assert PERCENTILE.public_payload(hero.kind, hero.payload, ANN) == hero.payload
    assert PERCENTILE.public_payload(orc.kind, orc.payload, GM_SIGHT) == orc.payload


def test_a_siz_difference_on_a_players_roll_says_how_much_not_the_foes_siz() -> None:
    # P-OPT-22's modifier on the hero's own defense is labelled "SIZ 13 against SIZ 187":
    # the orc's SIZ is his stat block's. The amount stays: it is the hero's roll.
    contribution = {"amount": -160, "label": "SIZ 13 against SIZ 187", "source": "P-OPT-22"}
    payload = {
        "attack": {"attacker": "orc", "target": "hero"},
        "roll": {"breakdown": {"contributions": [contribution]}},
    }
    shown = json.dumps(PERCENTILE.public_payload(ev.ATTACK_ROLLED, payload, ANN))
    assert "187" not in shown
    assert '"amount": -160' in shown
    assert "SIZ difference" in shown
    assert PERCENTILE.public_payload(ev.ATTACK_ROLLED, payload, GM_SIGHT) == payload
    seeing_both = Sight.player({"hero", "orc"})
    assert PERCENTILE.public_payload(ev.ATTACK_ROLLED, payload, seeing_both) == payload
