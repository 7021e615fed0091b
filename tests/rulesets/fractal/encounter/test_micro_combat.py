"""Micro Combat (document 000, Chapter 9 Micro, 18.1; 6.4; rulings G-F-01 .. G-F-04,
G-F-22, G-F-32, G-F-33, G-F-E1, G-F-E3)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import DecisionError, IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def duel(**options: object) -> Table:
    table = Table(**options)
    table.pc("brenna", stats={"body": 8, "meditation": 6, "visual": 4})
    table.pc("orc", side="foes", stats={"body": 6, "meditation": 6, "visual": 8})
    table.open("fight", "combat", "brenna", "orc")
    return table


def test_an_exchange_starts_with_the_refresh_and_turns_in_seat_order_g_f_03_g_f_e1() -> None:
    table = duel()
    # F-CORE-07 / G-F-02: Max AP 8 + 6 = 14 for Brenna (d8 Body, d6s elsewhere).
    refreshed = table.payloads("ap_refreshed")
    assert [(p["character"], p["ap"]) for p in refreshed] == [("brenna", 14), ("orc", 14)]
    assert table.current("fight") == "brenna"
    with pytest.raises(IllegalCommandError, match="it is Brenna's turn, not Orc's"):
        table.act("fight", "orc", "melee", 2, "brenna")


def test_melee_rolls_body_against_tn_4_and_the_defense_subtracts_f_combat_micro_01_03() -> None:
    # F-COMBAT-MICRO-01, F-COMBAT-MICRO-03
    table = duel()
    table.dice(8, 6, 4, 1)  # Brenna's 4d8: 3 successes
    table.act("fight", "brenna", "melee", 4, "orc")
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "orc"
    assert "defense:2" in pending.option_ids
    assert pending.default == "defense:2"  # half the attack's dice, rounded up
    table.dice(4, 2)  # Orc's Defense, 2d8 (Visual d8 over Meditation d6): 1 success
    table.answer("defense:2")
    (defended,) = table.payloads("defended")
    assert (defended["level"], defended["stat"]) == (2, "visual")
    # Success level 2 on the Combat Micro table: Strike, and Fatigued [1] (F-MTAB-CBT-02).
    assert table.labels("orc") == ["Strike [2]", "Tired [1]"]
    # AP: 14 - 2 committed to the defense; Max AP 14 - 3 = 11 (F-CORE-07, G-F-33 clamp).
    assert table.c("orc").ap == 11
    assert table.c("brenna").ap == 10


def test_the_defense_decision_says_what_a_die_costs_and_what_is_left_g_f_01() -> None:
    """A defender reads the price of its dice before choosing how many (G-F-01's AP a die),
    at the option's rate: 2 AP a die leaves the orc's 14 AP seven dice."""
    for per_die, most in ((1, 14), (2, 7)):
        table = duel(ap_per_die=per_die)
        table.dice(8, 6)
        table.act("fight", "brenna", "melee", 2, "orc")
        pending = table.session.pending
        assert pending is not None
        assert pending.prompt.endswith(
            f"Defend? Each die costs {per_die} AP; Orc has 14 AP to defend with."
        )
        assert pending.option_ids[-1] == f"defense:{most}"


def test_no_defense_and_zero_successes_inflict_nothing_g_f_08() -> None:
    table = duel()
    table.dice(1, 2)
    table.act("fight", "brenna", "melee", 2, "orc")
    assert table.session.pending is None  # nothing to defend against
    assert table.labels("orc") == []


def test_the_weapons_tn_4_if_undefined_f_combat_micro_01() -> None:
    table = Table()
    table.pc("brenna", tools=[{"id": "greatsword", "kind": "weapon", "tn": 5, "hands": 2}])
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc")
    table.dice(4, 5)
    table.act("fight", "brenna", "melee", 2, "orc")
    assert table.payloads("action_rolled")[0]["check"]["tn"] == 5
    assert table.payloads("action_rolled")[0]["check"]["successes"] == 1


def test_ranged_attacks_lose_dice_to_obscured_f_combat_micro_02_f_scene_03() -> None:
    table = Table()
    table.pc("archer")
    table.pc("orc", side="foes")
    table.open(
        "fight", "combat", "archer", "orc", scene_elements=[{"element": "obscured", "severity": 2}]
    )
    table.dice(6, 6)
    table.act("fight", "archer", "ranged", 4, "orc")
    check = table.payloads("action_rolled")[0]["check"]
    assert check["dice_rolled"] == 2  # 4 committed, -2 for a ranged attack out of the smoke


def test_armor_subtracts_after_the_defense_g_f_04_g_f_30() -> None:
    table = Table()
    table.pc("brenna")
    table.pc("knight", side="foes", armor=2)
    table.open("fight", "combat", "brenna", "knight")
    table.dice(6, 6, 6)
    table.act("fight", "brenna", "melee", 3, "knight")
    table.answer("none")
    assert table.payloads("defended")[0]["level"] == 1
    assert table.labels("knight") == ["Nick [1]"]


@pytest.mark.parametrize(
    ("faces", "squares", "feet", "meters"),
    [((1,), 1, 5, 2), ((5,), 2, 10, 4), ((5, 6, 4), 4, 20, 8)],
)
def test_maneuvers_move_success_level_plus_1_f_combat_micro_04_g_f_22(
    faces: tuple[int, ...], squares: int, feet: int, meters: int
) -> None:
    table = duel()
    table.dice(*faces)
    table.act("fight", "brenna", "maneuvers", len(faces))
    moved = table.payloads("moved")[0]
    assert (moved["squares"], moved["feet"], moved["meters"]) == (squares, feet, meters)


def test_a_failed_maneuver_moves_nothing_under_the_option_g_f_22() -> None:
    table = duel(failed_maneuver_moves=False)
    table.dice(1)
    table.act("fight", "brenna", "maneuvers", 1)
    assert table.payloads("moved")[0]["squares"] == 0


def test_difficult_terrain_costs_s_successes_a_square_f_scene_14_g_f_22() -> None:
    # F-SCENE-14: +S successes a square crossed.
    table = Table()
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open(
        "fight",
        "combat",
        {"character": "brenna", "position": [0, 0]},
        "orc",
        scene_elements=[{"element": "difficult", "severity": 2}],
    )
    table.dice(8, 8, 8)  # 3 successes: 4 squares, 2 of them spent crossing one Difficult square
    table.act("fight", "brenna", "maneuvers", 3, to=[5, 0], through_difficult=1)
    moved = table.payloads("moved")[0]
    assert (moved["squares"], moved["cost"], moved["position"]) == (2, 2, [2, 0])


def test_temporary_ap_is_spent_first_and_the_pool_never_goes_below_zero_g_f_33() -> None:
    table = duel()
    with pytest.raises(IllegalCommandError, match="14 AP for this, not 15"):
        table.act("fight", "brenna", "melee", 15, "orc")
    table.dice(*([1] * 14))
    table.act("fight", "brenna", "melee", 14, "orc")
    assert table.c("brenna").ap == 0


def test_a_turn_ends_itself_at_zero_ap_and_the_next_exchange_refreshes_f_core_07() -> None:
    table = duel()
    table.dice(*([1] * 14))
    table.act("fight", "brenna", "melee", 14, "orc")
    assert table.current("fight") == "orc"
    table.end_turn("fight", "orc")
    assert table.conflict("fight").step == 2
    assert table.c("brenna").ap == 14


def test_when_exhausted_refreshes_only_a_spent_pool_g_f_03() -> None:
    table = duel(ap_refresh="when_exhausted")
    table.dice(1)
    table.act("fight", "brenna", "melee", 1, "orc")
    table.end_turn("fight", "brenna")
    table.end_turn("fight", "orc")
    assert table.c("brenna").ap == 13  # not refilled: it had AP left


def test_a_tool_does_one_kind_of_action_a_turn_f_core_11_g_f_e3() -> None:
    table = duel()
    table.dice(1)
    table.act("fight", "brenna", "melee", 1, "orc")
    with pytest.raises(IllegalCommandError, match="weapon is busy with melee"):
        table.act("fight", "brenna", "ranged", 1, "orc")
    table.dice(1)
    table.act("fight", "brenna", "melee", 1, "orc")  # the same action again is allowed
    assert table.session.pending is None


def test_rank_caps_dice_only_under_the_option_g_f_01_f_core_10() -> None:
    # F-CORE-10: default Rank 0 caps the dice at 0 under the option.
    table = duel(rank_caps_dice=True)
    with pytest.raises(IllegalCommandError, match="at most 0 dice"):
        table.act("fight", "brenna", "melee", 1, "orc")


def test_conditions_stack_each_tracked_separately_f_cond_08() -> None:
    # F-COND-08: two hits, two entries, each with its own id.
    table = duel()
    for faces in ((5,), (6,)):
        table.dice(*faces)
        table.act("fight", "brenna", "melee", 1, "orc")
        table.answer("none")
    assert table.labels("orc") == ["Nick [1]", "Nick [1]"]
    assert len({e.id for e in table.c("orc").conditions}) == 2


def test_heavy_blow_takes_a_body_die_from_the_targets_rolls_f_mtab_cbt_03() -> None:
    table = duel()
    table.dice(8, 8, 8)
    table.act("fight", "brenna", "melee", 3, "orc")
    table.answer("none")
    table.end_turn("fight", "brenna")
    table.dice(1)  # Orc's 2 Body dice less one: 1 die
    table.act("fight", "orc", "melee", 2, "brenna")
    check = table.payloads("action_rolled")[1]["check"]
    assert check["dice_rolled"] == 1
    assert [c["source"] for c in check["dice_breakdown"]["contributions"]] == [
        "G-F-01",
        "F-MTAB-CBT-03",
    ]


def test_zero_max_ap_in_combat_is_falling_to_wounds_f_mtab_cbt_05_g_f_32() -> None:
    table = Table()
    table.pc("brenna", stats={"body": 12})
    table.npc("goblin", stats={"body": 4, "visual": 4})  # Max AP 8
    table.open("fight", "combat", "brenna", "goblin")
    table.dice(*([12] * 4))
    table.act("fight", "brenna", "melee", 4, "goblin")  # Devastating Blow: -5, Fatigued [2] -2
    table.answer("none")
    assert table.c("goblin").life == "up"  # 8 - 7 = 1
    table.dice(12)
    table.act("fight", "brenna", "melee", 1, "goblin")  # Nick: 0 Max AP
    table.answer("none") if table.session.pending else None
    goblin = table.c("goblin")
    assert (goblin.life, goblin.golden_hour_left) == ("bleeding_out", 3600)
    assert table.conflict("fight").participants["goblin"].out == "fallen"
    assert table.conflict("fight").ended == "party prevail"


def test_the_golden_hour_dressed_in_time_or_death_f_cond_20() -> None:
    def fallen() -> Table:
        table = Table()
        table.pc("brenna", stats={"body": 12})
        table.npc("goblin", stats={"body": 4, "visual": 4})
        table.open("fight", "combat", "brenna", "goblin")
        table.dice(*([12] * 4))
        table.act("fight", "brenna", "melee", 4, "goblin")
        table.answer("none")
        table.dice(12)
        table.act("fight", "brenna", "melee", 1, "goblin")
        if table.session.pending:
            table.answer("none")
        return table

    rescued = fallen()
    assert len(rescued.c("goblin").to_dress) == 2
    rescued.gm(cmd.PASS_TIME, cmd.PassTime(minutes=59))
    assert rescued.c("goblin").golden_hour_left == 60
    for key in rescued.c("goblin").to_dress:
        rescued.gm(cmd.DRESS, cmd.Dress(character="goblin", condition=key))
    assert rescued.c("goblin").life == "unconscious"
    rescued.gm(cmd.PASS_TIME, cmd.PassTime(minutes=120))
    assert rescued.c("goblin").life == "unconscious"

    late = fallen()
    late.gm(cmd.PASS_TIME, cmd.PassTime(minutes=60))
    assert late.c("goblin").life == "dead"


def test_a_lethal_condition_fells_anyone_in_any_tree_f_cond_18_f_cond_19() -> None:
    # F-COND-18, F-COND-19: two lethal conditions to 0 AP fell, one (1 AP left) not.
    table = Table()
    table.npc("cultist", stats={"body": 4, "logic": 4})  # Max AP 8
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="cultist", table="magical", kind="burning", successes=4)
    )
    cultist = table.c("cultist")
    assert cultist.life == "up"  # 8 - 5 - 2 = 1 AP: Incinerated is lethal but AP is not 0
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="cultist", table="magical", kind="burning", successes=4)
    )
    cultist = table.c("cultist")
    assert cultist.life == "bleeding_out"
    lethal = [e for e in cultist.conditions if e.lethal]
    assert set(cultist.to_dress) == {e.id for e in lethal}  # F-COND-20


def test_a_decision_is_the_chooser_s_and_must_be_offered() -> None:
    table = duel()
    table.dice(5)
    table.act("fight", "brenna", "melee", 1, "orc")
    with pytest.raises(DecisionError, match="not offered"):
        table.session.answer("defense:99", actor="orc")
    with pytest.raises(IllegalCommandError, match="pending"):
        table.act("fight", "brenna", "melee", 1, "orc")
