"""Macro checks (document 000: each tree's Macro stats; F-CORE-14; ruling G-F-E7)."""

from __future__ import annotations

import pytest

from tablekeeper.engine import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def macro(table: Table, **fields: object) -> None:
    table.session.submit(Command.of("gm", cmd.MACRO, cmd.MacroCheck.model_validate(fields)))


@pytest.mark.parametrize(
    ("tree", "stat", "rule"),
    [
        ("social", "people", "F-SOCIAL-MACRO-01"),
        ("magic", "nature", "F-MAGIC-MACRO-01"),
        ("combat", "meditation", "F-COMBAT-MACRO-01"),
        ("dancing", "body", "F-DANCE-MACRO-01"),
        ("art", "logic", "F-ART-MACRO-01"),
        ("cooking", "logic", "F-COOK-MACRO-01"),
    ],
)
def test_a_macro_check_rolls_the_better_of_its_trees_pair(tree: str, stat: str, rule: str) -> None:
    table = Table()
    table.pc("hero", default=4, stats={stat: 10})
    table.dice(10, 3)
    macro(table, character="hero", tree=tree, dice=2)
    rolled = table.payloads("macro_rolled")[0]
    assert (rolled["stat"], rolled["succeeded"], rolled["check"]["successes"]) == (stat, True, 1), (
        rule
    )


def test_it_succeeds_on_one_success_and_commits_up_to_max_ap_outside_a_conflict_g_f_e7() -> None:
    table = Table()
    table.pc("hero")
    table.dice(3)
    macro(table, character="hero", tree="combat", dice=1)
    assert not table.payloads("macro_rolled")[0]["succeeded"]
    with pytest.raises(IllegalCommandError, match="can commit 12 AP"):
        macro(table, character="hero", tree="combat", dice=13)
    assert table.c("hero").ap == 12  # outside a conflict nothing is spent


def test_inside_a_conflict_the_dice_come_from_the_pool_f_core_13() -> None:
    # F-CORE-13: a month-long Exchange spends the pool like any other.
    table = Table()
    table.pc("envoy")
    table.pc("duke", side="court")
    table.open("treaty", "social", "envoy", "duke", level="macro", setting="diplomatic")
    assert str(table.conflict("treaty").time.exchange) == "1 month"  # F-TIME-04
    table.dice(6, 6)
    macro(table, character="envoy", tree="social", dice=2)
    assert table.c("envoy").ap == 10


def test_focused_4_rerolls_a_failed_macro_check_keeping_the_new_result_f_gtab_ment_09() -> None:
    # F-GTAB-MENT-09: one re-roll of a failed Macro check, the new result kept.
    table = Table()
    table.pc("sage")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="sage", table="mental", kind="focused", successes=4)
    )
    table.dice(1, 1)
    macro(table, character="sage", tree="magic", dice=2)
    reroll = Command.of("gm", cmd.REROLL, cmd.CharacterOnly(character="sage"))
    with pytest.raises(IllegalCommandError, match="no re-roll"):
        table.session.submit(reroll)  # Focused is not in effect until the next refresh
    table.pc("rival", side="foes")
    table.open("scene", "magic", "sage", "rival", level="macro")
    table.dice(6, 1)
    table.session.submit(reroll)
    rolled = table.payloads("macro_rolled")
    assert (rolled[1]["reroll_of"], rolled[1]["succeeded"]) == ("last", True)
    assert table.c("sage").conditions[0].macro_rerolls == 0
    with pytest.raises(IllegalCommandError, match="no failed Macro check"):
        table.session.submit(reroll)


def test_a_macro_check_heals_a_severity_1_or_2_condition_that_asks_for_one_f_down_07() -> None:
    table = Table()
    table.pc("sage", stats={"meditation": 10})
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="sage", table="mental", kind="mental_strain", successes=1),
    )
    headache = table.c("sage").conditions[0]
    table.dice(10)
    macro(table, character="sage", stat="meditation", dice=1, for_condition=headache.id)
    assert table.labels("sage") == []  # F-GTAB-MENT-05: "a successful Macro Meditation check"
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="sage", table="mental", kind="mental_strain", successes=3),
    )
    with pytest.raises(IllegalCommandError, match="does not heal with a Macro check"):
        macro(
            table,
            character="sage",
            stat="meditation",
            dice=1,
            for_condition=table.c("sage").conditions[0].id,
        )


def test_the_check_is_refused_a_stat_outside_its_pair() -> None:
    table = Table()
    table.pc("hero")
    with pytest.raises(IllegalCommandError, match="Macro combat uses body or meditation"):
        macro(table, character="hero", tree="combat", stat="logic", dice=1)
