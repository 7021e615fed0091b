"""Counterspell against a spell aimed at an ally: "Roll Words or Visual against an incoming
spell targeted anywhere within range's TN + 2. If you reduce the incoming spell to zero
successes, you siezs momentum AND reflect the spell back at the caster" (document 000,
Arcanism; F-MAGIC-NANO-20; rulings G-F-19, G-F-N11: range is the GM's, G-F-N15).

The party: ``a`` (a wand) and its ally ``c``; the foe ``b`` (a wand) casts at ``c``. Dice
are queued in the order the Beat rolls them: the spell, then its defense."""

from __future__ import annotations

import re

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.duel import pair
from tablekeeper.rulesets.fractal.encounter.nano_candidates import duel_candidates
from tablekeeper.rulesets.fractal.encounter.nano_declare import Declare

from ..test_nano_console import render
from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _party(b_tools: tuple[dict[str, object], ...] = (WAND,)) -> Duelists:
    table = duelists(a_tools=(WAND,), b_tools=b_tools)
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    return table


def _b_strikes_c(
    table: Duelists, action: str = "energy_strike", dice: int = 1, **fields: object
) -> None:
    """At The Drop a and c declare nothing, b strikes c; the defense step is a's."""
    table.passes("a")
    table.declare("b", action=action, target="c", dice=dice, **fields)
    table.passes("c")


def test_an_ally_counterspells_a_spell_at_its_partner_seizes_and_reflects_f_magic_nano_20() -> None:
    table = _party()
    _b_strikes_c(table)
    table.dice(6)  # b's Energy Strike at c: 1 success (TN 4)
    table.dice(6, 6, 6)  # a's Counterspell at TN 4 + 2: 3 successes, 2 over
    table.declare("a", defense="counterspell", defense_dice=3)
    table.passes("c")  # c declares no reaction of its own
    (counter,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "counterspell"]
    # F-MAGIC-NANO-20: a spell "targeted anywhere within range": a rolls against its TN + 2
    assert (counter["character"], counter["check"]["tn"]) == ("a", 6)  # type: ignore[index]
    (at_c,) = [p for p in table.payloads("struck") if p["target"] == "c"]
    assert (at_c["defense"], at_c["margin"]) == (3, 0)
    assert table.labels("c") == []
    # "you siezs momentum AND reflect the spell back at the caster": you, the counterspeller
    assert table.duel.momentum[pair("a", "b")] == "a"
    seized = [p for p in table.payloads("momentum_changed") if p["pair"] == pair("a", "b")]
    assert [(p["holder"], p["rule"]) for p in seized] == [("a", "F-MAGIC-NANO-20")]
    assert table.labels("b") == ["On Fire [2]"]  # its own spell, by 3 - 1 (G-F-19)
    inflicted = [(p["character"], p["entry"]["by"]) for p in table.payloads("condition_inflicted")]
    assert inflicted == [("b", "a")]  # reflected by the counterspeller
    # G-F-N15: the pair of the caster and the one it aimed at is G-F-07's, as for any
    # attack its target did not defend: b, who alone attacked c at The Drop, takes it
    assert table.duel.momentum[pair("b", "c")] == "b"


def test_an_allys_counterspell_that_falls_short_seizes_nothing_f_magic_nano_20() -> None:
    table = _party()
    _b_strikes_c(table, dice=2)
    table.dice(6, 6)  # b's Energy Strike at c: 2 successes (TN 4)
    table.dice(6, 1)  # a's Counterspell at TN 6: 1 success
    table.declare("a", defense="counterspell", defense_dice=2)
    table.passes("c")
    (at_c,) = [p for p in table.payloads("struck") if p["target"] == "c"]
    assert (at_c["defense"], at_c["margin"]) == (1, 1)  # F-MAGIC-NANO-20: subtracts, lands
    assert pair("a", "b") not in table.duel.momentum or table.duel.momentum[pair("a", "b")] != "a"
    assert table.labels("b") == []


def test_an_allys_counterspell_meets_spells_only_f_magic_nano_20() -> None:
    table = _party(b_tools=(SWORD,))
    _b_strikes_c(table, "cut", zone="mid")
    table.dice(6)  # b's Cut at c: 1 success; a's Counterspell is not rolled
    table.declare("a", defense="counterspell", defense_dice=1)
    table.passes("c")
    assert [p["technique"] for p in table.payloads("technique_rolled")] == ["cut"]
    assert table.labels("c") == ["Shallow Cut [1]"]


def test_the_targets_own_reaction_comes_before_an_allys_counterspell_g_f_n15() -> None:
    table = _party()
    _b_strikes_c(table)
    table.dice(6)  # b's Energy Strike at c: 1 success
    table.dice(6)  # c's own Slip (TN 6): 1 success; a's Counterspell is not rolled
    table.declare("a", defense="counterspell", defense_dice=1)
    table.declare("c", defense="slip", defense_dice=1)
    rolled = [(p["character"], p["technique"]) for p in table.payloads("technique_rolled")]
    assert rolled == [("b", "energy_strike"), ("c", "slip")]


def test_the_console_offers_a_counterspell_for_a_spell_at_an_ally_f_magic_nano_20() -> None:
    table = _party()
    _b_strikes_c(table)
    page = render(table.state, Sight.player({"a"}))
    assert re.search(r"counterspell, \d+ dice against b&#39;s spell", page)
    candidates = duel_candidates(table.state, table.conflict("duel"), ActorId("a"))
    orders = [c.payload_as(Declare) for c in candidates]
    offered = [o for o in orders if o.defense == "counterspell"]
    assert offered
    assert {o.against for o in offered} == {"b"}  # against the caster at the ally


def test_an_allys_counterspell_leaves_the_targets_own_reaction_for_another_g_f_n15() -> None:
    # each character defends once a Beat; a's Counterspell for c is a's, not c's: c
    # still Slips the other foe's Cut (G-F-N15, F-COMBAT-NANO-12)
    table = _party()
    table.pc("d", side="foes", tools=[SWORD])
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="d", side="foes")))
    _b_strikes_c(table)
    table.attack("d", "c", dice=1)
    table.dice(6)  # b's Energy Strike at c: 1 success
    table.dice(6, 6)  # a's Counterspell (TN 6): 2 successes
    table.dice(6)  # d's Cut at c: 1 success
    table.dice(6)  # c's Slip against d (TN 6): 1 success
    table.declare("a", defense="counterspell", defense_dice=2, against="b")
    table.declare("c", defense="slip", defense_dice=1, against="d")
    table.passes("d")  # Step 3: no Feint
    rolled = [(p["character"], p["technique"]) for p in table.payloads("technique_rolled")]
    assert ("c", "slip") in rolled
    assert table.labels("c") == []
