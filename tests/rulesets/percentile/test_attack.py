"""One attack through the four steps of "Attack and Defense", die by die (P-ATK-01..15).

Unless a test says otherwise: Sword 60% (critical on 01-06), a broadsword 1d8+1, damage
bonus 1d4, against 2 physical + 1 magical AP; dice in the documented order, strictly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from tablekeeper.rulesets.percentile import (
    Blow,
    DamageOutcome,
    DefenseEffect,
    FollowUp,
    Level,
    Victory,
    Winner,
    finish_attack,
    hazard_chance,
    resolve_attack,
    roll_attack,
)

from .attack_cases import attack_input, block, dodge, parry
from .helpers import BOW, SPEAR, SWORD, dice


def reductions(damage: DamageOutcome | None) -> list[tuple[str, int, int]]:
    assert damage is not None
    return [(r.label, r.before, r.after) for r in damage.reductions]


# -- step 1 -------------------------------------------------------------------------------


def test_a_success_strikes_a_normal_blow_through_armor_p_atk_03_08() -> None:
    outcome = resolve_attack(attack_input(), dice(30, 5, 3))
    assert (outcome.attack_level, outcome.blow, outcome.hit) == (Level.SUCCESS, Blow.NORMAL, True)
    assert outcome.damage is not None
    assert outcome.damage.rolled == 6 + 3
    assert reductions(outcome.damage) == [("physical armor", 9, 7), ("magical armor", 7, 6)]
    assert (outcome.damage_dealt, outcome.injured, outcome.winner) == (6, True, None)
    assert outcome.label == "6 damage"


def test_a_failure_ends_the_action_with_no_other_die_p_atk_03() -> None:
    """ "Failure: The attack failed to connect in any way that matters, and the action
    ends." No defense is rolled against it (G-P-C1)."""
    outcome = resolve_attack(attack_input(defender=dodge()), dice(70))
    assert (outcome.attack_level, outcome.blow, outcome.hit, outcome.defense) == (
        Level.FAILURE,
        None,
        False,
        None,
    )
    assert outcome.label == "miss"
    assert not outcome.injured


def test_a_fumble_rolls_on_the_combat_fumble_table_p_atk_03_13() -> None:
    outcome = resolve_attack(attack_input(defender=dodge()), dice(99, 1))
    assert outcome.fumble is not None
    assert outcome.fumble.effect == "lose_turn"
    assert (outcome.fumbled_by, outcome.label) == ("attacker", "fumble")
    quiet = attack_input(options={"roll_fumble_table": False})
    assert resolve_attack(quiet, dice(100)).fumble is None  # the GM decides


def test_a_critical_is_a_devastating_blow_with_critical_damage_p_atk_03_09() -> None:
    outcome = resolve_attack(attack_input(), dice(6, 5, 3))
    assert (outcome.attack_level, outcome.blow) == (Level.CRITICAL, Blow.DEVASTATING)
    assert outcome.damage is not None
    assert [term.value for term in outcome.damage.terms] == [9, 6, 3]
    assert (outcome.damage.rolled, outcome.damage_dealt) == (18, 15)


def test_or_a_precise_blow_normal_damage_ignoring_all_armor_p_atk_03() -> None:
    outcome = resolve_attack(attack_input({"critical_choice": "precise"}), dice(6, 5, 3))
    assert outcome.blow is Blow.PRECISE
    assert outcome.damage is not None
    assert reductions(outcome.damage) == [("armor ignored: Precise Blow", 9, 9)]
    assert outcome.damage_dealt == 9


def test_find_weak_spot_ignores_all_armor_p_opt_08() -> None:
    outcome = resolve_attack(attack_input({"find_weak_spot": True, "skill": 100}), dice(30, 5, 3))
    assert outcome.attack.effective_skill == 40
    assert outcome.damage_dealt == 9


# -- step 2: dodge ------------------------------------------------------------------------


def test_a_dodge_victory_avoids_the_attack_no_damage_die_p_atk_06() -> None:
    """P-ATK-06: any Dodge victory, the attack is avoided."""
    outcome = resolve_attack(attack_input(defender=dodge()), dice(30, 40))
    assert outcome.defense is not None
    assert outcome.defense.effect is DefenseEffect.AVOIDED
    assert (outcome.winner, outcome.victory, outcome.hit) == (Winner.DEFENDER, Victory.WEAK, False)
    assert (outcome.damage, outcome.follow_up, outcome.label) == (None, FollowUp.NONE, "avoided")


@pytest.mark.parametrize("choice", ["counter_attack", "disengage"])
def test_a_critical_dodge_victory_gives_the_defenders_choice_p_atk_06_14(choice: str) -> None:
    """P-ATK-06, P-ATK-14: a critical Dodge victory also gives a counter-attack or a
    Disengage."""
    request = attack_input(defender=dodge(critical_dodge_choice=choice))
    outcome = resolve_attack(request, dice(30, 2))
    assert outcome.defense_level is Level.CRITICAL
    assert not outcome.hit
    assert outcome.follow_up is FollowUp(choice)


def test_a_successful_dodge_that_loses_halves_the_damage_rounding_up_p_atk_06_g_p_09() -> None:
    """P-ATK-06: a defeated but successful Dodge halves the damage, rounding up (G-P-09)."""
    outcome = resolve_attack(attack_input(defender=dodge()), dice(40, 30, 6, 2))
    assert outcome.damage is not None
    assert reductions(outcome.damage) == [
        ("Dodge: half damage, rounded up", 9, 5),
        ("physical armor", 5, 3),
        ("magical armor", 3, 2),
    ]
    down = attack_input(defender=dodge(), options={"dodge_halving": "down"})
    assert resolve_attack(down, dice(40, 30, 6, 2)).damage_dealt == 1


def test_a_failed_dodge_does_nothing_a_fumbled_one_rolls_the_table_p_atk_06() -> None:
    """P-ATK-06: a fumbled Dodge rolls on the Combat Fumble Table."""
    failed = resolve_attack(attack_input(defender=dodge()), dice(40, 70, 6, 2))
    assert failed.defense is not None
    assert failed.defense.effect is DefenseEffect.NO_EFFECT
    assert failed.damage_dealt == 6
    fumbled = resolve_attack(attack_input(defender=dodge()), dice(40, 100, 6, 2, 7))
    assert fumbled.damage_dealt == 6
    assert fumbled.fumble is not None
    assert fumbled.fumble.effect == "free_attack"
    assert fumbled.fumbled_by == "defender"


def test_the_defend_actions_summary_of_parry_block_and_dodge_p_act_08() -> None:
    """P-ACT-08: a Parry victory adds floor(weapon HP / 2) to armor, a Block victory the
    shield's HP; a Dodge success takes half damage "(round down)" (the Defend summary's
    rounding is the ``dodge_halving`` option, G-P-09), a Dodge victory avoids it all."""
    parried = resolve_attack(attack_input(defender=parry()), dice(30, 40, 5, 3))
    assert reductions(parried.damage)[-1][0] == (
        "parry with shortsword: half its HP 10, rounded down"
    )
    assert (reductions(parried.damage)[-1][1], parried.damage_dealt) == (6, 6 - 10 // 2)
    blocked = resolve_attack(attack_input(defender=block()), dice(30, 40, 8, 4))
    assert reductions(blocked.damage)[-1] == ("block with heater: its HP 12", 10, 0)
    down = attack_input(defender=dodge(), options={"dodge_halving": "down"})
    dodged = resolve_attack(down, dice(40, 30, 6, 2))
    assert reductions(dodged.damage)[0] == ("Dodge: half damage, rounded down", 9, 4)
    avoided = resolve_attack(attack_input(defender=dodge()), dice(30, 40))
    assert (avoided.hit, avoided.damage, avoided.damage_dealt) == (False, None, 0)


# -- step 2: parry and block --------------------------------------------------------------


def test_a_parry_victory_adds_half_the_weapons_hp_p_atk_07() -> None:
    """P-ATK-07: a parry victory adds floor(weapon HP / 2) to armor."""
    outcome = resolve_attack(attack_input(defender=parry()), dice(30, 40, 5, 3))
    assert outcome.defense is not None
    assert outcome.defense.effect is DefenseEffect.ABSORBED
    assert outcome.damage is not None
    assert reductions(outcome.damage)[-1] == (
        "parry with shortsword: half its HP 10, rounded down",
        6,
        1,
    )
    assert outcome.equipment is None  # 9 rolled does not exceed HP 10
    full = attack_input(defender=parry(), options={"parry_absorbs": "full"})
    assert resolve_attack(full, dice(30, 40, 5, 3)).damage_dealt == 0  # G-P-10


def test_a_parry_that_loses_adds_nothing_p_atk_07() -> None:
    """P-ATK-07: "Parries do not benefit from this." """
    outcome = resolve_attack(attack_input(defender=parry()), dice(40, 30, 5, 3))
    assert outcome.defense is not None
    assert outcome.defense.effect is DefenseEffect.NO_EFFECT
    assert outcome.damage_dealt == 6
    assert outcome.equipment is None


def test_a_block_victory_adds_the_shields_hp_a_defeat_half_of_it_p_atk_07() -> None:
    """P-ATK-07: a block victory adds the shield's HP, a successful defeat floor(HP / 2)."""
    won = resolve_attack(attack_input(defender=block()), dice(30, 40, 8, 4))
    assert won.damage is not None
    assert won.damage.rolled == 13
    assert reductions(won.damage)[-1] == ("block with heater: its HP 12", 10, 0)
    assert won.equipment is not None
    assert won.equipment.hp_after == 11
    lost = resolve_attack(attack_input(defender=block()), dice(40, 30, 8, 4))
    assert lost.defense is not None
    assert lost.defense.effect is DefenseEffect.HALF_ABSORBED
    assert lost.damage is not None
    assert reductions(lost.damage)[-1] == (
        "block with heater (defeated): half its HP 12, rounded down",
        10,
        4,
    )


def test_normal_damage_above_the_hp_chips_the_parrying_weapon_p_atk_12() -> None:
    outcome = resolve_attack(attack_input(defender=parry()), dice(30, 40, 8, 3))
    assert outcome.damage is not None
    assert outcome.damage.rolled == 12
    assert outcome.equipment is not None
    assert (outcome.equipment.kind, outcome.equipment.hp_after) == ("chipped", 9)


def test_critical_damage_above_the_hp_damages_it_by_the_excess_p_atk_11() -> None:
    """A Devastating Blow (18) against a block that loses: the heater (HP 12) loses 6."""
    outcome = resolve_attack(attack_input(defender=block()), dice(6, 30, 5, 3))
    assert outcome.equipment is not None
    assert (outcome.equipment.kind, outcome.equipment.damage) == ("damaged", 18)
    assert (outcome.equipment.hp_before, outcome.equipment.hp_after) == (12, 6)
    after_armor = attack_input(defender=block(), options={"equipment_wear_from": "after_armor"})
    wear = resolve_attack(after_armor, dice(6, 30, 5, 3)).equipment
    assert wear is not None
    assert (wear.damage, wear.hp_after) == (15, 9)


# -- step 4: Devastating Defense ----------------------------------------------------------


def test_a_critical_parry_victory_deals_critical_damage_back_p_atk_07_15() -> None:
    """P-ATK-07, P-ATK-15: Sword 60% rolls 30; the defender's shortsword parry (50%) rolls
    a critical 04: the blow is absorbed, and the shortsword's Critical Damage (6 + 1d6)
    hits the attacker."""
    request = attack_input(
        {"armor": {"physical": 1}}, parry(damage_bonus="1d4"), options={"hit_locations": True}
    )
    outcome = resolve_attack(request, dice(30, 4, 12, 5, 3, 19, 2, 1))
    assert outcome.location == "chest"
    assert outcome.follow_up is FollowUp.DEVASTATING_DEFENSE
    assert outcome.counter is not None
    assert outcome.counter.damage.location == "head"  # "dealt to a random location"
    assert [t.value for t in outcome.counter.damage.terms] == [6, 2, 1]
    assert (outcome.counter.damage.rolled, outcome.counter.damage_dealt) == (9, 8)
    declined = attack_input(defender=parry(devastating_defense=False))
    assert resolve_attack(declined, dice(30, 4, 5, 3)).counter is None


def test_a_critical_block_strikes_back_with_the_shield_crushing_p_atk_10_15() -> None:
    """P-ATK-10, P-ATK-15: a critical block deals the shield's crushing Critical Damage,
    +1 with no damage bonus."""
    outcome = resolve_attack(attack_input(defender=block()), dice(30, 4, 5, 3, 2))
    assert outcome.counter is not None
    assert outcome.counter.weapon == "heater"
    assert [t.label for t in outcome.counter.damage.terms] == [
        "heater damage",
        "crushing critical, no damage bonus",
    ]
    assert outcome.counter.damage_dealt == 2 + 1


# -- Critical Impales ---------------------------------------------------------------------


def spearman(**more: object) -> dict[str, object]:
    """Spear 60% (1d8+1, impaling), no damage bonus."""
    return {"skill": 60, "weapon": SPEAR, "damage_bonus": None} | more


@pytest.mark.parametrize(
    ("impale_roll", "result", "extra_dice", "pulled"),
    [
        (10, "pulled_out", (4,), 5),  # success at 60 - 40 = 20%: normal damage, no armor
        (50, "stuck", (), 0),
        (99, "stuck_and_broken", (), 0),
    ],
)
def test_critical_impales_p_opt_03(
    impale_roll: int, result: str, extra_dice: tuple[int, ...], pulled: int
) -> None:
    outcome = resolve_attack(attack_input(spearman()), dice(6, 5, impale_roll, *extra_dice))
    assert outcome.impale is not None
    assert (outcome.impale.check.effective_skill, outcome.impale.result) == (20, result)
    assert outcome.damage is not None
    assert outcome.damage.dealt == 9 + 6 - 3
    assert outcome.damage_dealt == 12 + pulled
    sources = [term.source for term in outcome.impale.check.breakdown.contributions]
    assert sources == ["P-ATK-02", "P-OPT-03"]


def test_no_impale_without_critical_damage_going_in_g_p_c5() -> None:
    precise = attack_input(spearman(critical_choice="precise"))
    assert resolve_attack(precise, dice(6, 5)).impale is None
    plate = attack_input(spearman(), {"armor": {"physical": 20}})
    assert resolve_attack(plate, dice(6, 5)).impale is None
    off = attack_input(spearman(), options={"critical_impales": False})
    assert resolve_attack(off, dice(6, 5)).impale is None


# -- the Combat Fumble Table --------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "more", "expected"),
    [
        (1, (), {"effect": "lose_turn"}),
        (2, (), {"effect": "lose_actions", "actions_lost": 1}),
        (3, (), {"effect": "lose_equipment", "item": "armor"}),
        (4, (3,), {"effect": "drop_item", "item": "broadsword", "distance_m": 3}),
        (5, (3,), {"effect": "drop_item", "distance_m": 6}),
        (6, (2,), {"effect": "damage_item", "item": "broadsword", "hp_lost": 2, "hp_after": 10}),
        (7, (), {"effect": "free_attack", "free_attacks": 1}),
        (8, (), {"effect": "distracted", "enemy_modifier": 20}),
    ],
)
def test_fumble_table_rows_p_atk_13(
    row: int, more: tuple[int, ...], expected: dict[str, object]
) -> None:
    outcome = resolve_attack(attack_input(), dice(99, row, *more))
    assert outcome.fumble is not None
    data = outcome.fumble.model_dump()
    assert {key: data[key] for key in expected} == expected
    assert data["source"] == "P-ATK-13"


def test_fumbles_9_and_10_hit_oneself_through_less_armor_p_atk_13() -> None:
    request = attack_input({"armor": {"physical": 2, "magical": 3}})
    nine = resolve_attack(request, dice(99, 9, 5, 3)).fumble
    assert nine is not None
    assert nine.self_damage is not None
    assert reductions(nine.self_damage) == [("physical armor", 9, 7)]  # magic does not apply
    ten = resolve_attack(request, dice(99, 10, 5, 3)).fumble
    assert ten is not None
    assert ten.self_damage is not None
    assert (ten.self_damage.reductions, ten.self_damage.dealt) == ((), 9)
    located = attack_input({"armor": {"physical": 2}}, options={"hit_locations": True})
    hit = resolve_attack(located, dice(100, 9, 20, 5, 3)).fumble
    assert hit is not None
    assert hit.self_damage is not None
    assert hit.self_damage.location == "head"


def test_a_defenders_fumble_acts_on_the_shield_used() -> None:
    outcome = resolve_attack(attack_input(defender=block()), dice(40, 99, 5, 3, 6, 3))
    assert outcome.fumble is not None
    assert (outcome.fumble.item, outcome.fumble.hp_after) == ("heater", 9)
    strap = resolve_attack(attack_input(defender=block()), dice(40, 99, 5, 3, 3))
    assert strap.fumble is not None
    assert strap.fumble.item == "heater"


# -- hit locations, bash, disarm, distance, firing into melee -----------------------------


def test_hit_locations_roll_a_d20_after_the_defense_unless_a_called_shot_g_p_08() -> None:
    armor = {"physical": 4, "locations": {"head": {"physical": 1}}}
    rolled = attack_input(defender={"armor": armor}, options={"hit_locations": True})
    outcome = resolve_attack(rolled, dice(30, 19, 5, 3))
    assert outcome.location == "head"
    assert outcome.damage_dealt == 8
    called = attack_input(
        {"called_shot": "head", "skill": 90}, {"armor": armor}, options={"hit_locations": True}
    )
    outcome = resolve_attack(called, dice(30, 5, 3))
    assert (outcome.location, outcome.attack.effective_skill) == ("head", 30)


def test_bash_pushes_1_meter_plus_a_tenth_of_the_damage_rolled_p_opt_23() -> None:
    outcome = resolve_attack(attack_input({"intent": "bash"}), dice(30, 8, 4))
    assert (outcome.damage.rolled if outcome.damage else None, outcome.bash_push_m) == (13, 2)
    parried = resolve_attack(attack_input({"intent": "bash"}, parry()), dice(30, 40, 8, 4))
    assert parried.bash_push_m is None  # the defense won


@pytest.mark.parametrize(("face", "into"), [(55, False), (56, True)])
def test_a_bash_into_a_hazardous_zone_athletics_or_dodge_stops_at_the_edge_p_opt_24(
    face: int, into: bool
) -> None:
    """P-OPT-24: "they get an Athletics or Dodge roll (whichever is better) to stop at the
    edge of the zone" (ruling G-P-C13): Dodge 55 beats Athletics 40."""
    hazard = {"athletics": 40, "dodge": 55}
    outcome = resolve_attack(
        attack_input({"intent": "bash"}, {"hazard": hazard}), dice(30, 8, 4, face)
    )
    assert outcome.bash_push_m == 2
    assert outcome.hazard is not None
    assert outcome.hazard.check is not None
    assert outcome.hazard.check.breakdown.contributions[0].label == "Dodge"
    assert (outcome.hazard.check.effective_skill, outcome.hazard.into_hazard) == (55, into)
    request = attack_input({"intent": "bash"}, {"hazard": hazard})
    assert hazard_chance(request) == Fraction(45, 100)


def test_a_bash_target_already_at_the_edge_cannot_avoid_the_hazard_p_opt_24() -> None:
    """P-OPT-24: "If they were already at the edge, they can't avoid it." No die is rolled."""
    hazard = {"athletics": 90, "dodge": 90, "at_edge": True}
    request = attack_input({"intent": "bash"}, {"hazard": hazard})
    outcome = resolve_attack(request, dice(30, 8, 4))
    assert outcome.hazard is not None
    assert (outcome.hazard.check, outcome.hazard.into_hazard) == (None, True)
    assert hazard_chance(request) == 1


def test_no_hazard_roll_without_a_push_and_only_a_bash_pushes_p_opt_24() -> None:
    """P-OPT-24 follows P-OPT-23: a parry that wins stops the push, so no roll is made."""
    hazard = {"athletics": 40, "dodge": 55}
    parried = attack_input({"intent": "bash"}, parry(hazard=hazard))
    outcome = resolve_attack(parried, dice(30, 40, 8, 4))
    assert (outcome.bash_push_m, outcome.hazard) == (None, None)
    with pytest.raises(ValidationError, match="only a Bash pushes the target"):
        attack_input(defender={"hazard": hazard})


def test_disarm_deals_no_damage_and_the_weapon_falls_1d3_meters_p_opt_25() -> None:
    outcome = resolve_attack(attack_input({"intent": "disarm"}), dice(30, 2))
    assert outcome.disarm is not None
    assert outcome.disarm.distance_m == 2
    assert (outcome.damage, outcome.damage_dealt, outcome.label) == (None, 0, "disarmed")
    parried = resolve_attack(attack_input({"intent": "disarm"}, parry()), dice(30, 40))
    assert parried.disarm is not None
    assert not parried.disarm.disarmed
    lost = resolve_attack(attack_input({"intent": "disarm"}, dodge()), dice(40, 30, 3))
    assert lost.disarm is not None
    assert lost.disarm.disarmed


def test_trading_damage_for_melee_distance_halves_what_is_dealt_p_opt_13() -> None:
    request = attack_input({"change_distance": "closer"}, melee_distance="medium")
    outcome = resolve_attack(request, dice(30, 6, 4))
    assert outcome.damage is not None
    assert reductions(outcome.damage)[-1] == ("melee distance changed: half damage", 8, 4)
    assert outcome.distance_changed
    held = resolve_attack(
        attack_input({"change_distance": "closer"}, parry(), melee_distance="medium"),
        dice(30, 40, 6, 4),
    )
    assert not held.distance_changed


def test_firing_into_melee_a_near_miss_hits_an_avoided_person_p_opt_20() -> None:
    request = attack_input(
        {
            "weapon": BOW,
            "skill": 50,
            "damage_bonus": None,
            "firing_into_melee": {"avoid": 1, "people": 2},
        },
    )
    assert request.attacker.firing_into_melee is not None
    near = resolve_attack(request, dice(30))
    assert (near.attack.effective_skill, near.bystander_hit, near.label) == (
        10,
        True,
        "bystander hit",
    )
    wide = resolve_attack(request, dice(70))
    assert (wide.bystander_hit, wide.label) == (False, "miss")


def test_an_unsuspecting_target_can_be_an_automatic_success_p_mod_01() -> None:
    request = attack_input({"situations": [{"kind": "unsuspecting_target_automatic"}]})
    outcome = resolve_attack(request, dice(90, 5, 3))
    assert outcome.attack_level is Level.SUCCESS
    assert outcome.attack.automatic_success


def test_the_dice_order_p_atk_01() -> None:
    """Attacker d100, defender d100, hit location d20, damage dice, Critical Impale d100
    and its damage, then the Devastating Defense's location and damage (attack.py)."""
    request = attack_input(
        spearman(armor={}),
        parry(weapon=SWORD, armor={}),
        options={"hit_locations": True},
    )
    outcome = resolve_attack(request, dice(3, 5, 12, 6, 10, 4, 19, 5))
    assert (outcome.attack.roll, outcome.defense_level) == (3, Level.CRITICAL)
    assert outcome.winner is Winner.DEFENDER  # both critical, 05 beats 03
    assert outcome.location == "chest"
    assert outcome.damage is not None
    assert (outcome.damage.rolled, outcome.damage.dealt) == (9 + 7, 16 - 6)
    assert outcome.equipment is not None
    assert (outcome.equipment.kind, outcome.equipment.hp_after) == ("damaged", 12 - 4)
    assert outcome.impale is not None
    assert outcome.impale.damage is not None
    assert outcome.impale.damage.dealt == 5
    assert outcome.damage_dealt == 15
    assert outcome.counter is not None
    assert (outcome.counter.damage.location, outcome.counter.damage_dealt) == ("head", 9 + 6)


def test_an_engine_can_ask_after_the_attack_roll_and_finish_the_attack() -> None:
    """Roll Step 1, ask the defender (here: dodge), finish: the same as one call."""
    undecided = attack_input()
    check = roll_attack(undecided, dice(30))
    assert check.level is Level.SUCCESS
    decided = undecided.model_copy(update={"defender": attack_input(defender=dodge()).defender})
    finished = finish_attack(decided, check, dice(40))
    assert finished == resolve_attack(decided, dice(30, 40))
    assert finished.label == "avoided"
