"""The Nano duel (document 000, Chapter 9, 16.4; rulings G-F-03, G-F-06, G-F-07, G-F-30,
G-F-N1 .. G-F-N3): The Drop, momentum per pair, the declaration steps in order,
simultaneous resolution, Quick Step, the location tables and their riders."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.duel import pair
from tablekeeper.rulesets.fractal.encounter.engine import ENGINE
from tablekeeper.rulesets.fractal.encounter.nano_declare import RETURN_TO_DROP, ReturnToDrop

from .nano_helpers import SWORD, duelists


def test_the_duel_opens_at_the_drop_and_both_declare_first_f_core_08_f_core_09_g_f_07() -> None:
    # F-CORE-08, F-CORE-09
    table = duelists()
    duel = table.duel
    # F-CORE-08: nobody holds the momentum at The Drop.
    assert duel.momentum == {pair("a", "b"): None}
    # F-CORE-09 / G-F-07: step 1, the attack, asks both at The Drop, in seat order.
    assert (duel.step, table.waiting) == ("attack", "a")
    # G-F-03: the pool refreshes at the Beat: Max AP 8 + 6 = 14 (G-F-02).
    assert table.c("a").ap == 14
    table.attack("a", "b")
    assert table.waiting == "b"  # b too: nobody leads at The Drop
    table.passes("b")
    # Step 2, the defense: b is attacked; a leads and is not, so is not asked.
    assert (table.duel.step, table.waiting) == ("defense", "b")
    with pytest.raises(IllegalCommandError, match="does not declare at the defense step"):
        table.declare("a", defense="parry", defense_dice=1)


def test_the_declared_dice_are_paid_at_once_g_f_01() -> None:
    table = duelists()
    table.attack("a", "b", dice=5, quick_step=2)
    assert table.c("a").ap == 14 - 7


def test_a_parry_that_brings_the_attack_to_zero_steals_the_momentum_f_combat_nano_13() -> None:
    table = duelists()
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="parry", defense_dice=2)
    assert table.duel.step == "feint"  # Step 3: a may Feint now the defense is known
    assert table.duel.momentum[pair("a", "b")] is None  # not resolved yet
    table.dice(4, 1)  # a's Cut: 2d8 vs TN 4, 1 success
    table.dice(4, 5)  # b's Parry: 2d6 vs the sword's parry TN 4, 2 successes
    table.passes("a")  # a keeps its cut
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["defense"], struck["margin"]) == (1, 2, 0)
    assert table.duel.momentum[pair("a", "b")] == "b"
    (moved,) = table.payloads("momentum_changed")
    assert (moved["how"], moved["rule"]) == ("steal", "F-COMBAT-NANO-13")
    # Beat 2: the holder declares alone at step 1 (G-F-07).
    assert (table.conflict("duel").step, table.duel.step, table.waiting) == (2, "attack", "b")


def test_an_undefended_attack_at_the_drop_takes_the_momentum_g_f_07() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.dice(1)  # a misses: still, only a attacked
    table.passes("b")  # no defense
    assert table.duel.momentum[pair("a", "b")] == "a"


def test_the_holder_keeps_the_momentum_when_nothing_steals_it_g_f_07() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.dice(1)
    table.passes("b")
    assert table.duel.momentum[pair("a", "b")] == "a"
    table.attack("a", "b", dice=1)
    table.dice(6)
    table.passes("b")  # b declares no defense: no Feint step for a
    assert table.duel.momentum[pair("a", "b")] == "a"


def test_a_cut_reads_the_zones_cut_table_and_a_blade_bleeds_at_4_f_combat_nano_01_02() -> None:
    # F-COMBAT-NANO-01, F-COMBAT-NANO-02
    # G-F-06: the provisional Mid Cut table; Severity 4 with a Slashing rider is Lethal and
    # spills over into the generic Fatigue row 2 (the Severity 3+ spillover).
    table = duelists()
    table.attack("a", "b", dice=4, zone="mid")
    table.passes("b")
    table.dice(6, 6, 7, 8)
    table.passes("b")
    assert table.labels("b") == ["Disembowelling Cut [4]", "Exhausted [2]"]
    cut = table.c("b").conditions[0]
    assert (cut.lethal, cut.provisional, cut.table) == (True, True, "mid_cut_nano")
    assert cut.dressing is not None
    assert "Staunch" in cut.dressing


def test_a_thrust_reads_the_thrust_table_and_pierces_lethal_at_3_f_combat_nano_03() -> None:
    table = duelists()
    table.attack("a", "b", "thrust", dice=3, zone="high")
    table.passes("b")
    table.dice(6, 6, 7)
    table.passes("b")
    # F-COMBAT-NANO-03: 3 successes read the High Thrust table at Severity 3
    assert table.labels("b") == ["Eye Wound [3]", "Ringing Ears [1]"]  # Disoriented [1]
    assert table.c("b").conditions[0].lethal  # Piercing: Lethal from Severity 3


def test_a_bludgeon_never_bleeds_and_spills_into_impact_g_f_06() -> None:
    club = {"id": "club", "kind": "weapon", "name": "Club", "damage": "bludgeoning"}
    table = duelists(a_tools=(club,))
    table.attack("a", "b", dice=3, zone="mid")
    table.passes("b")
    table.dice(6, 6, 7)
    table.passes("b")
    assert table.labels("b") == ["Deep Flank Wound [3]", "Bruised [1]"]
    assert not any(entry.lethal for entry in table.c("b").conditions)


def test_armor_comes_off_after_the_defense_g_f_30() -> None:
    table = duelists(b={"armor": 2})
    table.attack("a", "b", dice=3, zone="low")
    table.passes("b")
    table.dice(6, 6, 7)
    table.passes("b")
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["armor"], struck["margin"]) == (3, 2, 1)
    assert table.labels("b") == ["Grazed Shin [1]"]


def test_the_provisional_tables_are_data_with_every_row_marked() -> None:
    # G-F-06: six location tables, four rows each, every one provisional.
    for zone in ("high", "mid", "low"):
        for attack in ("cut", "thrust"):
            rows = [lookup(f"{zone}_{attack}_nano", "negative", n) for n in (1, 2, 3, 4)]
            assert all(row.provisional for row in rows)
            assert [row.max_ap_change for row in rows] == [-1, -2, -3, -5]
            assert [len(row.spillover) for row in rows] == [0, 0, 1, 1]  # Severity 3+


def test_simultaneous_attacks_both_land_f_combat_nano_21() -> None:
    table = duelists()
    table.attack("a", "b", dice=2, zone="low")
    table.attack("b", "a", dice=2, zone="low")
    table.passes("a")
    table.dice(6, 6)  # a: 2 successes
    table.dice(5, 6)  # b: 2 successes (d6s), before a's blow is dealt
    table.passes("b")  # no defenses; no Feint step either
    # F-COMBAT-NANO-21: without a Quick Step both attacks resolve simultaneously
    assert table.labels("a") == ["Cut Thigh [2]"]
    assert table.labels("b") == ["Cut Thigh [2]"]


def test_quick_step_strikes_first_and_its_damage_takes_dice_f_combat_nano_21() -> None:
    table = duelists()
    table.attack("a", "b", dice=4, zone="mid", quick_step=1)
    table.attack("b", "a", dice=4, zone="mid")
    table.passes("a")
    table.dice(5)  # a's Quick Step: 1 success, b did not try: a goes first
    table.dice(6, 6, 6, 1)  # a's Cut: 3 successes: Deep Flank Wound and Tired, -4 Max AP
    table.passes("b")  # b's cut: 4 dice less the 4 Max AP lost (G-F-N2): prevented
    struck = table.payloads("struck")
    assert [s["attacker"] for s in struck] == ["a", "b"]  # F-COMBAT-NANO-21: a first
    assert struck[1]["prevented"]  # F-COMBAT-NANO-21: its damage took b's pool
    assert table.labels("a") == []


def test_quick_step_tie_reverts_to_simultaneous_f_combat_nano_21() -> None:
    table = duelists()
    table.attack("a", "b", dice=1, zone="mid", quick_step=1)
    table.attack("b", "a", dice=1, zone="mid", quick_step=1)
    table.passes("a")
    table.dice(5, 5)  # both Quick Steps: 1 success each: a tie
    table.dice(6, 6)  # both attacks, simultaneous
    table.passes("b")
    assert table.labels("a")  # F-COMBAT-NANO-21: a tie reverts to simultaneous resolution
    assert table.labels("b")


def test_pairwise_momentum_with_three_f_gm_11() -> None:
    table = duelists()
    table.pc("c", side="foes", tools=[SWORD])
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c")))
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.passes("c")  # c leads against a at The Drop too, and declares nothing
    table.passes("b")  # b, attacked: no reaction
    table.dice(6)
    table.passes("c")  # c may cover its partner at step 2 (F-DANCE-NANO-07): it does not
    # a struck b: a takes b's momentum; a and c stay at The Drop (F-GM-11).
    assert table.duel.momentum[pair("a", "b")] == "a"
    assert table.duel.momentum[pair("a", "c")] is None
    assert pair("b", "c") not in table.duel.momentum  # team-mates are no pair


def test_return_to_the_drop_and_routine_armor_is_lost_f_dance_gen_08() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.dice(1)
    table.passes("b")
    assert table.duel.momentum[pair("a", "b")] == "a"
    table.gm(cmd.ARMOR, cmd.SetArmor(conflict="duel", character="a", zone="focus", amount=2))
    table.gm(RETURN_TO_DROP, ReturnToDrop(conflict="duel"))
    assert table.duel.momentum[pair("a", "b")] is None
    assert table.conflict("duel").participants["a"].routine_armor.get("focus", 0) == 0


def test_a_beat_passes_three_seconds_f_time_01() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    table.dice(1)
    table.passes("b")
    assert [p["seconds"] for p in table.payloads("time_passed")] == ["3"]


def test_replay_and_undo_cross_a_beat() -> None:
    table = duelists()
    table.attack("a", "b", dice=2)
    table.passes("b")
    table.declare("b", defense="parry", defense_dice=2)
    table.dice(6, 6, 1, 1)
    table.passes("a")
    after = table.state
    assert table.session.replay() == after
    table.session.undo()
    assert table.duel.step == "feint"
    table.session.redo()
    assert table.state == after
    assert ENGINE.awaiting(after) is None


@pytest.mark.parametrize(("faces", "first"), [((3,), False), ((3, 4), True)])
def test_quick_step_is_body_or_auditory_vs_tn_4_f_combat_nano_21(
    faces: tuple[int, ...], first: bool
) -> None:
    """F-COMBAT-NANO-21: "roll Body or Auditory against TN 4": a's Body d8; a 3 fails
    (simultaneous: both blows land), a 4 succeeds (a first: b's 1-die Cut is prevented)."""
    table = duelists()
    table.attack("a", "b", dice=1, zone="mid", quick_step=len(faces))
    table.attack("b", "a", dice=1, zone="mid")
    table.passes("a")
    table.dice(*faces)
    table.dice(6, 6)  # a's Cut: 1 success (-1 Max AP: b's 1 die gone); b's Cut, if rolled
    table.passes("b")
    (step,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "quick_step"]
    assert (step["stat"], step["check"]["tn"]) == ("body", 4)
    struck = table.payloads("struck")
    assert [bool(s.get("prevented")) for s in struck] == [False, first]
    assert bool(table.labels("a")) is not first
