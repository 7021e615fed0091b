"""The rulings a table may change in the ``realtime`` ruleset (rule document 003).

:class:`RealtimeOptions` is the ruleset's one ``Options`` model: a campaign plays by it,
it travels in the encounter's initial state (so a replay uses the options the encounter
was played with), and the resolvers that need a ruling take it as their ``options``
field (the campaign's options, when run from a campaign). It holds the checks' rulings
(injuries, prices, treatment and rest windows) and the encounter engine's. Every default
is the ruling written in ``docs/rulings.md`` under the gap id named on the field.
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

DistanceMetric: TypeAlias = Literal["chebyshev", "manhattan", "euclidean"]
"""How squares are counted between two positions: diagonals count 1 (``chebyshev``),
2 (``manhattan``), or the straight line (``euclidean``)."""


class RealtimeOptions(Frozen):
    """Options of the ``realtime`` ruleset; the defaults are the project's rulings."""

    injury_modifier_scope: InjuryModifierScope = Field(
        default="treatment",
        description="G-R-03: the table's Test Modifier penalises the treatment checks only "
        "('treatment'), or also every check of a creature while the injury is symptomatic "
        "('all_checks').",
    )
    price_quantum: Decimal | None = Field(
        default=None,
        gt=0,
        title="Round prices to",
        description="G-R-12: round final prices to this currency unit ('1', '0.01'); "
        "empty keeps the exact price.",
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

    ap_per_second: int = Field(
        default=1,
        ge=1,
        le=100,
        description="G-R-01: the A.P. a creature charges into its action each second, unless "
        "the creature states its own rate.",
    )
    default_reach: int = Field(
        default=1,
        ge=0,
        description="Reach ruling: a creature's melee reach in squares when it states none.",
    )
    distance: DistanceMetric = Field(
        default="chebyshev",
        description="Reach ruling: how squares are counted between two positions.",
    )
    shared_squares: bool = Field(
        default=False,
        description="G-R-E4: a square holds one creature, and a move may not end on a "
        "square another creature (dead or alive) stands on; true lets creatures share "
        "squares.",
    )
    reaction_checks: bool = Field(
        default=True,
        description="G-R-02 and the Opportunity Attack ruling: a reaction whose entry names a "
        "check characteristic rolls realtime.check when used; false leaves its effect to "
        "the GM.",
    )
