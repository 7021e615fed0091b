"""Micro Magic (document 000, Chapter 10: tool use, Micro actions, Sustain; rulings
G-F-16, G-F-20, G-F-36, G-F-37, G-F-E6)."""

from __future__ import annotations

import pytest

from tablekeeper.engine import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table

MAGE = {"logic": 12, "nature": 8, "meditation": 8, "words": 8}


def battle(*foes: str, mage: dict[str, object] | None = None, **fields: object) -> Table:
    table = Table(**fields)  # type: ignore[arg-type]
    table.pc("mage", ranks={"magic": 2}, stats=MAGE, **(mage or {}))
    for foe in foes or ("orc",):
        table.pc(foe, side="foes")
    return table


def test_ergokinesis_hits_everything_in_its_area_with_a_generic_condition_f_magic_micro_03() -> (
    None
):
    table = battle("orc", "troll")
    table.open("fight", "combat", "mage", "orc", "troll")
    table.dice(12, 12)
    table.act("fight", "mage", "ergokinesis", 2, "orc", "troll", kind="burning")
    table.answer("none")  # the orc's ward (Arcanism) declined
    table.answer("none")  # the troll's
    assert table.labels("orc") == ["On Fire [2]"]
    assert table.labels("troll") == ["On Fire [2]"]
    # F-MAGIC-MICRO-01 / F-COND-07: Micro magic deals generic conditions.
    assert table.c("orc").conditions[0].tree is None


def test_knockdown_is_impact_g_f_16() -> None:
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, "orc", kind="knockdown")
    table.answer("none")
    assert table.labels("orc") == ["Bruised [1]"]


def test_ergokinesis_terrain_lasts_while_sustained_f_magic_micro_03_f_magic_micro_08() -> None:
    # F-MAGIC-MICRO-03, F-MAGIC-MICRO-08
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(12, 12, 12)
    table.act("fight", "mage", "ergokinesis", 3, terrain="difficult")
    placed = table.conflict("fight").scene_elements
    assert [(e.element, e.severity) for e in placed] == [("difficult", 3)]  # F-SCENE-02
    spell = table.c("mage").spells[0]
    table.end_turn("fight", "mage")
    table.end_turn("fight", "orc")
    pending = table.session.pending  # the refresh: Sustain Spell (F-MAGIC-MICRO-08)
    assert pending is not None
    assert pending.chooser == "mage"
    assert "TN 5" in pending.options[1].label  # 4 + 1 active effect
    table.dice(12)
    table.answer("sustain:1")
    assert table.c("mage").spells == (spell,)
    assert table.c("mage").ap == 19  # the Sustain roll's die is its cost (G-F-20)
    table.end_turn("fight", "mage")
    table.end_turn("fight", "orc")
    table.dice(4)  # a failure against TN 5 collapses everything
    table.answer("sustain:1")
    assert table.c("mage").spells == ()
    assert table.conflict("fight").scene_elements == ()


def test_not_spending_the_ap_collapses_the_spells_f_magic_micro_08() -> None:
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, terrain="hazardous", zone="the ford")
    table.end_turn("fight", "mage")
    table.end_turn("fight", "orc")
    table.answer("collapse")
    assert table.c("mage").spells == ()
    assert table.payloads("spells_collapsed")[0]["reason"] == "not_spent"


def test_sustain_costing_one_ap_per_effect_is_an_option_g_f_20() -> None:
    table = battle(sustain_cost="one_per_effect")
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, terrain="hazardous", zone="the ford")
    table.end_turn("fight", "mage")
    table.end_turn("fight", "orc")
    table.dice(12)
    table.answer("sustain:1")
    assert table.c("mage").ap == 18


def test_zero_ap_from_a_condition_loses_every_spell_f_magic_micro_09() -> None:
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, terrain="hazardous", zone="the ford")
    for _ in range(5):
        table.gm(
            cmd.INFLICT, cmd.Inflict(character="mage", table="physical", kind="impact", successes=4)
        )
    assert table.c("mage").spells == ()
    assert table.payloads("spells_collapsed")[0]["rule"] == "F-MAGIC-MICRO-09"


def test_mentalism_targets_one_mind_or_an_area_at_tn_6_f_magic_micro_04() -> None:
    table = battle("orc", "golem")
    table.npc("golem2", stats={"body": 12, "nature": 4}, mindless=True)
    table.open("fight", "combat", "mage", "orc", "golem")
    with pytest.raises(IllegalCommandError, match=r"one target \(roll at TN 6 for an area\)"):
        table.act("fight", "mage", "mentalism", 2, "orc", "golem")
    table.dice(8, 8)
    table.act("fight", "mage", "mentalism", 2, "orc", "golem", area=True, kind="distracted")
    rolled = table.payloads("action_rolled")[0]["check"]
    assert (rolled["tn"], rolled["successes"]) == (6, 2)
    table.answer("none")
    table.answer("none")
    assert table.labels("orc") == ["Frazzled [2]"]


def test_mentalism_ignores_mindless_creatures_f_magic_micro_04() -> None:
    table = battle()
    table.npc("golem", stats={"body": 12, "nature": 4}, mindless=True)
    table.open("fight", "combat", "mage", "golem")
    table.dice(8, 8)
    table.act("fight", "mage", "mentalism", 2, "golem", kind="distracted")
    assert table.labels("golem") == []


def test_naturalism_grants_or_suppresses_a_physical_condition_f_magic_micro_05() -> None:
    table = battle(mage={"tools": [{"id": "staff", "kind": "focus"}]})
    table.pc("knight")
    table.open("fight", "combat", "mage", "knight", "orc")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="knight", table="physical", kind="impact", successes=2)
    )
    wound = table.c("knight").conditions[0].id
    table.dice(8, 8)
    table.act("fight", "mage", "naturalism", 2, "knight", suppress=wound)
    assert table.c("knight").conditions[0].suppressed
    table.dice(8)
    table.act("fight", "mage", "naturalism", 1, "knight", kind="refreshed")
    assert table.labels("knight") == ["Battered [2]", "Refreshed [1]"]
    table.end_turn("fight", "mage")
    table.end_turn("fight", "knight")
    table.end_turn("fight", "orc")
    table.answer("collapse")  # the effects end with the spells
    assert table.labels("knight") == ["Battered [2]"]
    assert not table.c("knight").conditions[0].suppressed


def test_arcanism_wards_against_spells_only_f_magic_micro_06() -> None:
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats=MAGE)
    table.pc("warlock", side="foes", ranks={"magic": 1}, stats=MAGE)
    table.open("duel", "magic", "mage", "warlock")
    table.dice(12, 12, 12)
    table.act("duel", "mage", "ergokinesis", 3, "warlock", kind="shocked")
    pending = table.session.pending
    assert pending is not None
    assert pending.option_ids[1].startswith("arcanism:")
    table.dice(12, 12)
    table.answer("arcanism:2")
    assert table.labels("warlock") == ["Static Cling [1]"]  # 3 - 2


def test_allies_add_dice_to_a_ward_assisted_ward_f_magic_micro_07_g_f_48() -> None:
    # F-MAGIC-MICRO-07: the squire's 2 dice join the mage's 1 on the Arcanism roll.
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats=MAGE)
    table.pc("squire")
    table.pc("warlock", side="foes", ranks={"magic": 1}, stats=MAGE)
    table.open("duel", "magic", "mage", "squire", "warlock")
    table.end_turn("duel", "mage")
    table.session.submit(
        Command.of(
            "squire", cmd.ASSIST, cmd.Assist(conflict="duel", character="squire", to="mage", dice=2)
        )
    )
    table.end_turn("duel", "squire")
    table.dice(12, 12, 12)
    table.act("duel", "warlock", "ergokinesis", 3, "mage", kind="shocked")
    table.dice(12, 1, 12)  # 1 die of the mage's, and the squire's 2
    table.answer("arcanism:1")
    assert table.labels("mage") == ["Static Cling [1]"]


def test_one_spell_a_turn_by_incantation_more_with_foci_f_magic_gen_02_f_magic_gen_03() -> None:
    # F-MAGIC-GEN-02, F-MAGIC-GEN-03
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(1)
    table.act("fight", "mage", "mentalism", 1, "orc")
    table.answer("none") if table.session.pending else None
    with pytest.raises(IllegalCommandError, match="can cast 1 spell"):
        table.act("fight", "mage", "ergokinesis", 1, "orc")
    focus = Table()
    focus.pc("mage", ranks={"magic": 1}, stats=MAGE, tools=[{"id": "wand", "kind": "focus"}])
    focus.pc("orc", side="foes")
    focus.open("fight", "combat", "mage", "orc")
    focus.dice(1)
    focus.act("fight", "mage", "mentalism", 1, "orc")
    focus.dice(1)
    focus.act("fight", "mage", "ergokinesis", 1, "orc")
    with pytest.raises(IllegalCommandError, match="can cast 2 spell"):
        focus.act("fight", "mage", "naturalism", 1, "mage")


def test_a_gagged_mage_casts_only_with_a_focus_f_magic_gen_02() -> None:
    table = battle(mage={"voice_free": False})
    table.open("fight", "combat", "mage", "orc")
    with pytest.raises(IllegalCommandError, match="can cast 0 spell"):
        table.act("fight", "mage", "ergokinesis", 1, "orc")


def test_sustain_needs_no_tool_and_no_spell_slot_f_magic_gen_04() -> None:
    table = battle(mage={"voice_free": False, "tools": [{"id": "orb", "kind": "focus"}]})
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, terrain="difficult")
    table.end_turn("fight", "mage")
    table.end_turn("fight", "orc")
    table.dice(12)
    table.answer("sustain:1")  # a gagged mage sustains: metamagic needs no Incantation
    assert table.payloads("sustained")[0]["maintained"]
    table.dice(1)
    table.act("fight", "mage", "mentalism", 1, "orc")  # the Focus's spell this turn is still free


def test_range_and_area_from_the_dice_f_magic_micro_02() -> None:
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats={"meditation": 4, "logic": 6})  # range 4, radius 3
    table.pc("near", side="foes")
    table.pc("far", side="foes")
    table.open(
        "fight",
        "combat",
        {"character": "mage", "position": [0, 0]},
        {"character": "near", "position": [4, 0]},
        {"character": "far", "position": [8, 0]},
    )
    with pytest.raises(IllegalCommandError, match="beyond Mage's range of 4 units"):
        table.act("fight", "mage", "ergokinesis", 1, "far")
    with pytest.raises(IllegalCommandError, match="outside the area's radius of 3"):
        table.act("fight", "mage", "ergokinesis", 1, "near", "far")
    table.dice(6)
    table.act("fight", "mage", "ergokinesis", 1, "near")


def test_a_spell_lapses_with_its_conflict_g_f_e6() -> None:
    table = battle()
    table.open("fight", "combat", "mage", "orc")
    table.dice(12)
    table.act("fight", "mage", "ergokinesis", 1, terrain="difficult")
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="fight"))
    assert table.c("mage").spells == ()
