"""``realtime`` scenarios: an encounter of rule document 003 described in YAML, checked, played.

This is the ruleset's :class:`~tablekeeper.engine.scenarios.ScenarioFormat`
(:data:`SCENARIOS`); reading the file and choosing the ruleset is the services'.

A scenario names its creatures, the options (rulings) and house rules it plays with, how
many seconds it lasts, a timeline of commands the GM gives at given seconds and, for
unattended play, the damage each reaction's hit deals (``reaction_damage``, keyed by the
reaction's catalogue id: ``{opportunity_attack: 1d6}``, a dice expression or a whole
number; ``reaction_damage.py``, G-R-E5). Loading validates all of it (``schema_version``
first) and every error names the field: ``creatures.1.hp: Input should be a valid
integer``, ``timeline.0.target: no creature 'bob' (creatures: aliena, balthazar)``,
``reaction_damage.bite: no reaction 'bite' (reactions: opportunity_attack)``.
:class:`ScenarioRun` is a scenario in play: a :class:`~tablekeeper.engine.session.Session`
with the creatures added, and the timeline's commands handed out second by second.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
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
from tablekeeper.rulesets.realtime.encounter.commands import (
    ADD_CREATURE,
    MAX_ADVANCE,
    CreatureSpec,
    advance,
)
from tablekeeper.rulesets.realtime.encounter.engine import COMMANDS, RealtimeEngine, new_encounter
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.once import for_the_very
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.policy import RealtimePolicy
from tablekeeper.rulesets.realtime.reaction_damage import DamageRule, ruled_damage

SCHEMA_VERSION = 1
"""The version of the scenario format this code reads."""

COMMAND_NAMES = tuple(
    sorted(kind.removeprefix("realtime.") for kind in COMMANDS.kinds if kind != ADD_CREATURE)
)
"""What a timeline entry may ``do``: the command kinds without ``realtime.``."""

_REFERENCES = ["creature", "target"]
"""Payload fields that name a creature (and ``source``, for a declared trigger)."""


class TimelineEntry(Frozen):
    """At second ``at``, ``actor`` (the GM unless named) gives the command ``do``."""

    at: int = Field(ge=1)
    do: str = Field(description="A command kind without 'realtime.': move, damage, ...")
    actor: ActorId = GM
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("do")
    @classmethod
    def _known_command(cls, do: str) -> str:
        if do not in COMMAND_NAMES:
            raise ValueError(f"no command {do!r}; choose {', '.join(COMMAND_NAMES)}")
        return do

    def command(self) -> Command:
        """The command to submit."""
        return Command(actor=self.actor, kind=f"realtime.{self.do}", payload=self.payload)


class RealtimeScenario(Frozen):
    """A ``realtime`` encounter to play: its creatures, rulings and timeline."""

    schema_version: int
    ruleset: Literal["realtime"] = "realtime"
    name: str = Field(min_length=1, max_length=80)
    summary: str = ""
    seconds: int = Field(ge=1, le=MAX_ADVANCE, description="How long the runner plays.")
    seed: int | None = Field(default=None, description="The dice, unless --seed says otherwise.")
    options: RealtimeOptions = Field(default_factory=RealtimeOptions)
    house_rules: dict[str, Any] = Field(default_factory=dict)
    creatures: tuple[CreatureSpec, ...] = Field(min_length=1)
    timeline: tuple[TimelineEntry, ...] = ()
    reaction_damage: dict[str, DamageRule] = Field(
        default_factory=dict,
        description="Per reaction id, the damage unattended play deals for each hit, as "
        "the GM would rule it (G-R-E5): a dice expression ('1d6') or a whole number. A "
        "reaction not named deals none unattended.",
    )

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version, SCHEMA_VERSION)

    def initial_state(self) -> RealtimeState:
        """The empty encounter: options and catalogue (house rules laid over it). On the
        fast paths built once for the very scenario (``once.py``: a frozen value, and the
        scenario is parsed once per plan), so every trial starts from the very same state
        and a command played before from it is not played again
        (``encounter/played_before.py``)."""
        return for_the_very(
            self,
            "initial state",
            lambda: new_encounter(self.options, house_rules=self.house_rules or None),
        )

    @property
    def length(self) -> int:
        """How many seconds the runner plays."""
        return self.seconds

    @property
    def length_unit(self) -> str:
        return "seconds"

    def actors(self) -> tuple[CreatureSpec, ...]:
        """The creatures, in order."""
        return self.creatures

    def with_length(self, length: int) -> RealtimeScenario:
        """The scenario played for ``length`` seconds."""
        return self.model_copy(update={"seconds": length})

    def scripted(self) -> frozenset[str]:
        """The creatures the timeline names (as actor, creature, target or source): their
        fate is the script's, so unattended play never acts for them or on them."""
        named = {str(entry.actor) for entry in self.timeline}
        for entry in self.timeline:
            named |= {
                str(entry.payload[key]) for key in (*_REFERENCES, "source") if key in entry.payload
            }
        return frozenset(named)

    def with_actors(self, actors: Sequence[Any]) -> RealtimeScenario:
        """The same scenario with these actors (specs, in order) instead of its own."""
        return self.model_copy(update={"creatures": tuple(actors)})


def _timeline_entry(raw: Any, index: int) -> dict[str, Any]:
    """A timeline entry as YAML writes it (``at``, ``do``, ``actor``, then the command's
    fields) split into the entry and its payload."""
    if not isinstance(raw, Mapping):
        raise InvalidInputError(
            "an entry is a mapping: at, do, and the command's fields", field=f"timeline.{index}"
        )
    fields = dict(raw)
    entry = {key: fields.pop(key) for key in ("at", "do", "actor") if key in fields}
    return {**entry, "payload": fields}


def _check_timeline(scenario: RealtimeScenario) -> None:
    known = {spec.id for spec in scenario.creatures}
    names = ", ".join(spec.id for spec in scenario.creatures)
    for index, entry in enumerate(scenario.timeline):
        where = f"timeline.{index}"
        if entry.at > scenario.seconds:
            raise InvalidInputError(
                f"second {entry.at} is after the scenario's last second ({scenario.seconds})",
                field=f"{where}.at",
            )
        model = COMMANDS.spec(f"realtime.{entry.do}").payload
        try:
            model.model_validate(entry.payload)
        except ValidationError as error:
            raise invalid_input(error, prefix=where) from None
        references = [*_REFERENCES, "source"] if entry.do == "trigger" else _REFERENCES
        for key in references:
            value = entry.payload.get(key)
            if value is not None and value not in known:
                raise InvalidInputError(
                    f"no creature {value!r} (creatures: {names})", field=f"{where}.{key}"
                )


def parse_scenario(data: Any, *, source: str = "scenario") -> RealtimeScenario:
    """Validate scenario data (parsed YAML); errors name the field and, first, ``source``."""
    raw = versioned_mapping(data, source=source, version=SCHEMA_VERSION)
    timeline = raw.get("timeline") or []
    if not isinstance(timeline, list):
        raise InvalidInputError("the timeline is a list of entries", field="timeline")
    raw["timeline"] = [_timeline_entry(entry, index) for index, entry in enumerate(timeline)]
    try:
        scenario = RealtimeScenario.model_validate(raw)
    except ValidationError as error:
        raise invalid_input(error, prefix="scenario") from None
    repeated = repeated_ids([spec.id for spec in scenario.creatures])
    if repeated:
        raise InvalidInputError(f"creature ids repeat: {', '.join(repeated)}", field="creatures")
    reactions = scenario.initial_state().catalogue.reactions  # the house rules must load
    for key in scenario.reaction_damage:
        if key not in reactions:
            raise InvalidInputError(
                f"no reaction {key!r} (reactions: {', '.join(reactions)})",
                field=f"reaction_damage.{key}",
            )
    _check_timeline(scenario)
    return scenario


@dataclass
class ScenarioRun:
    """A scenario in play: its session, and the timeline handed out second by second."""

    scenario: RealtimeScenario
    session: Session[RealtimeState]
    seed: int | None
    played_through: int = 0
    asked: set[tuple[int, str]] = field(default_factory=set)
    _scripted: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)
    """The scenario's :meth:`~RealtimeScenario.scripted`, worked out once per run (every
    second of unattended play asks it; on the fast paths once per scenario: ``once.py``)."""
    _unscripted: _Unscripted = field(
        default_factory=lambda: _Unscripted(frozenset()), init=False, repr=False, compare=False
    )
    """What unattended play keeps of a creature's legal commands, set with ``_scripted``."""
    _entry_seconds: tuple[int, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The seconds the timeline gives commands at, sorted (the fast paths' bisection)."""
    _by_second: dict[int, tuple[Command, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The timeline's commands by second (the fast paths: :func:`_timeline_commands`)."""

    @property
    def state(self) -> RealtimeState:
        """The encounter now."""
        return self.session.state

    @property
    def second(self) -> int:
        """The second being played."""
        return self.session.state.second

    def restarted(self, session: Session[RealtimeState], *, seed: int | None) -> ScenarioRun:
        """The run as :func:`start` left it, over ``session`` (restarted with new dice,
        ``engine.scenarios.restarted``) and seeded ``seed``: no second of the timeline
        handed out, no creature asked (a new run, not a copy of this one's fields)."""
        return ScenarioRun(self.scenario, session, seed)

    @property
    def finished(self) -> bool:
        """Past the scenario's last second."""
        return self.session.state.clock.second > self.scenario.seconds

    def due(self) -> list[Command]:
        """The timeline's commands for this second, once: calling again gives none."""
        second = self.session.state.clock.second
        if self.played_through >= second:
            return []
        self.played_through = second
        if fast_paths.enabled():
            by_second = self._by_second
            if by_second is None:
                by_second = self._by_second = _timeline_commands(self.scenario.timeline)
            return list(by_second.get(second, ()))
        return [entry.command() for entry in self.scenario.timeline if entry.at == second]

    def next_entry_second(self) -> int | None:
        """The next second the timeline gives a command at, after this one."""
        return self._next_entry_after(self.session.state.clock.second)

    def _next_entry_after(self, second: int) -> int | None:
        """The next second the timeline gives a command at, after ``second``.

        On the fast paths the timeline's seconds are sorted once per timeline, and the
        next is found by bisection: the least of those after this second, as the full
        scan finds it (``tests/rulesets/realtime/test_fast_paths.py``, every second)."""
        if fast_paths.enabled():
            seconds = self._entry_seconds
            if seconds is None:
                timeline = self.scenario.timeline
                seconds = self._entry_seconds = for_the_very(
                    timeline,
                    "timeline seconds",
                    lambda: tuple(sorted({entry.at for entry in timeline})),
                )
            index = bisect_right(seconds, second)
            return seconds[index] if index < len(seconds) else None
        later = [entry.at for entry in self.scenario.timeline if entry.at > second]
        return min(later) if later else None

    def advance_command(self, seconds: int = 1) -> Command:
        """Advance ``seconds``, but never past the next timeline entry or the last second."""
        second = self.session.state.clock.second
        limit = self.scenario.seconds + 1 - second
        upcoming = self._next_entry_after(second)
        if upcoming is not None:
            limit = min(limit, upcoming - second)
        return advance(max(1, min(seconds, limit)))

    def next_command(self, policy: Policy[RealtimeState]) -> Command | None:
        """Unattended: first the GM's rulings the scenario states, each hit's damage
        (``reaction_damage``: the ``damage`` command the GM would give, G-R-E5); then each
        conscious creature the timeline does not script is asked, once a second, what it
        does (``policy.choose`` among its legal commands and, last, the advance of the
        clock: choosing that lets the second pass); then time goes on, one second."""
        state = self.session.state
        second = state.clock.second
        if second > self.scenario.seconds:  # finished
            return None
        if state.awaiting_damage:
            ruled = ruled_damage(state, self.scenario.reaction_damage, self.session.roller)
            if ruled is not None:
                return ruled
        # advance_command(1) is the advance of max(1, min(1, limit)) seconds, its limit
        # at least 1 before the end: always one second (on the fast paths, taken as such)
        fast = fast_paths.enabled()
        wait = advance(1) if fast else self.advance_command(1)
        scripted = self._scripted
        if scripted is None:
            scenario = self.scenario
            scripted = self._scripted = for_the_very(scenario, "scripted", scenario.scripted)
            self._unscripted = _Unscripted(scripted)
        unscripted = self._unscripted
        engine = self.session.engine
        asked = self.asked
        if (
            fast
            and type(policy) is RealtimePolicy  # not a subclass choosing otherwise
            and isinstance(engine, RealtimeEngine)
            and self.session.pending is None
        ):
            return self._picked(policy, engine, state, unscripted, wait)
        for creature in state.creatures.values():
            if creature.id in scripted or not creature.can_act:
                continue
            key = (second, str(creature.id))
            if key in asked:
                continue
            asked.add(key)
            choice = self._chosen(policy, state, creature.id, unscripted, wait)
            if choice is not None:
                return choice
        return wait

    def _picked(
        self,
        policy: RealtimePolicy,
        engine: RealtimeEngine,
        state: RealtimeState,
        unscripted: _Unscripted,
        wait: Command,
    ) -> Command:
        """The fast paths' loop of :meth:`next_command`: each creature not yet asked this
        second is asked through the policy's pick (``RealtimePolicy.pick``: what
        ``choose`` takes among its legal commands, the advance last; ``None`` for the
        advance), the GM through its legal commands; ``wait`` once all let it pass."""
        second, scripted, asked, pick = (
            state.clock.second,
            unscripted.scripted,
            self.asked,
            policy.pick,
        )
        for creature in state.creatures.values():
            actor = creature.id
            if actor in scripted or not creature.can_act:
                continue
            key = (second, str(actor))
            if key in asked:
                continue
            asked.add(key)
            if actor == GM:  # the GM's legal commands are asked in full
                choice = self._chosen(policy, state, actor, unscripted, wait)
            else:
                choice = pick(engine, state, actor, unscripted)
            if choice is not None:
                return choice
        return wait

    def _chosen(
        self,
        policy: Policy[RealtimeState],
        state: RealtimeState,
        actor: ActorId,
        unscripted: _Unscripted,
        wait: Command,
    ) -> Command | None:
        """What ``policy.choose`` picks for ``actor`` among its legal commands that leave
        the scripted creatures alone, the advance ``wait`` last (``None``: the advance,
        or nothing legal)."""
        legal = [command for command in self.session.legal_commands(actor) if unscripted(command)]
        if not legal:
            return None
        choice = policy.choose(state, actor, (*legal, wait))
        return None if choice is wait else choice


def _timeline_commands(timeline: tuple[TimelineEntry, ...]) -> dict[int, tuple[Command, ...]]:
    """The timeline's commands by second, in the timeline's order, built once for the very
    timeline on the fast paths (a simulation plays one scenario's timeline trial after
    trial): each the command :meth:`TimelineEntry.command` builds, a frozen value handed
    out again instead of validated afresh (``tests/rulesets/realtime/test_fast_paths.py``)."""

    def make() -> dict[int, tuple[Command, ...]]:
        by_second: dict[int, tuple[Command, ...]] = {}
        for entry in timeline:
            by_second[entry.at] = (*by_second.get(entry.at, ()), entry.command())
        return by_second

    return for_the_very(timeline, "timeline commands", make)


@dataclass(frozen=True)
class _Unscripted:
    """Whether a command leaves the scripted creatures alone (its ``target`` is none of
    them): what unattended play keeps of a creature's legal commands."""

    scripted: frozenset[str]

    def __call__(self, command: Command) -> bool:
        return str(command.payload.get("target", "")) not in self.scripted

    def keeps_target(self, target: str) -> bool:
        """Whether a command aimed at ``target`` is kept (``__call__`` of a command
        whose payload's ``target`` is ``target``)."""
        return str(target) not in self.scripted


def start(scenario: RealtimeScenario, roller: Roller, *, seed: int | None) -> ScenarioRun:
    """Start ``scenario``: a session rolling with ``roller`` (``seed`` is what it was
    seeded with, for the record) and its creatures added, at second 1."""
    session = Session(ENGINE, scenario.initial_state(), roller=roller)
    for spec in scenario.creatures:
        try:
            session.submit(_added(spec))
        except RulesError as error:
            raise InvalidInputError(f"{spec.id}: {error}", field="creatures") from None
    return ScenarioRun(scenario, session, seed)


def _added(spec: CreatureSpec) -> Command:
    """The GM adds the creature ``spec`` describes: built once for the very spec on the
    fast paths (a frozen value; every trial of a scenario adds its creatures)."""
    return for_the_very(spec, ADD_CREATURE, lambda: Command.of(GM, ADD_CREATURE, spec))


ENGINE = RealtimeEngine()


class RealtimeScenarios:
    """The ``realtime`` scenario format."""

    demo = "bleeding_out"

    def parse(self, data: Any, *, source: str) -> RealtimeScenario:
        return parse_scenario(data, source=source)

    def start(self, scenario: RealtimeScenario, roller: Roller, *, seed: int | None) -> ScenarioRun:
        return start(scenario, roller, seed=seed)

    def party(self, scenario: RealtimeScenario) -> str:
        """The first creature's side."""
        return scenario.creatures[0].side


SCENARIOS = RealtimeScenarios()
"""The ``realtime`` scenario format."""
