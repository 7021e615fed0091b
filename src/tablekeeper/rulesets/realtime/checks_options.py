"""The rulings a table may change in the ``realtime`` checks (rule document 003).

:class:`CheckOptions` is kept apart from the encounter's ``Options`` model
(``rulesets/realtime/options.py``) so the checks import nothing from the encounter
engine; its fields are meant to be merged into that model. Every default is the ruling
written in ``docs/rulings.md`` under the gap id named on the field.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import Frozen

LimitWindow: TypeAlias = Literal["rolling", "calendar"]
"""How "per hour", "per day" and "within a 24-hour period" are measured: a rolling window
that starts at the last attempt (or rested hour), or calendar hours and days counted from
second 0 of the campaign clock."""

PriceRounding: TypeAlias = Literal["nearest", "merchant", "character"]
"""How a final price is rounded to ``price_quantum``: to the nearest (halves up), in the
merchant's favour (up when the character buys, down when it sells), or in the
character's favour."""

InjuryModifierScope: TypeAlias = Literal["treatment", "all_checks"]
"""Which checks the critical-injury table's "Test Modifier" applies to."""


class CheckOptions(Frozen):
    """Options of the ``realtime`` checks; the defaults are the project's rulings."""

    injury_modifier_scope: InjuryModifierScope = Field(
        default="treatment",
        description="G-R-03: the table's Test Modifier penalises the treatment checks only "
        "('treatment'), or also every check of a creature while the injury is symptomatic "
        "('all_checks').",
    )
    price_quantum: Decimal | None = Field(
        default=None,
        gt=0,
        description="G-R-12: round final prices to this currency unit ('1', '0.01'); "
        "null keeps the exact price.",
    )
    price_rounding: PriceRounding = Field(
        default="nearest",
        description="G-R-12: how a price is rounded to price_quantum.",
    )
    treatment_window: LimitWindow = Field(
        default="rolling",
        description="G-R-08: 'once per hour' / 'once per day' per injury as rolling windows "
        "from the last attempt, or as calendar hours and days.",
    )
    rest_window: LimitWindow = Field(
        default="rolling",
        description="G-R-13: '12 hours within a 24-hour period' as a rolling 24-hour window, "
        "or per calendar day.",
    )
