"""The encounter engine's rulings a table may change (document 001's silences).

:class:`EncounterSettings` travels in the encounter's initial state beside the ruleset's
``Options`` (the optional-rule switches and the check's rulings), so a replay plays by
the same rules. Each field is a ruling of ``docs/rulings.md`` under the gap id named on
it; they are candidates for ``PercentileOptions`` and live here until they move there.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.expressions import DiceExpression

EarlyDefense: TypeAlias = Literal["every_round", "first_round"]
"""When a defender who has not had their turn yet may take Defend ahead of it, at -20%."""

InitiativeTies: TypeAlias = Literal["initiative_then_roll", "roll"]
"""How equal turn orders are broken."""

UnblockedSpiritDamage: TypeAlias = Literal["both_deal", "winner_only"]
"""Opposed spirit combat when the winner does not block: both deal their damage, or only
the winner does."""

WaitScope: TypeAlias = Literal["round", "encounter"]
"""Whether a Wait lowers the turn order for the rest of the round or for good."""


class EncounterSettings(Frozen):
    """The encounter engine's rulings; the defaults are the project's."""

    initiative_ties: InitiativeTies = Field(
        default="initiative_then_roll",
        description="G-P-16: equal turn orders go to the higher initiative, then to a 1D10 "
        "rolled off among those still equal ('roll': the roll-off alone).",
    )
    early_defense: EarlyDefense = Field(
        default="every_round",
        description="G-P-E1: a defender who has not had their turn this round may take the "
        "Defend action ahead of it, at -20% ('first_round': only before their first turn "
        "of the encounter).",
    )
    wait_scope: WaitScope = Field(
        default="round",
        description="G-P-E2: a Wait lowers the turn order for the rest of the round; the "
        "next round goes back to the rolled turn order ('encounter': it stays lowered).",
    )
    unblocked_spirit_damage: UnblockedSpiritDamage = Field(
        default="both_deal",
        description="G-P-21: when the winner of opposed spirit combat does not block, both "
        "deal their Spirit Damage ('winner_only': only the winner does).",
    )
    zero_magic_points_down: bool = Field(
        default=True,
        description="G-P-E3: a combatant whose Magic Points fall to 0 through Spirit Damage "
        "is out of the fight (unconscious, or a spirit dispersed) until the GM says "
        "otherwise.",
    )
    rally_roll: Literal["shared", "per_ally"] = Field(
        default="shared",
        description="G-P-E4: Rally's 1D6 / 1D4 is rolled once for every ally it reaches "
        "('per_ally': once for each).",
    )
    spirit_damage: DiceExpression = Field(
        default="1d3",
        validate_default=True,
        description="G-P-05 (provisional): the Spirit Damage of a combatant whose stat block "
        "states none.",
    )
