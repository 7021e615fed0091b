"""The scene's turn-start elements inside a Nano duel (document 000, 6.5: Noxious,
Hazardous; rulings G-F-38, G-F-N14): asked at the start of each Beat, after the refresh
and Sustain Spell and before anyone declares, each duellist in seat order."""

from __future__ import annotations

from typing import Any

from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .nano_helpers import SWORD, Duelists


def _duel(element: str, severity: int, zone: str | None = None, **extra: Any) -> Duelists:
    table = Duelists()
    table.pc("a", tools=[SWORD])
    table.pc("b", side="foes", tools=[SWORD])
    placed = {"element": element, "severity": severity, "zone": zone, **extra}
    seats: list[str | dict[str, Any]] = [{"character": "a", "zone": "pit"}, "b"]
    table.open("duel", "combat", *seats, level="nano", scene_elements=[placed])
    return table


def test_noxious_at_the_beat_start_sickens_and_drains_on_a_failure_f_scene_10_g_f_n14() -> None:
    table = _duel("noxious", 2)
    pending = table.session.pending
    assert pending is not None
    assert (pending.chooser, table.duel.done) == ("a", ())  # before any declaration
    ap = table.c("a").ap
    table.answer("none")  # no roll: a failure
    sickened = lookup("physical", "sickened", 2)
    assert table.labels("a") == [f"{sickened.name} [2]"]
    assert table.c("a").ap == ap + sickened.max_ap_change - 2  # its Max AP, then S AP lost
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "b"
    table.dice(4)  # one success at TN 4 avoids it
    table.answer("roll:1")
    assert table.labels("b") == []
    assert table.session.pending is None
    assert table.waiting == "a"  # the Beat's declarations begin


def test_a_zone_s_element_reaches_only_who_stands_in_it_g_f_n14() -> None:
    table = _duel("noxious", 1, zone="pit")
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "a"
    table.answer("none")
    assert table.session.pending is None  # b is not in the pit


def test_hazardous_needs_s_successes_or_its_condition_f_scene_15_g_f_n14() -> None:
    table = _duel("hazardous", 2, condition="impact")
    table.dice(4, 3)  # 1 success: short of 2
    table.answer("roll:2")
    impact = lookup("physical", "impact", 2)
    assert table.labels("a") == [f"{impact.name} [2]"]
    table.dice(4, 4)
    table.answer("roll:2")  # 2 successes: avoided
    assert table.labels("b") == []


def test_the_beat_start_is_asked_again_each_beat_but_not_mid_beat_g_f_n14() -> None:
    table = _duel("noxious", 1, zone="pit")
    table.dice(4)
    table.answer("roll:1")
    table.gm(cmd.PLACE_ELEMENT, cmd.PlaceElement(conflict="duel", element="noxious", severity=1))
    table.declare("a", action="cut", target="b", zone="mid", dice=1)
    assert table.session.pending is None  # placed mid-Beat: it waits for the next start
    table.passes("b")
    table.dice(1)  # a's Cut misses
    table.passes("b")
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "a"  # the next Beat: the pit and the whole field


def test_the_beat_start_replays_and_undoes_identically_g_f_n14() -> None:
    table = _duel("hazardous", 1)
    table.dice(4)
    table.answer("roll:1")
    table.answer("none")
    after = table.state
    assert table.session.replay() == after
    table.session.undo()
    assert table.session.pending is not None  # b's answer taken back: asked again
    assert table.session.pending.chooser == "b"
    table.session.redo()
    assert table.state == after
