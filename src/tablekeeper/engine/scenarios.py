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

A simulation plays thousands of trials of one scenario, each from the same start with
other dice. When the start rolls no die and reads its seed nowhere
(:func:`started_once` checks, starting it twice), a trial need not start again:
:func:`restarted` gives, from the run started once, a run at the same start with a new
roller and seed, playing exactly as ``start(scenario, roller, seed=seed)`` would. A run
that keeps progress of its own a copy cannot reset, or that must hear its seed, says how
with a ``restarted(session, *, seed)`` method of its own (see :class:`ScenarioRun`).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.engine import fast_paths
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
    """A scenario in play.

    A run may have a method ``restarted(session, *, seed)``: the run as it was started,
    over ``session`` (its session restarted with new dice: ``Session.restarted``) and
    seeded with ``seed``, its own progress (a script's position) back at the start; or
    ``None``, never to be restarted. Without one, a run that is a dataclass restarts as
    a copy of its fields (:func:`restarted`), and any other starts afresh each trial.
    """

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


def started_once(formats: ScenarioFormat, scenario: Any) -> ScenarioRun[Any] | None:
    """``scenario`` started to be :func:`restarted` trial after trial, keeping no log (a
    simulation's fast paths), or ``None`` when it must start afresh each trial: it is
    started twice, with dice seeded 0 and 1, and is restartable only when neither start
    rolled a die (their rollers' histories are empty) and the two came to the same state,
    pending decision and run (a start that reads its seed, or draws faces unrecorded,
    differs there), and the run says how to restart (its own ``restarted``, or it is a
    dataclass)."""
    with fast_paths.trial():
        run = formats.start(scenario, RandomRoller(0), seed=0)
        other = formats.start(scenario, RandomRoller(1), seed=1)
    first, second = run.session, other.session
    if first.roller.history or second.roller.history or first.keeps_log:
        return None
    if (first.state, first.pending) != (second.state, second.pending):
        return None
    own = getattr(run, "restarted", None)
    if own is None:
        if not copyable(run) or _progress(run) != _progress(other):
            return None
    elif own(first.restarted(RandomRoller(0)), seed=0) is None:  # it will not restart
        return None
    return run


def restarted(run: ScenarioRun[S], roller: Roller, *, seed: int | None) -> ScenarioRun[S]:
    """``run`` (from :func:`started_once`, never played) started again with ``roller``
    (made from ``seed``): a new run at the same start, playing exactly as
    ``start(scenario, roller, seed=seed)`` would (``tests/analysis/test_restarts.py``).

    The session is the engine's (``Session.restarted``); the run is the ruleset's own
    ``restarted`` when it has one, else a copy of the dataclass: the new session and
    seed, its other fields (a script's position, a cache) copied deep, each as the start
    left it (the very scenario kept, and any reference to the session or its roller
    made to the new ones)."""
    session = run.session.restarted(roller)
    own = getattr(run, "restarted", None)
    if own is not None:
        made: ScenarioRun[S] | None = own(session, seed=seed)
        if made is None:
            raise ValueError(f"{type(run).__name__} does not restart: start it afresh")
        return made
    assert copyable(run)
    again: ScenarioRun[S] = copied(run, session, seed=seed)
    return again


def copied(run: Any, session: Session[Any], *, seed: int | None) -> Any:
    """A copy of the dataclass ``run`` (:func:`copyable`) over ``session`` (its own copy,
    ``Session.restarted``) and ``seed``: its other fields (a script's position, a cache)
    copied deep as they are now, the very scenario kept, and any reference to the old
    session or its roller made to the new ones. What :func:`restarted` gives from a run
    at its start, and what the lab's exact answers copy a run by between its commands."""
    memo: dict[int, Any] = {
        id(run.session): session,
        id(run.session.roller): session.roller,
        id(run.scenario): run.scenario,
    }
    own_fields = [f for f in dataclasses.fields(run) if f.name not in _GIVEN]
    made = dataclasses.replace(
        run,
        scenario=run.scenario,
        session=session,
        seed=seed,
        **{f.name: copy.deepcopy(getattr(run, f.name), memo) for f in own_fields if f.init},
    )
    for f in own_fields:  # what its constructor does not take (a cache), as it is
        if not f.init:
            object.__setattr__(made, f.name, copy.deepcopy(getattr(run, f.name), memo))
    return made


_GIVEN = ("scenario", "session", "seed")
"""The fields of a run its start gives it (a restarted copy is given them anew)."""


def copyable(run: Any) -> bool:
    """Whether :func:`restarted` (:func:`copied`) may copy ``run``: a dataclass instance
    taking its scenario, session and seed in its constructor."""
    if not dataclasses.is_dataclass(run) or isinstance(run, type):
        return False
    taken = {f.name for f in dataclasses.fields(run) if f.init}
    return taken.issuperset(_GIVEN)


def _progress(run: Any) -> dict[str, Any]:
    """A dataclass run's fields other than its session and seed: what it keeps of its
    own (a restarted copy keeps them as the start left them)."""
    return {
        f.name: getattr(run, f.name)
        for f in dataclasses.fields(run)
        if f.compare and f.name not in ("session", "seed")
    }


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
