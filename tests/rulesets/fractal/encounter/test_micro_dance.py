"""Micro Dancing (document 000, Chapter 11, 18.2; rulings G-F-29)."""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def ball(**fields: object) -> Table:
    table = Table()
    table.pc("ines", stats={"body": 10, "visual": 8, "words": 8})
    table.pc("juno", stats={"body": 8, "people": 8})
    table.pc("kali", side="rivals", stats={"body": 8, "visual": 8})
    table.open("ball", "dancing", "ines", "juno", "kali", **fields)
    return table


def test_solo_inflicts_a_negative_performance_condition_f_dance_micro_01_f_dance_gen_03() -> None:
    # F-DANCE-MICRO-01; F-DANCE-GEN-03: a proactive maneuver inflicts a negative condition.
    table = ball()
    table.dice(10, 9)
    table.act("ball", "ines", "solo", 2, "kali")
    table.answer("none")
    assert table.labels("kali") == ["Outclassed [2]"]  # F-MTAB-DAN-02


def test_a_positive_solo_advances_ones_own_favor_f_dance_gen_03() -> None:
    # F-DANCE-GEN-03: or grants oneself a beneficial one.
    table = ball()
    table.dice(10, 9)
    table.act("ball", "ines", "solo", 2, polarity="positive")
    assert table.labels("ines") == ["Cheered [2]"]


def test_partner_defends_oneself_or_someone_in_arms_length_f_dance_micro_02() -> None:
    table = ball()
    table.end_turn("ball", "ines")
    table.end_turn("ball", "juno")
    table.dice(8, 8, 8)
    table.act("ball", "kali", "solo", 3, "ines")
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "ines"
    table.dice(10, 10)
    table.answer("partner:2")
    assert table.labels("ines") == ["Upstaged [1]"]  # 3 - 2


def test_the_opposition_rule_a_defended_technique_still_succeeded_f_dance_gen_07() -> None:
    # F-DANCE-GEN-07: defended to 0, the technique still succeeded.
    table = ball()
    table.end_turn("ball", "ines")
    table.end_turn("ball", "juno")
    table.dice(8)
    table.act("ball", "kali", "solo", 1, "ines")
    table.dice(10, 10)
    table.answer("partner:2")
    defended = table.payloads("defended")[0]
    assert (defended["level"], defended["technique_succeeded"]) == (0, True)


def test_choreography_grants_oneself_favor_by_margin_f_dance_micro_04_f_mtab_dan_05_to_08() -> None:
    # F-MTAB-DAN-05 to 08: the positive row's Temporary AP, at the refresh.
    table = ball()
    table.dice(8, 8, 8)
    table.act("ball", "ines", "choreography", 3)
    assert table.labels("ines") == ["Star of the Show [3]", "Renowned [1]"]
    table.end_turn("ball", "ines")
    table.finish_turns_until("ball", "ines")
    assert [t.amount for t in table.c("ines").temporary] == [3]  # at the refresh (F-GTAB-03)


def test_troupe_shares_ones_positive_conditions_until_the_next_refresh_f_dance_micro_03() -> None:
    table = ball()
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="ines", table="mental", kind="focused", successes=3)
    )
    table.end_turn("ball", "ines")
    table.end_turn("ball", "juno")
    table.end_turn("ball", "kali")  # a refresh: Focused [3] is in effect
    table.dice(10)
    table.act("ball", "ines", "troupe", 1, "juno")
    assert table.conflict("ball").participants["juno"].shared_from == ("ines",)
    table.end_turn("ball", "ines")
    table.dice(*([1] * 4))
    table.act(
        "ball", "juno", "solo", 2, "kali", stat="visual"
    )  # Ines's +2 Visual dice (F-GTAB-MENT-08)
    assert table.payloads("action_rolled")[-1]["check"]["dice_rolled"] == 4
    table.decline()
    table.end_turn("ball", "juno")
    table.end_turn("ball", "kali")
    assert table.conflict("ball").participants["juno"].shared_from == ()


def test_zero_ap_ends_the_performance_not_the_dancer_f_mtab_dan_09_f_dance_gen_09() -> None:
    # F-MTAB-DAN-09, F-DANCE-GEN-09: 0 Max AP ends the performance, the dancer is not harmed.
    table = Table()
    table.pc("ines", stats={"body": 12})
    table.npc("kali", side="rivals", stats={"body": 4, "visual": 4})
    table.open("ball", "dancing", "ines", "kali")
    table.dice(12, 12, 12, 12)
    table.act("ball", "ines", "solo", 4, "kali")  # Jeered off stage: -5, Disgraced [1]: 8 - 5 = 3
    table.answer("none")
    table.dice(12, 12, 12)
    table.act("ball", "ines", "solo", 3, "kali")  # Forgotten: -3
    table.decline()
    kali = table.conflict("ball").participants["kali"]
    assert kali.out == "performance_over"
    assert table.c("kali").life == "up"
    assert table.conflict("ball").winner == "party"


def test_a_formal_competition_ends_at_its_time_limit_on_favor_f_dance_gen_04() -> None:
    # F-DANCE-GEN-04: at the time limit the most Audience Favor wins.
    table = ball(time_limit=1)
    table.dice(8)
    table.act("ball", "ines", "choreography", 1)  # Applause
    for key in ("ines", "juno", "kali"):
        table.end_turn("ball", key)
    conflict = table.conflict("ball")
    assert (conflict.winner, conflict.ended is not None) == ("party", True)
    assert conflict.ended == (
        "the time limit expired: party won the crowd (Audience Favor: party 1, rivals 0)"
    )


def test_a_tie_on_favor_is_the_gms_g_f_29() -> None:
    table = ball(time_limit=1)
    for key in ("ines", "juno", "kali"):
        table.end_turn("ball", key)
    conflict = table.conflict("ball")
    assert conflict.winner is None
    assert conflict.ended == (
        "the time limit expired: a tie on Audience Favor, the GM decides "
        "(Audience Favor: party 0, rivals 0)"
    )


def test_routine_armor_is_lost_when_the_micro_conflict_ends_f_dance_gen_08() -> None:
    # F-DANCE-GEN-08: Routine Armor ends with the Micro conflict.
    table = ball()
    table.gm(cmd.ARMOR, cmd.SetArmor(conflict="ball", character="ines", zone="technique", amount=2))
    assert table.conflict("ball").participants["ines"].routine_armor == {"technique": 2}
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="ball"))
    table.open("encore", "dancing", "ines", "kali")
    assert table.conflict("encore").participants["ines"].routine_armor == {}


def test_performance_conditions_end_with_the_performance_g_f_e9() -> None:
    table = ball()
    table.dice(10, 9)
    table.act("ball", "ines", "solo", 2, "kali")
    table.answer("none")
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="ball"))
    assert table.labels("kali") == []
