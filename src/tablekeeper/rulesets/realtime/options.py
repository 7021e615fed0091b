"""The rulings a table may change in the ``realtime`` ruleset (rule document 003).

:class:`RealtimeOptions` is the ruleset's ``Options`` model: it travels in the encounter's
initial state, so a replay uses the options the encounter was played with. It extends
:class:`~tablekeeper.rulesets.realtime.checks_options.CheckOptions` (the checks' rulings)
with the encounter engine's. Every default is the ruling written in
``docs/rulings.md`` under the gap id named on the field.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.rulesets.realtime.checks_options import CheckOptions

DistanceMetric: TypeAlias = Literal["chebyshev", "manhattan", "euclidean"]
"""How squares are counted between two positions: diagonals count 1 (``chebyshev``),
2 (``manhattan``), or the straight line (``euclidean``)."""


class RealtimeOptions(CheckOptions):
    """Options of the ``realtime`` ruleset; the defaults are the project's rulings."""

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
    reaction_checks: bool = Field(
        default=True,
        description="G-R-02 and the Opportunity Attack ruling: a reaction whose entry names a "
        "check characteristic rolls realtime.check when used; false leaves its effect to "
        "the GM.",
    )
