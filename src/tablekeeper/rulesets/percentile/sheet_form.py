"""A percentile combatant's sheet as a form in the words of rule document 001.

The stat block (its name, the seven characteristics, hit points, MOV, damage bonus), a
skill table picked from ``data/skills.yaml`` (percentages; any other skill may be typed),
weapons, shields and armour picked from ``data/weapons.yaml`` (each a line of the rules'
own models, so what is picked is what the attack reads), the spirit's form, and the
passions a social encounter calls on.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection
from tablekeeper.rulesets.common.sheet_data import item_choices, named_choices, sheet_data
from tablekeeper.rulesets.percentile.checks import SKILL_LIMIT
from tablekeeper.rulesets.percentile.stats import Armor, Shield, Weapon

PACKAGE = "tablekeeper.rulesets.percentile"

CHARACTERISTICS = (
    ("STR", "Strength"),
    ("CON", "Constitution"),
    ("SIZ", "Size"),
    ("DEX", "Dexterity"),
    ("INT", "Intelligence"),
    ("POW", "Power"),
    ("CHA", "Charisma"),
)

BODY_PLANS = (
    Choice("humanoid", "Humanoid: two legs, two arms"),
    Choice("quadruped", "Quadruped: four legs"),
)
"""Whose hit location table it is struck on (G-P-08)."""

FORMS = (
    Choice("corporeal", "Corporeal"),
    Choice("manifested", "Manifested (a spirit seen in the world)"),
    Choice("discorporate", "Discorporate (spirit combat only)"),
)


def _weapon(weapon: Any) -> str:
    reach = "ranged" if weapon.ranged else f"{weapon.reach.replace('_', ' ')} reach"
    return f"{weapon.name}: {weapon.damage} {weapon.type}, {reach}, {weapon.hp} HP ({weapon.skill})"


def _shield(shield: Any) -> str:
    return f"{shield.name}: {shield.hp} HP, {shield.damage} crushing"


def _armour(armour: Any) -> str:
    magical = f", {armour.magical} magical" if armour.magical else ""
    return f"{armour.physical} AP{magical}"


def sheet_form(options: Any) -> SheetForm:
    """The combatant's sheet as the GM fills it (the options change none of it)."""
    data = sheet_data(PACKAGE, "weapons.yaml")
    skills = named_choices(sheet_data(PACKAGE, "skills.yaml")["skills"])
    return SheetForm(
        (
            SheetSection(
                "The combatant",
                (
                    SheetField("side", "Side", "text", required=True, help="Who it fights beside."),
                    SheetField(
                        "stats.name",
                        "Stat block",
                        "text",
                        required=True,
                        help="What it is: Bandit, Wolf, Tam. Minions of one block share it.",
                    ),
                    SheetField(
                        "stats.hit_points", "Hit points", required=True, minimum=1, maximum=10_000
                    ),
                    SheetField("hp", "Hit points now", help="Empty: all of them."),
                    SheetField(
                        "stats.mov",
                        "MOV",
                        required=True,
                        minimum=0,
                        maximum=1000,
                        help="Meters per Move action (P-ACT-19).",
                    ),
                    SheetField(
                        "stats.damage_bonus",
                        "Damage bonus",
                        "text",
                        help="Dice added to damage: 1d4, -1d4. Empty: none.",
                    ),
                    SheetField(
                        "stats.magic_points", "Magic Points", minimum=0, help="Empty: equal to POW."
                    ),
                    SheetField(
                        "stats.determination_points",
                        "Determination Points (DP)",
                        minimum=0,
                        help="Empty: not tracked.",
                    ),
                    SheetField(
                        "stats.body_plan",
                        "Body plan",
                        "choice",
                        choices=BODY_PLANS,
                        default="humanoid",
                        help="Whose hit location table it is struck on.",
                    ),
                    SheetField("extra_actions", "Extra actions a turn", minimum=0, maximum=10),
                    SheetField("prone", "Prone", "check"),
                ),
            ),
            SheetSection(
                "Characteristics",
                tuple(
                    SheetField(
                        f"stats.characteristics.{key}", f"{key} ({word})", minimum=0, maximum=200
                    )
                    for key, word in CHARACTERISTICS
                ),
                help="Leave one empty for a creature that lacks it (an animal's CHA).",
            ),
            SheetSection(
                "Skills",
                (
                    SheetField(
                        "stats.skills",
                        "Skill",
                        "skills",
                        minimum=0,
                        maximum=SKILL_LIMIT,
                        choices=skills,
                        value_label="Percent",
                        other=True,
                        rows=3,
                        help="Percent: a check succeeds at or under it.",
                    ),
                ),
            ),
            SheetSection(
                "Weapons and armour",
                (
                    SheetField(
                        "stats.weapons",
                        "Weapon",
                        "items",
                        choices=item_choices(data["weapons"], Weapon, _weapon),
                        help="The first is in hand when the encounter starts.",
                    ),
                    SheetField(
                        "stats.shields",
                        "Shield",
                        "items",
                        rows=1,
                        choices=item_choices(data["shields"], Shield, _shield),
                    ),
                    SheetField(
                        "stats.armor",
                        "Armour",
                        "item",
                        choices=item_choices(data["armour"], Armor, _armour, drop=("name",)),
                        help="Armour points (AP) everywhere (P-ATK-08).",
                    ),
                ),
            ),
            SheetSection(
                "Spirit",
                (
                    SheetField("form", "Form", "choice", choices=FORMS, default="corporeal"),
                    SheetField("spirit", "A spirit", "check"),
                    SheetField("discorporates", "Can discorporate", "check"),
                    SheetField("tangible", "Tangible", "check"),
                    SheetField(
                        "spirit_damage",
                        "Spirit combat damage",
                        "text",
                        help="Dice: 1d6. Empty: the rules' default.",
                    ),
                    SheetField("spirit_armor", "Spirit armour", minimum=0),
                ),
            ),
            SheetSection(
                "Social encounters",
                (
                    SheetField(
                        "social.damage",
                        "Social damage",
                        "text",
                        help="Dice: 1d6, 1d4+1. Empty: the campaign's.",
                    ),
                    SheetField(
                        "social.passions",
                        "Passion",
                        "skills",
                        minimum=0,
                        maximum=1000,
                        other=True,
                        rows=1,
                        value_label="Percent",
                        help="Percent: Greed 70, Loyalty (the Jarl) 60.",
                    ),
                ),
            ),
        )
    )
