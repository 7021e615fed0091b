"""The engine's fast paths (``engine/fast_paths.py``) change nothing but the speed: every
shipped scenario, played with the same seed on the fast and on the reference path, logs
the same events and reaches the same state and the same trial."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.conformance import played_states
from tablekeeper.analysis import trials as trials_module
from tablekeeper.analysis.trials import TrialPlan, play, play_trials, resolve_policy
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Answer, Option, PendingDecision
from tablekeeper.engine.events import EventDraft
from tablekeeper.engine.legal import LegalCommands
from tablekeeper.engine.memo import built_for, remembered
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import GM, ActorId, CommandId, Frozen
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.realtime.encounter import commands as realtime_cmd
from tablekeeper.services import lab

SHIPPED = lab.shipped_scenarios()


def _played(ruleset: str, name: str, seed: int) -> tuple[list[dict[str, Any]], Any]:
    source = lab.scenario_source(name, ruleset=ruleset)
    plan = TrialPlan(ruleset, source.data, source.source)
    rules = load_ruleset(ruleset)
    assert rules.scenarios is not None
    run = rules.scenarios.start(plan.scenario(), RandomRoller(seed), seed=seed)
    play(run, resolve_policy(plan.policy, rules))
    session = run.session
    return [event.model_dump() for event in session.log.events], session.state


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_the_fast_path_logs_the_same_events_and_reaches_the_same_state(
    ruleset: str, name: str
) -> None:
    for seed in (1, 2):
        fast_log, fast_state = _played(ruleset, name, seed)
        with fast_paths.reference():
            reference_log, reference_state = _played(ruleset, name, seed)
        assert fast_log == reference_log
        assert fast_state == reference_state
        assert fast_state.model_dump() == reference_state.model_dump()


@pytest.mark.parametrize(("ruleset", "name"), [("tactical", "skirmish"), ("duel", "first_blood")])
def test_the_fast_path_gives_the_same_trials(ruleset: str, name: str) -> None:
    source = lab.scenario_source(name, ruleset=ruleset)
    plan = TrialPlan(ruleset, source.data, source.source)
    fast = play_trials(plan, 0, [5, 6])
    with fast_paths.reference():
        reference = play_trials(plan, 0, [5, 6])
    assert fast == reference


def test_an_answer_is_built_once_on_the_fast_path_only() -> None:
    """A policy's answer to a decision raised under the same id (the next trial's) is the
    very command built before, equal to the one built afresh on the reference path."""
    decision = PendingDecision(
        id=CommandId("c3"),
        chooser=ActorId("bob"),
        prompt="block or dodge?",
        options=(Option(id="block", label="Block"), Option(id="dodge", label="Dodge")),
        default="block",
    )
    fast = decision.answer("dodge")
    again = decision.model_copy(update={"prompt": "again?"}).answer("dodge")
    assert again is fast
    assert decision.answer("block") != fast
    with fast_paths.reference():
        reference = decision.answer("dodge")
    assert reference == fast and reference is not fast  # noqa: PT018
    assert reference.model_dump() == fast.model_dump()
    assert Answer.of(fast) == Answer(decision=CommandId("c3"), option="dodge")


def test_reference_switches_the_fast_paths_off_and_back_on() -> None:
    assert fast_paths.enabled()
    with fast_paths.reference():
        assert not fast_paths.enabled()
        with fast_paths.reference():
            assert not fast_paths.enabled()
        assert not fast_paths.enabled()
    assert fast_paths.enabled()


class _Point(Frozen):
    x: int
    y: int = 0


def test_a_fast_copy_is_pydantics_copy() -> None:
    point = _Point(x=1)
    fast = point.model_copy(update={"y": 2})
    with fast_paths.reference():
        reference = point.model_copy(update={"y": 2})
    assert fast == reference == _Point(x=1, y=2)
    assert fast.model_fields_set == reference.model_fields_set == {"x", "y"}
    assert point == _Point(x=1)


def test_a_draft_of_a_model_is_the_validated_draft() -> None:
    fast = EventDraft.of("moved", _Point(x=3))
    with fast_paths.reference():
        reference = EventDraft.of("moved", _Point(x=3))
    assert fast == reference
    assert fast.model_dump() == reference.model_dump()


def test_a_trusted_value_is_the_validated_value() -> None:
    trusted = _Point.trusted(x=1, y=2)
    assert trusted == _Point(x=1, y=2)
    assert trusted.model_dump() == {"x": 1, "y": 2}
    assert trusted.model_fields_set == {"x", "y"}
    assert hash(trusted) == hash(_Point(x=1, y=2))


def _states_visited(ruleset: str, name: str, seed: int) -> tuple[Any, list[Any], list[str]]:
    """Every state a reference-path encounter passes through, and its actors (and GM)."""
    run, states = played_states(ruleset, name, seed)
    rules = load_ruleset(ruleset)
    with fast_paths.reference():
        actors = [card.id for card in rules.cards(run.session.state, GM_SIGHT)]
    return rules.engine, states, [*actors, GM]


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_the_fast_legal_commands_are_the_reference_legal_commands(ruleset: str, name: str) -> None:
    """On every state an encounter passes through (8 to hundreds), for every actor: the legal
    commands on the fast paths (remembered commands and checks, lazy candidates, state
    memos) are the reference path's, in the same order."""
    engine, states, actors = _states_visited(ruleset, name, seed=3)
    compared = 0
    for state in states:
        for actor in actors:
            with fast_paths.reference():
                reference = tuple(engine.legal_commands(state, ActorId(actor)))
            fast = tuple(engine.legal_commands(state, ActorId(actor)))
            assert fast == reference, (actor, state)
            if isinstance(engine, TableEngine):
                lazy = engine.legal_lazily(state, ActorId(actor))
                first = lazy[0] if lazy else None
                assert first == (reference[0] if reference else None)
                assert tuple(lazy) == reference
            compared += len(reference)
    assert len(states) > 5
    assert compared > 0


def test_lazy_legal_commands_check_only_what_is_read() -> None:
    """``LegalCommands`` reads like the tuple of the allowed candidates, checking a
    candidate only when the reader comes to it."""
    made = [Command(actor=ActorId("a"), kind=f"k{i}", payload={"i": i}) for i in range(6)]
    checked: list[int] = []

    def allows(command: Command) -> bool:
        index = int(str(command.payload["i"]))
        checked.append(index)
        return index % 2 == 1

    legal = LegalCommands(iter(made), allows)
    assert legal
    assert checked == [0, 1]
    assert legal[0] is made[1]
    assert checked == [0, 1]
    assert legal[1] is made[3]
    assert checked == [0, 1, 2, 3]
    expected = (made[1], made[3], made[5])
    assert tuple(legal) == expected
    assert len(legal) == 3
    assert legal[-1] is made[5]
    assert legal[1:] == expected[1:]
    assert legal == expected
    assert made[3] in legal
    assert legal.index(made[5]) == 2
    assert checked == [0, 1, 2, 3, 4, 5]  # each candidate checked once
    with pytest.raises(IndexError):
        legal[3]
    empty = LegalCommands(iter(made), lambda command: False)
    assert not empty
    assert len(empty) == 0
    assert tuple(empty) == ()


def test_a_state_memo_answers_for_the_very_same_state_only_on_the_fast_path() -> None:
    calls: list[int] = []
    point, twin = _Point(x=1), _Point(x=1)

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert remembered(point, "q", compute) == 1
    assert remembered(point, "q", compute) == 1  # remembered for this object
    assert remembered(twin, "q", compute) == 2  # an equal state is another state
    assert remembered(point, "other", compute) == 3
    with fast_paths.reference():
        assert remembered(point, "q", compute) == 4  # the reference path computes


def test_a_value_built_for_an_object_is_built_once_for_the_very_object() -> None:
    calls: list[int] = []
    catalogue, twin = _Point(x=1), _Point(x=1)

    def make() -> int:
        calls.append(1)
        return len(calls)

    assert built_for(catalogue, "groups", make) == 1
    assert built_for(catalogue, "groups", make) == 1  # built once for this object
    assert built_for(twin, "groups", make) == 2  # an equal object is another object
    assert built_for(catalogue, "other", make) == 3
    with fast_paths.reference():
        assert built_for(catalogue, "groups", make) == 4  # the reference path builds


def test_a_check_passed_is_remembered_for_the_same_state_and_command_only() -> None:
    rules = load_ruleset("realtime")
    assert rules.scenarios is not None
    source = lab.scenario_source("bleeding_out", ruleset="realtime")
    plan = TrialPlan("realtime", source.data, source.source)
    run = rules.scenarios.start(plan.scenario(), RandomRoller(1), seed=1)
    engine, state = rules.engine, run.session.state
    legal = engine.legal_commands(state, ActorId("demilio"))
    command = legal[0]
    assert engine.check(state, command) == engine.check(state, command)
    after = run.session.state.model_copy(update={"ending_second": True})
    with pytest.raises(RulesError):
        engine.check(after, command)  # another state is checked afresh


def test_realtime_builds_a_command_once_on_the_fast_path() -> None:
    fast = realtime_cmd.move("aliena", (1, 2))
    assert realtime_cmd.move("aliena", (1, 2)) is fast
    with fast_paths.reference():
        reference = realtime_cmd.move("aliena", (1, 2))
    assert reference == fast
    assert reference is not fast
    assert reference.model_dump() == fast.model_dump()
    assert realtime_cmd.move("aliena", [1, 2]) == fast  # type: ignore[arg-type]


class _Order(Frozen):
    target: str
    count: int = 1


def test_a_payload_parsed_once_is_the_same_model_on_the_fast_path_only() -> None:
    """A command given again and again (a scenario's timeline, in every trial) is parsed
    once on the fast path: the same model, equal to the one parsed afresh; a payload its
    model refuses is refused every time; the reference path parses every time."""
    command = Command(actor=ActorId("a"), kind="go", payload={"target": "b", "count": "2"})
    first = command.payload_as(_Order)
    assert first == _Order(target="b", count=2)
    assert command.payload_as(_Order) is first
    with fast_paths.reference():
        afresh = command.payload_as(_Order)
    assert afresh == first and afresh is not first  # noqa: PT018
    refused = Command(actor=ActorId("a"), kind="go", payload={"count": 1})
    for _ in range(2):
        with pytest.raises(RulesError, match=r"payload\.target"):
            refused.payload_as(_Order)


def test_a_plans_scenario_is_parsed_once_on_the_fast_path_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = lab.scenario_source("first_blood", ruleset="duel")
    plan = TrialPlan("duel", source.data, source.source)
    parsed = []
    parse = TrialPlan.scenario

    def counted(self: TrialPlan) -> Any:
        parsed.append(self)
        return parse(self)

    monkeypatch.setattr(TrialPlan, "scenario", counted)
    monkeypatch.setattr(trials_module, "_PLANS", {})  # no other test's parse of the duel
    trials = [play_trials(plan, seed - 1, [seed])[0] for seed in (1, 2, 3)]
    assert len(parsed) == 1
    with fast_paths.reference():
        again = [play_trials(plan, seed - 1, [seed])[0] for seed in (1, 2, 3)]
    assert len(parsed) == 4
    assert trials == again


def test_the_next_round_in_the_same_order_is_the_validated_clock() -> None:
    clock = RoundClock.start(["alice", "bob", "cleo"]).next_turn().next_turn()
    fast = clock.next_round()
    with fast_paths.reference():
        reference = clock.next_round()
    assert fast == reference == RoundClock(round=2, order=("alice", "bob", "cleo"))
    assert fast.model_fields_set == reference.model_fields_set == {"round", "order"}
    assert fast.model_dump() == reference.model_dump()
    assert fast.next_round(["bob", "alice"]).order == ("bob", "alice")  # a new order: checked
    with pytest.raises(ValueError, match="twice"):
        fast.next_round(["bob", "bob"])
