"""Stat blocks: validated data and the numbers the document derives from them."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.percentile import (
    Armor,
    Characteristics,
    StatBlock,
    Weapon,
    charge_distance,
    combat_initiative,
    is_charge,
    location_hit_points,
    spirit_initiative,
    step_distance,
)

from .helpers import SHIELD, SPEAR, SWORD


def bandit(**changes: Any) -> StatBlock:
    data: dict[str, Any] = {
        "name": "Bandit",
        "characteristics": {
            "STR": 13,
            "CON": 12,
            "SIZ": 13,
            "DEX": 14,
            "INT": 11,
            "POW": 10,
            "CHA": 9,
        },
        "skills": {"Sword": 55, "Dodge": 40, "Shield": 45},
        "weapons": [SWORD, SPEAR],
        "shields": [SHIELD],
        "armor": {"physical": 2, "locations": {"head": {"physical": 0}}},
        "hit_points": 13,
        "damage_bonus": "+1d4",
        "mov": 10,
    }
    return StatBlock.model_validate(data | changes)


def test_combat_initiative_is_dex_plus_int_over_2_rounded_down_p_cmb_03() -> None:
    """ "Combat initiative is the average of DEX and INT, calculated as (DEX + INT) / 2"
    rounded down (G-P-16)."""
    block = bandit()
    assert block.combat_initiative == 12  # (14 + 11) / 2 = 12.5
    breakdown = combat_initiative(block.characteristics)
    assert breakdown is not None
    assert breakdown.contributions[0].source == "P-CMB-03"
    assert block.spirit_initiative == 9  # (10 + 9) / 2 = 9.5


def test_creatures_without_int_or_cha_use_dex_and_pow_p_cmb_04() -> None:
    """ "For animals or spirits without INT or CHA, use DEX and POW respectively.
    Creatures with no relevant characteristic have no combat or spirit initiative" """
    wolf = Characteristics(STR=10, SIZ=8, DEX=16, POW=9)
    breakdown = combat_initiative(wolf)
    assert breakdown is not None
    assert (breakdown.total, breakdown.contributions[0].source) == (16, "P-CMB-04")
    assert StatBlock(name="wolf", characteristics=wolf, hit_points=8, mov=12).spirit_initiative == 9
    spirit = Characteristics(POW=18, CHA=12)
    assert combat_initiative(spirit) is None
    assert (
        StatBlock(name="spirit", characteristics=spirit, hit_points=1, mov=0).spirit_initiative
        == 15
    )
    rock = Characteristics(SIZ=40)
    assert combat_initiative(rock) is None
    assert spirit_initiative(rock) is None


def test_a_step_is_siz_over_10_at_least_1_meter_p_rea_03() -> None:
    """ "move in any direction by SIZ / 10 rounded down (minimum 1 meter)"; "For humans
    this is usually 1 meter." """
    assert [step_distance(siz) for siz in (5, 9, 10, 13, 19, 20, 35)] == [1, 1, 1, 1, 1, 2, 3]
    assert bandit().step == 1


def test_a_charge_needs_siz_over_5_meters_p_opt_16() -> None:
    """ "the travelled distance was at least SIZ / 5 meters (rounded down). For humans this
    is usually 2 or 3 meters." """
    assert [charge_distance(siz) for siz in (10, 13, 15, 18)] == [2, 2, 3, 3]
    assert bandit().charge_distance == 2
    assert is_charge(2, 13)
    assert not is_charge(1, 13)


def test_hit_points_per_location_are_provisional_shares_g_p_08() -> None:
    assert location_hit_points(13) == {
        "right leg": 5,
        "left leg": 5,
        "abdomen": 5,
        "chest": 6,
        "right arm": 4,
        "left arm": 4,
        "head": 5,
    }
    stated = bandit(location_hit_points={"head": 3})
    assert stated.hit_points_at() == {"head": 3}


def test_derived_defaults_and_lookups() -> None:
    block = bandit()
    assert block.max_magic_points == 10  # POW (G-P-03)
    assert block.damage_bonus == "1d4"  # the leading + dropped
    assert block.skill("Dodge") == 40
    assert block.weapon("spear").impaling
    assert block.shield().hp == 12
    assert block.armor.at("head").physical == 0
    assert block.armor.at("chest").physical == 2
    assert block.armor.at(None).physical == 2
    with pytest.raises(UnknownNameError, match="did you mean Dodge"):
        block.skill("Dodgee")
    with pytest.raises(UnknownNameError, match="known: broadsword, spear"):
        block.weapon("axe")


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"hit_points": 0}, "hit_points", "greater than or equal to 1"),
        ({"characteristics": {"STR": -1}}, "characteristics.STR", "greater than or equal"),
        ({"characteristics": {"str": 12}}, "characteristics.str", "Extra inputs"),
        ({"skills": {"Dodge": -5}}, "skills.Dodge", "greater than or equal"),
        ({"damage_bonus": "1d"}, "damage_bonus", "number of sides"),
        ({"weapons": [SWORD | {"type": "cutting"}]}, "weapons.0.type", "slashing"),
        ({"weapons": [SWORD | {"damage": "2d6 +"}]}, "weapons.0.damage", "expected"),
        ({"weapons": [SWORD, SWORD]}, "", "weapons named twice: broadsword"),
        ({"weapons": [SWORD | {"reach": "huge"}]}, "weapons.0.reach", "very_long"),
        ({"armor": {"physical": -2}}, "armor.physical", "greater than or equal"),
    ],
)
def test_bad_stat_blocks_name_the_field(changes: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(ValidationError) as error:
        bandit(**changes)
    detail = error.value.errors()[0]
    assert ".".join(str(part) for part in detail["loc"]) == path
    assert message in str(error.value)


def test_weapons_and_armor_round_trip_through_json() -> None:
    block = bandit()
    assert StatBlock.model_validate(block.model_dump(mode="json")) == block
    assert Weapon.model_validate(SPEAR).damage == "1d8 + 1"
    assert Armor().at("head").magical == 0
