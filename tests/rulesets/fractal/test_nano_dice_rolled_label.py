"""A declaration button says the dice it will roll when they are not the dice committed.

"The Phantasm button for 9 dice rolls 6d6": not a cap (Phantasm, F-MAGIC-NANO-06, "Roll
People or Visual against TN 4", names none; the document caps dice only for Coded Message
and the dice a Feint or Motte and Bailey adds, G-F-01) but a circumstance penalty:
"Obscured [S]: ... Applies a Circumstance penalty of -S dice to all Visual stat rolls"
(F-SCENE-03; F-CORE-06). The 9 AP are spent, 6 dice are rolled: the button says both."""

from __future__ import annotations

from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.nano_view import nano_view

from .encounter.nano_helpers import Duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _mage(obscured: int | None) -> Duelists:
    """Ada (``a``): Visual d6, People d4, AP 18 (a 9-dice Phantasm offered), a wand."""
    table = Duelists()
    table.pc("a", stats={"body": 10, "meditation": 8, "people": 4}, tools=[WAND])
    table.pc("b", side="foes", tools=[WAND])
    table.open("duel", "combat", "a", "b", level="nano")
    if obscured:
        table.gm(
            cmd.PLACE_ELEMENT, cmd.PlaceElement(conflict="duel", element="obscured", severity=3)
        )
    return table


def _phantasm_label(table: Duelists) -> str:
    view = nano_view(table.state, table.conflict("duel"), Sight.player({"a"}))
    assert view is not None
    options = view["options"]
    assert isinstance(options, list)
    (label,) = [
        str(o["label"])
        for o in options
        if isinstance(o, dict) and str(o["label"]).startswith("phantasm, ")
    ]
    return label


def test_a_phantasm_in_obscured_says_the_dice_it_rolls_f_scene_03_f_magic_nano_06() -> None:
    table = _mage(obscured=3)
    label = _phantasm_label(table)
    assert label == "phantasm, 9 dice (rolls 6d6)"  # F-SCENE-03: -3 dice to Visual rolls
    table.dice(*[6] * 6)
    table.declare("a", action="phantasm", target="b", dice=9)
    assert table.c("a").ap == 18 - 9  # the 9 committed are spent (G-F-01)
    while not table.payloads("technique_rolled"):  # the others declare nothing: it resolves
        assert table.waiting is not None
        table.passes(table.waiting)
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "phantasm"]
    check = rolled["check"]
    assert (rolled["stat"], check["dice_rolled"]) == ("visual", 6)  # the label's 6d6


def test_a_phantasm_rolling_what_it_commits_says_nothing_more_f_magic_nano_06() -> None:
    assert _phantasm_label(_mage(obscured=None)) == "phantasm, 9 dice"
