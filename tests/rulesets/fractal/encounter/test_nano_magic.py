"""Magic in a Nano duel (document 000, Chapter 10; rulings G-F-19, G-F-34, G-F-36, G-F-37):
spells strike and are warded, counterspelled and reflected; Telekinetic Deflection turns
blows, not spells; Mend Wounds; the spells per Beat."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter.duel import pair
from tablekeeper.rulesets.fractal.stats import Stat

from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def rolled(table: Duelists, technique: str) -> list[dict[str, object]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def mages() -> Duelists:
    return duelists(a_tools=(WAND,), b_tools=(SWORD,))


def test_energy_strike_inflicts_a_generic_elemental_condition_f_magic_nano_01() -> None:
    table = mages()
    table.declare("a", action="energy_strike", target="b", dice=2, item="shocked")
    table.passes("b")
    table.dice(6, 6)
    table.passes("b")
    # F-MAGIC-NANO-01: the declared elemental condition, Magical row 2 (G-F-36: by the margin)
    assert table.labels("b") == ["Stunned [2]"]


def test_mind_spike_is_tn_5_and_a_mental_condition_f_magic_nano_07() -> None:
    table = mages()
    table.declare("a", action="mind_spike", target="b", dice=1)
    table.passes("b")
    table.dice(5)
    table.passes("b")
    (spike,) = rolled(table, "mind_spike")
    assert spike["check"]["tn"] == 5  # type: ignore[index]  # F-MAGIC-NANO-07
    assert table.labels("b") == ["Headache [1]"]  # F-MAGIC-NANO-07: a mental condition


def test_a_ward_subtracts_from_spells_only_f_magic_nano_18() -> None:
    table = duelists(b_tools=(WAND,))
    table.declare("b", action="energy_strike", target="a", dice=2)
    table.declare("a", action="cut", target="b", zone="mid", dice=1)
    table.declare("a", defense="ward", defense_dice=1)
    table.dice(1)  # a's Cut
    table.dice(6, 6)  # b's Energy Strike: 2
    table.dice(6)  # a's Ward: 1
    table.passes("b")  # b: no defense against the cut
    struck = [p for p in table.payloads("struck") if p["attacker"] == "b"]
    assert (struck[0]["defense"], struck[0]["margin"]) == (1, 1)  # G-F-N6: spells only


def test_telekinetic_deflection_turns_blows_not_spells_f_magic_nano_02() -> None:
    table = duelists(a_tools=(WAND,))
    table.attack("b", "a", dice=2)
    table.passes("a")
    table.declare("a", defense="telekinetic_deflection", defense_dice=2)
    table.dice(5, 5)  # b's Cut: 2
    table.dice(6, 6)  # a's deflection: 2
    table.passes("b")
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (2, 0)  # F-MAGIC-NANO-02: 2 - 2


def test_counterspell_is_tn_plus_2_seizes_and_reflects_f_magic_nano_20_g_f_19() -> None:
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.declare("b", action="energy_strike", target="a", dice=1)
    table.passes("a")
    table.dice(6)  # b's strike: 1 success (TN 4)
    table.dice(6, 6, 6)  # a's Counterspell at TN 4 + 2: 3 successes, 2 over
    table.declare("a", defense="counterspell", defense_dice=3)
    (counter,) = rolled(table, "counterspell")
    # F-MAGIC-NANO-20: the strike's TN 4 + 2; at zero a seizes and reflects by 3 - 1
    assert counter["check"]["tn"] == 6  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "a"
    assert table.labels("a") == []
    assert table.labels("b") == ["On Fire [2]"]  # reflected: its own spell, by 3 - 1


def test_mend_wounds_removes_up_to_successes_x_3_dor_f_magic_nano_12_g_f_34() -> None:
    table = mages()
    table.attack("b", "a", dice=1, zone="low")
    table.passes("a")
    table.dice(5)  # Grazed Shin [1]: 2 DoR
    table.passes("a")
    assert table.labels("a") == ["Grazed Shin [1]"]
    table.passes("b")  # b holds the momentum and declares nothing
    table.dice(6)  # 1 success: DoR up to 3
    table.declare("a", action="mend_wounds", dice=1)  # on itself
    assert table.labels("a") == []
    removed = table.payloads("condition_removed")
    assert [(p["by"], p["rule"]) for p in removed] == [("mend_wounds", "F-MAGIC-NANO-12")]


def test_spells_per_beat_voice_and_foci_f_magic_gen_02_03_g_f_37() -> None:
    # F-MAGIC-GEN-02, F-MAGIC-GEN-03
    table = duelists(a_tools=(), a={"voice_free": False})
    with pytest.raises(IllegalCommandError, match="at most 0 spell"):
        table.declare("a", action="energy_strike", target="b", dice=1)
    table = mages()  # the voice and a wand: two spells
    table.declare("a", action="energy_strike", target="b", dice=1)
    table.declare("b", action="cut", target="a", zone="mid", dice=1)
    table.declare("a", defense="ward", defense_dice=1)  # a second spell, allowed
    assert table.duel.declared["a"].defense == "ward"


def test_thermal_terrain_is_sustained_at_each_beat_or_collapses_f_magic_nano_04() -> None:
    # F-MAGIC-MICRO-08 in a duel: at the Beat's refresh the mage answers Sustain Spell.
    table = mages()
    with pytest.raises(IllegalCommandError, match="terrain it makes"):
        table.declare("a", action="thermal_manipulation", item="fog", dice=2)
    table.declare("a", action="thermal_manipulation", item="hazardous", dice=2)
    table.dice(6, 6)  # 2 successes: Hazardous [2]
    table.passes("b")
    elements = table.conflict("duel").scene_elements
    assert [(e.element, e.severity) for e in elements] == [("hazardous", 2)]
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "a"  # Sustain Spell, TN 4 + 1 effect
    table.dice(5)
    table.answer("sustain:1")
    assert table.conflict("duel").scene_elements  # kept
    # G-F-N14: the Hazardous space at the start of the Beat, each duellist in seat order
    for who in ("a", "b"):
        pending = table.session.pending
        assert pending is not None
        assert pending.chooser == who
        table.answer("none")
    assert table.duel.step == "attack"
    table.passes("a")
    table.passes("b")
    table.answer("collapse")  # next Beat: let it go
    assert table.conflict("duel").scene_elements == ()


def test_wither_takes_a_die_size_per_2_successes_while_sustained_f_magic_nano_14_g_f_35() -> None:
    table = mages()
    with pytest.raises(IllegalCommandError, match="names the stat"):
        table.declare("a", action="wither", target="b", dice=1, item="luck")
    table.declare("a", action="wither", target="b", dice=3, item="visual")
    table.passes("b")
    table.dice(6, 6, 6)  # 3 successes: floor(3 / 2) = 1 die size
    table.passes("b")
    assert table.c("b").die(Stat.VISUAL) == 4  # d6 -> d4
    assert table.session.pending is not None  # Sustain Spell at the next Beat
    table.answer("collapse")
    assert table.c("b").die(Stat.VISUAL) == 6  # it lapses: the die is back


def test_dispel_clears_an_effect_whose_total_it_reaches_f_magic_nano_19_g_f_18() -> None:
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.declare("b", action="thermal_manipulation", item="difficult", dice=2)
    table.dice(6, 6)  # Difficult [2], made with 2 successes
    table.passes("a")
    table.dice(5)
    table.answer("sustain:1")  # b keeps it at the refresh
    with pytest.raises(IllegalCommandError, match="ongoing effect"):
        table.declare("a", action="dispel", target="b", item="nothing", dice=1)
    table.declare("a", action="dispel", target="b", item="b-spell-1", dice=2)
    table.dice(6, 6)  # 2 successes: the creator's 2 reached (a tie is the dispeller's)
    table.passes("b")
    assert table.conflict("duel").scene_elements == ()
    (dispel,) = rolled(table, "dispel")
    assert dispel["check"]["tn"] == 4  # type: ignore[index]


def test_energy_strike_rolls_logic_or_nature_vs_tn_4_f_magic_nano_01() -> None:
    """F-MAGIC-NANO-01: "Roll Logic or Nature against TN 4": b's Nature d8 is the better
    die; a 3 fails, a 4 succeeds; one success inflicts the elemental condition's row 1."""
    table = duelists(a_tools=(SWORD,), b_tools=(WAND,), b={"stats": {"nature": 8}})
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=2, item="shocked")
    table.dice(3, 4)
    table.passes("a")
    (strike,) = rolled(table, "energy_strike")
    assert (strike["stat"], strike["check"]["tn"]) == ("nature", 4)  # type: ignore[index]
    assert strike["check"]["successes"] == 1  # type: ignore[index]
    assert [entry.severity for entry in table.c("a").conditions] == [1]


def test_telekinetic_deflection_is_logic_or_words_vs_tn_4_f_magic_nano_02() -> None:
    """F-MAGIC-NANO-02: "Roll Logic or Words against TN 4 [...] Subtract successes from the
    attack roll": b's Words d8; a 3 fails, a 4 succeeds: 1 off a's 2."""
    table = duelists(b_tools=(WAND,), b={"stats": {"words": 8}})
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="telekinetic_deflection", defense_dice=2)
    table.dice(5, 5)  # a's Cut: 2
    table.dice(3, 4)  # b's deflection: 1
    table.passes("a")
    (deflection,) = rolled(table, "telekinetic_deflection")
    assert (deflection["stat"], deflection["check"]["tn"]) == ("words", 4)  # type: ignore[index]
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (1, 1)


def test_telekinetic_deflection_does_not_turn_a_spell_f_magic_nano_02() -> None:
    # F-MAGIC-NANO-02: "deflect incoming physical attacks": a spell lands whole, unrolled
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.declare("b", action="energy_strike", target="a", dice=2)
    table.passes("a")
    table.dice(6, 6)  # b's Energy Strike: 2; no die is rolled for the deflection
    table.declare("a", defense="telekinetic_deflection", defense_dice=2)
    assert rolled(table, "telekinetic_deflection") == []
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (0, 2)


def test_mind_spike_at_tn_5_fails_on_a_4_f_magic_nano_07() -> None:
    # F-MAGIC-NANO-07: "Roll Nature or People against TN 5": a 4 is no success, no condition
    table = mages()
    table.declare("a", action="mind_spike", target="b", dice=1)
    table.passes("b")
    table.dice(4)
    table.passes("b")
    (spike,) = rolled(table, "mind_spike")
    assert spike["check"]["successes"] == 0  # type: ignore[index]
    assert table.labels("b") == []
