"""``percentile`` scenarios: a combat encounter of rule document 001 described in YAML.

A scenario names its combatants (each with a stat block, inline or by name from
``stat_blocks``), who is engaged in melee when it opens, the options (the optional rules
and rulings) and the engine's settings, the most rounds the runner plays, and the dice.
Loading validates all of it (``schema_version`` first) and every error names the field:
``combatants.1.stats.hit_points: Field required``, ``engagements.0.pair: no combatant
'bob'``. :class:`PercentileRun` is a scenario in play: a
:class:`~tablekeeper.engine.session.Session` with the combatants added and engaged,
not yet started (the GM's first command). Reading the file and choosing the ruleset is
``services/scenarios.py``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, Frozen, invalid_input
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.percentile.encounter.commands import CombatantSpec, Engage, order
from tablekeeper.rulesets.percentile.encounter.settings import EncounterSettings
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter
from tablekeeper.services.scenario_files import check_version, versioned_mapping

SCHEMA_VERSION = 1
"""The version of the ``percentile`` scenario format this code reads."""

MAX_ROUNDS = 1000


class PercentileScenario(Frozen):
    """A ``percentile`` combat to play: its combatants, who is engaged, its rulings."""

    schema_version: int
    ruleset: Literal["percentile"] = "percentile"
    name: str = Field(min_length=1, max_length=80)
    summary: str = ""
    rounds: int = Field(default=10, ge=1, le=MAX_ROUNDS, description="The most rounds played.")
    seed: int | None = Field(default=None, description="The dice, unless --seed says otherwise.")
    options: PercentileOptions = Field(default_factory=PercentileOptions)
    settings: EncounterSettings = Field(default_factory=EncounterSettings)
    combatants: tuple[CombatantSpec, ...] = Field(min_length=1)
    engagements: tuple[Engage, ...] = ()

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version, SCHEMA_VERSION)

    def initial_state(self) -> PercentileState:
        """The empty encounter, with the scenario's options and settings."""
        return new_encounter(self.options, self.settings)


def _combatants(raw: dict[str, Any]) -> list[Any]:
    """The combatants with each named stat block (``stats: bandit``) laid in."""
    blocks = raw.pop("stat_blocks", None) or {}
    if not isinstance(blocks, Mapping):
        raise InvalidInputError(
            "stat_blocks is a mapping of name to stat block", field="stat_blocks"
        )
    combatants = raw.get("combatants") or []
    if not isinstance(combatants, list):
        raise InvalidInputError("combatants is a list", field="combatants")
    laid: list[Any] = []
    for index, item in enumerate(combatants):
        if isinstance(item, Mapping) and isinstance(item.get("stats"), str):
            name = item["stats"]
            if name not in blocks:
                known = ", ".join(blocks) or "none"
                raise InvalidInputError(
                    f"no stat block {name!r} (stat_blocks: {known})",
                    field=f"combatants.{index}.stats",
                )
            item = {**item, "stats": blocks[name]}
        laid.append(item)
    return laid


def _check_references(scenario: PercentileScenario) -> None:
    known = {spec.id for spec in scenario.combatants}
    names = ", ".join(spec.id for spec in scenario.combatants)
    ids = [spec.id for spec in scenario.combatants]
    repeated = sorted({name for name in ids if ids.count(name) > 1})
    if repeated:
        raise InvalidInputError(f"combatant ids repeat: {', '.join(repeated)}", field="combatants")
    for index, engagement in enumerate(scenario.engagements):
        for key in engagement.pair:
            if key not in known:
                raise InvalidInputError(
                    f"no combatant {key!r} (combatants: {names})",
                    field=f"engagements.{index}.pair",
                )


def parse_scenario(data: Any, *, source: str = "scenario") -> PercentileScenario:
    """Validate scenario data (parsed YAML); errors name the field and, first, ``source``."""
    raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
    raw["combatants"] = _combatants(raw)
    try:
        scenario = PercentileScenario.model_validate(raw)
    except ValidationError as error:
        raise invalid_input(error, prefix="scenario") from None
    _check_references(scenario)
    return scenario


@dataclass
class PercentileRun:
    """A scenario in play: its session, until the encounter ends or the rounds run out."""

    scenario: PercentileScenario
    session: Session[PercentileState]
    seed: int | None

    @property
    def state(self) -> PercentileState:
        """The encounter now."""
        return self.session.state

    @property
    def round(self) -> int:
        """The round being played (0 before the start)."""
        return self.session.state.round

    @property
    def finished(self) -> bool:
        """The encounter is over, or the scenario's rounds are played."""
        return self.state.over or self.round > self.scenario.rounds

    def start_command(self) -> Command:
        """The GM's command that rolls the turn orders and opens round 1."""
        return Command(actor=GM, kind="percentile.start")


def start(
    scenario: PercentileScenario, *, seed: int | None = None, roller: Roller | None = None
) -> PercentileRun:
    """A session with the scenario's (or ``seed``'s) dice, the combatants added and
    engaged; the encounter itself starts with the GM's first command."""
    chosen = seed if seed is not None else scenario.seed
    session = Session(
        PERCENTILE.engine, scenario.initial_state(), roller=roller or RandomRoller(chosen)
    )
    for spec in scenario.combatants:
        try:
            session.submit(Command.of(GM, "percentile.add_combatant", spec))
        except RulesError as error:
            raise InvalidInputError(f"{spec.id}: {error}", field="combatants") from None
    for index, engagement in enumerate(scenario.engagements):
        try:
            session.submit(order("engage", None, actor=GM, **engagement.model_dump()))
        except RulesError as error:
            raise InvalidInputError(str(error), field=f"engagements.{index}") from None
    return PercentileRun(scenario, session, chosen)


__all__ = ["PercentileRun", "PercentileScenario", "parse_scenario", "start"]
