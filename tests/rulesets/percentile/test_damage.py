"""Step 3: damage terms, Critical Damage, reductions in order, equipment wear (P-ATK-08..12)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.rulesets.percentile import (
    ArmorValues,
    DamagePlan,
    Shield,
    Victory,
    Weapon,
    blow_terms,
    equipment_wear,
    escape_damage_plan,
    roll_damage,
    spirit_damage_terms,
    stuck_weapon_plan,
    twist_limb_plan,
)
from tablekeeper.rulesets.percentile.damage import (
    absorption,
    armor_reductions,
    distance_halving,
    dodge_halving,
)

from .helpers import MACE, SHIELD, SPEAR, SWORD, dice, enumerate_outcomes

sword, mace, spear = Weapon(**SWORD), Weapon(**MACE), Weapon(**SPEAR)


def rolled(
    weapon: Weapon,
    bonus: str | None,
    *faces: int,
    critical: bool,
    charge: bool = False,
    mount_bonus: str | None = None,
) -> int:
    terms = blow_terms(weapon, bonus, critical=critical, charge=charge, mount_bonus=mount_bonus)
    return roll_damage(DamagePlan(terms=terms), dice(*faces)).rolled


def test_normal_damage_is_the_weapon_plus_the_damage_bonus_p_act_03() -> None:
    assert rolled(sword, "1d4", 5, 3, critical=False) == 6 + 3
    assert rolled(sword, None, 5, critical=False) == 6


def test_critical_slashing_or_piercing_max_plus_rolled_plus_bonus_p_atk_09() -> None:
    """ "maximum normal damage plus rolled normal damage plus damage bonus" """
    assert rolled(sword, "1d4", 5, 3, critical=True) == 9 + 6 + 3
    assert rolled(spear, None, 2, critical=True) == 9 + 3
    terms = blow_terms(sword, "1d4", critical=True)
    assert [(t.kind, t.source) for t in terms] == [
        ("maximum", "P-ATK-09"),
        ("roll", "P-ACT-03"),
        ("roll", "P-ATK-09"),
    ]


def test_critical_crushing_rolled_plus_max_bonus_plus_rolled_bonus_p_atk_10() -> None:
    """P-ATK-10: "rolled normal damage plus maximum damage bonus plus rolled damage bonus [...] If
    damage bonus is zero, deal +1 damage." """
    assert rolled(mace, "1d4", 5, 3, critical=True) == 7 + 4 + 3
    assert rolled(mace, None, 5, critical=True) == 7 + 1
    assert rolled(mace, "0", 5, critical=True) == 7 + 1
    shield = Shield(**SHIELD).as_weapon()  # "Shields deal crushing damage."
    assert (shield.type, rolled(shield, "1d6", 2, 1, critical=True)) == ("crushing", 2 + 6 + 1)


def test_a_charge_rolls_the_damage_bonus_twice_or_adds_2_p_opt_16() -> None:
    """ "A charge allows rolling the damage bonus twice. If the damage modifier is zero,
    use +2 damage instead. When mounted, add the mount's damage bonus to the character's
    damage bonus instead." (each rule its own constant, G-P-12)"""
    assert rolled(sword, "1d4", 5, 3, 2, critical=False, charge=True) == 6 + 3 + 2
    assert rolled(sword, None, 5, critical=False, charge=True) == 6 + 2
    assert rolled(sword, "1d4", 5, 3, 4, 5, critical=False, charge=True, mount_bonus="2d6") == 18
    assert rolled(mace, None, 5, critical=True, charge=True) == 7 + 1 + 2
    assert rolled(sword, "1d4", 5, 3, critical=False, charge=True, mount_bonus="0") == 9


def test_damage_never_goes_below_zero_g_p_03() -> None:
    club = Weapon(name="club", damage="1d3", type="crushing", hp=4)
    assert rolled(club, "-1d4", 1, 4, critical=False) == 0


def test_reductions_apply_in_the_documents_order_p_atk_08() -> None:
    """Halve for a successful Dodge (rounding up, G-P-09), then physical and magical armor."""
    plan = DamagePlan(
        terms=blow_terms(sword, "1d4", critical=False),
        reductions=(dodge_halving("up"), *armor_reductions(ArmorValues(physical=2, magical=1))),
    )
    outcome = roll_damage(plan, dice(6, 2))
    assert outcome.rolled == 9
    assert [(r.label, r.before, r.after) for r in outcome.reductions] == [
        ("Dodge: half damage, rounded up", 9, 5),
        ("physical armor", 5, 3),
        ("magical armor", 3, 2),
    ]
    assert outcome.dealt == 2
    assert dodge_halving("down").apply(9) == 4
    assert absorption(0, "nothing") == ()
    assert distance_halving().apply(7) == 3
    assert armor_reductions(ArmorValues(physical=3, magical=2), physical=False)[0].amount == 2


@pytest.mark.parametrize(
    ("hp", "damage", "critical", "after"),
    [
        (10, 10, False, None),  # "exceeds": equal does nothing (G-P-13)
        (10, 11, False, 9),  # Chip Equipment: one point (P-ATK-12)
        (10, 25, False, 9),
        (10, 10, True, None),
        (10, 14, True, 6),  # Damage Equipment: the excess (P-ATK-11)
        (10, 25, True, 0),  # broken
    ],
)
def test_chip_and_damage_equipment_p_atk_11_12(
    hp: int, damage: int, critical: bool, after: int | None
) -> None:
    wear = equipment_wear("broadsword", hp, damage, critical=critical)
    if after is None:
        assert wear is None
    else:
        assert wear is not None
        assert wear.hp_after == after
        assert wear.broken is (after == 0)
        assert wear.source == ("P-ATK-11" if critical else "P-ATK-12")


def test_a_stuck_weapon_deals_half_damage_without_bonus_or_armor_p_opt_04_06() -> None:
    outcome = roll_damage(stuck_weapon_plan(spear), dice(6))
    assert (outcome.rolled, outcome.dealt) == (7, 3)
    assert [term.label for term in outcome.terms] == ["spear damage"]


@given(
    st.sampled_from(["1d3", "1d6+1", "2d4"]),
    st.sampled_from([None, "1d4", "-1d4"]),
    st.booleans(),
    st.integers(min_value=0, max_value=4),
)
def test_the_exact_damage_odds_equal_brute_force(
    weapon_damage: str, bonus: str | None, critical: bool, armor: int
) -> None:
    weapon = Weapon(name="w", damage=weapon_damage, type="crushing", hp=5)
    plan = DamagePlan(
        terms=blow_terms(weapon, bonus, critical=critical),
        reductions=(dodge_halving("up"), *armor_reductions(ArmorValues(physical=armor))),
    )
    brute = enumerate_outcomes(lambda roller: roll_damage(plan, roller), lambda o: str(o.dealt))
    exact = {str(value): chance for value, chance in plan.dealt_odds()}
    assert exact == brute
    assert sum(brute.values()) == Fraction(1)


@pytest.mark.parametrize(
    ("bonus", "victory", "faces", "expected"),
    [
        ("1d4", Victory.WEAK, (), None),  # free, no damage
        ("1d4", Victory.NORMAL, (3,), 3),  # "damage equal to the defender's damage bonus"
        (None, Victory.NORMAL, (), 1),  # "(or 1 if there's none)"
        ("1d4", Victory.GREAT, (3,), 4 + 3),  # "maximum damage bonus plus rolled"
        (None, Victory.GREAT, (), 2),  # "(or 2 if there's none)"
    ],
)
def test_escaping_a_grapple_throws_the_grappler_p_act_13(
    bonus: str | None, victory: Victory, faces: tuple[int, ...], expected: int | None
) -> None:
    plan = escape_damage_plan(bonus, victory)
    if expected is None:
        assert plan is None
    else:
        assert plan is not None
        assert roll_damage(plan, dice(*faces)).dealt == expected


def test_twist_limb_and_tighten_grapple_p_act_15_16() -> None:
    """Twist Limb: the damage bonus (or 1), on a critical max plus rolled (or 2); each
    Tighten Grapple +1 to further grapple damage."""
    assert roll_damage(twist_limb_plan("1d6", critical=False), dice(4)).dealt == 4
    assert roll_damage(twist_limb_plan("1d6", critical=True), dice(4)).dealt == 6 + 4
    assert roll_damage(twist_limb_plan(None, critical=True, tightened=2), dice()).dealt == 2 + 2
    sources = {term.source for term in twist_limb_plan(None, critical=False, tightened=1).terms}
    assert sources == {"P-ACT-15", "P-ACT-16"}


def test_critical_spirit_damage_is_maximum_plus_rolled_p_spc_06() -> None:
    """P-SPC-06: Critical Spirit Damage = maximum plus rolled Spirit Damage."""
    plan = DamagePlan(terms=spirit_damage_terms("1d6", critical=True))
    assert roll_damage(plan, dice(2)).rolled == 6 + 2
    assert len(spirit_damage_terms("1d6", critical=False)) == 1
