"""The session driving the example duel: legal commands, refusals, decisions, undo, policies."""

from __future__ import annotations

import pytest
from tablekeeper_duel.rules import (
    ATTACK,
    ATTACK_ROLLED,
    DAMAGED,
    DEFENDED,
    ENGINE,
    TURN_ENDED,
    WAIT,
    DuelState,
    duel_session,
    new_duel,
)
from tablekeeper_duel.ruleset import DUEL

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import (
    ANSWER,
    DECISION_ANSWERED,
    DECISION_REQUESTED,
    Command,
    DefaultPolicy,
    EventLog,
    ScriptedPolicy,
    Session,
    replay,
)
from tablekeeper.errors import DecisionError, IllegalCommandError, NothingToUndoError, RulesError


def attack(actor: str, target: str) -> Command:
    return Command(actor=actor, kind=ATTACK, payload={"target": target})


def hit(faces: list[int] | None = None) -> Session[DuelState]:
    """Alice has hit Bob with a 15; Bob must choose."""
    session = duel_session(FixedRoller([15, *(faces or [])]))
    session.submit(attack("alice", "bob"))
    return session


def test_legal_commands_follow_the_turn_order() -> None:
    session = duel_session(RandomRoller(seed=1))
    assert session.legal_commands("alice") == (
        attack("alice", "bob"),
        Command(actor="alice", kind=WAIT),
    )
    assert session.legal_commands("bob") == ()
    session.submit(Command(actor="alice", kind=WAIT))
    assert session.legal_commands("alice") == ()
    assert [c.kind for c in session.legal_commands("bob")] == [ATTACK, WAIT]


def test_no_one_is_offered_to_attack_themself() -> None:
    """The candidates skip the attack the check refuses (the legal commands are the same)."""
    state = new_duel()
    for actor in state.fighters:
        offered = list(ENGINE.candidates(state, actor))
        assert all(c.payload.get("target") != actor for c in offered)
        assert len(offered) == len(state.fighters)  # each other fighter, then wait
    with pytest.raises(IllegalCommandError, match="themself"):
        ENGINE.check(state, attack("alice", "alice"))


def test_a_hit_asks_the_defender_to_choose() -> None:
    session = hit()
    pending = session.pending
    assert pending is not None
    assert (pending.id, pending.chooser, pending.option_ids, pending.default) == (
        "c1",
        "bob",
        ("block", "dodge"),
        "block",
    )
    assert session.legal_commands("bob") == (pending.answer("block"), pending.answer("dodge"))
    assert session.legal_commands("alice") == ()
    assert [e.kind for e in session.log.events] == [ATTACK_ROLLED, DECISION_REQUESTED]


def test_answering_resolves_the_attack() -> None:
    session = hit([4, 5])  # damage 4; dodge roll 5 fails
    events = session.answer("dodge")
    assert [e.kind for e in events] == [DECISION_ANSWERED, DEFENDED, DAMAGED, TURN_ENDED]
    assert all(e.command_id == "c2" for e in events)
    assert session.pending is None
    assert session.state.fighters["bob"].hp == 6
    assert session.state.clock.current == "bob"


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (attack("bob", "alice"), "it is alice's turn, not bob's"),
        (attack("alice", "alice"), "alice cannot attack themself"),
        (attack("alice", "carol"), "there is no carol to attack"),
        (Command(actor="carol", kind=WAIT), "carol is not in this duel"),
        (Command(actor="alice", kind="duel.dance"), "a duel encounter has no command 'duel.dance'"),
    ],
)
def test_illegal_commands_are_refused_with_the_reason(command: Command, reason: str) -> None:
    session = duel_session(FixedRoller([]))
    with pytest.raises(IllegalCommandError, match=reason):
        session.submit(command)
    assert len(session.log) == 0
    assert session.state == new_duel()


def test_nothing_but_the_answer_while_a_decision_is_pending() -> None:
    session = hit()
    with pytest.raises(
        IllegalCommandError, match=r"a decision is pending: bob must first answer .*\(decision c1\)"
    ):
        session.submit(Command(actor="bob", kind=WAIT))
    assert len(session.log) == 2


def test_a_decision_answered_by_the_wrong_person() -> None:
    session = hit()
    with pytest.raises(DecisionError, match="decision c1 is bob's to make, not alice's") as caught:
        session.answer("block", actor="alice")
    assert caught.value.field == "actor"
    assert session.pending is not None


def test_a_decision_answered_with_an_option_not_offered() -> None:
    session = hit()
    with pytest.raises(DecisionError, match="'parry' is not offered by decision c1") as caught:
        session.answer("parry")
    assert caught.value.field == "option"


def test_a_decision_answered_twice() -> None:
    session = hit([4])
    answer = Command(actor="bob", kind=ANSWER, payload={"decision": "c1", "option": "block"})
    session.submit(answer)
    with pytest.raises(DecisionError, match="decision c1 was already answered"):
        session.submit(answer)
    with pytest.raises(DecisionError, match="no decision is pending"):
        session.answer("block")


def test_an_answer_to_a_decision_never_asked() -> None:
    session = hit()
    stray = Command(actor="bob", kind=ANSWER, payload={"decision": "c7", "option": "block"})
    with pytest.raises(DecisionError, match=r"decision c7 is not pending \(decision c1 is"):
        session.submit(stray)


def test_a_malformed_answer_names_the_field() -> None:
    session = hit()
    with pytest.raises(RulesError, match=r"payload\.option: Field required"):
        session.submit(Command(actor="bob", kind=ANSWER, payload={"decision": "c1"}))


def test_undo_takes_back_the_answer_and_the_decision_waits_again() -> None:
    session = hit([4, 5])
    waiting = session.state, session.pending
    session.answer("dodge")
    record = session.undo()
    assert record.command_id == "c2"
    assert record.events == (3, 4, 5, 6)
    assert (session.state, session.pending) == waiting
    session.undo()
    assert (session.state, session.pending) == (new_duel(), None)
    with pytest.raises(NothingToUndoError):
        session.undo()


def test_redo_plays_the_same_dice_again() -> None:
    session = hit([4, 5])
    session.answer("dodge")
    after = session.state
    session.undo()
    session.undo()
    session.redo()
    session.redo()
    assert session.state == after
    assert len(session.roller.history) == 3  # a redo replays events; it rolls nothing
    assert [r.sequence for r in session.log.records] == list(range(1, len(session.log) + 1))


def test_the_state_is_the_fold_of_the_log() -> None:
    session = duel_session(RandomRoller(seed=3))
    session.run_with_policy(DefaultPolicy(), ["alice", "bob"])
    assert replay(session.log.events, new_duel(), session.apply) == session.state
    restored = Session(DUEL.engine, new_duel(), roller=FixedRoller([]), log=session.log)
    assert (restored.state, restored.pending) == (session.state, session.pending)


def test_a_session_resumes_a_log_with_a_pending_decision() -> None:
    session = hit()
    resumed = Session(
        DUEL.engine, new_duel(), roller=FixedRoller([4]), log=EventLog(session.log.records)
    )
    assert resumed.pending == session.pending
    resumed.answer("block")
    assert resumed.state.fighters["bob"].hp == 8


def test_the_engine_never_changes_the_state_it_is_given() -> None:
    state = new_duel()
    step = DUEL.engine.submit(state, Command(actor="alice", kind=WAIT), FixedRoller([]))
    assert state == new_duel()
    assert state.clock.current == "alice"
    assert [draft.kind for draft in step.events] == [TURN_ENDED]


def test_run_with_default_policy_plays_to_a_winner() -> None:
    session = duel_session(RandomRoller(seed=11))
    final = session.run_with_policy(DefaultPolicy(), ["alice", "bob"])
    assert final.winner in {"alice", "bob"}
    loser = "bob" if final.winner == "alice" else "alice"
    assert final.fighters[loser].hp <= 0
    answers = [e.payload["option"] for e in session.log.events if e.kind == DECISION_ANSWERED]
    assert answers
    assert set(answers) == {"block"}


def test_run_with_scripted_policy_answers_in_order() -> None:
    # Alice hits (15); Bob dodges (6 damage, dodge 20: none taken). Bob hits (12); Alice
    # blocks (3 damage, halved to 1) and falls.
    roller = FixedRoller([15, 6, 20, 12, 3], strict=True)
    session = duel_session(roller, new_duel(alice_hp=1))
    policy = ScriptedPolicy(["dodge", "block"])
    final = session.run_with_policy(policy, ["alice", "bob"])
    roller.finish()
    answers = [e.payload["option"] for e in session.log.events if e.kind == DECISION_ANSWERED]
    assert answers == ["dodge", "block"]
    assert policy.remaining == ()
    assert (final.winner, final.fighters["alice"].hp, final.fighters["bob"].hp) == ("bob", 0, 10)


def test_a_script_that_runs_out_is_an_error() -> None:
    session = hit()
    with pytest.raises(DecisionError, match="no answer left for decision c1"):
        session.run_with_policy(ScriptedPolicy([]), ["alice", "bob"])


def test_an_encounter_that_does_not_end_is_an_error() -> None:
    class Waiting(DefaultPolicy):
        def choose(self, state: object, actor: object, legal: object) -> Command:
            return Command(actor=str(actor), kind=WAIT)

    session = duel_session(FixedRoller([]))
    with pytest.raises(RulesError, match="still going after 5 commands"):
        session.run_with_policy(Waiting(), ["alice", "bob"], max_commands=5)
    assert session.state.clock.round == 3


def test_scope_stamps_events_and_guards_undo() -> None:
    log = EventLog()
    arena = Session(DUEL.engine, new_duel(), roller=FixedRoller([]), log=log, scope="arena")
    pit = Session(DUEL.engine, new_duel(), roller=FixedRoller([]), log=log, scope="pit")
    arena.submit(Command(actor="alice", kind=WAIT))
    pit.submit(Command(actor="alice", kind=WAIT))
    assert [e.scope for e in log.events] == ["arena", "pit"]
    assert arena.replay().clock.current == "bob"
    with pytest.raises(IllegalCommandError, match="c2: it belongs to scope pit, not arena"):
        arena.undo()
    pit.undo()
    with pytest.raises(IllegalCommandError, match="belongs to scope pit"):
        arena.redo()
