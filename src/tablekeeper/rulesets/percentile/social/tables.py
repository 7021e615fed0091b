"""The social chapter's tables as data: ``data/social.yaml``, validated at load.

Document 001, "Social Encounters": the Time Scale table (each scale's round, what the
Persuasion specializations may do at it, P-SOC-02, P-SOC-03, and the round's maximum
duration the two-thirds rule for magic measures, P-SOC-04, G-P-23), the base target DP
of each kind of goal (P-SOC-07), the party-size modifiers (P-SOC-08), the encounter
lengths (P-SOC-09) and the bands of "Ending Social Encounters" (P-ARG-09). Loading
checks that every scale, specialization, goal, party size and length is named and that
the bands cover every remaining target DP exactly once; a GM's house table goes through
the same checks (:func:`parse_social_tables`).
"""

from __future__ import annotations

import itertools
from collections.abc import Container, Mapping
from functools import cache
from typing import Annotated, Any, Literal, TypeAlias, get_args

from pydantic import Field, model_validator

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.common.tables import packaged_text, parse_table

SOCIAL_FILE = "social.yaml"

TimeScale: TypeAlias = Literal["short", "medium", "hourly", "daily"]
"""The time scale the GM declares before a social encounter (P-SOC-02), shortest first."""

Specialization: TypeAlias = Literal["negotiation", "intimidation", "fast_talk", "charm"]
"""The Persuasion specializations the Time Scale section names (P-SOC-03)."""

Use: TypeAlias = Literal["always", "position_of_force", "never"]
"""What a specialization may do at a scale: always, only from a maintained position of
force (Intimidation at Medium and longer), or not at all."""

Goal: TypeAlias = Literal["reasonable", "debatable", "difficult", "impossible"]
"""How reasonable or outlandish the stated goals are (P-SOC-07)."""

PartySize: TypeAlias = Literal["significantly_smaller", "comparable", "significantly_larger"]
"""The size (and authority) of the party dealt with, against one's own (P-SOC-08)."""

Length: TypeAlias = Literal["one_chance", "short", "average", "long"]
"""The encounter length the GM decides (P-SOC-09)."""

SocialResult: TypeAlias = Literal["victory", "weak_victory", "defeat"]
"""How a party's social encounter ends (P-ARG-09)."""

SCALES: tuple[TimeScale, ...] = get_args(TimeScale)
SPECIALIZATIONS: tuple[Specialization, ...] = get_args(Specialization)


def _every(what: str, found: Container[str], expected: tuple[str, ...]) -> None:
    missing = [name for name in expected if name not in found]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")


class ScaleRow(Frozen):
    """One row of the Time Scale table."""

    round: str = Field(min_length=1, description="The table's Social Encounter Round.")
    example: str = ""
    round_seconds: int = Field(ge=1, description="The round's maximum duration (G-P-23).")
    provisional: bool = Field(description="Whether round_seconds reads the table's words.")
    specializations: dict[Specialization, Use]

    @model_validator(mode="after")
    def _names_every_specialization(self) -> ScaleRow:
        _every("specializations", self.specializations, SPECIALIZATIONS)
        return self


class OutcomeBand(Frozen):
    """A band of remaining target DP and the result it gives (open-ended without a bound)."""

    result: SocialResult
    low: int | None = None
    high: int | None = None

    def holds(self, remaining: int) -> bool:
        """Whether ``remaining`` falls in the band."""
        return (self.low is None or remaining >= self.low) and (
            self.high is None or remaining <= self.high
        )


class SheetDefaults(Frozen):
    """What a character's sheet gets when it states none (provisional: G-P-04)."""

    provisional: bool
    personal_dp: Literal["STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA"] = Field(
        description="The characteristic whose value is the personal DP of a sheet without."
    )
    moment_of_doubt_at: int = Field(description="Personal DP at or below this: doubt.")


class SocialTables(Frozen):
    """The social chapter's tables (``data/social.yaml``)."""

    schema_version: Literal[1]
    source: str
    provisional: bool
    time_scales: dict[TimeScale, ScaleRow]
    specialization_skills: dict[Specialization, str]
    goals: dict[Goal, int]
    party_sizes: dict[PartySize, int]
    lengths: dict[Length, Annotated[int, Field(ge=1)]]
    outcomes: tuple[OutcomeBand, ...] = Field(min_length=1)
    sheet_defaults: SheetDefaults

    @model_validator(mode="after")
    def _complete(self) -> SocialTables:
        _every("time_scales", self.time_scales, SCALES)
        _every("specialization_skills", self.specialization_skills, SPECIALIZATIONS)
        _every("goals", self.goals, get_args(Goal))
        _every("party_sizes", self.party_sizes, get_args(PartySize))
        _every("lengths", self.lengths, get_args(Length))
        bands = self.outcomes
        if bands[0].low is not None or bands[-1].high is not None:
            raise ValueError("outcomes must run from no low bound to no high bound")
        for before, after in itertools.pairwise(bands):
            if before.high is None or after.low != before.high + 1:
                raise ValueError(
                    f"outcomes: {after.result} must start right after {before.result} ends"
                )
        return self

    def result_for(self, remaining: int) -> SocialResult:
        """The band ``remaining`` target DP falls in."""
        return next(band.result for band in self.outcomes if band.holds(remaining))


def parse_social_tables(data: Mapping[str, Any] | str, *, name: str = SOCIAL_FILE) -> SocialTables:
    """Validate social tables given as YAML text or parsed data."""
    return parse_table(data, SocialTables, name)


@cache
def social_tables() -> SocialTables:
    """The packaged tables of the social chapter, read and validated once."""
    return parse_social_tables(packaged_text("tablekeeper.rulesets.percentile", SOCIAL_FILE))
