"""Duel scenarios: two (or more) fighters in YAML, checked, then played turn by turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import GM, Command, Frozen, Policy, Session, invalid_input
from tablekeeper.engine.memo import built_for
from tablekeeper.engine.scenarios import check_version, repeated_ids, versioned_mapping
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper_duel.rules import ADD_FIGHTER, ENGINE, DuelOptions, DuelState, FighterSpec

SCHEMA_VERSION = 1


class DuelScenario(Frozen):
    """Fighters, in turn order, and the rounds the runner plays at most."""

    schema_version: int
    ruleset: Literal["duel"] = "duel"
    name: str = Field(min_length=1, max_length=80)
    summary: str = ""
    seed: int | None = None
    rounds: int = Field(default=20, ge=1, le=1000)
    options: DuelOptions = Field(default_factory=DuelOptions)
    fighters: tuple[FighterSpec, ...] = Field(min_length=2)

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

    def actors(self) -> tuple[FighterSpec, ...]:
        return self.fighters

    def with_length(self, length: int) -> DuelScenario:
        return self.model_copy(update={"rounds": length})

    def with_actors(self, actors: Sequence[Any]) -> DuelScenario:
        """The same scenario with these actors (specs, in order) instead of its own."""
        return self.model_copy(update={"fighters": tuple(actors)})


@dataclass
class DuelRun:
    """A duel scenario in play."""

    scenario: DuelScenario
    session: Session[DuelState]
    seed: int | None

    @property
    def finished(self) -> bool:
        state = self.session.state
        clock = state.clock
        return state.winner is not None or (
            clock is not None and clock.round > self.scenario.rounds
        )

    def due(self) -> list[Command]:
        return []

    def next_command(self, policy: Policy[DuelState]) -> Command | None:
        state = self.session.state
        if self.finished or state.clock is None:
            return None
        actor = state.clock.current
        if self.session.pending is None:  # the engine's legal commands, read lazily
            legal: Sequence[Command] = ENGINE.legal_lazily(state, actor)
        else:
            legal = self.session.legal_commands(actor)
        return policy.choose(state, actor, legal) if legal else None


class DuelScenarios:
    """The duel's scenario format."""

    demo = "first_blood"

    def parse(self, data: Any, *, source: str) -> DuelScenario:
        raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
        try:
            scenario = DuelScenario.model_validate(raw)
        except ValidationError as error:
            raise invalid_input(error, prefix="scenario") from None
        repeated = repeated_ids([fighter.id for fighter in scenario.fighters])
        if repeated:
            raise InvalidInputError(f"fighter ids repeat: {', '.join(repeated)}", field="fighters")
        return scenario

    def start(self, scenario: DuelScenario, roller: Roller, *, seed: int | None) -> DuelRun:
        session = Session(ENGINE, DuelState(options=scenario.options), roller=roller)
        for spec in scenario.fighters:
            # built once for the very spec on the engine's fast paths: a simulation starts
            # every trial from one parsed scenario (``tablekeeper.engine.memo``)
            adding = built_for(spec, ADD_FIGHTER, partial(Command.of, GM, ADD_FIGHTER, spec))
            try:
                session.submit(adding)
            except RulesError as error:
                raise InvalidInputError(f"{spec.id}: {error}", field="fighters") from None
        return DuelRun(scenario, session, seed)

    def party(self, scenario: DuelScenario) -> str:
        return scenario.fighters[0].side or scenario.fighters[0].id


SCENARIOS = DuelScenarios()
