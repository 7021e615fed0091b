"""A trial restarted from a scenario started once (``engine.scenarios.restarted``) plays
exactly the trial a fresh start with its seed plays: every shipped scenario of every
ruleset and the third-party duel, several seeds, the same state, pending decision and
command number after every command. A start that rolls dice, or reads its seed, is never
reused, and the reference path always starts afresh."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from tablekeeper.analysis import trials
from tablekeeper.analysis.trials import TrialPlan, play, play_trials, resolve_policy
from tablekeeper.dice.roller import Die, RandomRoller, Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.scenarios import ScenarioFormat, ScenarioRun, restarted, started_once
from tablekeeper.engine.session import Session
from tablekeeper.errors import IllegalCommandError
from tablekeeper.services import lab

SHIPPED = lab.shipped_scenarios()
SEEDS = (3, 11, 2026)

Trace = list[tuple[Any, Any, int | None]]


def _plan(ruleset: str, name: str) -> TrialPlan:
    source = lab.scenario_source(name, ruleset=ruleset)
    return TrialPlan(ruleset, source.data, source.source)


def _traced(run: ScenarioRun[Any], policy: Policy[Any]) -> Trace:
    """``trials.play``'s loop, noting the state, the pending decision (its id the command
    id) and the next command number after every command."""
    session = run.session
    trace: Trace = [(session.state, session.pending, session._unlogged_number)]

    def give(command: Command) -> None:
        session.submit(command)
        trace.append((session.state, session.pending, session._unlogged_number))

    for _ in range(trials.MAX_STEPS):
        if run.finished:
            break
        due = run.due()
        for command in due:
            give(command)
        if session.pending is not None:
            give(policy.answer(session.state, session.pending))
            continue
        if due:
            continue
        chosen = run.next_command(policy)
        if chosen is None:
            break
        give(chosen)
    return trace


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_a_restarted_run_plays_the_trial_a_fresh_start_plays(ruleset: str, name: str) -> None:
    plan = _plan(ruleset, name)
    rules = load_ruleset(ruleset)
    assert rules.scenarios is not None
    scenario = plan.scenario()
    once = started_once(rules.scenarios, scenario)
    assert once is not None  # no shipped scenario rolls a die while it starts
    for seed in SEEDS:
        with fast_paths.trial():
            fresh = rules.scenarios.start(scenario, RandomRoller(seed), seed=seed)
        again = restarted(once, RandomRoller(seed), seed=seed)
        assert again.seed == fresh.seed == seed
        assert again.scenario is scenario
        assert again.session is not once.session
        assert _traced(again, rules.policy()) == _traced(fresh, rules.policy())
        assert again.session.roller.history == fresh.session.roller.history
        assert len(fresh.session.roller.history) > 0  # the trial rolled: the dice were its own
    assert not once.session.roller.history  # the run started once was never played
    with fast_paths.trial():
        start = rules.scenarios.start(scenario, RandomRoller(0), seed=0).session
    assert (once.session.state, once.session.pending) == (start.state, start.pending)


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_restarted_trials_are_the_reference_paths_trials(ruleset: str, name: str) -> None:
    plan = _plan(ruleset, name)
    fast = play_trials(plan, 0, list(SEEDS))
    assert _start_of(plan) is not None  # they were restarted
    with fast_paths.reference():
        assert trials._started_once(load_ruleset(ruleset), plan.scenario(), 9) is None
        reference = play_trials(plan, 0, list(SEEDS))
    assert fast == reference


@dataclass
class _Run:
    """A run double: a shipped run's contract, and what its start kept of the seed."""

    inner: Any = field(compare=False)  # the shipped run it plays through
    scenario: Any
    session: Session[Any]
    seed: int | None
    noted: int | None = None
    """The seed, when the start keeps it."""

    @property
    def finished(self) -> bool:
        return bool(self.inner.finished)

    def due(self) -> list[Command]:
        return list(self.inner.due())

    def next_command(self, policy: Policy[Any]) -> Command | None:
        return self.inner.next_command(policy)  # type: ignore[no-any-return]


class _Format:
    """The duel's scenario format, its start changed as a test needs."""

    def __init__(self, *, rolls: bool = False, notes_seed: bool = False) -> None:
        rules = load_ruleset("duel")
        assert rules.scenarios is not None
        self.inner: ScenarioFormat = rules.scenarios
        self.rolls = rolls
        self.notes_seed = notes_seed

    def start(self, scenario: Any, roller: Roller, *, seed: int | None) -> _Run:
        run = self.inner.start(scenario, roller, seed=seed)
        if self.rolls:  # the start rolls a die (for who goes first, say)
            roller.roll(Die(6))
        noted = seed if self.notes_seed else None
        return _Run(run, run.scenario, run.session, seed, noted)


def _duel() -> Any:
    return _plan("duel", "first_blood").scenario()


def _start_of(plan: TrialPlan) -> Any:
    """The start ``play_trials`` restarts the plan's trials from (``None``: none yet)."""
    scenario = trials._parsed(plan)
    known = trials._STARTS.get(id(scenario))
    return None if known is None or known[0] is not scenario else known[1]


def test_a_call_of_fewer_trials_than_the_check_costs_starts_each_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(trials, "_PLANS", {})  # no other test's play of the duel
    monkeypatch.setattr(trials, "_STARTS", {})
    plan = _plan("duel", "first_blood")
    few = play_trials(plan, 0, [1, 2])
    assert _start_of(plan) is None
    assert play_trials(plan, 0, [1, 2, 3])[:2] == few
    assert _start_of(plan) is not None
    assert play_trials(plan, 0, [1]) == few[:1]  # started already: restarted


def test_a_plan_sent_afresh_is_parsed_and_started_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker is sent each chunk's plan afresh (a pickled copy): plans equal in value
    share one parsed scenario and one start, so the states every chunk's trials pass
    through are the very ones earlier chunks met (what realtime's and tactical's steps
    remembered are keyed by); a plan with other data, or holding a value not told apart
    by value, has its own; the reference path parses each afresh."""
    monkeypatch.setattr(trials, "_PLANS", {})
    monkeypatch.setattr(trials, "_STARTS", {})
    plan = _plan("realtime", "leaving_reach")
    sent = pickle.loads(pickle.dumps(plan))
    assert sent is not plan
    assert trials._parsed(sent) is trials._parsed(plan)
    first = play_trials(plan, 0, [1, 2, 3])
    assert _start_of(sent) is _start_of(plan) is not None
    assert play_trials(sent, 0, [1, 2, 3]) == first
    other = replace(plan, data={**plan.data, "seconds": 13})
    assert trials._parsed(other) is not trials._parsed(plan)
    held = replace(plan, data={**plan.data, "note": object()})
    assert trials._plan_key(held) == (("very", id(held)), held)
    with fast_paths.reference():
        assert trials._parsed(sent) is not trials._parsed(plan)


def test_a_start_that_rolls_a_die_is_never_restarted() -> None:
    assert started_once(_Format(), _duel()) is not None  # the double restarts as it is
    assert started_once(_Format(rolls=True), _duel()) is None


def test_a_start_that_keeps_its_seed_is_never_restarted() -> None:
    assert started_once(_Format(notes_seed=True), _duel()) is None


def test_a_run_may_refuse_to_restart() -> None:
    class Refusing(_Run):
        def restarted(self, session: Session[Any], *, seed: int | None) -> None:
            return None

    class Format(_Format):
        def start(self, scenario: Any, roller: Roller, *, seed: int | None) -> _Run:
            run = super().start(scenario, roller, seed=seed)
            return Refusing(run.inner, run.scenario, run.session, run.seed)

    assert started_once(Format(), _duel()) is None


def test_a_run_restarts_its_own_way_when_it_says_how() -> None:
    made: list[int | None] = []

    class Own(_Run):
        def restarted(self, session: Session[Any], *, seed: int | None) -> _Run:
            made.append(seed)
            return replace(self, inner=replace(self.inner, session=session), session=session)

    class Format(_Format):
        def start(self, scenario: Any, roller: Roller, *, seed: int | None) -> _Run:
            run = super().start(scenario, roller, seed=seed)
            return Own(run.inner, run.scenario, run.session, run.seed)

    once = started_once(Format(), _duel())
    assert once is not None
    again = restarted(once, RandomRoller(7), seed=7)
    assert made[-1] == 7
    assert again.session.roller is not once.session.roller


def test_a_copied_run_holds_the_new_session_and_roller_wherever_it_held_the_old() -> None:
    once = started_once(_Format(), _duel())
    assert once is not None
    roller = RandomRoller(5)
    again = restarted(once, roller, seed=5)
    assert isinstance(again, _Run)
    assert again.inner is not once.inner  # its own fields are copies...
    assert again.inner.session is again.session  # ...holding the new session
    assert again.session.roller is roller
    assert again.inner.scenario is once.scenario


def test_a_session_that_keeps_a_log_does_not_restart() -> None:
    rules = load_ruleset("duel")
    assert rules.scenarios is not None
    run = rules.scenarios.start(_duel(), RandomRoller(1), seed=1)
    with pytest.raises(IllegalCommandError, match="keeps a log"):
        run.session.restarted(RandomRoller(2))


def test_a_restarted_trial_matches_its_fresh_start_with_the_ruleset_policy_and_first_legal() -> (
    None
):
    plan = replace(_plan("percentile", "river_ambush"), policy=trials.FIRST_LEGAL)
    rules = load_ruleset("percentile")
    assert rules.scenarios is not None
    scenario = plan.scenario()
    once = started_once(rules.scenarios, scenario)
    assert once is not None
    policy = resolve_policy(plan.policy, rules)
    with fast_paths.trial():
        fresh = rules.scenarios.start(scenario, RandomRoller(4), seed=4)
    again = restarted(once, RandomRoller(4), seed=4)
    assert play(again, policy) == play(fresh, policy)
    assert again.session.state == fresh.session.state
