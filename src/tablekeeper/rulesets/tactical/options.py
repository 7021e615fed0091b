"""The rulings a table may change in the ``tactical`` ruleset (rule document 004).

:class:`TacticalOptions` is the ruleset's one ``Options`` model: a campaign plays by it,
it travels in the encounter's state (a replay plays by the options it was played with),
and every default is the ruling written in ``docs/rulings.md`` under the gap id named on
the field; it also holds the battlefield new encounters are laid on. What the document
names but never defines (conditions, universal skills, the Defending section's numbers)
is data in ``data/`` instead, marked ``provisional``.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.tactical.grid import GridDistance, GridMap

CunningThreshold: TypeAlias = Literal["at_or_below", "below"]
"""Which dice earn a cunning effect: ``face <= cunning`` or ``face < cunning`` (G-S-05)."""

CriticalCounting: TypeAlias = Literal["instead", "as_well"]
"""With three or more successes, whether each success after the second gives a critical
effect instead of a cunning effect, or both (G-S-06)."""


class TacticalOptions(Frozen):
    """Options of the ``tactical`` ruleset; the defaults are the project's rulings."""

    cunning_threshold: CunningThreshold = Field(
        default="at_or_below",
        description="G-S-05: a die earns a cunning effect when it rolls equal to or below "
        "the cunning ('at_or_below', the two operative procedures) or strictly below "
        "('below', the Cunning Effects heading).",
    )
    critical_counting: CriticalCounting = Field(
        default="instead",
        description="G-S-06: with three or more successful dice, each one after the second "
        "earns a critical effect instead of a cunning effect ('instead') or as well "
        "('as_well').",
    )
    distance: GridDistance = Field(
        default="chebyshev",
        description="G-S-E1: how paces are counted between squares of the grid.",
    )
    defend_needs_full_pool: bool = Field(
        default=True,
        description="G-S-03: a target may block, dodge or predict only when that pool holds "
        "the whole threat; false lets it pay what it has and take the rest as yield-free "
        "loss down to 0.",
    )
    minion_defeated_by_any_damage: bool = Field(
        default=True,
        description="G-S-03 (defeat): a minion is defeated by any yield damage of 1 or more.",
    )
    zone_of_control: int = Field(
        default=1,
        ge=0,
        le=5,
        description="G-S-08: the paces around a standing enemy that are its zone of control.",
    )
    zone_banes_automatic: bool = Field(
        default=True,
        description="G-S-08 / S-TGT-11: every enemy whose zone of control holds the user of "
        "a ranged skill imposes its bane (true), or the GM asks each enemy (false: the "
        "engine imposes none and the GM adds banes by hand).",
    )
    battlefield: GridMap = Field(
        default_factory=lambda: GridMap(width=12, height=8),
        description="G-S-E1: the grid a new encounter is laid on (its size and walls); a "
        "scenario's map, or a campaign's own.",
    )
    fighting_style_size: int = Field(
        default=6,
        ge=1,
        le=20,
        description="G-S-08: the skills a fighting style may ready (bonus and core skills "
        "not counted).",
    )
