"""Use cases for resolvers: list them, run one, ask its exact odds.

The registry holds the ``dice.*`` checks and the resolvers of every installed ruleset
(loaded on first use through the ``tablekeeper.rulesets`` entry points). The CLI's
``resolve`` and the API's ``POST /api/resolve/{name}`` both come here, so they agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablekeeper.engine.dice_checks import DICE_RESOLVERS
from tablekeeper.engine.resolvers import RESOLVERS, OutcomeOdds, Resolution, Resolver
from tablekeeper.engine.rulesets import RULESETS, RulesetRegistry
from tablekeeper.services.dice import make_roller


@dataclass(frozen=True, slots=True)
class ResolverInfo:
    """What ``resolve --list`` shows of a resolver: its name, summary, input schema and
    an example input (``None``: the resolver gives none)."""

    name: str
    summary: str
    input_schema: dict[str, Any]
    has_odds: bool
    example: Mapping[str, Any] | None = None

    @classmethod
    def of(cls, item: Resolver[Any, Any]) -> ResolverInfo:
        """The listing of one resolver."""
        schema = item.input_model.model_json_schema()
        return cls(item.name, item.summary, schema, item.odds is not None, item.example)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "name": self.name,
            "summary": self.summary,
            "odds": self.has_odds,
            "input_schema": self.input_schema,
            "example": self.example,
        }


def rulesets() -> RulesetRegistry:
    """The ruleset registry, with the ``dice.*`` checks registered in its resolvers once."""
    if not all(item.name in RESOLVERS for item in DICE_RESOLVERS):
        RESOLVERS.register(*(item for item in DICE_RESOLVERS if item.name not in RESOLVERS))
    return RULESETS


def list_resolvers() -> list[ResolverInfo]:
    """Every resolver of every installed ruleset, and the ``dice.*`` checks, by name."""
    registry = rulesets()
    for name in registry.available():
        registry.load(name)
    return [ResolverInfo.of(item) for item in registry.resolvers]


def resolve(
    name: str,
    raw_input: Mapping[str, object],
    *,
    seed: int | None = None,
    dice: Sequence[int] | None = None,
) -> Resolution[Any]:
    """Validate the input, roll the check with the roller asked for, record every face."""
    item = rulesets().resolver(name)
    return item.resolve(raw_input, make_roller(seed=seed, dice=dice))


def resolver_odds(name: str, raw_input: Mapping[str, object]) -> OutcomeOdds:
    """The exact odds of each outcome of the check, without rolling."""
    return rulesets().resolver(name).exact_odds(raw_input)


def with_campaign_options(
    name: str, raw_input: Mapping[str, object], ruleset: str, options: Mapping[str, Any]
) -> Mapping[str, object]:
    """``raw_input`` for the resolver ``name`` run in a campaign playing ``ruleset`` by
    ``options``: when the resolver is the ruleset's and its input has a field typed as the
    ruleset's ``Options`` that the input leaves out, that field gets the campaign's."""
    item = rulesets().resolver(name)
    if name.partition(".")[0] != ruleset:
        return raw_input
    model = RULESETS.load(ruleset).Options
    for field, info in item.input_model.model_fields.items():
        if info.annotation is model and field not in raw_input:
            return {**raw_input, field: dict(options)}
    return raw_input
