"""The Combat tree's Nano techniques (document 000, Chapter 9; rulings G-F-17, G-F-21,
G-F-39, G-F-40, G-F-42, G-F-43, G-F-N1, G-F-N3). Dice are queued in the order the Beat
rolls them: Stop Short, evasion piles, Block Open, Quick Steps, then each attack and its
defense, then Aim and Reload."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.duel import pair

from .nano_helpers import SWORD, Duelists, duelists


def rolled(table: Duelists, technique: str) -> list[dict[str, object]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def _drop_attack_defended(table: Duelists, defense: str, dice: int, *faces: int) -> None:
    """a cuts b (1 die) at The Drop, b answers with ``defense``; ``faces`` resolve it."""
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.declare("b", defense=defense, defense_dice=dice)
    table.dice(*faces)
    table.passes("a")  # Step 3: no Feint


def test_slip_is_tn_6_steals_and_gives_the_successes_left_f_combat_nano_12_g_f_42() -> None:
    table = duelists()
    _drop_attack_defended(table, "slip", 3, 5, 6, 6, 6)  # cut: 1 success; slip: 3 at TN 6
    (slip,) = rolled(table, "slip")
    assert slip["check"]["tn"] == 6  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "b"
    # F-COMBAT-NANO-12: TN 6; the attack at zero steals, 3 - 1 successes left over (G-F-42)
    assert table.duel.bonus == {"b": 2}
    # Beat 2: b leads, and its next offensive action rolls 2 dice more.
    table.attack("b", "a", dice=1)
    table.dice(1, 1, 1)
    table.passes("a")
    (attack,) = [p for p in rolled(table, "cut") if p["character"] == "b"]
    assert attack["check"]["dice_rolled"] == 3  # type: ignore[index]
    assert table.duel.bonus == {}


def test_slip_that_falls_short_steals_nothing_f_combat_nano_12() -> None:
    table = duelists()
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="slip", defense_dice=1)
    table.dice(5, 5, 6)  # cut 2 successes, slip 1: the attack lands with 1
    table.passes("a")
    # F-COMBAT-NANO-12: the slip subtracts 1, the attack lands with 1, nothing stolen
    assert table.duel.momentum[pair("a", "b")] == "a"  # only a attacked (G-F-07)
    assert table.labels("b") == ["Shallow Cut [1]"]


def test_counter_is_parry_tn_plus_2_and_gives_bonus_dice_f_combat_nano_15() -> None:
    table = duelists()
    _drop_attack_defended(table, "counter", 2, 5, 6, 6)
    (counter,) = rolled(table, "counter")
    # F-COMBAT-NANO-15: Meditation or People vs the sword's parry TN 4 + 2; 2 - 1 left over
    assert (counter["check"]["tn"], counter["stat"]) == (6, "meditation")  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "b"
    assert table.duel.bonus == {"b": 1}


def test_a_parry_is_rolled_against_the_items_parry_tn_f_combat_nano_13() -> None:
    dagger = {"id": "dagger", "kind": "weapon", "name": "Main-gauche", "parry_tn": 3}
    table = duelists(b_tools=(dagger, SWORD))
    _drop_attack_defended(table, "parry", 1, 5, 3)
    (parry,) = rolled(table, "parry")
    assert parry["check"]["tn"] == 3  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "b"
    assert table.duel.bonus == {}  # Parry steals, with no bonus dice


def test_block_open_raises_the_tn_and_locks_the_weapon_f_combat_nano_14() -> None:
    table = duelists(b_tools=(SWORD, {"id": "shield", "kind": "shield", "name": "Shield"}))
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="block_open", defense_dice=2)
    table.dice(5, 5)  # Block Open: 2d6 vs parry TN 4 + 1: 2 successes
    table.dice(5, 5)  # a's Cut vs TN 4 + 2: no success
    table.passes("a")
    (block,) = rolled(table, "block_open")
    # F-COMBAT-NANO-14: parry TN + 1; the cut's TN + 1 a success; at zero the sword is locked
    assert block["check"]["tn"] == 5  # type: ignore[index]
    (cut,) = rolled(table, "cut")
    assert cut["check"]["tn"] == 6  # type: ignore[index]
    assert table.duel.locked == {"a": ("sword",)}  # during a's next action
    with pytest.raises(IllegalCommandError, match="holds no weapon"):
        table.attack("a", "b")


def test_one_tool_one_action_and_master_strike_is_the_exception_f_combat_gen_01_nano_06() -> None:
    # F-COMBAT-GEN-01, F-COMBAT-NANO-06
    table = duelists()
    table.attack("a", "b", dice=2)
    table.passes("b")
    with pytest.raises(IllegalCommandError, match="no free weapon or shield"):
        table.declare(
            "b", defense="parry", defense_dice=2, action="cut", target="a", zone="mid", dice=1
        )
    # Master Strike: the sword attacks and parries, from two piles (F-COMBAT-NANO-06).
    table.declare("b", action="cut", target="a", zone="mid", dice=1, wrap="master_strike", split=2)
    assert table.c("b").ap == 12 - 3
    table.passes("a")  # a, now attacked, declares no defense
    table.dice(5, 5)  # a's Cut: 2 successes
    table.dice(5, 5)  # b's parry pile: 2 successes
    table.dice(1)  # b's Cut
    table.passes("a")  # Step 3: a keeps its Cut
    parry = rolled(table, "parry")
    assert [p["character"] for p in parry] == ["b"]
    assert table.duel.momentum[pair("a", "b")] == "b"


def test_beat_locks_the_item_and_drops_it_at_3_f_combat_nano_04_g_f_n3() -> None:
    table = duelists()
    table.attack("b", "a", "beat", zone=None, item="buckler", dice=3)
    table.attack("a", "b", "beat", zone=None, item="sword", dice=3)
    table.declare("a", defense="parry", defense_dice=2)
    table.dice(6, 6, 6)  # a's Beat on b's sword: 3 successes (cut TN 4)
    table.dice(5, 5, 5)  # b's Beat on a's buckler: 3 successes
    table.dice(6, 6)  # a parries b's Beat: the Opposition Rule keeps the Beat's success
    table.passes("b")
    # F-COMBAT-NANO-04: at 3+ successes the item is dropped, and locked for the next beat
    assert table.duel.dropped == {"b": ("sword",), "a": ("buckler",)}
    assert table.duel.locked == {"b": ("sword",), "a": ("buckler",)}
    with pytest.raises(IllegalCommandError, match="holds no weapon"):
        table.attack("b", "a")


def test_a_strapped_item_is_beaten_but_not_dropped_f_combat_nano_04() -> None:
    strapped = {"id": "buckler", "kind": "shield", "name": "Buckler", "strapped": True}
    table = duelists(a_tools=(SWORD, strapped))
    table.attack("b", "a", "beat", zone=None, item="buckler", dice=3)
    table.passes("a")
    table.dice(6, 6, 6)
    table.passes("a")
    assert table.duel.dropped == {}  # F-COMBAT-NANO-04: "if it is not strapped"
    assert table.duel.locked == {"a": ("buckler",)}


def test_one_success_beats_the_item_for_a_beat_f_combat_nano_04() -> None:
    table = duelists()
    table.attack("a", "b", "beat", zone=None, item="sword", dice=1)
    table.passes("b")
    table.dice(6)
    table.passes("b")
    assert (table.duel.locked, table.duel.dropped) == ({"b": ("sword",)}, {})  # F-COMBAT-NANO-04


def test_evasion_raises_the_tn_of_attacks_on_you_first_f_combat_nano_05() -> None:
    table = duelists()
    table.attack("a", "b", dice=1, wrap="evasive_attack", split=2)
    table.attack("b", "a", dice=3)
    table.passes("a")
    table.dice(4, 4)  # a's evasion: 2d6 Nature/Visual vs TN 4: 2 successes
    table.dice(1)  # a's Cut
    table.dice(5, 5, 6)  # b's Cut vs TN 4 + 2: 1 success
    table.passes("b")
    assert sum(p["amount"] for p in table.payloads("ap_spent") if p["character"] == "a") == 3
    (evasion,) = rolled(table, "evasive_attack")
    assert evasion["role"] == "evasion"
    b_cut = next(p for p in rolled(table, "cut") if p["character"] == "b")
    # F-COMBAT-NANO-05: 2 evasion successes raise b's Cut to TN 4 + 2 before it is rolled
    assert b_cut["check"]["tn"] == 6  # type: ignore[index]


def test_feint_at_step_3_new_pool_and_2_ap_a_die_f_combat_nano_16_g_f_40() -> None:
    table = duelists(a={"ranks": {"feint": 1, "thrust": 1}})
    table.attack("a", "b", dice=3)
    table.passes("b")
    table.declare("b", defense="parry", defense_dice=1)
    with pytest.raises(IllegalCommandError, match="new proactive action"):
        table.declare("a", action="cut", zone="high")
    with pytest.raises(IllegalCommandError, match="at most 1 die added"):
        table.declare("a", action="thrust", zone="high", feint_dice=2)
    table.dice(1, 1)  # the Thrust: min(3 committed, Rank 1) + 1 added = 2 dice
    table.dice(1)  # b's parry
    table.declare("a", action="thrust", zone="high", feint_dice=1)
    spent = [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "a"]
    assert spent == [3, 2]  # F-COMBAT-NANO-16: the added die costs 2 AP, at most Rank 1
    (thrust,) = rolled(table, "thrust")
    assert thrust["check"]["dice_rolled"] == 2  # type: ignore[index]
    assert rolled(table, "cut") == []


def test_each_successive_feint_on_the_target_is_tn_plus_1_f_combat_nano_17_g_f_43() -> None:
    table = duelists(a={"ranks": {"feint": 1, "thrust": 1}})
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.declare("b", defense="parry", defense_dice=1)
    table.dice(1, 1, 1)
    table.declare("a", action="thrust", zone="mid", feint_dice=1)  # TN 4; momentum to a
    table.attack("a", "b", dice=1)
    table.declare("b", defense="parry", defense_dice=1)
    table.dice(1, 1, 1)
    table.declare("a", action="thrust", zone="mid", feint_dice=1)
    tns = [p["check"]["tn"] for p in rolled(table, "thrust")]  # type: ignore[index]
    assert tns == [4, 5]  # F-COMBAT-NANO-17: the second feint on b, TN + 1


def test_stop_short_ends_the_exchange_tie_to_the_user_f_combat_nano_19_g_f_17_g_f_n1() -> None:
    table = duelists(b={"stats": {"meditation": 10}})
    table.declare("a", action="stop_short", target="b", dice=2)
    table.attack("b", "a", dice=3)
    table.dice(4, 1)  # a: 2d6 Visual vs TN 4: 1 success
    table.dice(4, 1, 1, 1, 1)  # b rolls floor(d10 / 2) = 5 dice, unpaid (G-F-17): 1
    table.passes("a")  # a's defense step: nothing; then the Beat resolves
    roll = rolled(table, "stop_short")
    # F-COMBAT-NANO-19: b rolls floor(max(Visual d6, Meditation d10) / 2) = 5 dice, unpaid
    assert [p["check"]["dice_rolled"] for p in roll] == [2, 5]  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "a"  # a tie is the user's
    assert table.payloads("struck") == []  # b's Cut never resolves (G-F-N1)
    spent = [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "b"]
    assert spent == [3]  # its AP was spent all the same
    # The next Stop Short in the scene: TN + 1 for the user only (F-COMBAT-NANO-20).
    table.declare("a", action="stop_short", target="b", dice=1)
    table.dice(6)
    table.dice(6, 6, 6, 6, 6)
    table.passes("b")
    roll = rolled(table, "stop_short")
    assert [p["check"]["tn"] for p in roll[2:]] == [5, 4]  # type: ignore[index]
    assert table.duel.momentum[pair("a", "b")] == "b"  # F-COMBAT-NANO-19: b won: it seizes
    assert table.payloads("momentum_changed")[-1]["how"] == "seize"


def test_reload_saves_successes_until_more_than_the_requirement_f_combat_nano_10_g_f_21() -> None:
    crossbow = {"id": "crossbow", "kind": "weapon", "name": "Crossbow", "reload": 1}
    table = duelists(a_tools=(crossbow,))
    table.declare("a", action="reload", dice=1)
    table.dice(4)
    table.passes("b")
    # F-COMBAT-NANO-10: 1 success is not more than the requirement 1: saved, not reloaded
    assert (table.duel.reload_saved, table.duel.loaded) == ({"a": 1}, ())
    with pytest.raises(IllegalCommandError, match="reloaded weapon"):
        table.declare("a", action="shoot", target="b", zone="mid", dice=1)
    table.declare("a", action="reload", dice=1)
    table.dice(4)
    table.passes("b")
    assert (table.duel.reload_saved, table.duel.loaded) == ({}, ("a",))  # F-COMBAT-NANO-10: 1 + 1


def test_shoot_needs_a_load_and_an_aim_and_spends_both_f_combat_nano_07_08_g_f_39() -> None:
    # F-COMBAT-NANO-07, F-COMBAT-NANO-08
    crossbow = {"id": "crossbow", "kind": "weapon", "name": "Crossbow"}
    table = duelists(a_tools=(crossbow,))
    table.declare("a", action="reload", dice=1)
    table.dice(4)
    table.passes("b")
    with pytest.raises(IllegalCommandError, match="an Aim at this target"):
        table.declare("a", action="shoot", target="b", zone="mid", dice=1)
    table.declare("a", action="aim", target="b", dice=1)
    table.dice(4)  # Aim: Visual vs TN 4
    table.passes("b")
    assert table.duel.aimed == {"a": "b"}
    table.declare("a", action="shoot", target="b", zone="mid", dice=2)
    table.passes("b")
    table.dice(6, 6)
    table.passes("b")
    assert table.labels("b") == ["Stab Wound [2]"]  # a thrusting zone (Mid Thrust)
    assert (table.duel.aimed, table.duel.loaded) == ({}, ())


def test_the_aim_is_lost_at_another_action_or_a_wound_f_combat_nano_09() -> None:
    crossbow = {"id": "crossbow", "kind": "weapon", "name": "Crossbow"}
    table = duelists(a_tools=(crossbow,))
    table.declare("a", action="aim", target="b", dice=1)
    table.dice(4)
    table.passes("b")
    assert table.duel.aimed == {"a": "b"}
    table.declare("a", action="reload", dice=1)  # any other action before shooting
    assert table.duel.aimed == {}  # F-COMBAT-NANO-09
    table.dice(1)
    table.passes("b")
    table.declare("a", action="aim", target="b", dice=1)
    table.attack("b", "a", dice=1)
    table.dice(4)  # b's Cut lands
    table.dice(6)  # ...and the Aim succeeds: yet the wound takes it
    table.passes("a")
    assert table.labels("a")
    assert table.duel.aimed == {}  # F-COMBAT-NANO-09: a condition that reduces the pool


def test_footwork_ignores_opponents_but_always_faces_one_f_combat_nano_18_g_f_41() -> None:
    table = duelists()
    with pytest.raises(IllegalCommandError, match="several opponents"):
        table.declare("a", action="footwork", dice=1)
    table.pc("c", side="foes", tools=[SWORD])
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c")))
    table.declare("a", action="footwork", dice=2)
    table.attack("b", "a", dice=1)
    table.attack("c", "a", dice=1)
    table.dice(6, 6)  # Footwork: Body d8 vs TN 4 (G-F-41): 2 successes, yet one stays
    table.dice(1)  # b's Cut, the one a still faces
    table.passes("a")
    (footwork,) = rolled(table, "footwork")
    assert footwork["check"]["tn"] == 4  # type: ignore[index]
    assert [p["attacker"] for p in table.payloads("struck")] == ["b"]


@pytest.mark.parametrize(
    ("weapon", "tn"),
    [
        pytest.param({}, 4, id="undefined-4"),
        pytest.param({"thrust_tn": 6, "cut_tn": 5}, 6, id="thrust-tn-not-cut-tn"),
    ],
)
def test_a_thrust_rolls_body_or_meditation_vs_the_weapons_thrust_tn_f_combat_nano_03(
    weapon: dict[str, object], tn: int
) -> None:
    """F-COMBAT-NANO-03: "roll Body or Meditation against your weapon's thrust TN (4 if
    undefined)"; b's Meditation d8 is its better die of the pair."""
    table = duelists(b_tools=({**SWORD, **weapon},), b={"stats": {"meditation": 8}})
    table.passes("a")
    table.attack("b", "a", "thrust", dice=2, zone="high")
    table.dice(tn - 1, tn)  # one face under the TN, one at it: 1 success
    table.passes("a")
    (thrust,) = rolled(table, "thrust")
    assert (thrust["stat"], thrust["check"]["tn"]) == ("meditation", tn)  # type: ignore[index]
    assert thrust["check"]["successes"] == 1  # type: ignore[index]
    assert [entry.table for entry in table.c("a").conditions] == ["high_thrust_nano"]
    assert table.c("a").conditions[0].severity == 1


def test_beat_rolls_auditory_or_visual_vs_the_weapons_cut_tn_f_combat_nano_04() -> None:
    """F-COMBAT-NANO-04: "roll Auditory or Visual against your weapon's cut TN"; b's Visual
    d8 is the better die; its sword's cut TN 5 (not its thrust TN 3): a 4 fails."""
    sword = {**SWORD, "cut_tn": 5, "thrust_tn": 3}
    table = duelists(b_tools=(sword,), b={"stats": {"visual": 8}})
    table.passes("a")
    table.attack("b", "a", "beat", zone=None, item="buckler", dice=2)
    table.dice(4, 5)  # 1 success at TN 5 (2 at TN 4 or 3)
    table.passes("a")
    (beat,) = rolled(table, "beat")
    assert (beat["stat"], beat["check"]["tn"]) == ("visual", 5)  # type: ignore[index]
    assert beat["check"]["successes"] == 1  # type: ignore[index]
    assert (table.duel.locked, table.duel.dropped) == ({"a": ("buckler",)}, {})


def test_block_open_locks_nothing_when_the_attack_still_lands_f_combat_nano_14() -> None:
    # F-COMBAT-NANO-14: "If the attack [...] has zero successes": here it keeps 2 at TN 5
    table = duelists()
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="block_open", defense_dice=1)
    table.dice(5)  # Block Open: 1d6 vs parry TN 4 + 1: 1 success
    table.dice(5, 5)  # a's Cut vs TN 4 + 1: 2 successes
    table.passes("a")
    (cut,) = rolled(table, "cut")
    assert cut["check"]["tn"] == 5  # type: ignore[index]
    assert table.duel.locked == {}
    assert table.labels("b")


def test_counter_reads_the_weapons_parry_tn_not_the_shields_f_combat_nano_15() -> None:
    # F-COMBAT-NANO-15: "your weapon's parry TN + 2" (Block Open: "weapon or shield's"):
    # the buckler held first parries at 3, yet b's Counter is its sword's 5 + 2
    buckler = {"id": "buckler", "kind": "shield", "name": "Buckler", "parry_tn": 3}
    sword = {**SWORD, "parry_tn": 5}
    table = duelists(b_tools=(buckler, sword))
    _drop_attack_defended(table, "counter", 1, 5, 6)
    (counter,) = rolled(table, "counter")
    assert counter["check"]["tn"] == 7  # type: ignore[index]
