"""The parry TN is the parrying item's: the item that parries, blocks open or counters,
not the first of the character's tools (document 000, Chapter 9: "your weapon or shield's
parry TN", "your weapon's parry TN"; F-COMBAT-GEN-01: one tool, one action). b cuts with
its sword (parry TN 5) and defends with the other item it holds (parry TN 3). Dice are
queued in the order the Beat rolls them: Block Open, then each attack and its defense."""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.engine import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare
from tablekeeper.rulesets.fractal.ruleset import FRACTAL

from .nano_helpers import SWORD, Duelists, duelists

SWORD_5 = {**SWORD, "parry_tn": 5}
BUCKLER_3 = {"id": "buckler", "kind": "shield", "name": "Buckler", "parry_tn": 3}
DAGGER_3 = {"id": "dagger", "kind": "weapon", "name": "Main-gauche", "parry_tn": 3}


def _tn(table: Duelists, technique: str) -> int:
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == technique]
    return int(rolled["check"]["tn"])


def _cut_and(table: Duelists, defense: str, *faces: int) -> None:
    """a cuts b (1 die) at The Drop; b answers with a cut (1 die) and ``defense``."""
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.declare(
        "b", defense=defense, defense_dice=1, action="cut", target="a", zone="mid", dice=1
    )
    table.passes("a")  # a, now attacked, declares no defense
    table.dice(*faces)
    table.passes("a")  # Step 3: no Feint


def test_a_parry_rolls_the_free_bucklers_parry_tn_not_the_swords_f_combat_nano_13() -> None:
    table = duelists(b_tools=(SWORD_5, BUCKLER_3))
    _cut_and(table, "parry", 5, 6, 1)  # a's cut, b's parry, b's cut
    # F-COMBAT-NANO-13: the buckler parries (the sword cuts): its parry TN 3, not 5
    assert _tn(table, "parry") == 3


def test_block_open_rolls_the_free_bucklers_parry_tn_plus_1_f_combat_nano_14() -> None:
    table = duelists(b_tools=(SWORD_5, BUCKLER_3))
    _cut_and(table, "block_open", 6, 5, 1)  # b's Block Open, a's cut, b's cut
    # F-COMBAT-NANO-14: the buckler blocks: its parry TN 3 + 1, not the sword's 5 + 1
    assert _tn(table, "block_open") == 4


def test_counter_rolls_the_free_daggers_parry_tn_plus_2_f_combat_nano_15() -> None:
    table = duelists(b_tools=(SWORD_5, DAGGER_3))
    _cut_and(table, "counter", 5, 6, 1)  # a's cut, b's counter, b's cut
    # F-COMBAT-NANO-15: the dagger counters (the sword cuts): its parry TN 3 + 2, not 5 + 2
    assert _tn(table, "counter") == 5


def test_master_strikes_parry_pile_is_the_striking_swords_f_combat_nano_06_13() -> None:
    # F-COMBAT-NANO-06: "The same item [...] must be used for both actions": the sword's
    # parry TN 5 (F-COMBAT-NANO-13), not the buckler's 3 though it is held first
    table = duelists(b_tools=(BUCKLER_3, SWORD_5))
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.declare("b", action="cut", target="a", zone="mid", dice=1, wrap="master_strike", split=1)
    table.passes("a")
    table.dice(5, 6, 1)  # a's cut, b's parry pile, b's cut
    table.passes("a")
    assert _tn(table, "parry") == 5


def test_the_odds_against_a_parry_read_the_parrying_items_tn_f_combat_nano_13() -> None:
    # One definition: the odds plan the same check the Beat rolls (F-COMBAT-NANO-13).
    table = duelists(a={"ranks": {"feint": 1}}, b_tools=(SWORD_5, BUCKLER_3))
    table.attack("a", "b", dice=1)
    table.passes("b")
    riposte = {"action": "cut", "target": "a", "zone": "mid", "dice": 1}
    table.declare("b", defense="parry", defense_dice=1, **riposte)
    table.passes("a")
    feint = Declare(conflict="duel", character="a", action="thrust", zone="mid", feint_dice=1)
    odds = FRACTAL.command_odds(table.state, Command.of("a", DECLARE, feint), Sight(gm=True))
    assert odds is not None
    # a Prick iff the 1d8 thrust succeeds (5/8) and the buckler's 1d6 parry at TN 3 fails
    # (2/6); at the sword's TN 5 it would fail 4/6 (5/12)
    assert dict(odds.outcomes) == {"nothing": Fraction(19, 24), "Prick [1]": Fraction(5, 24)}


def test_the_odds_of_ones_own_parry_read_the_free_item_f_combat_nano_13() -> None:
    # at The Drop b declared its cut at the attack step: the sword is busy, the buckler parries
    table = duelists(b_tools=(SWORD_5, BUCKLER_3))
    table.attack("a", "b", dice=1)
    table.attack("b", "a", dice=1)
    order = Declare(conflict="duel", character="b", defense="parry", defense_dice=1)
    odds = FRACTAL.command_odds(table.state, Command.of("b", DECLARE, order), Sight(gm=True))
    assert odds is not None
    assert odds.title == "parry: 1d6 against TN 3"
    assert dict(odds.outcomes) == {"0": Fraction(1, 3), "1": Fraction(2, 3)}
