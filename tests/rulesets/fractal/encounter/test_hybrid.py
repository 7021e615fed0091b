"""Hybrid conflicts (document 000, Chapters 13-14 Designer Notes; F-CORE-12, F-COOK-GEN-07,
F-ART-GEN-07; ruling G-F-N7): AP split across trees in one Beat, the tools locked, a
project tracked alongside the duel, judged at its end."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.hybrid import HYBRID, HybridProject

from .nano_helpers import SWORD, Duelists, duelists

PAN = {"id": "pan", "kind": "kitchen", "name": "Wok", "hands": 2}
BRUSH = {"id": "brush", "kind": "brushes", "name": "Loaded brush"}


def project(table: Duelists, *techniques: str, goal: int = 2) -> None:
    order = HybridProject(conflict="duel", character="a", goal=goal, techniques=techniques)
    table.session.submit(Command.of(GM, HYBRID, order))


def test_slip_and_sear_in_one_beat_martial_arts_fried_rice_f_cook_gen_07_f_core_12() -> None:
    table = duelists(a_tools=(PAN,))
    project(table, "sear")
    table.passes("a")
    table.attack("b", "a", dice=1)
    table.declare("a", defense="slip", defense_dice=2, craft="sear", craft_dice=2)
    assert table.c("a").ap == 14 - 4  # one pool, split across two trees
    table.dice(5)  # b's Cut: 1
    table.dice(6, 1)  # a's Slip at TN 6: 1: the cut is stopped
    table.dice(6, 6)  # Sear: Body d8 vs TN 4: 2 successes toward the Goal
    table.passes("b")
    assert table.conflict("duel").project.successes == {"sear": 2}  # type: ignore[union-attr]
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="duel", ended="dinner is served"))
    assert table.conflict("duel").project.result == "success"  # type: ignore[union-attr]


def test_the_hands_on_the_pan_cannot_hold_a_weapon_f_cook_gen_06() -> None:
    table = duelists(a_tools=({**PAN, "hands": 1}, SWORD))
    project(table, "sear")
    with pytest.raises(IllegalCommandError, match="the hands are on the project's tools"):
        table.declare("a", action="cut", target="b", zone="mid", dice=1, craft="sear", craft_dice=1)
    with pytest.raises(IllegalCommandError, match="project's techniques are sear"):
        table.declare("a", craft="roast", craft_dice=1)


def test_master_strike_with_impasto_the_brush_parries_f_art_gen_07() -> None:
    table = duelists(a_tools=(BRUSH,))
    project(table, "impasto", goal=5)
    table.declare("a", craft="impasto", craft_dice=2, wrap="master_strike", split=2)
    table.attack("b", "a", dice=2)
    table.passes("a")  # a's reaction is the parry pile
    table.dice(5, 5)  # b's Cut: 2
    table.dice(6, 6)  # a's parry pile: 2: stopped, the momentum stolen
    table.dice(6, 6)  # Impasto: Body d8: 2
    table.passes("b")  # b's Step 3: no Feint
    assert table.labels("a") == []
    assert table.conflict("duel").project.successes == {"impasto": 2}  # type: ignore[union-attr]
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="duel", ended="the light fails"))
    assert table.conflict("duel").project.result == "failure"  # 2 of 5 (G-F-05)  # type: ignore[union-attr]


def test_a_hybrid_project_is_art_or_cooking_of_a_duellist() -> None:
    table = duelists()
    with pytest.raises(IllegalCommandError, match="no Art or Cooking technique"):
        project(table, "cut")
