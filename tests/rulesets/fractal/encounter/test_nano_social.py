"""The Social tree's Nano techniques (document 000, Chapter 12; rulings G-F-06, G-F-17,
G-F-23, G-F-30, G-F-42, G-F-43). Dice are queued in the order the Beat rolls them:
Filibuster, Gish Gallop, evasion piles, then each attack and its defense, then Coded
Message."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.duel import pair

from .nano_helpers import Duelists, debaters


def rolled(table: Duelists, technique: str) -> list[dict[str, object]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def argue(table: Duelists, who: str, at: str, action: str, dice: int, **fields: object) -> None:
    table.declare(who, action=action, target=at, dice=dice, **fields)


def test_arguments_target_their_zones_and_read_the_charts_f_social_nano_01_02_03_16() -> None:
    # F-SOCIAL-NANO-01, F-SOCIAL-NANO-02, F-SOCIAL-NANO-03, F-SOCIAL-NANO-16
    for action, zone, stat, label in (
        ("logos", "credibility", "words", "Caught in a Lie [3]"),
        ("pathos", "composure", "words", "Losing Your Temper [3]"),
        ("ethos", "reputation", "meditation", "Scandalized [3]"),
    ):
        table = debaters()
        argue(table, "a", "b", action, 3)
        table.passes("b")
        table.dice(6, 6, 6)
        table.passes("b")
        (roll,) = rolled(table, action)
        assert (roll["stat"], roll["check"]["tn"]) == (stat, 4)  # type: ignore[index]
        (struck,) = table.payloads("struck")
        assert (struck["zone"], struck["table"]) == (zone, f"{zone}_nano")
        assert table.labels("b")[0] == label  # F-SOCIAL-GEN-07, provisional (G-F-06)
        assert len(table.labels("b")) == 2  # the Severity 3 spillover into a generic table


def test_a_zone_defense_guards_its_zone_only_f_social_nano_10_11_12() -> None:
    # F-SOCIAL-NANO-10, F-SOCIAL-NANO-11, F-SOCIAL-NANO-12
    table = debaters()
    argue(table, "a", "b", "logos", 2)
    table.passes("b")
    table.declare("b", defense="stonewall", defense_dice=2)  # Composure's, not Credibility (G-F-N4)
    table.dice(6, 6)
    table.passes("a")
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (0, 2)
    assert rolled(table, "stonewall") == []
    for guard, action in (("pivot", "logos"), ("stonewall", "pathos"), ("deflect", "ethos")):
        table = debaters()
        argue(table, "a", "b", action, 2)
        table.passes("b")
        table.declare("b", defense=guard, defense_dice=2)
        table.dice(6, 6, 5, 5)
        table.passes("a")
        (struck,) = table.payloads("struck")
        assert (struck["defense"], struck["margin"]) == (2, 0)


def test_social_armor_comes_off_after_the_defense_f_social_gen_06_g_f_30() -> None:
    table = debaters(b={"social_armor": 4})  # "4 (your boss)"
    argue(table, "a", "b", "logos", 5)
    table.passes("b")
    table.dice(6, 6, 6, 6, 6)
    table.passes("b")
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["armor"], struck["margin"]) == (5, 4, 1)


def test_turnabout_is_tn_6_steals_and_gives_bonus_dice_f_social_nano_13() -> None:
    table = debaters()
    argue(table, "a", "b", "logos", 1)
    table.passes("b")
    table.declare("b", defense="turnabout", defense_dice=3)
    table.dice(5, 6, 6, 6)
    table.passes("a")
    (turn,) = rolled(table, "turnabout")
    # F-SOCIAL-NANO-13: TN 6; the Logos at zero: b steals, 3 - 1 bonus dice
    assert turn["check"]["tn"] == 6  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "b"
    assert table.duel.bonus == {"b": 2}


def test_cite_precedent_is_tn_5_and_picks_the_defenders_stat_f_social_nano_20_22() -> None:
    # F-SOCIAL-NANO-20, F-SOCIAL-NANO-22
    for action in ("cite_precedent", "cease_and_desist"):
        table = debaters(b={"stats": {"visual": 10}})
        guard = "pivot" if action == "cite_precedent" else "deflect"
        argue(table, "a", "b", action, 1)
        table.passes("b")
        table.declare("b", defense=guard, defense_dice=1)
        table.dice(6, 1)
        table.passes("a")
        assert rolled(table, action)[0]["check"]["tn"] == 5  # type: ignore[index]
        # b would roll Visual d10; the attacker makes it roll the d6 of its pair.
        assert rolled(table, guard)[0]["stat"] != "visual"


def test_motte_and_bailey_shifts_zone_adds_dice_tn_plus_1_f_social_nano_04_05() -> None:
    # F-SOCIAL-NANO-04, F-SOCIAL-NANO-05
    table = debaters(a={"ranks": {"motte_and_bailey": 1}})
    argue(table, "a", "b", "logos", 2)
    table.passes("b")
    table.declare("b", defense="pivot", defense_dice=1)
    with pytest.raises(IllegalCommandError, match="on a new zone"):
        table.declare("a", action="cite_precedent")  # Credibility again
    with pytest.raises(IllegalCommandError, match="at most 1 die added"):
        table.declare("a", action="pathos", feint_dice=2)
    table.dice(1, 1, 1)  # Pathos: the 2 committed + 1 added die; the Pivot guards nothing
    table.declare("a", action="pathos", feint_dice=1)
    (pathos,) = rolled(table, "pathos")
    assert pathos["check"]["dice_rolled"] == 3  # type: ignore[index]
    assert rolled(table, "pivot") == []  # Credibility's guard does not defend Composure
    spent = [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "a"]
    assert spent == [2, 2]  # 2 AP for the added die
    # The next one on b in the scene is at TN + 1.
    argue(table, "a", "b", "logos", 1)
    table.declare("b", defense="pivot", defense_dice=1)
    table.dice(1, 1, 1)
    table.declare("a", action="ethos", feint_dice=1)
    (ethos,) = rolled(table, "ethos")
    assert ethos["check"]["tn"] == 5  # type: ignore[index]


def test_prebuttal_splits_argument_and_rebuttal_f_social_nano_06() -> None:
    table = debaters()
    argue(table, "a", "b", "logos", 2, wrap="prebuttal", defense="pivot", split=2)
    argue(table, "b", "a", "logos", 2)
    table.passes("a")  # a's rebuttal is declared already
    table.passes("b")  # b, attacked, declares no defense
    table.dice(1, 1)  # a's Logos
    table.dice(4, 4)  # b's Logos: 2 successes
    table.dice(5, 5)  # a's rebuttal pile, as a Pivot: 2 successes
    table.passes("b")  # Step 3: b keeps its Logos
    (pivot,) = rolled(table, "pivot")
    # F-SOCIAL-NANO-06: the 2 rebuttal dice defend as a Pivot; the 2 argument dice argue
    assert (pivot["character"], pivot["check"]["dice_rolled"]) == ("a", 2)  # type: ignore[index]
    assert table.labels("a") == []


def test_dodge_the_question_raises_the_tn_on_you_first_f_social_nano_09() -> None:
    table = debaters()
    argue(table, "a", "b", "logos", 1, wrap="dodge_the_question", split=2)
    argue(table, "b", "a", "logos", 2)
    table.passes("a")
    table.dice(4, 4)  # a's evasion: 2d8 Words vs TN 4: 2 successes
    table.dice(1)
    table.dice(5, 6)  # b's Logos at TN 6: 1 success
    table.passes("b")
    b_logos = next(p for p in rolled(table, "logos") if p["character"] == "b")
    # F-SOCIAL-NANO-09: 2 evasion successes at TN 4 raise b's Logos to TN 6 before it rolls
    assert b_logos["check"]["tn"] == 6  # type: ignore[index]


def test_gish_gallop_wastes_the_opponents_action_tn_plus_1_f_social_nano_07_08() -> None:
    # F-SOCIAL-NANO-07, F-SOCIAL-NANO-08
    table = debaters()
    argue(table, "a", "b", "gish_gallop", 1)
    argue(table, "b", "a", "logos", 3)
    table.dice(6)  # Gish Gallop: 1 success: b's Logos is wasted, its 3 AP lost (G-F-N5)
    table.passes("a")
    assert rolled(table, "logos") == []
    assert table.payloads("struck") == []
    argue(table, "a", "b", "gish_gallop", 1)
    table.dice(6)
    table.passes("b")
    tns = [p["check"]["tn"] for p in rolled(table, "gish_gallop")]  # type: ignore[index]
    assert tns == [4, 5]


def test_filibuster_ends_the_exchange_and_its_dice_count_g_f_17_f_social_nano_18_19() -> None:
    # F-SOCIAL-NANO-18, F-SOCIAL-NANO-19
    table = debaters(b={"stats": {"logic": 10, "people": 8}})
    argue(table, "a", "b", "filibuster", 2)
    argue(table, "b", "a", "logos", 2)
    table.dice(1, 1)  # a: Meditation vs TN 4: nothing
    table.dice(4, 1, 1, 1, 1)  # b: floor(d10 / 2) = 5 dice of Logic d10, unpaid: 1
    table.passes("a")
    rolls = rolled(table, "filibuster")
    assert [p["check"]["dice_rolled"] for p in rolls] == [2, 5]  # type: ignore[index]
    assert rolls[1]["stat"] == "logic"
    assert table.duel.momentum[pair("a", "b")] == "b"  # b seizes it
    assert table.payloads("struck") == []  # the exchange ended at once


def test_bombast_drains_the_next_beat_or_shames_its_user_f_social_nano_17_g_f_23() -> None:
    table = debaters()
    argue(table, "a", "b", "bombast", 3, declared=2)
    table.passes("b")
    table.declare("b", defense="stonewall", defense_dice=1)
    table.dice(6, 6, 1)  # 2 successes: the declared 2 reached (the defense aside)
    table.dice(6)  # Stonewall: 1 success
    table.passes("a")
    # Next Beat: b refreshes to 12 and loses 2 - 1 = 1 AP (F-SOCIAL-NANO-17).
    assert table.c("b").ap == 11
    assert table.labels("b") == []  # no condition: the AP only
    table = debaters()
    argue(table, "a", "b", "bombast", 3, declared=3)
    table.passes("b")
    table.dice(6, 1, 1)  # 1 success: missed by 2
    table.passes("b")
    assert table.labels("a") == ["Humiliated [2]"]  # a generic Social condition on a


def test_cut_off_bans_the_skill_for_the_margin_in_beats_f_social_nano_15() -> None:
    table = debaters()
    argue(table, "a", "b", "cut_off", 2, item="logos")
    table.passes("b")
    table.dice(6, 6)  # margin 2: b cannot use Logos in beats 2 and 3
    table.passes("b")  # b, attacked, declares no defense
    assert table.duel.cut_off == {"b": {"logos": 3}}  # F-SOCIAL-NANO-15: margin 2 beats
    table.passes("a")
    with pytest.raises(IllegalCommandError, match="cut off"):
        argue(table, "b", "a", "logos", 1)
    argue(table, "b", "a", "pathos", 1)
    table.dice(1)
    table.passes("a")


def test_coded_message_caps_its_dice_and_gives_an_ally_dice_f_social_nano_21() -> None:
    table = debaters(a={"ranks": {"coded_message": 2}})
    table.pc("c", stats={"words": 8})
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c")))
    with pytest.raises(IllegalCommandError, match="at most 2 dice"):
        argue(table, "a", "c", "coded_message", 3)
    with pytest.raises(IllegalCommandError, match="goes to an ally"):
        argue(table, "a", "b", "coded_message", 1)
    argue(table, "a", "c", "coded_message", 2)
    table.passes("b")
    table.dice(5, 6)  # TN 5: 2 successes
    table.passes("c")
    (message,) = rolled(table, "coded_message")
    # F-SOCIAL-NANO-21: TN 5, dice capped at Rank 2; the successes go to the ally
    assert message["check"]["tn"] == 5  # type: ignore[index]
    assert table.duel.bonus == {"c": 2}


def test_a_debater_at_zero_max_ap_is_removed_in_shame_f_social_gen_02_03() -> None:
    # F-SOCIAL-GEN-02, F-SOCIAL-GEN-03
    # b: every stat d4, Max AP 8; a Severity 4 credibility wound (-5) and its Disgraced [2]
    # spillover (-2), then a second blow: b's Max AP reaches 0 (G-F-15: in a social scene).
    b_stats = dict.fromkeys(("body", "people", "words", "logic", "nature"), 4)
    b_stats |= {"meditation": 4, "visual": 4, "auditory": 4}
    table = debaters(b={"stats": b_stats})
    argue(table, "a", "b", "logos", 4)
    table.passes("b")
    table.dice(6, 6, 6, 6)
    table.passes("b")
    assert table.labels("b") == ["Discredited [4]", "Humiliated [2]"]
    argue(table, "a", "b", "logos", 1)
    table.dice(6)
    table.passes("b")
    assert table.conflict("duel").participants["b"].out == "removed"
    assert table.conflict("duel").winner == "party"


def test_each_further_filibuster_is_tn_plus_1_for_the_user_only_f_social_nano_19() -> None:
    table = debaters()
    argue(table, "a", "b", "filibuster", 1)
    table.dice(6)  # a: 1 success
    table.dice(1, 1, 1)  # b: floor(d6 / 2) = 3 dice: none: a wins and takes the momentum
    table.passes("b")
    argue(table, "a", "b", "filibuster", 1)  # a leads alone now
    table.dice(6)
    table.dice(1, 1, 1)
    table.passes("b")  # b's step 2: nothing
    rolls = rolled(table, "filibuster")
    assert [p["check"]["tn"] for p in rolls] == [4, 4, 5, 4]  # type: ignore[index]


def test_cut_off_is_auditory_or_words_vs_tn_4_f_social_nano_15() -> None:
    # F-SOCIAL-NANO-15: a's Words d8; a 3 fails, a 4 succeeds: margin 1, Logos out for beat 2
    table = debaters()
    argue(table, "a", "b", "cut_off", 2, item="logos")
    table.passes("b")
    table.dice(3, 4)
    table.passes("b")
    (cut,) = rolled(table, "cut_off")
    assert (cut["stat"], cut["check"]["tn"]) == ("words", 4)  # type: ignore[index]
    assert table.duel.cut_off == {"b": {"logos": 2}}


def test_the_ally_rolls_the_coded_messages_successes_on_its_next_action_f_social_nano_21() -> None:
    # F-SOCIAL-NANO-21 "bonus dice that an ally may add to their next roll" (G-F-N5: its
    # next offensive action): c's 1-die Logos rolls 1 + 2 dice, and the bonus is spent
    table = debaters(a={"ranks": {"coded_message": 2}})
    table.pc("c", stats={"words": 8})
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c")))
    argue(table, "a", "c", "coded_message", 2)
    table.passes("b")
    table.dice(5, 6)  # TN 5: 2 successes for c
    table.passes("c")
    assert table.duel.bonus == {"c": 2}
    table.passes("a")  # Beat 2
    table.passes("b")
    argue(table, "c", "b", "logos", 1)
    table.dice(1, 1, 1)
    table.passes("b")
    (logos,) = rolled(table, "logos")
    assert (logos["character"], logos["check"]["dice_rolled"]) == ("c", 3)  # type: ignore[index]
    assert table.duel.bonus == {}
