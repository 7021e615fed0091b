"""Overwatch in a Nano duel (document 000, Combat, Ranged; F-COMBAT-NANO-11; rulings
G-F-39, G-F-N10): a success lets the shooter Shoot any opponent, unaimed, in the Beat
after it, the weapon still loaded."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError

from .nano_helpers import Duelists, duelists

CROSSBOW = {"id": "crossbow", "kind": "weapon", "name": "Crossbow"}


def _watching(face: int) -> Duelists:
    table = duelists(a_tools=(CROSSBOW,))
    table.declare("a", action="reload", dice=1)
    table.dice(4)  # loaded (G-F-21: more successes than its requirement of 0)
    table.passes("b")
    ap = table.c("a").ap
    table.declare("a", action="overwatch", dice=1, stat="meditation")
    assert table.c("a").ap == ap - 1  # its AP: the dice committed
    table.dice(face)  # Visual or Meditation vs TN 4
    table.passes("b")
    return table


def test_overwatch_lets_the_shooter_shoot_unaimed_next_beat_f_combat_nano_11() -> None:
    # F-COMBAT-NANO-11, G-F-N10: a 4 succeeds at TN 4
    table = _watching(face=4)
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "overwatch"]
    assert (rolled["stat"], rolled["check"]["tn"]) == ("meditation", 4)  # type: ignore[index]
    assert table.duel.aimed == {}  # no Aim ...
    table.declare("a", action="shoot", target="b", zone="mid", dice=1)  # ... yet it shoots
    table.passes("b")
    table.dice(6)
    table.passes("b")
    assert table.labels("b")


def test_a_failed_overwatch_watches_nothing_f_combat_nano_11() -> None:
    # F-COMBAT-NANO-11: a 3 fails at TN 4
    table = _watching(face=3)
    with pytest.raises(IllegalCommandError, match="an Aim at this target"):
        table.declare("a", action="shoot", target="b", zone="mid", dice=1)


def test_overwatch_ends_at_the_next_reset_after_its_beat_g_f_n10() -> None:
    # F-COMBAT-NANO-11 "until the next action pool reset": the Beat after it, no longer
    table = _watching(face=4)
    table.passes("a")
    table.passes("b")
    with pytest.raises(IllegalCommandError, match="an Aim at this target"):
        table.declare("a", action="shoot", target="b", zone="mid", dice=1)
