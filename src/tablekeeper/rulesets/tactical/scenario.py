"""``tactical`` scenarios: a map, characters and rounds in YAML, checked, then played.

A scenario names its map (size and walls), its characters (sheets with their squares),
the options it plays by, a GM's house rules over the catalogue, and how many rounds the
runner plays at most. Unattended, the character whose turn it is acts as the policy
chooses from the engine's candidates (best first: close in, attack, defend, end the turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built_for
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.scenarios import check_version, repeated_ids, versioned_mapping
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, Frozen, invalid_input
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.tactical.encounter.commands import ADD_CHARACTER, CharacterSpec
from tablekeeper.rulesets.tactical.encounter.engine import TacticalEngine, new_encounter
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.encounter.transitions import chosen_once
from tablekeeper.rulesets.tactical.grid import GridMap
from tablekeeper.rulesets.tactical.options import TacticalOptions
from tablekeeper.rulesets.tactical.policy import TacticalPolicy

SCHEMA_VERSION = 1


class TacticalScenario(Frozen):
    """A map, characters in turn order, and the rounds the runner plays at most."""

    schema_version: int
    ruleset: Literal["tactical"] = "tactical"
    name: str = Field(min_length=1, max_length=80)
    summary: str = ""
    seed: int | None = None
    rounds: int = Field(default=20, ge=1, le=1000)
    options: TacticalOptions = Field(default_factory=TacticalOptions)
    map: GridMap
    house_rules: dict[str, Any] = Field(default_factory=dict)
    party: str | None = Field(default=None, description="The players' side (default: the first).")
    characters: tuple[CharacterSpec, ...] = Field(min_length=2)

    @model_validator(mode="before")
    @classmethod
    def _map_is_the_battlefield(cls, data: Any) -> Any:
        """The scenario's map is the battlefield its options lay encounters on."""
        if isinstance(data, dict) and "map" in data:
            options = data.get("options") or {}
            if isinstance(options, dict):
                data = {**data, "options": {**options, "battlefield": data["map"]}}
        return data

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version, SCHEMA_VERSION)

    @property
    def length(self) -> int:
        return self.rounds

    @property
    def length_unit(self) -> str:
        return "rounds"

    def actors(self) -> tuple[CharacterSpec, ...]:
        return self.characters

    def with_length(self, length: int) -> TacticalScenario:
        return self.model_copy(update={"rounds": length})

    def with_actors(self, actors: Sequence[Any]) -> TacticalScenario:
        """The same scenario with these actors (specs, in order) instead of its own."""
        return self.model_copy(update={"characters": tuple(actors)})

    def initial_state(self) -> TacticalState:
        return new_encounter(self.options, map=self.map, house_rules=self.house_rules or None)


ENGINE = TacticalEngine()


@dataclass
class TacticalRun:
    """A tactical scenario in play."""

    scenario: TacticalScenario
    session: Session[TacticalState]
    seed: int | None

    @property
    def finished(self) -> bool:
        state = self.session.state
        return state.ended is not None or (
            state.clock is not None and state.clock.round > self.scenario.rounds
        )

    def due(self) -> list[Command]:
        return []

    def next_command(self, policy: Policy[TacticalState]) -> Command | None:
        state = self.session.state
        if self.finished or state.turn is None:
            return None
        pending = self.session.pending
        if pending is not None:
            return policy.answer(state, pending)
        if fast_paths.enabled() and type(policy) is TacticalPolicy:
            # the ruleset's own policy chooses by the state alone: once for the very state
            # (``encounter/transitions.py``: a trial's states chain from trial to trial)
            return chosen_once(state, lambda: _chosen(state, policy))
        return _chosen(state, policy)


def _chosen(state: TacticalState, policy: Policy[TacticalState]) -> Command | None:
    """The policy's choice among the acting character's legal commands (``None``: none)."""
    assert state.turn is not None
    # No decision is pending, so the session's legal commands are the engine's; read
    # lazily, a policy taking the first checks the candidates up to it (fast paths).
    legal = ENGINE.legal_lazily(state, state.turn.actor)
    return policy.choose(state, state.turn.actor, legal) if legal else None


def _added(spec: CharacterSpec) -> Command:
    """The GM's command adding ``spec``, built once for the very spec."""
    return built_for(spec, "tactical add character", lambda: Command.of(GM, ADD_CHARACTER, spec))


class TacticalScenarios:
    """The ``tactical`` scenario format."""

    demo = "skirmish"

    def parse(self, data: Any, *, source: str) -> TacticalScenario:
        raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
        try:
            scenario = TacticalScenario.model_validate(raw)
        except ValidationError as error:
            raise invalid_input(error, prefix="scenario") from None
        repeated = repeated_ids([spec.id for spec in scenario.characters])
        if repeated:
            raise InvalidInputError(
                f"character ids repeat: {', '.join(repeated)}", field="characters"
            )
        scenario.initial_state()  # the house rules must load
        return scenario

    def start(self, scenario: TacticalScenario, roller: Roller, *, seed: int | None) -> TacticalRun:
        """The scenario's encounter, its characters added. A simulation trial's start
        (``fast_paths.starting_trial()``) begins from the very initial state and adds the
        characters with the very commands, each built once for the scenario and the
        character (``memo.built_for``: pure values of them), so the trials' states chain
        from one start (``encounter/transitions.py``)."""
        once = fast_paths.starting_trial()
        initial = (
            built_for(scenario, "tactical initial state", scenario.initial_state)
            if once
            else scenario.initial_state()
        )
        session = Session(ENGINE, initial, roller=roller)
        for spec in scenario.characters:
            try:
                session.submit(_added(spec) if once else Command.of(GM, ADD_CHARACTER, spec))
            except RulesError as error:
                raise InvalidInputError(f"{spec.id}: {error}", field="characters") from None
        return TacticalRun(scenario, session, seed)

    def party(self, scenario: TacticalScenario) -> str:
        return scenario.party or scenario.characters[0].side


SCENARIOS = TacticalScenarios()
"""The ``tactical`` scenario format."""
