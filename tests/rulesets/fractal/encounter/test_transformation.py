"""Conflict Transformation and Simultaneous Conflicts (document 000, 16.4, 16.6; F-GM-10,
F-GM-13, F-GM-14; ruling G-F-05): pause, a new granularity, the stakes carried over, all
logged, so undo and replay cross the boundary."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.transform import TRANSFORM, Transform

from .helpers import Table
from .nano_helpers import SWORD, Duelists, duelists


def transform(table: Table, **fields: object) -> None:
    order = Transform.model_validate(fields)
    table.session.submit(Command.of(GM, TRANSFORM, order))


def _assert_replays_and_undoes(table: Table) -> None:
    after = table.state
    assert table.session.replay() == after
    table.session.undo()
    table.session.redo()
    assert table.state == after


def test_a_micro_fight_becomes_a_nano_duel_carrying_its_wounds_f_gm_13_g_f_05() -> None:
    table = Table()
    table.pc("brenna", stats={"body": 8}, tools=[SWORD])
    table.pc("orc", side="foes", tools=[SWORD])
    table.open("fight", "combat", "brenna", "orc")
    table.dice(6, 6)
    table.act("fight", "brenna", "melee", 2, "orc")
    table.decline()
    wounds = table.labels("orc")
    assert wounds
    transform(table, conflict="fight", id="duel", level="nano")
    fight, duel = table.conflict("fight"), table.conflict("duel")
    assert fight.ended == "transformed into duel (nano combat)"
    assert (duel.level, list(duel.participants)) == ("nano", ["brenna", "orc"])
    assert duel.participants["orc"].side == "foes"
    assert table.labels("orc") == wounds  # the stakes carried over
    assert table.c("orc").conflict == "duel"
    _assert_replays_and_undoes(table)
    table.session.undo()
    assert table.conflict("fight").ended is None  # undone: the Micro conflict goes on
    assert "duel" not in table.state.conflicts


def test_a_duel_becomes_a_micro_conflict_f_gm_13() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    transform(table, conflict="duel", id="melee", level="micro")
    assert table.conflict("melee").level == "micro"
    assert table.conflict("duel").ended is not None
    _assert_replays_and_undoes(table)


def test_a_debate_turns_to_blows_a_new_tree_f_gm_13() -> None:
    table = Table()
    table.pc("a")
    table.pc("b", side="foes")
    table.open("talk", "social", "a", "b", level="nano")
    transform(table, conflict="talk", id="brawl", level="nano", tree="combat")
    assert (table.conflict("brawl").tree, table.conflict("brawl").level) == ("combat", "nano")


def test_split_the_scene_into_sequential_duels_f_gm_10() -> None:
    table = Table()
    for key in ("a", "b"):
        table.pc(key, tools=[SWORD])
    for key in ("x", "y"):
        table.pc(key, side="foes", tools=[SWORD])
    table.open("brawl", "combat", "a", "x", "b", "y")
    with pytest.raises(IllegalCommandError, match="Nano duels"):
        transform(table, conflict="brawl", id="d", level="micro", split=True)
    transform(table, conflict="brawl", id="d", level="nano", split=True)
    assert list(table.conflict("d-1").participants) == ["a", "x"]
    assert "d-2" not in table.state.conflicts  # one at a time, never in parallel
    assert [q.id for q in table.state.queued] == ["d-2"]
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="d-1", ended="a yields"))
    assert list(table.conflict("d-2").participants) == ["b", "y"]  # the next duel opens
    assert table.state.queued == ()
    _assert_replays_and_undoes(table)
    table.session.undo()
    assert "d-2" not in table.state.conflicts


def test_simultaneous_conflicts_and_moving_between_them_f_gm_14() -> None:
    table: Duelists = duelists()
    table.pc("chef", stats={"body": 8}, tools=[SWORD])
    table.open("kitchen", "cooking", "chef", level="solo", goal=3, techniques=["sear"], deadline=4)
    assert {c.id for c in table.state.open_conflicts()} == {"duel", "kitchen"}
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.dice(6)
    table.passes("b")  # a Beat of the duel while the project waits for its Interval
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="chef", side="party")))
    assert table.c("chef").conflict == "duel"
    assert "chef" in table.conflict("duel").participants
    _assert_replays_and_undoes(table)
