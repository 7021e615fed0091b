"""What an argument is made of: the ``percentile.argue`` resolver's input (document 001,
"Arguing", P-ARG-01 .. P-ARG-04; P-SOC-03, P-SOC-17).

Each side (the attacker, and the defender when the other party's turn speaker also
argued) brings its social ability, its modifiers (P-ARG-02: weak or strong arguments,
good roleplaying, a position of weakness or superiority) and its social damage (a dice
expression; the options' provisional one when none is given, G-P-05). The argument is
made at the encounter's time scale with a specialization it must allow (P-SOC-03: a
forbidden one is refused naming ``specialization``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field, ValidationInfo, field_validator

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import SKILL_LIMIT
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.social.scale import refusal
from tablekeeper.rulesets.percentile.social.tables import TimeScale

Side: TypeAlias = Literal["attacker", "defender"]
WinnerChoice: TypeAlias = Literal["deal", "block"]
"""What the winner of a defended argument chooses (P-ARG-06)."""

SIDES: tuple[Side, Side] = ("attacker", "defender")


class ArgueSide(Frozen):
    """One side of an argument: its social ability, modifiers and social damage."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="The social ability, in percent.")
    modifier: int = Field(
        default=0,
        ge=-SKILL_LIMIT,
        le=SKILL_LIMIT,
        description="P-ARG-02: weak or strong arguments -20% / +20%, good roleplaying +20%, "
        "a position of weakness or superiority -20% / +20%, and any other.",
    )
    damage: DiceExpression | None = Field(
        default=None, description="Its social damage; null: the options' (G-P-05)."
    )
    halved: bool = Field(
        default=False,
        description="P-SOC-19: its social damage is halved (its motivations were read).",
    )


class ArgueInput(Frozen):
    """An argument, defended or not, at a time scale, and the winner's choice."""

    attacker: ArgueSide
    defender: ArgueSide | None = Field(
        default=None, description="The other party's turn speaker, if it also argued."
    )
    time_scale: TimeScale
    position_of_force: bool = Field(
        default=False, description="P-SOC-03: Intimidation at Medium or longer needs one."
    )
    specialization: str = Field(
        default="negotiation",
        min_length=1,
        max_length=60,
        description="negotiation, intimidation, fast_talk, charm, or another ability.",
    )
    winner_choice: WinnerChoice = Field(default="block", description="P-ARG-06.")
    options: PercentileOptions = Field(default_factory=PercentileOptions)

    @field_validator("specialization")
    @classmethod
    def _allowed_at_the_scale(cls, value: str, info: ValidationInfo) -> str:
        scale = info.data.get("time_scale")
        if scale is not None:
            reason = refusal(
                value, scale, position_of_force=info.data.get("position_of_force", False)
            )
            if reason is not None:
                raise ValueError(reason)
        return value


def side_breakdown(side: ArgueSide, label: str) -> Breakdown:
    """A side's social ability and its modifiers (P-SOC-17, P-ARG-02)."""
    terms = [Contribution(amount=side.skill, label=label, source="P-SOC-17")]
    if side.modifier:
        terms.append(Contribution(amount=side.modifier, label="modifiers", source="P-ARG-02"))
    return Breakdown.of(*terms)
