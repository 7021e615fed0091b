"""GM overrides: logged events with a reason, applied by the shared helper, undoable."""

from __future__ import annotations

import pytest
from tablekeeper_duel.rules import ATTACK, duel_session, new_duel

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import (
    ADD_CONDITION,
    GM_ONLY,
    SET_VALUE,
    Command,
    SetValue,
    add_condition,
    read_override,
    remove_condition,
    set_value,
    visible_to,
)
from tablekeeper.errors import IllegalCommandError, InvalidInputError


def test_a_set_value_is_logged_and_applied() -> None:
    session = duel_session(FixedRoller([]))
    (event,) = session.submit(set_value("fighters.bob.hp", 3, reason="drank poison"))
    assert (event.kind, event.command_id) == (SET_VALUE, "c1")
    assert event.payload == {
        "reason": "drank poison",
        "secret": False,
        "path": "fighters.bob.hp",
        "value": 3,
    }
    assert read_override(event) == SetValue(path="fighters.bob.hp", value=3, reason="drank poison")
    assert session.state.fighters["bob"].hp == 3


def test_an_override_is_undone_like_any_command() -> None:
    session = duel_session(FixedRoller([]))
    session.submit(set_value("fighters.bob.hp", 3, reason="drank poison"))
    session.submit(add_condition("fighters.bob", "prone", reason="tripped"))
    session.undo()
    assert session.state.fighters["bob"].conditions == ()
    session.undo()
    assert session.state == new_duel()
    session.redo()
    assert session.state.fighters["bob"].hp == 3


def test_a_condition_changes_the_rules() -> None:
    # A roll of 6 misses a standing Bob (defense 10) and hits a prone one (10 - 5).
    session = duel_session(FixedRoller([6]))
    session.submit(add_condition("fighters.bob", "prone", reason="tripped on the rug"))
    assert session.state.fighters["bob"].conditions == ("prone",)
    session.submit(Command(actor="alice", kind=ATTACK, payload={"target": "bob"}))
    assert session.pending is not None
    session.submit(remove_condition("fighters.bob", "prone", reason="stood up"))
    assert session.state.fighters["bob"].conditions == ()


def test_overrides_are_accepted_while_a_decision_waits() -> None:
    session = duel_session(FixedRoller([15]))
    session.submit(Command(actor="alice", kind=ATTACK, payload={"target": "bob"}))
    pending = session.pending
    session.submit(set_value("fighters.alice.hp", 12, reason="second wind"))
    assert session.pending == pending
    assert session.state.fighters["alice"].hp == 12


@pytest.mark.parametrize("reason", ["", "   "])
def test_an_override_needs_a_reason(reason: str) -> None:
    with pytest.raises(InvalidInputError, match=r"^override\.reason: a GM override needs a reason"):
        set_value("fighters.bob.hp", 3, reason=reason)
    session = duel_session(FixedRoller([]))
    command = Command(
        actor="gm",
        kind=SET_VALUE,
        payload={"path": "fighters.bob.hp", "value": 3, "reason": reason},
    )
    with pytest.raises(InvalidInputError, match=r"^payload\.reason: a GM override needs a reason"):
        session.submit(command)
    assert len(session.log) == 0


def test_only_the_gm_overrides() -> None:
    session = duel_session(FixedRoller([]))
    command = set_value("fighters.bob.hp", 30, reason="I said so").model_copy(
        update={"actor": "alice"}
    )
    with pytest.raises(IllegalCommandError, match="only the GM may override"):
        session.submit(command)


@pytest.mark.parametrize(
    ("command", "field", "message"),
    [
        (set_value("fighters.carol.hp", 3, reason="r"), "path", "fighters has no 'carol'"),
        (set_value("fighters.bob.hp.max", 3, reason="r"), "path", "is a value, not something"),
        (set_value("clock.order.5", "x", reason="r"), "path", "5' is not an index"),
        (
            set_value("fighters.bob.hp", "lots", reason="r"),
            "state.fighters.bob.hp",
            "state.fighters.bob.hp: Input should be a valid integer",
        ),
        (
            remove_condition("fighters.bob", "prone", reason="r"),
            "condition",
            "fighters.bob has no condition 'prone'",
        ),
        (add_condition("clock", "prone", reason="r"), "target", "clock has no 'conditions'"),
    ],
)
def test_a_bad_override_is_refused_and_logs_nothing(
    command: Command, field: str, message: str
) -> None:
    session = duel_session(FixedRoller([]))
    with pytest.raises(InvalidInputError, match=message) as caught:
        session.submit(command)
    assert caught.value.field == field
    assert len(session.log) == 0


def test_a_list_element_can_be_set() -> None:
    session = duel_session(FixedRoller([]))
    session.submit(set_value("clock.turn", 1, reason="bob acts first after all"))
    assert session.state.clock.current == "bob"


def test_a_secret_override_is_hidden_from_players() -> None:
    session = duel_session(FixedRoller([]))
    (event,) = session.submit(add_condition("fighters.bob", "cursed", reason="r", secret=True))
    assert event.kind == ADD_CONDITION
    assert event.visibility == GM_ONLY
    assert list(visible_to(session.log.events, "bob")) == []
    assert list(visible_to(session.log.events, "gm")) == [event]
