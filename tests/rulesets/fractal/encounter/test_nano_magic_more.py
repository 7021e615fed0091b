"""Kinetic Surge (F-MAGIC-NANO-03), Accelerate Decay (F-MAGIC-NANO-17), the TN 6 area
forms of Phantasm and Empathic Projection (F-MAGIC-NANO-06, -10) and the "resist mental"
instinct (F-MAGIC-NANO-11) in a Nano duel (rulings G-F-N13)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .nano_helpers import SWORD, Duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def rolled(table: Duelists, technique: str) -> list[dict[str, Any]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def _duel(*, b: dict[str, Any] | None = None, zones: bool = False, third: bool = False) -> Duelists:
    table = Duelists()
    table.pc("a", tools=[WAND])
    table.pc("b", side="foes", tools=[SWORD], **(b or {}))
    seats: list[str | dict[str, Any]] = (
        [{"character": "a", "zone": "bridge"}, "b"]
        if zones
        else [
            "a",
            "b",
        ]
    )
    if third:
        table.pc("c", side="foes", tools=[SWORD])
        seats.append("c")
    extra: dict[str, Any] = {}
    if zones:
        extra["scene_elements"] = [{"element": "noxious", "severity": 1, "zone": "bridge"}]
    table.open("duel", "combat", *seats, level="nano", **extra)
    return table


# Kinetic Surge -------------------------------------------------------------------------


@pytest.mark.parametrize("stat", ["meditation", "nature"])
def test_kinetic_surge_moves_a_unit_per_success_at_tn_4_f_magic_nano_03(stat: str) -> None:
    """F-MAGIC-NANO-03: Meditation or Nature vs TN 4, 1 unit per success; its AP the dice."""
    table = _duel()
    table.declare("a", action="kinetic_surge", dice=3, stat=stat)
    assert [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "a"] == [3]
    table.dice(4, 4, 3)  # 2 successes (a 3 misses TN 4)
    table.passes("b")
    (surge,) = rolled(table, "kinetic_surge")
    assert (surge["stat"], surge["check"]["tn"]) == (stat, 4)
    (moved,) = table.payloads("moved")
    assert (moved["squares"], moved["cost"]) == (2, 0)


def test_kinetic_surge_ignores_terrain_and_leaves_its_zone_f_magic_nano_03_g_f_n13() -> None:
    """G-F-N13: "ignoring terrain conditions": Difficult costs it nothing; a success carries
    the mage to the zone it names, out of the Noxious space it stood in."""
    table = _duel(zones=True)
    assert table.session.pending is not None  # Noxious on the bridge at the Beat's start
    table.answer("none")
    table.gm(cmd.PLACE_ELEMENT, cmd.PlaceElement(conflict="duel", element="difficult", severity=3))
    table.declare("a", action="kinetic_surge", dice=1, zone="shore")
    table.dice(4)  # 1 success
    table.passes("b")
    (moved,) = table.payloads("moved")
    assert (moved["squares"], moved["cost"]) == (1, 0)  # Difficult [3] would cost 3 a square
    assert table.conflict("duel").participants["a"].zone == "shore"
    assert table.session.pending is None  # the next Beat: nothing noxious on the shore


def test_kinetic_surge_without_a_success_stays_put_f_magic_nano_03() -> None:
    table = _duel(zones=True)
    table.answer("none")
    table.declare("a", action="kinetic_surge", dice=1, zone="shore")
    table.dice(3)  # no success
    table.passes("b")
    (moved,) = table.payloads("moved")
    assert moved["squares"] == 0
    assert table.conflict("duel").participants["a"].zone == "bridge"


# Accelerate Decay ----------------------------------------------------------------------


def _decay(faces: tuple[int, ...], resist: tuple[int, ...] = ()) -> Duelists:
    table = _duel()
    table.declare("a", action="accelerate_decay", target="b", item="sword", dice=len(faces))
    table.passes("b")  # the attack step
    table.dice(*faces, *resist)
    if resist:
        table.declare("b", defense="resist_decay", defense_dice=len(resist))
    else:
        table.passes("b")
    return table


def _b_cuts_back(table: Duelists) -> None:
    """The next Beat: a strikes again; b, defending, answers with a Cut of its own."""
    table.declare("a", action="energy_strike", target="b", dice=1)
    table.declare("b", action="cut", target="a", zone="mid", dice=1)


def test_accelerate_decay_names_an_item_the_target_carries_f_magic_nano_17() -> None:
    table = _duel()
    with pytest.raises(IllegalCommandError, match="carries"):
        table.declare("a", action="accelerate_decay", target="b", item="shield", dice=2)


@pytest.mark.parametrize(("faces", "unusable"), [((4, 3), False), ((4, 4), True)])
def test_decay_renders_the_item_unusable_at_2_successes_f_magic_nano_17(
    faces: tuple[int, ...], unusable: bool
) -> None:
    """F-MAGIC-NANO-17: Nature or Meditation vs TN 4; "unusable at 2+ successes"."""
    table = _decay(faces)
    (cast,) = rolled(table, "accelerate_decay")
    assert cast["check"]["tn"] == 4
    assert cast["stat"] in ("nature", "meditation")
    assert table.labels("b") == []  # an item aged, not a wound
    assert bool(table.c("a").spells) is unusable
    if unusable:
        table.dice(6)
        table.answer("sustain:1")  # Sustain Spell keeps it
        with pytest.raises(IllegalCommandError, match="holds no weapon"):
            _b_cuts_back(table)
    else:
        _b_cuts_back(table)


def test_the_carrier_resists_and_the_decay_reverts_when_not_sustained_f_magic_nano_17() -> None:
    """F-MAGIC-NANO-17: "its carrier may resist the spell" (G-F-N13: Body or Nature vs TN 4,
    subtracting); "the spell's effects [...] revert when the mage is no longer sustaining it"."""
    resisted = _decay((4, 4), resist=(4,))  # 2 - 1 = 1: short of 2
    assert resisted.c("a").spells == ()
    (resist,) = rolled(resisted, "resist_decay")
    assert (resist["stat"] in ("body", "nature"), resist["check"]["tn"]) == (True, 4)
    table = _decay((4, 4, 4))
    assert [s.action for s in table.c("a").spells] == ["accelerate_decay"]
    table.answer("collapse")  # the mage lets it go at the refresh
    _b_cuts_back(table)  # the sword is back


# The area forms ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spell",
    [
        pytest.param("phantasm", id="F-MAGIC-NANO-06"),
        pytest.param("empathic_projection", id="F-MAGIC-NANO-10"),
    ],
)
def test_the_area_form_is_tn_6_and_strikes_every_opponent_with_one_roll(spell: str) -> None:
    """F-MAGIC-NANO-06, -10: "TN 6 allows [...] everything in an AOE" (G-F-N13: every
    opponent of the duel, each defending the one roll on its own)."""
    table = _duel(third=True)
    table.declare("a", action=spell, target="b", dice=2, area=True, stat="people")
    table.passes("b")
    table.passes("c")
    table.dice(6, 5)  # 1 success at TN 6 (a 5 misses it)
    table.passes("b")
    table.passes("c")
    (cast,) = rolled(table, spell)
    assert cast["check"]["tn"] == 6
    struck = [(p["target"], p["successes"]) for p in table.payloads("struck")]
    assert struck == [("b", 1), ("c", 1)]
    assert len(table.labels("b")) == len(table.labels("c")) == 1


def test_a_single_target_form_stays_tn_4_and_only_these_spells_have_an_area() -> None:
    table = _duel(third=True)
    with pytest.raises(IllegalCommandError, match="area form"):
        table.declare("a", action="energy_strike", target="b", dice=1, area=True)
    table.declare("a", action="phantasm", target="b", dice=1, stat="people")  # F-MAGIC-NANO-06
    table.passes("b")
    table.passes("c")
    table.dice(4)
    table.passes("b")
    table.passes("c")
    assert rolled(table, "phantasm")[0]["check"]["tn"] == 4
    assert [p["target"] for p in table.payloads("struck")] == ["b"]


# Resist mental -------------------------------------------------------------------------


def test_resist_mental_needs_the_instinct_f_magic_nano_11() -> None:
    table = _duel()
    table.declare("a", action="mind_spike", target="b", dice=1)
    table.passes("b")
    with pytest.raises(IllegalCommandError, match="resist mental"):
        table.declare("b", defense="resist_mental", defense_dice=1)


def test_resist_mental_subtracts_from_mentalism_only_f_magic_nano_11() -> None:
    """F-MAGIC-NANO-11: "All mentalism spells can be resisted by the "resist mental"
    instinct" (G-F-N13: Meditation or People vs TN 4, a reaction subtracting its
    successes; it meets no other spell)."""
    table = _duel(b={"instincts": ["resist_mental"]})
    table.declare("a", action="phantasm", target="b", dice=2, stat="people")
    table.passes("b")
    table.dice(4, 4, 4, 3)  # Phantasm 2; the resistance 1
    table.declare("b", defense="resist_mental", defense_dice=2)
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["defense"], struck["margin"]) == (2, 1, 1)
    (resist,) = rolled(table, "resist_mental")
    assert resist["check"]["tn"] == 4
    assert resist["stat"] in ("meditation", "people")
    table = _duel(b={"instincts": ["resist_mental"]})
    table.declare("a", action="energy_strike", target="b", dice=2)
    table.passes("b")
    table.dice(4, 4, 4, 4)
    table.declare("b", defense="resist_mental", defense_dice=2)
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["defense"]) == (2, 0)  # Energy Strike is no mentalism


# Replay and undo -----------------------------------------------------------------------


def _replays_and_undoes(table: Duelists) -> None:
    after = table.state
    assert table.session.replay() == after
    table.session.undo()
    table.session.redo()
    assert table.state == after


def test_a_surge_a_decay_and_an_area_form_replay_and_undo_identically_g_f_n13() -> None:
    """The log holds every roll: replaying it gives the same state, and undo then redo is
    the identity (the zone moved into, the item decayed, every opponent struck)."""
    surged = _duel(zones=True)
    surged.answer("none")
    surged.declare("a", action="kinetic_surge", dice=1, zone="shore")
    surged.dice(4)
    surged.passes("b")
    assert surged.conflict("duel").participants["a"].zone == "shore"
    _replays_and_undoes(surged)
    decayed = _decay((4, 4, 4))
    assert decayed.c("a").spells
    _replays_and_undoes(decayed)
    area = _duel(third=True)
    area.declare("a", action="phantasm", target="b", dice=2, area=True, stat="people")
    area.passes("b")
    area.passes("c")
    area.dice(6, 6)
    area.passes("b")
    area.passes("c")
    assert area.labels("b")
    assert area.labels("c")
    _replays_and_undoes(area)


def test_the_log_says_an_area_form_and_a_surge_g_f_n13() -> None:
    from tablekeeper.engine.sight import GM_SIGHT
    from tablekeeper.rulesets.fractal.ruleset import FRACTAL

    names = {"a": "Ada", "b": "Bo", "c": "Cy"}
    area = _duel(third=True)
    area.declare("a", action="phantasm", target="b", dice=1, area=True)
    (declared,) = area.events("nano_declared")
    sentence = FRACTAL.words.event_sentence(declared, names, GM_SIGHT)
    assert sentence == "Ada declares (attack): phantasm at Bo and every other opponent (area, TN 6)"
    surged = _duel(zones=True)
    surged.answer("none")
    surged.declare("a", action="kinetic_surge", dice=1, zone="shore")
    surged.dice(4)
    surged.passes("b")
    (moved,) = surged.events("relocated")
    assert FRACTAL.words.event_sentence(moved, names, GM_SIGHT) == (
        "Ada surges to the shore (F-MAGIC-NANO-03)"
    )
