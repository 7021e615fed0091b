"""``percentile`` scenarios: a combat or social encounter of rule document 001 in YAML.

This is the ruleset's :class:`~tablekeeper.engine.scenarios.ScenarioFormat`
(:data:`SCENARIOS`); reading the file and choosing the ruleset is the services'.

A scenario names its combatants (each with a stat block, inline or by name from
``stat_blocks``), who is engaged in melee when it opens, the options (the optional rules
and rulings, the encounter engine's included), the most rounds the runner plays, and the
dice. A file written for an earlier version may still give the engine's rulings in a
``settings`` block: they are read as options. Loading validates all of it
(``schema_version`` first) and every error names the field:
``combatants.1.stats.hit_points: Field required``, ``engagements.0.pair: no combatant
'bob'``. :class:`PercentileRun` is a scenario in play: a
:class:`~tablekeeper.engine.session.Session` with the combatants added and engaged, not
yet started; unattended, the GM starts it, then each combatant acts on its turn as the
policy chooses. A scenario with a ``social`` block (the time scale, the length, the
opposition, the parties and their goals, as the GM's ``percentile.start_social`` takes
them) starts a social encounter instead, and plays to its last round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.engine.scenarios import check_version, repeated_ids, versioned_mapping
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, Frozen, invalid_input
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter.commands import CombatantSpec, Engage
from tablekeeper.rulesets.percentile.encounter.engine import PercentileEngine, new_encounter
from tablekeeper.rulesets.percentile.encounter.social.commands import START_SOCIAL, StartSocial
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.encounter.table import order
from tablekeeper.rulesets.percentile.options import PercentileOptions, with_settings

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
    combatants: tuple[CombatantSpec, ...] = Field(min_length=1)
    engagements: tuple[Engage, ...] = ()
    social: StartSocial | None = Field(
        default=None,
        description="A social encounter: the GM starts it (time scale, length, parties, "
        "goals) instead of a combat.",
    )

    @model_validator(mode="before")
    @classmethod
    def _settings_are_options(cls, data: Any) -> Any:
        return with_settings(data)

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version, SCHEMA_VERSION)

    def initial_state(self) -> PercentileState:
        """The empty encounter, with the scenario's options."""
        return new_encounter(self.options)

    @property
    def length(self) -> int:
        """The most rounds the runner plays."""
        return self.rounds

    @property
    def length_unit(self) -> str:
        return "rounds"

    def actors(self) -> tuple[CombatantSpec, ...]:
        """The combatants, in order."""
        return self.combatants

    def with_length(self, length: int) -> PercentileScenario:
        """The scenario played for at most ``length`` rounds."""
        return self.model_copy(update={"rounds": length})

    def with_actors(self, actors: Sequence[Any]) -> PercentileScenario:
        """The same scenario with these actors (specs, in order) instead of its own."""
        return self.model_copy(update={"combatants": tuple(actors)})


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


def _check_settings(raw: dict[str, Any]) -> None:
    """An earlier version's ``settings`` block: each ruling must be a valid option, and an
    error names it where the file wrote it (``scenario.settings.early_defense``)."""
    settings = raw.get("settings")
    if settings is None:
        return
    if not isinstance(settings, Mapping):
        raise InvalidInputError("settings is a mapping of rulings", field="scenario.settings")
    try:
        PercentileOptions.model_validate(settings)
    except ValidationError as error:
        raise invalid_input(error, prefix="scenario.settings") from None


def _check_references(scenario: PercentileScenario) -> None:
    known = {spec.id for spec in scenario.combatants}
    names = ", ".join(spec.id for spec in scenario.combatants)
    repeated = repeated_ids([spec.id for spec in scenario.combatants])
    if repeated:
        raise InvalidInputError(f"combatant ids repeat: {', '.join(repeated)}", field="combatants")
    for index, engagement in enumerate(scenario.engagements):
        for key in engagement.pair:
            if key not in known:
                raise InvalidInputError(
                    f"no combatant {key!r} (combatants: {names})",
                    field=f"engagements.{index}.pair",
                )
    social = scenario.social
    if social is None:
        return
    sides = {spec.side for spec in scenario.combatants}
    for index, party in enumerate(social.parties):
        if party.side not in sides:
            raise InvalidInputError(
                f"no combatant is on the side {party.side!r} (sides: {', '.join(sorted(sides))})",
                field=f"social.parties.{index}.side",
            )
    for key in social.turn_modifiers:
        if key not in known:
            raise InvalidInputError(
                f"no combatant {key!r} (combatants: {names})", field="social.turn_modifiers"
            )


def parse_scenario(data: Any, *, source: str = "scenario") -> PercentileScenario:
    """Validate scenario data (parsed YAML); errors name the field and, first, ``source``."""
    raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
    raw["combatants"] = _combatants(raw)
    _check_settings(raw)
    try:
        scenario = PercentileScenario.model_validate(raw)
    except ValidationError as error:
        raise invalid_input(error, prefix="scenario", model=PercentileScenario) from None
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
        """The round being played (0 before the start): a social one, before a combat."""
        state = self.session.state
        if state.social is not None and state.clock is None:
            return state.social.round
        return state.round

    @property
    def finished(self) -> bool:
        """The encounter is over (a social one, unless it turned into combat), or the
        scenario's rounds are played."""
        state = self.state
        social = state.social
        talked_out = social is not None and social.over and state.clock is None
        return state.over or talked_out or self.round > self.scenario.rounds

    def due(self) -> list[Command]:
        """A percentile scenario has no timeline: nothing is due by the clock."""
        return []

    def start_command(self) -> Command:
        """The GM's command that rolls the turn orders and opens round 1: of a social
        encounter when the scenario describes one, else of a combat."""
        if self.scenario.social is not None:
            return Command.of(GM, START_SOCIAL, self.scenario.social)
        return cmd.start()

    def next_command(self, policy: Policy[PercentileState]) -> Command | None:
        """Unattended play: the pending decision answered as ``policy`` chooses; else the
        GM starts the encounter if it has not started; else the combatant whose turn it
        is takes the command ``policy`` chooses among its legal ones (the default policy:
        the first). ``None`` once finished, or when no one can act."""
        if self.finished:
            return None
        session, state = self.session, self.state
        if session.pending is not None:
            return policy.answer(state, session.pending)
        if state.clock is None and state.social is None:
            return self.start_command()
        acting = state.active if state.talking is None else state.talking.active
        if acting is None:
            return None
        engine = session.engine
        if (
            fast_paths.enabled()
            and type(policy) is DefaultPolicy  # it takes the first legal: find that one only
            and isinstance(engine, PercentileEngine)
        ):
            return engine.first_legal(state, acting)
        legal = session.legal_commands(acting)
        return policy.choose(state, acting, legal) if legal else None


def start(scenario: PercentileScenario, roller: Roller, *, seed: int | None) -> PercentileRun:
    """A session rolling with ``roller`` (``seed`` is what it was seeded with, for the
    record), the combatants added and engaged; the encounter itself starts with the GM's
    first command."""
    session = Session(ENGINE, scenario.initial_state(), roller=roller)
    for spec in scenario.combatants:
        try:
            session.submit(Command.of(GM, cmd.ADD_COMBATANT, spec))
        except RulesError as error:
            raise InvalidInputError(f"{spec.id}: {error}", field="combatants") from None
    for index, engagement in enumerate(scenario.engagements):
        try:
            session.submit(order(cmd.ENGAGE, None, actor=GM, **engagement.model_dump()))
        except RulesError as error:
            raise InvalidInputError(str(error), field=f"engagements.{index}") from None
    return PercentileRun(scenario, session, seed)


ENGINE = PercentileEngine()


class PercentileScenarios:
    """The ``percentile`` scenario format."""

    demo = "river_ambush"

    def parse(self, data: Any, *, source: str) -> PercentileScenario:
        return parse_scenario(data, source=source)

    def start(
        self, scenario: PercentileScenario, roller: Roller, *, seed: int | None
    ) -> PercentileRun:
        return start(scenario, roller, seed=seed)

    def party(self, scenario: PercentileScenario) -> str:
        """The first combatant's side."""
        return scenario.combatants[0].side


SCENARIOS = PercentileScenarios()
"""The ``percentile`` scenario format."""
