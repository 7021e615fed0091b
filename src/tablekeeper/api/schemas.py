"""Request and response bodies of the HTTP API: one schema family per resource.

The responses are the same JSON documents the CLI prints with ``--json``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.dice.parse import MAX_LENGTH


class ErrorDetail(BaseModel):
    """What was wrong: the field (or ``None``) and one line of reason."""

    field: str | None
    message: str
    position: int | None = None
    simulation: dict[str, Any] | None = None
    """Odds too costly to compute exactly: a Monte Carlo estimate of the total (samples,
    mean, sd, low, high, percentiles), when one was cheap to make."""


class ErrorOut(BaseModel):
    """Every 4xx answer: ``{"error": {"field": ..., "message": ...}}``."""

    error: ErrorDetail


# --- odds -------------------------------------------------------------------------------


class OutcomeOut(BaseModel):
    """One value of a distribution with its exact probabilities, as fraction strings."""

    value: int
    probability: str
    at_least: str
    at_most: str


class OddsOut(BaseModel):
    """The ``odds --json`` document."""

    expression: str
    outcomes: list[OutcomeOut]
    mean: float
    sd: float


# --- rolls ------------------------------------------------------------------------------


class RollIn(BaseModel):
    """A roll request: the expression, and a seed or the faces rolled at the table."""

    model_config = ConfigDict(extra="forbid")

    expression: str = Field(max_length=MAX_LENGTH)
    seed: int | None = Field(default=None, ge=0)
    dice: list[int] | None = None


class RollOut(BaseModel):
    """The ``roll --json`` document: the expression, the total and every die."""

    expression: str
    total: int
    dice: list[dict[str, Any]]


# --- resolvers --------------------------------------------------------------------------


class ResolverOut(BaseModel):
    """One entry of ``resolve --list --json``."""

    name: str
    summary: str
    odds: bool
    input_schema: dict[str, Any]
    example: dict[str, Any] | None = Field(
        default=None, description="A typical input, valid as it stands."
    )


class ResolveIn(BaseModel):
    """A resolver run: its input fields, and a seed or the faces rolled at the table."""

    model_config = ConfigDict(extra="forbid")

    input: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0)
    dice: list[int] | None = None


class ResolverOddsIn(BaseModel):
    """A request for a resolver's exact odds: its input fields."""

    model_config = ConfigDict(extra="forbid")

    input: dict[str, Any] = Field(default_factory=dict)


# --- rulesets ---------------------------------------------------------------------------


class GmCommandOut(BaseModel):
    """A GM command a console offers as a form."""

    kind: str
    title: str
    payload_schema: dict[str, Any]


class RulesetOut(BaseModel):
    """An installed ruleset, as a client needs to know it."""

    name: str
    summary: str
    document: str = Field(description="The rule document it implements.")
    options_schema: dict[str, Any] = Field(description="JSON schema of a campaign's options.")
    sheet_schema: dict[str, Any] = Field(description="JSON schema of a character's sheet.")
    gm_commands: list[GmCommandOut]
