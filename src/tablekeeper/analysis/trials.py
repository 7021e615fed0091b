"""Trials: one encounter played to its end with a policy answering everything.

A :class:`TrialPlan` is what a worker needs to play trials anywhere (it pickles): the
ruleset's name, the scenario's data as written (a variation already applied), where it
came from, and the policy. :func:`play_trials` parses the scenario once and plays one
trial per seed the way the terminal runner plays unattended: the script's commands when
due, a pending decision answered by the policy, else ``ScenarioRun.next_command``. What a
trial came to (:class:`Trial`) is read through the contract: ``winner``, ``ended``,
``elapsed``, ``tally`` and the cards. Where the ruleset tells no ending, the run does
(:func:`how_it_ended`): a trial played until its scenario's length was up ended because
"the 30 seconds ran out", in the scenario's own unit.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.engine.rulesets import Ruleset, load_ruleset
from tablekeeper.engine.scenarios import Scenario, ScenarioRun, restarted, started_once
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.engine.step_memory import UnprintableError, printed
from tablekeeper.errors import InvalidInputError, RulesError

MAX_STEPS = 20_000
"""The most commands one trial may take: an encounter still going after them is an error."""

RULESET_POLICY = "ruleset"
"""``--policy ruleset`` (the default): the ruleset's own ``policy()``."""

FIRST_LEGAL = "first-legal"
"""``--policy first-legal``: the first legal command, each decision's default."""


@dataclass(frozen=True)
class TrialPlan:
    """What a worker needs to play trials: the ruleset, the scenario data, the policy.

    ``policy`` is a name (:data:`RULESET_POLICY`, :data:`FIRST_LEGAL`, or
    ``package.module:NAME`` naming a policy, or a class or function that makes one) or a
    policy object (it must pickle to reach other processes).
    """

    ruleset: str
    data: Mapping[str, Any]
    source: str
    policy: str | Policy[Any] = RULESET_POLICY

    def scenario(self) -> Scenario:
        """The scenario, validated by its ruleset's format (errors name the field)."""
        rules = load_ruleset(self.ruleset)
        if rules.scenarios is None:
            raise InvalidInputError(f"ruleset {self.ruleset!r} reads no scenarios", field="ruleset")
        return rules.scenarios.parse(dict(self.data), source=self.source)


@dataclass(frozen=True)
class Trial:
    """What one encounter came to: ``ended`` is how, in words (:func:`how_it_ended`)."""

    index: int
    seed: int
    winner: str | None
    ended: str | None
    length: int
    commands: int
    tally: Mapping[str, Mapping[str, int]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "winner": self.winner,
            "ended": self.ended,
            "length": self.length,
            "commands": self.commands,
            "tally": {actor: dict(counts) for actor, counts in self.tally.items()},
        }


@dataclass(frozen=True)
class Cast:
    """Who takes part: each actor's name and side, in the table's order."""

    names: Mapping[str, str] = field(default_factory=dict)
    sides: Mapping[str, str] = field(default_factory=dict)


def resolve_policy(policy: str | Policy[Any], rules: Ruleset) -> Policy[Any]:
    """The policy a plan names; an unknown name or a bad import path is an error."""
    if not isinstance(policy, str):
        return policy
    if policy == RULESET_POLICY:
        return rules.policy()
    if policy == FIRST_LEGAL:
        return DefaultPolicy()
    module, sep, name = policy.partition(":")
    if not sep or not module or not name:
        raise InvalidInputError(
            f"no policy {policy!r}: choose {RULESET_POLICY}, {FIRST_LEGAL}, or package.module:NAME",
            field="policy",
        )
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise InvalidInputError(f"--policy {policy!r}: {error}", field="policy") from None
    made = found
    if not _is_policy(found) and callable(found):
        try:
            made = found()  # a class or a function that makes a policy
        except TypeError as error:
            raise InvalidInputError(
                f"--policy {policy!r}: {name} cannot be made without arguments: {error}",
                field="policy",
            ) from None
    if not _is_policy(made):
        what = (
            f"a {type(found).__name__}"
            if made is found
            else f"{name}() gives a {type(made).__name__}"
        )
        raise InvalidInputError(
            f"--policy {policy!r}: {what}, not a policy (an object with choose and answer, "
            "or a class or function that makes one)",
            field="policy",
        )
    return made  # type: ignore[no-any-return]


def _is_policy(found: Any) -> bool:
    """Whether ``found`` is a policy object (not a class of them): it has ``choose`` and
    ``answer``."""
    return not isinstance(found, type) and hasattr(found, "choose") and hasattr(found, "answer")


def play(run: ScenarioRun[Any], policy: Policy[Any], *, steps: int = MAX_STEPS) -> int:
    """Play ``run`` to its end with ``policy``; return the number of commands given."""
    session = run.session
    given = 0
    for _ in range(steps):
        if run.finished:
            return given
        due = run.due()
        for command in due:
            session.submit(command)
            given += 1
        if session.pending is not None:
            session.submit(policy.answer(session.state, session.pending))
            given += 1
            continue
        if due:
            continue
        chosen: Command | None = run.next_command(policy)
        if chosen is None:
            return given
        session.submit(chosen)
        given += 1
    raise RulesError(f"{run.scenario.name} was still going after {steps} commands")


def cast_of(plan: TrialPlan) -> Cast:
    """The scenario's actors, as the GM's cards name them once it has started; actors
    who share a name (three "Goblin") are told apart by their ids: ``Goblin (goblin_2)``
    (the terminal, the JSON and the lab page all read these names)."""
    rules, run = _started(plan)
    cards = rules.cards(run.session.state, GM_SIGHT)
    names = [c.name for c in cards]
    return Cast(
        {c.id: c.name if names.count(c.name) == 1 else f"{c.name} ({c.id})" for c in cards},
        {c.id: c.side for c in cards},
    )


def length_unit_of(plan: TrialPlan) -> str:
    """What a trial's ``length`` counts: the scenario's ``length_unit`` when its ruleset
    reads the time played (``elapsed``), else ``commands`` (what :func:`play_trials`
    counts instead)."""
    rules, run = _started(plan)
    if rules.elapsed(run.session.state) is None:
        return COMMANDS
    return run.scenario.length_unit


COMMANDS = "commands"
"""The length unit of a ruleset whose ``elapsed`` says nothing: commands given."""


def _started(plan: TrialPlan) -> tuple[Ruleset, ScenarioRun[Any]]:
    rules = load_ruleset(plan.ruleset)
    scenario = plan.scenario()
    assert rules.scenarios is not None
    return rules, rules.scenarios.start(scenario, RandomRoller(0), seed=0)


PLANS_REMEMBERED = 8
"""How many plans' parsed scenarios :func:`_parsed` keeps, and how many scenarios'
starts :func:`_started_once` keeps."""

_PLANS: dict[Hashable, tuple[TrialPlan | None, Scenario]] = {}
"""Per plan (:func:`_plan_key`), its parsed scenario (with the plan itself where the plan
is known by identity alone)."""

_STARTS: dict[int, tuple[Scenario, ScenarioRun[Any] | None]] = {}
"""Per parsed scenario (by identity, held), it started once to restart each trial from
(``None``: its trials start afresh)."""


def _plan_key(plan: TrialPlan) -> tuple[Hashable, TrialPlan | None]:
    """What tells a plan's scenario from another's: its ruleset, source and data, told by
    value (``engine.step_memory.printed``: every value with its type, in order), so a
    worker sent the same plan afresh for each chunk (a pickled copy) parses it once; a
    plan whose data holds a value not told apart by value is known by identity (held)."""
    try:
        return ("value", plan.ruleset, plan.source, printed(dict(plan.data))), None
    except UnprintableError:
        return ("very", id(plan)), plan


def _parsed(plan: TrialPlan) -> Scenario:
    """The plan's scenario, parsed once per plan on the fast paths, else afresh. Plans
    equal in value share it (:func:`_plan_key`): a caller playing a plan's trials a few
    at a time (a benchmark, a progress bar) or a worker sent each chunk's plan afresh
    does not parse it again, and every chunk's trials start from one start
    (:func:`_started_once`), so what a ruleset remembers of the states its trials passed
    through (``engine/step_memory.py``) serves them all. A scenario is a frozen value,
    and a plan's data is never changed."""
    if not fast_paths.enabled():
        return plan.scenario()
    key, held = _plan_key(plan)
    known = _PLANS.get(key)
    if known is not None and known[0] is held:
        return known[1]
    scenario = plan.scenario()
    _PLANS[key] = (held, scenario)
    if len(_PLANS) > PLANS_REMEMBERED:
        del _PLANS[next(iter(_PLANS))]
    return scenario


RESTARTS_FROM = 3
"""The fewest trials of a call that start a plan's scenario to restart them (it is started
twice to check it: fewer trials start afresh, unless it was started already)."""


def _started_once(rules: Ruleset, scenario: Scenario, trials: int) -> ScenarioRun[Any] | None:
    """The scenario started once, on the fast paths, for each of ``trials`` trials to
    restart from (``engine.scenarios.started_once``: ``None`` when a start rolls dice or
    reads its seed); started once per parsed scenario and process (:func:`_parsed`
    parses each plan once)."""
    if not fast_paths.enabled():
        return None
    known = _STARTS.get(id(scenario))
    if known is not None and known[0] is scenario:
        return known[1]
    if trials < RESTARTS_FROM:
        return None
    assert rules.scenarios is not None
    run = started_once(rules.scenarios, scenario)
    _STARTS[id(scenario)] = (scenario, run)
    if len(_STARTS) > PLANS_REMEMBERED:
        del _STARTS[next(iter(_STARTS))]
    return run


def play_trials(plan: TrialPlan, first: int, seeds: Sequence[int]) -> list[Trial]:
    """Trials ``first``, ``first + 1``... of ``plan``, one per seed, in order. On the fast
    paths each trial is the scenario's start restarted with its seed's dice
    (``engine.scenarios.restarted``) when the start rolls no die; else, and on the
    reference path, each starts afresh."""
    rules = load_ruleset(plan.ruleset)
    scenario = _parsed(plan)
    policy = resolve_policy(plan.policy, rules)
    assert rules.scenarios is not None
    once = _started_once(rules, scenario, len(seeds))
    found = []
    for offset, seed in enumerate(seeds):
        if once is not None:
            run = restarted(once, RandomRoller(seed), seed=seed)
        else:
            with fast_paths.trial():  # a trial reads the states, never the log: none is kept
                run = rules.scenarios.start(scenario, RandomRoller(seed), seed=seed)
        start = run.session.state
        commands = play(run, policy)
        end = run.session.state
        elapsed = rules.elapsed(end)
        winner = rules.winner(end)
        found.append(
            Trial(
                index=first + offset,
                seed=seed,
                winner=winner,
                ended=how_it_ended(rules.ended(end), winner, run),
                length=commands if elapsed is None else played_length(elapsed, run),
                commands=commands,
                tally=rules.tally(start, end),
            )
        )
    return found


def played_length(elapsed: int, run: ScenarioRun[Any]) -> int:
    """A trial's length in its scenario's unit: what its ruleset says has elapsed, but
    no more than the scenario's length. A ruleset counting rounds begun (tactical,
    percentile) has begun one more when the last is over; the run stops there, and no
    one played it: a trial whose 12 rounds ran out lasted 12 rounds, not 13.

    >>> from types import SimpleNamespace as Run
    >>> run = Run(scenario=Run(length=12))
    >>> played_length(13, run), played_length(7, run)
    (12, 7)
    """
    return min(elapsed, run.scenario.length)


STUCK = "no one could act any more"
"""How a trial ended that stopped before its length was up with nothing left to play
(the run's ``next_command`` gave none) and that its ruleset tells nothing of."""


def how_it_ended(told: str | None, winner: str | None, run: ScenarioRun[Any]) -> str:
    """How a trial ended, in words: the ruleset's (``told``: its ``ended``) where it says;
    else the run's, decided here and not by the ruleset: a run ``finished`` that its
    ruleset does not call over played its scenario's whole length (``finished`` is "over
    or the length played"), so "the 30 seconds ran out", in the scenario's own unit,
    with the side left standing if one is (``winner``); a run that stopped before, with
    nothing left to play, :data:`STUCK`.

    >>> from types import SimpleNamespace as Run
    >>> seconds = Run(finished=True, scenario=Run(length=30, length_unit="seconds"))
    >>> how_it_ended(None, None, seconds), how_it_ended(None, "party", seconds)
    ('the 30 seconds ran out', 'the 30 seconds ran out, party left standing')
    >>> how_it_ended("goblins left standing", "goblins", seconds)
    'goblins left standing'
    """
    if told is not None:
        return told
    if run.finished:
        scenario = run.scenario
        found = f"the {ran_out_length(scenario.length, scenario.length_unit)} ran out"
    else:
        found = STUCK
    return found if winner is None else f"{found}, {winner} left standing"


def ran_out_length(length: int, unit: str) -> str:
    """A scenario's length in its unit, said once: ``30 seconds``, ``1 round``.

    >>> ran_out_length(12, "rounds"), ran_out_length(1, "rounds"), ran_out_length(1, "s")
    ('12 rounds', '1 round', '1 s')
    """
    if length == 1 and len(unit) > 2 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{length} {unit}"
