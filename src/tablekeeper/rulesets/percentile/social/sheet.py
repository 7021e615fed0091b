"""What a character sheet brings to a social encounter (G-P-04 .. G-P-06, G-P-28).

The chapters that define these are missing (Damage and Injury, Passions): a sheet states
them as data. Personal Determination Points are the stat block's
``determination_points`` (Ad-Hominem Attack deals social damage to them, P-SOC-14);
a sheet without them gets the provisional default of ``data/social.yaml`` (its POW)
when a social encounter starts. The rest is :class:`SocialSheet`: the character's
social damage (a dice expression; the options' provisional one when none is stated,
G-P-05), its Passions and other personality traits in percent (what Identify
Motivations reveals and Provoke names, P-SOC-19, P-SOC-21; a Use Passion rolls one,
P-SOC-24), and the favors and grudges it may call on (P-SOC-22; each once per social
encounter, G-P-28).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import SKILL_LIMIT
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.stats import Name


class SocialSheet(Frozen):
    """A character's social numbers."""

    damage: DiceExpression | None = Field(
        default=None, description="Social damage: '1d6', '1d4+1'; null: the options' (G-P-05)."
    )
    passions: dict[Name, Annotated[int, Field(ge=0, le=SKILL_LIMIT)]] = Field(
        default_factory=dict,
        description='Passions and other personality traits, in percent: {"Greed": 70}.',
    )
    favors: tuple[Name, ...] = Field(
        default=(), description="Favors owed to the character, by whom: ('the Jarl',)."
    )
    grudges: tuple[Name, ...] = Field(
        default=(), description="Grudges the character holds, against whom."
    )

    def highest(self, count: int = 2) -> tuple[str, ...]:
        """The ``count`` highest passions or traits, highest first (ties by name).

        >>> SocialSheet(passions={"Greed": 70, "Pride": 55, "Love (kin)": 70}).highest()
        ('Greed', 'Love (kin)')
        """
        ranked = sorted(self.passions.items(), key=lambda item: (-item[1], item[0]))
        return tuple(name for name, _ in ranked[:count])
