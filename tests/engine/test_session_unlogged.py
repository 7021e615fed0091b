"""A session that keeps no log (``Session.keep_no_log``, a simulation trial's fast path)
reaches the very states and pending decisions a logging session reaches, and refuses
what needs the log."""

from __future__ import annotations

from typing import Any

import pytest
from tablekeeper_duel.rules import ATTACK, WAIT, DuelState, duel_session

from tablekeeper.analysis.trials import TrialPlan, play, resolve_policy
from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import ANSWER, Command, DefaultPolicy, EventLog, Session, fast_paths
from tablekeeper.engine.drafts import Draft
from tablekeeper.engine.overrides import set_value
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import DecisionError, IllegalCommandError
from tablekeeper.services import lab


def attack(actor: str, target: str) -> Command:
    return Command(actor=actor, kind=ATTACK, payload={"target": target})


def _both(faces: list[int], *, now: bool = True) -> tuple[Session[DuelState], Session[DuelState]]:
    logged = duel_session(FixedRoller(list(faces)))
    unlogged = duel_session(FixedRoller(list(faces)))
    if now:
        unlogged.keep_no_log()
    return logged, unlogged


def _same(logged: Session[Any], unlogged: Session[Any]) -> None:
    assert unlogged.state == logged.state
    assert unlogged.pending == logged.pending
    if logged.pending is not None:
        assert unlogged.pending is not None
        assert unlogged.pending.model_dump() == logged.pending.model_dump()


def test_a_session_keeping_no_log_plays_as_one_that_logs() -> None:
    logged, unlogged = _both([15, 4, 5, 12, 3, 18])
    for command in (attack("alice", "bob"),):
        assert unlogged.submit(command) == ()
        logged.submit(command)
        _same(logged, unlogged)
    assert unlogged.pending is not None
    assert unlogged.pending.id == "c1"
    assert unlogged.answer("dodge") == ()
    logged.answer("dodge")
    _same(logged, unlogged)
    assert len(unlogged.log) == 0
    assert not unlogged.keeps_log
    assert logged.keeps_log


def test_decisions_take_the_ids_the_log_would_give() -> None:
    """Decision ids count every command, the ones before keep_no_log included."""
    logged, unlogged = _both([3, 18, 4, 5], now=False)
    for session in (logged, unlogged):
        session.submit(attack("alice", "bob"))  # a miss: no decision
    unlogged.keep_no_log()
    for session in (logged, unlogged):
        session.submit(attack("bob", "alice"))  # a hit: alice chooses
    _same(logged, unlogged)
    assert unlogged.pending is not None
    assert unlogged.pending.id == "c2"
    stale = Command(actor="alice", kind=ANSWER, payload={"decision": "c1", "option": "block"})
    with pytest.raises(DecisionError, match="not pending"):
        unlogged.submit(stale)


def test_an_override_folds_without_a_log() -> None:
    logged, unlogged = _both([])
    override = set_value("fighters.bob.hp", 3, reason="the GM rules it")
    assert unlogged.submit(override) == ()
    logged.submit(override)
    _same(logged, unlogged)
    assert unlogged.state.fighters[ActorId("bob")].hp == 3


def test_a_session_keeping_no_log_refuses_what_needs_the_log() -> None:
    _, unlogged = _both([15])
    unlogged.submit(Command(actor="alice", kind=WAIT))
    for action in (unlogged.undo, unlogged.redo, unlogged.replay):
        with pytest.raises(IllegalCommandError, match="keeps no log"):
            action()
    with pytest.raises(IllegalCommandError, match=r"pending|turn|not"):
        unlogged.submit(Command(actor="alice", kind=WAIT))  # still checked: bob's turn


def test_a_session_keeping_no_log_plays_to_the_same_end() -> None:
    logged, unlogged = _both([])
    logged.roller = RandomRoller(seed=4)
    unlogged.roller = RandomRoller(seed=4)
    end = logged.run_with_policy(DefaultPolicy(), ["alice", "bob"])
    assert unlogged.run_with_policy(DefaultPolicy(), ["alice", "bob"]) == end


def test_a_work_pad_drafts_unless_its_session_keeps_no_log() -> None:
    state = duel_session(FixedRoller([])).state
    assert Draft(state, FixedRoller([]), lambda s, k, p: s).drafting
    with fast_paths.unlogged():
        assert not Draft(state, FixedRoller([]), lambda s, k, p: s).drafting
    assert fast_paths.drafting()


def _shipped(ruleset: str, name: str) -> tuple[TrialPlan, Any]:
    """A shipped scenario's plan and its ruleset."""
    source = lab.scenario_source(name, ruleset=ruleset)
    rules = load_ruleset(ruleset)
    assert rules.scenarios is not None
    return TrialPlan(ruleset, source.data, source.source), rules


@pytest.mark.parametrize(("ruleset", "name"), lab.shipped_scenarios())
def test_every_shipped_scenario_ends_the_same_without_a_log(ruleset: str, name: str) -> None:
    plan, rules = _shipped(ruleset, name)
    ends = []
    for keep in (True, False):
        run = rules.scenarios.start(plan.scenario(), RandomRoller(7), seed=7)
        if not keep:
            run.session.keep_no_log()
        commands = play(run, resolve_policy(plan.policy, rules))
        ends.append((commands, run.session.state, run.session.pending, len(run.session.log)))
    (
        (commands, state, pending, logged),
        (commands_unlogged, state_unlogged, pending_unlogged, kept),
    ) = ends
    assert (commands_unlogged, state_unlogged, pending_unlogged) == (commands, state, pending)
    assert state_unlogged.model_dump() == state.model_dump()
    assert kept < logged  # the setup's records only


@pytest.mark.parametrize(("ruleset", "name"), lab.shipped_scenarios())
def test_a_trial_started_without_a_log_is_the_one_started_with_it(ruleset: str, name: str) -> None:
    """A session made inside ``fast_paths.trial()`` (a trial's start) keeps no log from its
    first setup command, and reaches the same state, pending decision (its id too) and
    end as one logged from the start and only then told to keep none."""
    plan, rules = _shipped(ruleset, name)
    ends = []
    for from_the_start in (False, True):
        if from_the_start:
            with fast_paths.trial():
                run = rules.scenarios.start(plan.scenario(), RandomRoller(3), seed=3)
            assert not run.session.keeps_log and len(run.session.log) == 0  # noqa: PT018
        else:
            run = rules.scenarios.start(plan.scenario(), RandomRoller(3), seed=3)
            run.session.keep_no_log()
        begun = (run.session.state.model_dump(), run.session.pending)
        commands = play(run, resolve_policy(plan.policy, rules))
        ends.append((begun, commands, run.session.state.model_dump(), run.session.pending))
    assert ends[0] == ends[1]
    with fast_paths.reference(), fast_paths.trial():  # the reference path keeps its log
        assert rules.scenarios.start(plan.scenario(), RandomRoller(3), seed=3).session.keeps_log
    assert duel_session(FixedRoller([])).keeps_log  # and outside a trial's start, as ever


def test_decision_ids_skip_the_ids_a_stored_log_already_took() -> None:
    """A log rebuilt from storage may hold ids out of order (``c1``, ``c3``): the next new
    commands are ``c4``, ``c5``..., with or without a log."""
    played = duel_session(FixedRoller([]))
    played.submit(Command(actor="alice", kind=WAIT))
    played.submit(Command(actor="bob", kind=WAIT))
    records = [
        event.model_copy(update={"command_id": "c3"}) if event.command_id == "c2" else event
        for event in played.log.records
    ]
    assert EventLog(records).numbers_taken(2) == frozenset({3})
    sessions = []
    for keep in (True, False):
        session = Session(
            played.engine, played.initial_state, roller=FixedRoller([15]), log=EventLog(records)
        )
        if not keep:
            session.keep_no_log()
        session.submit(attack("alice", "bob"))
        sessions.append(session)
    logged, unlogged = sessions
    _same(logged, unlogged)
    assert unlogged.pending is not None
    assert unlogged.pending.id == "c4"
