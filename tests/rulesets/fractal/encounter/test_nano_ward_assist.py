"""Allies adding dice to a Ward in a Nano duel (document 000, Magic, Arcanism: "Allies
within the mage's range may contribute their AP to this action"; F-MAGIC-NANO-18,
F-MAGIC-MICRO-07; ruling G-F-N6)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _warded(assist: int) -> Duelists:
    """b's Energy Strike (2) at a; a Wards with one die, c adds ``assist`` dice."""
    table = duelists(a_tools=(SWORD,), b_tools=(WAND,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=2)
    table.passes("c")
    table.declare("a", defense="ward", defense_dice=1)
    table.dice(6, 6)  # b's Energy Strike: 2
    table.dice(1, *[6] * assist)  # the Ward: a's die fails, c's dice succeed
    if assist:
        table.declare("c", defense="ward", defense_dice=assist, assist="a")
        spent = [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "c"]
        assert spent == [assist]  # c's AP, contributed
    else:
        table.passes("c")
    return table


def test_an_allys_ap_adds_dice_to_the_ward_f_magic_micro_07_f_magic_nano_18() -> None:
    # F-MAGIC-MICRO-07, F-MAGIC-NANO-18: 1 + 2 dice, Logic or Words vs TN 4
    table = _warded(assist=2)
    (ward,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "ward"]
    assert ward["character"] == "a"  # the mage's Ward, one roll
    assert ward["check"]["dice_rolled"] == 3  # type: ignore[index]
    assert ward["check"]["tn"] == 4  # type: ignore[index]
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (2, 0)


def test_without_the_ally_the_ward_is_the_mages_dice_alone_f_magic_nano_18() -> None:
    table = _warded(assist=0)
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (0, 2)


def test_dice_join_an_allys_ward_only_f_magic_micro_07() -> None:
    table = duelists(b_tools=(WAND,))
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=2)
    with pytest.raises(IllegalCommandError, match="join a partner's Ward"):
        table.declare("a", defense="ward", defense_dice=1, assist="b")
