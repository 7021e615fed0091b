"""Solo conflicts (document 000: Cooking and Art Solo conflicts, 15.2; ruling G-F-05)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def kitchen(**fields: Any) -> Table:
    table = Table(**fields.pop("options", {}))
    table.pc("chef", stats={"body": 8, "nature": 8, "logic": 6, "meditation": 4})  # 4 Intervals
    table.pc("guest")
    return table


def work(table: Table, conflict: str, **allocation: int) -> None:
    table.session.submit(
        Command.of(GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict=conflict, allocation=allocation))
    )


def test_intervals_are_the_meditation_dies_highest_face_g_f_05_f_cook_gen_02() -> None:
    # F-COOK-GEN-02: Intervals from the Meditation die.
    table = kitchen()
    table.open(
        "feast",
        "cooking",
        "chef",
        level="solo",
        goal=6,
        techniques=["sear", "plate"],
        output="well_fed",
    )
    project = table.conflict("feast").project
    assert project is not None
    assert project.intervals == 4
    assert table.conflict("feast").step == 1
    assert table.c("chef").ap == 16


def test_a_deadline_sets_the_intervals_and_each_is_an_hour_f_time_02_f_cook_gen_02() -> None:
    # F-TIME-02; F-COOK-GEN-02: or from the kitchen's time limit.
    table = kitchen()
    table.open("feast", "cooking", "chef", level="solo", goal=2, techniques=["sear"], deadline=2)
    table.dice(8, 8)
    work(table, "feast", sear=2)
    assert table.conflict("feast").step == 2
    assert table.conflict("feast").elapsed_seconds == 3600
    assert table.payloads("time_passed")[0]["seconds"] == "3600"


def test_the_goal_and_every_technique_make_a_success_g_f_05() -> None:
    table = kitchen()
    table.open(
        "feast", "cooking", "chef", level="solo", goal=3, techniques=["sear", "plate"], deadline=2
    )
    table.dice(8, 8, 8, 1)
    work(table, "feast", sear=3, plate=1)  # sear 3, plate 0
    table.dice(1)
    work(table, "feast", plate=1)  # plate still 0: the Goal is met, a technique is not
    project = table.conflict("feast").project
    assert project is not None
    assert (project.total, project.result) == (3, "failure")
    # How it ended, its numbers in brackets: a balance lab counts trials by the words
    # before them ("failure"), not by each trial's own total.
    assert table.conflict("feast").ended == "failure (3 of 3 successes)"
    lenient = kitchen(options={"solo_every_technique": False})
    lenient.open(
        "feast", "cooking", "chef", level="solo", goal=3, techniques=["sear", "plate"], deadline=1
    )
    lenient.dice(8, 8, 8)
    work(lenient, "feast", sear=3)
    assert lenient.conflict("feast").project.result == "success"  # type: ignore[union-attr]


def test_the_meal_is_eaten_well_fed_for_the_next_micro_conflict_f_cook_gen_03_f_cook_gen_04() -> (
    None
):
    # F-COOK-GEN-03, F-COOK-GEN-04: eaten, Well Fed: +1 AP in the next Micro conflict only.
    table = kitchen()
    table.open(
        "feast",
        "cooking",
        "chef",
        level="solo",
        goal=2,
        techniques=["sear", "plate"],
        deadline=1,
        output="well_fed",
    )
    table.dice(8, 8, 4)
    work(table, "feast", sear=2, plate=1)
    project = table.conflict("feast").project
    assert project is not None
    assert project.result == "success"
    table.gm(cmd.SERVE, cmd.Serve(conflict="feast", to=["chef", "guest"]))
    assert table.labels("guest") == ["Well Fed [1]"]
    with pytest.raises(IllegalCommandError, match="served already"):
        table.gm(cmd.SERVE, cmd.Serve(conflict="feast", to=["guest"]))
    table.pc("bandit", side="foes")
    table.open("fight", "combat", "guest", "bandit")
    assert table.c("guest").ap == 13  # "+1 AP for the next Micro conflict"
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="fight"))
    assert table.labels("guest") == []


def test_an_artwork_shown_makes_the_artist_praised_f_art_gen_02_to_04() -> None:
    # F-ART-GEN-02: a Goal over the Meditation die's Intervals; F-ART-GEN-04: Praised.
    table = Table()
    table.pc("painter", stats={"visual": 10, "meditation": 6})
    table.open(
        "portrait",
        "art",
        "painter",
        level="solo",
        goal=3,
        techniques=["impasto", "glaze"],
        output="praised",
    )
    assert str(table.conflict("portrait").time.interval) == "1 day"  # provisional (G-F-E9)
    for _ in range(6):
        table.dice(10, 10)
        work(table, "portrait", impasto=1, glaze=1)
    assert table.conflict("portrait").project.result == "success"  # type: ignore[union-attr]
    table.gm(cmd.SERVE, cmd.Serve(conflict="portrait", to=["painter"]))
    praised = table.c("painter").conditions[0]
    assert (praised.name, praised.dice[0].stat.value, praised.dice[0].dice) == (
        "Praised",
        "people",
        1,
    )


def test_one_solo_project_per_downtime_f_down_08() -> None:
    # F-DOWN-08: a second Downtime project is refused.
    table = kitchen()
    table.open(
        "pie",
        "cooking",
        "chef",
        level="solo",
        goal=1,
        techniques=["bake"] if False else ["knead"],
        deadline=1,
        downtime=True,
    )
    table.dice(1)
    work(table, "pie", knead=1)
    with pytest.raises(IllegalCommandError, match="already had a Solo project this Downtime"):
        table.open(
            "stew", "cooking", "chef", level="solo", goal=1, techniques=["braise"], downtime=True
        )
    table.open("stew", "cooking", "chef", level="solo", goal=1, techniques=["braise"], deadline=1)


def test_a_solo_conflict_of_n_successes_heals_what_asks_it_f_down_07_f_gtab_ment_05() -> None:
    table = Table()
    table.pc("monk", stats={"meditation": 12})
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="monk", table="mental", kind="mental_strain", successes=2),
    )
    migraine = table.c("monk").conditions[0]
    assert migraine.recovery.solo_successes == 4
    with pytest.raises(IllegalCommandError, match="needs a Solo conflict of 4 successes"):
        table.open(
            "retreat",
            "art",
            "monk",
            level="solo",
            goal=3,
            techniques=["meditation"],
            heals=migraine.id,
        )
    table.open(
        "retreat",
        "art",
        "monk",
        level="solo",
        goal=4,
        techniques=["meditation"],
        heals=migraine.id,
        deadline=1,
    )
    table.dice(12, 12, 12, 12)
    work(table, "retreat", meditation=4)
    assert table.labels("monk") == []
    assert table.payloads("condition_removed")[0]["rule"] == "F-DOWN-07"


def test_finishing_early_and_rolling_the_meditation_die_g_f_05() -> None:
    table = kitchen(options={"solo_intervals": "meditation_roll"})
    table.dice(3)  # the Meditation d4 rolled: 3 Intervals
    table.open("feast", "cooking", "chef", level="solo", goal=1, techniques=["sear"])
    assert table.conflict("feast").project.intervals == 3  # type: ignore[union-attr]
    table.dice(8)
    work(table, "feast", sear=1)
    table.session.submit(Command.of(GM, cmd.FINISH_PROJECT, cmd.ConflictOnly(conflict="feast")))
    assert table.conflict("feast").project.result == "success"  # type: ignore[union-attr]


def test_a_project_refuses_foreign_techniques_and_too_many_dice() -> None:
    table = kitchen()
    with pytest.raises(IllegalCommandError, match="is a combat skill, not cooking"):
        table.open("feast", "cooking", "chef", level="solo", goal=1, techniques=["cut"])
    table.open("feast", "cooking", "chef", level="solo", goal=1, techniques=["sear"])
    with pytest.raises(IllegalCommandError, match="not one of the project's techniques"):
        work(table, "feast", plate=1)
    with pytest.raises(IllegalCommandError, match="16 AP this interval, not 17"):
        work(table, "feast", sear=17)


def test_the_solo_performance_uses_the_same_rules_f_dance_gen_02() -> None:
    # F-DANCE-GEN-02: the Solo Performance is a Solo conflict.
    table = Table()
    table.pc("ines", stats={"body": 10, "meditation": 6})
    table.open(
        "recital",
        "dancing",
        "ines",
        level="solo",
        goal=2,
        techniques=["precise_technique", "assemble_routine"],
        deadline=1,
    )
    table.dice(10, 10, 6)
    work(table, "recital", precise_technique=2, assemble_routine=1)
    assert table.conflict("recital").project.result == "success"  # type: ignore[union-attr]
