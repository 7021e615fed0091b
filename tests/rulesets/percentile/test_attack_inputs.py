"""The attack's effective skills, explained term by term, and the inputs it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine import ResolverRegistry
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.percentile import (
    attack_breakdown,
    defense_breakdown,
    register_resolvers,
    resolve_attack,
)

from .attack_cases import ARMOR, attack_input, block, dodge, parry
from .helpers import BOW, DAGGER, SPEAR, SWORD, dice


def terms(breakdown: Breakdown) -> list[tuple[str, int, str]]:
    return [(term.label, term.amount, term.source) for term in breakdown.contributions]


def test_each_modifier_carries_its_source_so_a_gm_sees_why_45() -> None:
    """Sword 65, Aim +20, a Called Shot at the abdomen -40 (P-ACT-02, P-OPT-09)."""
    request = attack_input({"skill": 65, "aim": 1, "called_shot": "abdomen"})
    breakdown = attack_breakdown(request)
    assert breakdown.total == 45
    assert terms(breakdown) == [
        ("Sword", 65, "P-ATK-02"),
        ("Aim", 20, "P-ACT-02"),
        ("Called Shot: abdomen", -40, "P-OPT-09"),
    ]


def test_a_third_aim_adds_nothing_p_act_02() -> None:
    assert attack_breakdown(attack_input({"aim": 3})).total == 60 + 40


def test_every_attack_modifier_adds_up() -> None:
    grappled = Contribution(amount=-40, label="grappled", source="P-ACT-14")
    request = attack_input(
        {
            "skill": 150,
            "aim": 2,
            "split": 2,
            "find_weak_spot": True,
            "closest_specialization": True,
            "modifiers": [grappled.model_dump()],
            "situations": [
                {"kind": "from_behind"},
                {"kind": "low_lighting", "amount": -40},
            ],
        }
    )
    assert [source for _, _, source in terms(attack_breakdown(request))] == [
        "P-ATK-02",
        "P-ATK-02",
        "P-ACT-14",
        "P-ACT-02",
        "P-OPT-07",
        "P-OPT-08",
        "P-MOD-01",
        "P-MOD-01",
    ]
    assert attack_breakdown(request).total == 150 - 40 - 40 + 40 - 60 - 60 + 20 - 40


@pytest.mark.parametrize(
    ("defender", "attacker", "expected"),
    [
        (
            dodge(before_first_turn=True),
            {},
            [("Dodge", 50, "P-ATK-05"), ("Defend before the first turn", -20, "P-ACT-07")],
        ),
        (dodge(retreat=True), {}, [("Dodge", 50, "P-ATK-05"), ("Retreat", 20, "P-OPT-17")]),
        (dodge(dive_dodge=True), {}, [("Dodge", 50, "P-ATK-05"), ("Dive Dodge", 40, "P-OPT-18")]),
        (
            dodge(split=3),
            {},
            [("Dodge", 50, "P-ATK-05"), ("Split Action (3 attempts)", -120, "P-OPT-07")],
        ),
        (
            block(siz=13),
            {"siz": 53},
            [("Shield", 50, "P-ATK-05"), ("SIZ 13 against SIZ 53", -40, "P-OPT-22")],
        ),
        (parry(skill_name="Shortsword"), {}, [("Shortsword", 50, "P-ATK-05")]),
    ],
)
def test_defense_modifiers(
    defender: dict[str, Any], attacker: dict[str, Any], expected: list[tuple[str, int, str]]
) -> None:
    """Defending before one's first turn -20%, Retreat +20%, Dive Dodge +40%, three dodges
    in one action -120% each, SIZ 40 points larger -40%."""
    assert terms(defense_breakdown(attack_input(attacker, defender))) == expected


def test_siz_differences_only_between_melee_opponents_p_opt_22() -> None:
    ranged = attack_input({"weapon": BOW, "siz": 60}, dodge(siz=13))
    assert defense_breakdown(ranged).total == 50
    off = attack_input({"siz": 60}, dodge(siz=13), options={"siz_differences": False})
    assert defense_breakdown(off).total == 50


def test_melee_distance_modifies_the_attack_and_the_parry_p_opt_11() -> None:
    request = attack_input({"weapon": DAGGER}, parry(), melee_distance="contact")
    with pytest.raises(IllegalCommandError, match="medium reach weapon cannot be used at contact"):
        defense_breakdown(request)
    assert ("short reach at contact distance", 20, "P-OPT-11") in terms(attack_breakdown(request))
    spear = attack_input({"weapon": SPEAR}, melee_distance="short")
    with pytest.raises(IllegalCommandError, match="long reach weapon cannot be used"):
        resolve_attack(spear, dice(30))


@pytest.mark.parametrize(
    ("attacker", "defender", "top", "message"),
    [
        ({"weapon": BOW}, parry(), {}, "defender.defense: only blocking and dodging"),
        ({"charge": True, "weapon": BOW}, {}, {}, "attacker.charge: a Charge ends in a melee"),
        ({"firing_into_melee": {"avoid": 1, "people": 3}}, {}, {}, "needs a ranged weapon"),
        ({"change_distance": "closer"}, {}, {}, "attacker.change_distance"),
        (
            {"split": 2},
            {},
            {"options": {"split_action": False}},
            "attacker.split: the option split_action is off",
        ),
        ({}, dodge(split=2), {"options": {"split_action": False}}, "defender.split"),
        (
            {"find_weak_spot": True},
            {},
            {"options": {"find_weak_spot": False}},
            "attacker.find_weak_spot",
        ),
        ({"called_shot": "head"}, {}, {"options": {"called_shots": False}}, "attacker.called_shot"),
        ({"called_shot": "tail"}, {}, {}, "attacker.called_shot: no hit location named 'tail'"),
        (
            {},
            {},
            {"melee_distance": "short", "options": {"weapon_reach": False}},
            "melee_distance: the option weapon_reach",
        ),
        ({"charge": True}, {}, {"options": {"charge": False}}, "attacker.charge"),
        ({}, dodge(retreat=True), {"options": {"retreat": False}}, "defender.retreat"),
        ({}, dodge(dive_dodge=True), {"options": {"dive_dodge": False}}, "defender.dive_dodge"),
        ({"intent": "bash"}, {}, {"options": {"bash": False}}, "the option bash is off"),
        ({"intent": "disarm"}, {}, {"options": {"disarm": False}}, "the option disarm is off"),
        ({}, {"defense": "parry", "skill": 40}, {}, "a parry needs the parrying weapon"),
        ({}, {"defense": "block", "skill": 40}, {}, "a block needs the shield"),
        ({}, parry(dive_dodge=True), {}, "'dive_dodge' needs defense 'dodge'"),
        ({}, dodge(situations=[{"kind": "from_behind"}]), {}, "modifies an attack, not a defense"),
        ({"aim": -1}, {}, {}, "greater than or equal to 0"),
    ],
)
def test_bad_attack_input_names_the_field(
    attacker: dict[str, Any], defender: dict[str, Any], top: dict[str, Any], message: str
) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    raw: dict[str, Any] = {
        "attacker": {"skill": 60, "weapon": SWORD} | attacker,
        "defender": {"armor": ARMOR} | defender,
    } | top
    with pytest.raises(InvalidInputError, match=message) as error:
        registry.resolve("percentile.attack", raw, dice(30))
    assert error.value.field is not None
    assert error.value.field.startswith("input")


def test_a_missing_weapon_names_its_path() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("percentile.attack", {"attacker": {"skill": 60}}, dice(30))
    assert error.value.field == "input.attacker.weapon"
    with pytest.raises(InvalidInputError) as error:
        registry.resolve(
            "percentile.attack",
            {"attacker": {"skill": 60, "weapon": SWORD | {"damage": "1d"}}},
            dice(30),
        )
    assert error.value.field == "input.attacker.weapon.damage"
