"""The Dancing tree's Nano techniques (document 000, Chapter 11; rulings G-F-06, G-F-24,
G-F-25, G-F-26, G-F-28, G-F-29, G-F-N3)."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table
from .nano_helpers import Duelists, dancers


def rolled(table: Duelists, technique: str) -> list[dict[str, object]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def move(
    table: Duelists, who: str, at: str | None, action: str, dice: int, **fields: object
) -> None:
    table.declare(who, action=action, target=at, dice=dice, **fields)


def armor(table: Duelists, who: str) -> dict[str, int]:
    return dict(table.conflict("duel").participants[who].routine_armor)


def test_moves_target_their_zones_and_read_the_charts_f_dance_gen_05_06() -> None:
    # F-DANCE-GEN-05, F-DANCE-GEN-06
    for action, zone, label in (
        ("lead", "focus", "Lost Count [2]"),  # F-DANCE-NANO-06
        ("spotlight_steal", "audience_attention", "Outshone [2]"),  # F-DANCE-NANO-09
        ("precise_technique", "technique", "Missed Mark [2]"),  # F-DANCE-NANO-01
    ):
        table = dancers()
        move(table, "a", "b", action, 2)
        table.passes("b")
        table.dice(6, 6)
        table.passes("b")
        (struck,) = table.payloads("struck")
        assert (struck["zone"], struck["table"]) == (zone, f"{zone}_nano")
        assert table.labels("b") == [label]
        assert table.c("b").conditions[0].provisional  # G-F-06


def test_precise_technique_builds_armor_on_any_success_even_defended_f_dance_nano_01_gen_07() -> (
    None
):
    # F-DANCE-NANO-01, F-DANCE-GEN-07
    table = dancers()
    move(table, "a", "b", "precise_technique", 1)
    table.passes("b")
    table.dice(6)  # 1 success
    table.dice(6, 6)  # Flawless Form: 2: the damage is stopped, the technique succeeded
    table.declare("b", defense="flawless_form", defense_dice=2)  # F-DANCE-NANO-04
    assert table.labels("b") == []
    assert armor(table, "a") == {"technique": 1}  # the Opposition Rule (F-DANCE-GEN-07)


def test_center_defends_focus_and_builds_focus_armor_f_dance_nano_03_g_f_25() -> None:
    table = dancers()
    move(table, "a", "b", "lead", 2)
    table.passes("b")
    table.dice(6, 6)
    table.dice(6)  # Center: 1 success: subtracts 1, and 1 Focus Armor
    table.declare("b", defense="center", defense_dice=1)
    (struck,) = table.payloads("struck")
    # F-DANCE-NANO-03: the Center's success comes off the Lead, and 1 Focus Armor
    assert (struck["defense"], struck["margin"]) == (1, 1)
    assert armor(table, "b") == {"focus": 1}


def test_grand_gesture_defends_audience_attention_f_dance_nano_13() -> None:
    table = dancers()
    move(table, "a", "b", "spotlight_steal", 2)
    table.passes("b")
    table.dice(6, 6, 6, 6)
    table.declare("b", defense="grand_gesture", defense_dice=2)
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (2, 0)  # F-DANCE-NANO-13


def test_routine_armor_absorbs_every_attack_on_its_zone_g_f_26_f_dance_gen_08() -> None:
    table = dancers()
    for _ in range(2):
        move(table, "b", "a", "precise_technique", 1)
        if table.waiting == "a" and table.duel.step == "attack":
            table.passes("a")
        table.dice(6)
        table.passes("a")
    assert armor(table, "b") == {"technique": 2}  # it accumulates
    table.passes("b")  # b, holding the momentum, declares nothing first
    move(table, "a", "b", "precise_technique", 3)  # a's own action, at step 2
    table.dice(6, 6, 6, 1)
    table.passes("b")
    struck = table.payloads("struck")[-1]
    assert (struck["armor"], struck["margin"]) == (2, 1)  # not consumed (G-F-26)


def test_flashy_hit_inflicts_and_builds_audience_armor_f_dance_nano_02() -> None:
    table = dancers()
    move(table, "a", "b", "flashy_technique", 3, declared=2)
    table.passes("b")
    table.dice(6, 6, 1)  # 2 successes: the target is hit, whatever the defense
    table.dice(6)  # Grand Gesture: 1: the condition is of margin 1
    table.declare("b", defense="grand_gesture", defense_dice=1)
    assert table.labels("b") == ["Upstaged [1]"]
    assert armor(table, "a") == {"audience_attention": 1}


def test_flashy_miss_is_a_fall_ap_and_impact_per_2_g_f_24() -> None:
    table = dancers()
    move(table, "a", "b", "flashy_technique", 3, declared=4)
    table.passes("b")
    table.dice(6, 1, 1)  # 1 success: missed by 3
    table.passes("b")
    assert table.labels("a") == ["Bruised [1]"]  # floor(3 / 2) Impact [1]
    falls = [p for p in table.payloads("ap_set") if p["rule"] == "F-DANCE-NANO-02"]
    assert [p["reason"] for p in falls] == ["a fall: 3 AP"]


def test_interpret_tempo_gives_ap_every_beat_f_dance_nano_17_g_f_28() -> None:
    for faces, bonus in (((6, 6, 6), 1), ((6, 6, 6, 6), 2)):
        table = dancers()
        move(table, "a", None, "interpret_tempo", len(faces))
        table.dice(*faces)
        table.passes("b")
        assert table.duel.tempo == {"a": bonus}
        assert table.c("a").ap == 14 + bonus  # F-DANCE-NANO-17: 1 AP for 1-3 successes, 2 for 4+


def test_read_the_room_adds_a_die_until_shift_mood_f_dance_nano_15_16() -> None:
    # F-DANCE-NANO-15, F-DANCE-NANO-16
    table = dancers()
    move(table, "a", None, "read_the_room", 1)
    table.dice(6)
    table.passes("b")
    assert table.duel.room_read == ("a",)
    move(table, "a", "b", "lead", 1)
    table.passes("b")
    table.dice(1, 1)  # a's Lead rolls 2 dice: 1 + Room Read
    table.dice(6)  # b's Shift Mood: the Room Read is gone
    move(table, "b", "a", "shift_mood", 1)
    (lead,) = rolled(table, "lead")
    assert lead["check"]["dice_rolled"] == 2  # type: ignore[index]
    assert table.duel.room_read == ()


def test_assemble_routine_is_no_move_of_a_duel_f_dance_nano_14() -> None:
    table = dancers()
    with pytest.raises(IllegalCommandError, match="cannot be declared"):  # F-DANCE-NANO-14
        move(table, "a", None, "assemble_routine", 1)


def test_the_competition_ends_at_its_time_on_audience_favor_f_dance_gen_04_g_f_29() -> None:
    table = dancers(time_limit=1)
    move(table, "a", "b", "lead", 1)
    table.passes("b")
    table.dice(6)
    table.passes("b")
    conflict = table.conflict("duel")
    assert conflict.ended is not None
    assert conflict.winner == "party"  # b took one condition, a none


def test_at_zero_max_ap_the_performance_is_over_f_dance_gen_09() -> None:
    table = dancers(
        stats=dict.fromkeys(
            ("body", "people", "words", "logic", "nature", "meditation", "visual", "auditory"), 4
        )
    )
    move(table, "a", "b", "lead", 4)
    table.passes("b")
    table.dice(6, 6, 6, 6)  # Fall [4] (-5) and its Bruised... Impact [2] spillover (-2)
    table.passes("b")
    move(table, "a", "b", "lead", 1)
    table.dice(6)
    table.passes("b")
    assert table.conflict("duel").participants["b"].out == "performance_over"


def _trio() -> Duelists:
    from tablekeeper.rulesets.fractal.encounter import commands as cmd

    table = dancers()
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    return table


def test_cover_mirror_defends_the_partner_f_dance_nano_07() -> None:
    table = _trio()
    move(table, "b", "a", "lead", 2)
    table.passes("a")
    table.passes("c")
    table.passes("a")  # a, attacked, has no reaction of its own
    table.dice(6, 6)  # b's Lead: 2
    table.dice(6, 6)  # c's Cover / Mirror: 2, for its partner
    table.declare("c", defense="cover_mirror", defense_dice=2)
    (cover,) = rolled(table, "cover_mirror")
    assert cover["character"] == "c"
    assert table.labels("a") == []


def test_lift_and_support_gives_the_declared_dice_or_drops_g_f_24_f_dance_nano_08() -> None:
    table = _trio()
    with pytest.raises(IllegalCommandError, match="lifts a partner"):
        move(table, "a", "b", "lift_and_support", 3, declared=2)
    move(table, "a", "c", "lift_and_support", 3, declared=2)
    table.passes("b")
    table.dice(6, 6, 1)  # 2: the target hit
    table.passes("c")
    assert table.duel.bonus == {"c": 2}
    table = _trio()
    move(table, "a", "c", "lift_and_support", 3, declared=4)
    table.passes("b")
    table.dice(6, 1, 1)  # 1: missed by 3: the falling table at floor(3 / 2) = 1 (G-F-N12)
    table.passes("c")
    assert table.labels("c") == ["Jarred [1]"]
    table = _trio()
    move(table, "a", "c", "lift_and_support", 2, declared=2)
    table.passes("b")
    table.dice(6, 1)  # missed by 1: floor(1 / 2) = 0, no fall
    table.passes("c")
    assert table.labels("c") == []


def test_formation_shift_ignores_opponents_but_one_f_dance_nano_11() -> None:
    from tablekeeper.rulesets.fractal.encounter import commands as cmd

    table = dancers()
    table.pc("d", side="foes")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="d")))
    move(table, "a", None, "formation_shift", 2)
    move(table, "b", "a", "lead", 1)
    move(table, "d", "a", "lead", 1)
    table.dice(6, 6)  # Formation Shift: 2, yet one opponent stays
    table.dice(1)  # b's Lead
    table.passes("a")
    assert [p["attacker"] for p in table.payloads("struck")] == ["b"]


@pytest.mark.parametrize(("faces", "margin", "focus_armor"), [((3,), 3, 0), ((3, 4, 5), 1, 1)])
def test_center_is_body_or_meditation_vs_tn_4_and_1_armor_at_any_success_f_dance_nano_03(
    faces: tuple[int, ...], margin: int, focus_armor: int
) -> None:
    """F-DANCE-NANO-03: "Roll Body or Meditation against TN 4. Subtract your successes [...]
    gain 1 point of Focus Armor on any number of successes" (G-F-25: 1 at 1 or more, none
    at 0): b's Meditation d8; a 3 fails; 2 successes still give 1 point."""
    table = dancers(stats={"meditation": 8})
    move(table, "a", "b", "lead", 3)
    table.passes("b")
    table.dice(6, 6, 6)
    table.dice(*faces)
    table.declare("b", defense="center", defense_dice=len(faces))
    (center,) = rolled(table, "center")
    assert (center["stat"], center["check"]["tn"]) == ("meditation", 4)  # type: ignore[index]
    (struck,) = table.payloads("struck")
    assert struck["margin"] == margin
    assert armor(table, "b") == ({"focus": focus_armor} if focus_armor else {})


def test_grand_gesture_is_body_or_people_vs_tn_4_f_dance_nano_13() -> None:
    # F-DANCE-NANO-13: b's People d8; a 3 fails, a 4 succeeds: 1 off the Spotlight Steal's 2
    table = dancers(stats={"people": 8})
    move(table, "a", "b", "spotlight_steal", 2)
    table.passes("b")
    table.dice(6, 6, 3, 4)
    table.declare("b", defense="grand_gesture", defense_dice=2)
    (gesture,) = rolled(table, "grand_gesture")
    assert (gesture["stat"], gesture["check"]["tn"]) == ("people", 4)  # type: ignore[index]
    (struck,) = table.payloads("struck")
    assert (struck["defense"], struck["margin"]) == (1, 1)


def test_center_and_grand_gesture_defend_their_own_zone_only_f_dance_nano_03_13() -> None:
    # F-DANCE-NANO-03 "Defends: Focus", F-DANCE-NANO-13 "Defends: Audience Attention"
    for attack, defense in (("lead", "grand_gesture"), ("spotlight_steal", "center")):
        table = dancers()
        move(table, "a", "b", attack, 2)
        table.passes("b")
        table.dice(6, 6)  # the attack only: the defense of the other zone is not rolled
        table.declare("b", defense=defense, defense_dice=2)
        assert rolled(table, defense) == []
        (struck,) = table.payloads("struck")
        assert (struck["defense"], struck["margin"]) == (0, 2)


@pytest.mark.parametrize(("faces", "bonus"), [((3,), 0), ((3, 4), 1)])
def test_interpret_tempo_is_auditory_or_meditation_vs_tn_4_f_dance_nano_17(
    faces: tuple[int, ...], bonus: int
) -> None:
    # F-DANCE-NANO-17: b's Meditation d8; a 3 fails: no tempo; a 4 succeeds: 1 AP a Beat
    table = dancers(stats={"meditation": 8})
    table.passes("a")
    table.dice(*faces)
    move(table, "b", None, "interpret_tempo", len(faces))
    (tempo,) = rolled(table, "interpret_tempo")
    assert (tempo["stat"], tempo["check"]["tn"]) == ("meditation", 4)  # type: ignore[index]
    assert table.duel.tempo == ({"b": bonus} if bonus else {})


def test_assemble_routine_rolls_visual_or_words_vs_tn_4_in_a_solo_f_dance_nano_14() -> None:
    # F-DANCE-NANO-14: "Roll Visual or Words against TN 4", a Utility of a Solo Performance
    table = Table()
    table.pc("ines", stats={"words": 8})
    table.open("recital", "dancing", "ines", level="solo", goal=1, techniques=["assemble_routine"])
    table.dice(3, 4)
    allocation = {"assemble_routine": 2}
    order = cmd.WorkOnProject(conflict="recital", allocation=allocation)
    table.session.submit(Command.of(GM, cmd.SOLO_ROLL, order))
    (rolled_,) = table.payloads("project_rolled")
    assert (rolled_["stat"], rolled_["check"]["tn"]) == ("words", 4)  # type: ignore[index]
    assert rolled_["check"]["successes"] == 1  # type: ignore[index]
