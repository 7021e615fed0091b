"""``fractal`` scenarios: characters and conflicts of rule document 000 in YAML, played.

This is the ruleset's :class:`~tablekeeper.engine.scenarios.ScenarioFormat`
(:data:`SCENARIOS`). A scenario names its characters (their sheets), the conflicts the GM
opens at the start (any level, several at once), the rulings and house rules it plays
by, how many steps (Exchanges and Intervals) the runner plays at most, and a timeline of
GM commands given when a conflict has ended (serving the meal the cook made). Loading
validates all of it and every error names the field. :class:`FractalRun` is a scenario in
play: the characters added, the conflicts opened, and, unattended, whoever must act acts
as the policy chooses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.scenarios import check_version, repeated_ids, versioned_mapping
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, ActorId, Frozen, invalid_input
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.engine import COMMANDS, ENGINE, new_encounter
from tablekeeper.rulesets.fractal.encounter.nano_flow import waiting_on
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec, FractalState
from tablekeeper.rulesets.fractal.options import FractalOptions

SCHEMA_VERSION = 1
"""The version of the scenario format this code reads."""


class TimelineEntry(Frozen):
    """When conflict ``after`` has ended, the GM gives the command ``do``."""

    after: str = Field(description="A conflict id: the entry is due once it has ended.")
    do: str = Field(description="A command kind without 'fractal.': serve_output, ...")
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("do")
    @classmethod
    def _known(cls, do: str) -> str:
        if f"fractal.{do}" not in COMMANDS:
            known = ", ".join(sorted(k.removeprefix("fractal.") for k in COMMANDS.kinds))
            raise ValueError(f"no command {do!r}; choose {known}")
        return do

    def command(self) -> Command:
        return Command(actor=GM, kind=f"fractal.{self.do}", payload=self.payload)


class FractalScenario(Frozen):
    """A ``fractal`` scene to play: characters, conflicts, rulings, timeline."""

    schema_version: int
    ruleset: Literal["fractal"] = "fractal"
    name: str = Field(min_length=1, max_length=80)
    summary: str = ""
    seed: int | None = None
    steps: int = Field(default=20, ge=1, le=1000, description="Exchanges and Intervals, at most.")
    options: FractalOptions = Field(default_factory=FractalOptions)
    house_rules: dict[str, Any] = Field(default_factory=dict)
    characters: tuple[CharacterSpec, ...] = Field(min_length=1)
    conflicts: tuple[cmd.OpenConflict, ...] = Field(min_length=1)
    timeline: tuple[TimelineEntry, ...] = ()
    party_side: str | None = None

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version, SCHEMA_VERSION)

    def initial_state(self) -> FractalState:
        return new_encounter(self.options, house_rules=self.house_rules or None)

    @property
    def length(self) -> int:
        return self.steps

    @property
    def length_unit(self) -> str:
        return "steps"

    def actors(self) -> tuple[CharacterSpec, ...]:
        return self.characters

    def with_length(self, length: int) -> FractalScenario:
        return self.model_copy(update={"steps": length})

    def with_actors(self, actors: Sequence[Any]) -> FractalScenario:
        """The same scenario with these actors (specs, in order) instead of its own."""
        return self.model_copy(update={"characters": tuple(actors)})


def parse_scenario(data: Any, *, source: str = "scenario") -> FractalScenario:
    """Validate scenario data (parsed YAML); errors name the field and, first, ``source``."""
    raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
    try:
        scenario = FractalScenario.model_validate(raw)
    except ValidationError as error:
        raise invalid_input(error, prefix="scenario", model=FractalScenario) from None
    repeated = repeated_ids([spec.id for spec in scenario.characters])
    if repeated:
        raise InvalidInputError(f"character ids repeat: {', '.join(repeated)}", field="characters")
    known = {spec.id for spec in scenario.characters}
    for index, conflict in enumerate(scenario.conflicts):
        for seat_index, seat in enumerate(conflict.all_seats):
            if seat.character not in known:
                raise InvalidInputError(
                    f"no character {seat.character!r} (characters: {', '.join(sorted(known))})",
                    field=f"conflicts.{index}.seats.{seat_index}.character",
                )
    conflicts = {conflict.id for conflict in scenario.conflicts}
    for index, entry in enumerate(scenario.timeline):
        if entry.after not in conflicts:
            raise InvalidInputError(f"no conflict {entry.after!r}", field=f"timeline.{index}.after")
        try:
            COMMANDS.spec(f"fractal.{entry.do}").payload.model_validate(entry.payload)
        except ValidationError as error:
            raise invalid_input(error, prefix=f"timeline.{index}") from None
    scenario.initial_state()  # the house rules must load
    return scenario


@dataclass
class FractalRun:
    """A scenario in play."""

    scenario: FractalScenario
    session: Session[FractalState]
    seed: int | None
    given: set[int] = field(default_factory=set)

    @property
    def state(self) -> FractalState:
        return self.session.state

    @property
    def steps_played(self) -> int:
        return sum(
            max(0, c.step - 1) if c.ended is None else c.step for c in self.state.conflicts.values()
        )

    @property
    def finished(self) -> bool:
        """Every conflict over (and the timeline given), or the steps played out.

        A pure function of the state, the scenario and the timeline's entries given (a
        set that only grows): asked twice of each state by the unattended loop (before
        the timeline is read, then by :meth:`next_command`), so on the fast paths the last
        answer is kept with the very run and state it was for and the count given."""
        global _LAST_FINISHED
        if not fast_paths.enabled():
            return self._finished()
        state, given = self.state, len(self.given)
        last = _LAST_FINISHED
        if last[0] is self and last[1] is state and last[2] == given:
            return last[3]
        found = self._finished()
        _LAST_FINISHED = (self, state, given, found)
        return found

    def _finished(self) -> bool:
        state = self.state
        over = all(c.ended is not None for c in state.conflicts.values())
        return (over and not self._due_entries()) or self.steps_played >= self.scenario.steps

    def _due_entries(self) -> list[int]:
        return [
            index
            for index, entry in enumerate(self.scenario.timeline)
            if index not in self.given
            and (found := self.state.conflicts.get(entry.after)) is not None
            and found.ended is not None
        ]

    def due(self) -> list[Command]:
        """The timeline's commands whose conflict has ended, once each."""
        found = []
        for index in self._due_entries():
            self.given.add(index)
            found.append(self.scenario.timeline[index].command())
        return found

    def next_command(self, policy: Policy[FractalState]) -> Command | None:
        """Unattended: a pending decision's answer, else whoever must act, as ``policy``
        chooses; ``None`` when nothing can."""
        if self.finished:
            return None
        pending = self.session.pending
        if pending is not None:
            return policy.answer(self.state, pending)
        for conflict in self.state.open_conflicts():
            actor = conflict.current if conflict.level == "micro" else waiting_on(conflict)
            if conflict.level == "solo" and conflict.project is not None:
                actor = conflict.project.character
            if actor is None:
                continue
            # No decision is pending, so the session's legal commands are the engine's;
            # read lazily, a policy taking the first checks the candidates up to it only.
            legal = ENGINE.legal_lazily(self.state, ActorId(actor))
            if legal:
                return policy.choose(self.state, self.state.actor(actor), legal)
        return None


_LAST_FINISHED: tuple[FractalRun | None, FractalState | None, int, bool] = (None, None, 0, False)
"""The run :attr:`FractalRun.finished` last answered for, the state, the count of timeline
entries given, and its answer (replaced whole)."""


def start(scenario: FractalScenario, roller: Roller, *, seed: int | None) -> FractalRun:
    """Start ``scenario``: its characters added and its conflicts opened."""
    session = Session(ENGINE, scenario.initial_state(), roller=roller)
    for spec in scenario.characters:
        try:
            session.submit(cmd.add_character(spec))
        except RulesError as error:
            raise InvalidInputError(f"{spec.id}: {error}", field="characters") from None
    for conflict in scenario.conflicts:
        try:
            session.submit(Command.of(GM, cmd.OPEN_CONFLICT, conflict))
        except RulesError as error:
            raise InvalidInputError(f"{conflict.id}: {error}", field="conflicts") from None
    return FractalRun(scenario, session, seed)


class FractalScenarios:
    """The ``fractal`` scenario format."""

    demo = "goblin_ambush"

    def parse(self, data: Any, *, source: str) -> FractalScenario:
        return parse_scenario(data, source=source)

    def start(self, scenario: FractalScenario, roller: Roller, *, seed: int | None) -> FractalRun:
        return start(scenario, roller, seed=seed)

    def party(self, scenario: FractalScenario) -> str:
        """The scenario's party side (the first character's, unless it names one)."""
        return scenario.party_side or scenario.characters[0].side


SCENARIOS = FractalScenarios()
"""The ``fractal`` scenario format."""

__all__ = ["SCENARIOS", "FractalRun", "FractalScenario", "parse_scenario", "start"]
