"""A tactical character's sheet as a form in the words of rule document 004.

Agility, brawn, cunning and armor; the three pools (poise, momentum, focus) and their
maximums; the fighting style's readied skills and the skills learned, picked from the
catalogue (``data/skills.yaml``); the weapons it holds, picked from the weapons those
skills name; the damage tags it is vulnerable, resistant or immune to
(``data/tags.yaml``) and the conditions (``data/conditions.yaml``).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection
from tablekeeper.rulesets.tactical.catalogue import Catalogue, load_catalogue
from tablekeeper.rulesets.tactical.encounter.state import Weapon

POOLS = (
    ("poise", "Poise"),
    ("momentum", "Momentum"),
    ("focus", "Focus"),
)


def weapon_choices(catalogue: Catalogue) -> tuple[Choice, ...]:
    """Every weapon a skill of the catalogue names (S-CONC-04), two-handed if a skill
    says so."""
    two_handed: dict[str, bool] = {}
    for skill in catalogue.skills.values():
        if skill.weapon is not None:
            two_handed[skill.weapon] = two_handed.get(skill.weapon, False) or skill.two_handed
    choices = []
    for name, both in two_handed.items():
        weapon = Weapon(name=name, two_handed=both)
        label = f"{name} (two-handed)" if both else name
        choices.append(Choice(name, label, weapon.model_dump(mode="json", exclude_defaults=True)))
    return tuple(choices)


def sheet_form(options: Any) -> SheetForm:
    """The character's sheet as the GM fills it."""
    catalogue = load_catalogue()
    skills = tuple(Choice(key, skill.name) for key, skill in catalogue.skills.items())
    learned = tuple(
        choice for choice in skills if "universal" not in catalogue.skills[choice.value].tags
    )
    tags = tuple(Choice(key, tag.name) for key, tag in catalogue.tags.items())
    conditions = tuple(Choice(key, entry.name) for key, entry in catalogue.conditions.items())
    return SheetForm(
        (
            SheetSection(
                "Attributes",
                (
                    SheetField("side", "Side", "text", required=True, help="Who it fights beside."),
                    SheetField("character_class", "Class", "text", help="Empty: none."),
                    SheetField(
                        "position",
                        "Square on the map",
                        "square",
                        help="Where it stands when an encounter begins. Empty: 0, 0.",
                    ),
                    SheetField("agility", "Agility", default=2, minimum=0, maximum=20),
                    SheetField("brawn", "Brawn", default=1, minimum=0, maximum=20),
                    SheetField("cunning", "Cunning", default=3, minimum=0, maximum=20),
                    SheetField("armor", "Armor", default=0, minimum=0, maximum=20),
                    SheetField("minion", "A minion", "check"),
                    SheetField("hidden", "Hidden", "check"),
                ),
            ),
            SheetSection(
                "Poise, momentum and focus",
                tuple(
                    field
                    for key, word in POOLS
                    for field in (
                        SheetField(key, word, default=4, minimum=0, maximum=1000),
                        SheetField(
                            f"max_{key}",
                            f"Maximum {word.lower()}",
                            minimum=0,
                            maximum=1000,
                            help=f"Empty: its starting {word.lower()}.",
                        ),
                    )
                ),
            ),
            SheetSection(
                "Skills and weapons",
                (
                    SheetField(
                        "style",
                        "Fighting style: readied skills",
                        "choices",
                        choices=learned,
                        help="The skills its style readies (S-TAG-05).",
                    ),
                    SheetField(
                        "unlocked",
                        "Skills learned",
                        "choices",
                        choices=learned,
                        help="The universal skills every character has are not listed.",
                    ),
                    SheetField(
                        "wielding",
                        "Weapon in hand",
                        "items",
                        choices=weapon_choices(catalogue),
                        help="The weapons its skills name.",
                    ),
                ),
            ),
            SheetSection(
                "Tags and conditions",
                (
                    SheetField("vulnerable", "Vulnerable to", "choices", choices=tags),
                    SheetField("resistant", "Resistant to", "choices", choices=tags),
                    SheetField("immune", "Immune to", "choices", choices=tags),
                    SheetField(
                        "immune_conditions", "Immune to conditions", "choices", choices=conditions
                    ),
                    SheetField(
                        "conditions", "Conditions it starts with", "choices", choices=conditions
                    ),
                ),
            ),
        )
    )
