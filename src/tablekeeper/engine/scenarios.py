"""Scenarios: an encounter described in a file, in the shape its ruleset reads, then played.

A scenario names its ruleset (``ruleset: percentile``), the options it plays by, its
actors and how long it lasts (seconds, rounds...). Each ruleset reads its own shape
through its :class:`ScenarioFormat` (``Ruleset.scenarios``); the services only read the
file (or a shipped one, from the ruleset package's ``scenarios/`` folder) and hand the
parsed YAML over. A started scenario is a :class:`ScenarioRun`: a
:class:`~tablekeeper.engine.session.Session` with the actors added, the commands its
script gives at their time (``due``), and what plays next when nobody is at the keys
(``next_command``). The terminal runner, the demo campaigns, the golden transcripts and
the simulations all go through these three protocols.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.session import Session
from tablekeeper.errors import InvalidInputError

S = TypeVar("S")

SCENARIO_FOLDER = "scenarios"
"""The folder of a ruleset package that holds its shipped scenarios (``<name>.yaml``)."""


@runtime_checkable
class Scenario(Protocol):
    """A parsed scenario: what every ruleset's scenario model shows."""

    @property
    def name(self) -> str:
        """Its title."""
        ...

    @property
    def summary(self) -> str:
        """A line or two on what happens in it."""
        ...

    @property
    def seed(self) -> int | None:
        """The dice it is played with unless told otherwise."""
        ...

    @property
    def options(self) -> BaseModel:
        """The ruleset's options (rulings) it plays by."""
        ...

    @property
    def length(self) -> int:
        """How long the runner plays, in :attr:`length_unit`."""
        ...

    @property
    def length_unit(self) -> str:
        """What :attr:`length` counts: ``seconds``, ``rounds``..."""
        ...

    def actors(self) -> Sequence[BaseModel]:
        """Its actors, as the ruleset's actor specs (``Ruleset.Actor``), in order."""
        ...

    def with_length(self, length: int) -> Any:
        """The same scenario, played for ``length`` instead."""
        ...

    def with_actors(self, actors: Sequence[BaseModel]) -> Any:
        """The same scenario with these actor specs, in order, instead of its own (what a
        balance sweep or the conformance suite's hidden-number check varies)."""
        ...


class ScenarioRun(Protocol[S]):
    """A scenario in play."""

    @property
    def scenario(self) -> Scenario:
        """The scenario being played."""
        ...

    @property
    def session(self) -> Session[S]:
        """Its session: the log, the state, the pending decision."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed of its dice (``None``: unseeded, or dice typed in)."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the encounter is over or the scenario's length is played."""
        ...

    def due(self) -> list[Command]:
        """The commands the scenario's script gives now, once each."""
        ...

    def next_command(self, policy: Policy[S]) -> Command | None:
        """What plays next when nobody is at the keys (the clock advances, the actor whose
        turn it is acts as ``policy`` chooses); ``None`` when nothing can."""
        ...


class ScenarioFormat(Protocol):
    """How one ruleset reads and starts its scenarios."""

    @property
    def demo(self) -> str | None:
        """The shipped scenario its demo campaign is made from (``None``: no demo)."""
        ...

    def parse(self, data: Any, *, source: str) -> Scenario:
        """Validate parsed YAML; every error names the field (and ``source`` first)."""
        ...

    def start(self, scenario: Any, roller: Roller, *, seed: int | None) -> ScenarioRun[Any]:
        """The scenario started with ``roller`` (made from ``seed``, which the run keeps
        for the record): its actors added, nothing played yet."""
        ...

    def party(self, scenario: Any) -> str:
        """The side whose actors are the players' characters (in a demo campaign)."""
        ...


def versioned_mapping(data: Any, *, source: str, version: int) -> dict[str, Any]:
    """``data`` as a mapping of fields that states its ``schema_version``."""
    if not isinstance(data, Mapping):
        raise InvalidInputError(f"{source} must be a mapping of fields", field="scenario")
    if "schema_version" not in data:
        raise InvalidInputError(
            f"{source} has no schema_version (this Tablekeeper reads {version})",
            field="schema_version",
        )
    return dict(data)


def check_version(version: int, expected: int) -> int:
    """A pydantic field check: the one format version this code reads."""
    if version != expected:
        raise ValueError(f"this Tablekeeper reads scenario format {expected}, not {version}")
    return version


def repeated_ids(ids: Sequence[str]) -> list[str]:
    """The ids that appear more than once, sorted."""
    return sorted({name for name in ids if ids.count(name) > 1})
