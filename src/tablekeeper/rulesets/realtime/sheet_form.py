"""A realtime creature's sheet as a form in the words of rule document 003.

Its Hit Points (section 1), the A.P. it charges each second and its melee reach (the
options' when left empty: the form says which), its characteristics as a table picked
from ``data/characteristics.yaml`` (any other may be typed: a Test rolls against whatever
the action names), and the critical injuries it already has, picked from the critical
injury table (``data/critical_injuries.yaml``).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.sheet_forms import Choice, SheetField, SheetForm, SheetSection
from tablekeeper.rulesets.common.sheet_data import named_choices, sheet_data
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.tables import critical_injury_table

PACKAGE = "tablekeeper.rulesets.realtime"

CHARACTERISTIC_MAX = 40
"""The highest characteristic the form takes: above 20 a Test always succeeds (003, High
Characteristics), so 40 leaves room for every bonus the document shows (ruling C-15)."""


def sheet_form(options: Any) -> SheetForm:
    """The creature's sheet as the GM fills it, the defaults named from ``options``."""
    rules = options if isinstance(options, RealtimeOptions) else RealtimeOptions()
    listed = sheet_data(PACKAGE, "characteristics.yaml")["characteristics"]
    characteristics = tuple(Choice(entry["id"], entry["name"]) for entry in listed)
    return SheetForm(
        (
            SheetSection(
                "The creature",
                (
                    SheetField(
                        "side",
                        "Side",
                        "text",
                        required=True,
                        help="Who it fights beside: creatures of one side are allies "
                        "(party, foes...).",
                    ),
                    SheetField(
                        "hp",
                        "Hit Points (HP) now",
                        required=True,
                        help="0 or below: unconscious; below 0: dying (003 §1).",
                    ),
                    SheetField(
                        "position",
                        "Square on the map",
                        "square",
                        help="Where it stands when an encounter begins. Empty: 0, 0.",
                    ),
                    SheetField(
                        "max_hp",
                        "Maximum HP",
                        minimum=1,
                        help="What healing cannot exceed. Empty: its HP now.",
                    ),
                    SheetField(
                        "ap_per_second",
                        "A.P. charged each second",
                        minimum=1,
                        maximum=100,
                        help=f"Empty: the campaign's {rules.ap_per_second}.",
                    ),
                    SheetField(
                        "reach",
                        "Melee reach (squares)",
                        minimum=0,
                        help=f"Empty: the campaign's {rules.default_reach}.",
                    ),
                    SheetField(
                        "cooldown_modifier",
                        "Reaction cooldown modifier (seconds)",
                        help="Added to every Reaction's cooldown. Empty: 0.",
                    ),
                ),
            ),
            SheetSection(
                "Characteristics",
                (
                    SheetField(
                        "characteristics",
                        "Characteristic",
                        "skills",
                        minimum=0,
                        maximum=CHARACTERISTIC_MAX,
                        choices=characteristics,
                        other=True,
                        rows=3,
                        help="A Test rolls 1d20 and succeeds at or under the characteristic.",
                    ),
                ),
            ),
            SheetSection(
                "Critical injuries",
                (
                    SheetField(
                        "injuries",
                        "Injuries it already has",
                        "choices",
                        choices=named_choices(critical_injury_table().injuries),
                        help="From the critical injury table (003 §3).",
                    ),
                ),
            ),
        )
    )
