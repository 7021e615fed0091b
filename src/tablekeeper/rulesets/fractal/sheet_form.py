"""A fractal character's sheet as a form in the words of rule document 000.

The eight stats as dice (d4 to d12, F-CORE-01; an NPC has two or three, F-GM-01), the
Ranks of its skills and trees (a table picked from the action catalogue's trees and
skills, ``data/actions.yaml``), armor and social armor, and the tools in its hands picked
from ``data/tools.yaml``. Its conditions come from the campaign (the healing checklist),
not from the form.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection
from tablekeeper.rulesets.common.sheet_data import item_choices, sheet_data
from tablekeeper.rulesets.fractal.catalogue import default_catalogue
from tablekeeper.rulesets.fractal.encounter.state import Tool
from tablekeeper.rulesets.fractal.stats import STATS

PACKAGE = "tablekeeper.rulesets.fractal"

DICE = tuple(Choice(str(size), f"d{size}") for size in (4, 6, 8, 10, 12))

KINDS = (
    Choice("pc", "a player character: all eight stats"),
    Choice("npc", "an NPC: two or three stats (F-GM-01)"),
)


def _tool(tool: Any) -> str:
    hands = ", two hands" if tool.hands == 2 else ""
    return f"{tool.name or tool.id} ({tool.kind}{hands})"


def rank_choices() -> tuple[Choice, ...]:
    """The trees, then each skill the catalogue's techniques belong to."""
    actions = default_catalogue().actions
    trees = tuple(Choice(tree.id, f"{tree.name} (tree)") for tree in actions.trees)
    skills = sorted({action.skill for action in actions.actions if action.skill})
    return (*trees, *(Choice(skill, skill.replace("_", " ").capitalize()) for skill in skills))


def sheet_form(options: Any) -> SheetForm:
    """The character's sheet as the GM fills it."""
    tools = item_choices(sheet_data(PACKAGE, "tools.yaml")["tools"], Tool, _tool)
    return SheetForm(
        (
            SheetSection(
                "Side and build",
                (
                    SheetField("side", "Side", "text", required=True, help="Who it acts with."),
                    SheetField("kind", "Built as", "choice", choices=KINDS, default="pc"),
                    SheetField(
                        "minion",
                        "A minion",
                        "check",
                        help="Leaves a Micro conflict at its first hit (F-GM-04).",
                    ),
                ),
            ),
            SheetSection(
                "Stats",
                tuple(
                    SheetField(
                        f"stats.{stat.value}", stat.value.capitalize(), "choice", choices=DICE
                    )
                    for stat in STATS
                ),
                help="The die rolled for each stat. An NPC leaves all but two or three empty.",
            ),
            SheetSection(
                "Ranks",
                (
                    SheetField(
                        "ranks",
                        "Skill or tree",
                        "skills",
                        minimum=0,
                        choices=rank_choices(),
                        value_label="Rank",
                        other=True,
                        rows=2,
                        help="An NPC's are 1-5 (F-GM-03); a skill not listed is Rank 0.",
                    ),
                ),
            ),
            SheetSection(
                "Armor and tools",
                (
                    SheetField("armor", "Armor", minimum=0, maximum=999),
                    SheetField("social_armor", "Social armor", minimum=0, maximum=20),
                    SheetField("voice_free", "Voice free (can speak)", "check", default=True),
                    SheetField("mindless", "Mindless", "check"),
                    SheetField("tools", "Tool in hand", "items", choices=tools),
                ),
            ),
        )
    )
