"""Commands, events, visibility, decisions and steps: frozen values that validate."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError
from tablekeeper_duel.rules import Target

from tablekeeper.engine import (
    DECISION_REQUESTED,
    GM,
    GM_ONLY,
    PUBLIC,
    Command,
    Decision,
    Event,
    EventDraft,
    LogRecord,
    Option,
    Step,
    Undone,
    Visibility,
    visible_to,
)
from tablekeeper.errors import InvalidInputError

BLOCK_OR_DODGE = (Option(id="block", label="Block"), Option(id="dodge", label="Dodge"))


def event(sequence: int, visibility: Visibility = PUBLIC) -> Event:
    return Event(sequence=sequence, command_id="c1", kind="duel.wait", visibility=visibility)


def test_values_are_frozen() -> None:
    command = Command(actor="alice", kind="duel.wait")
    with pytest.raises(ValidationError, match="frozen"):
        command.kind = "duel.attack"  # type: ignore[misc]


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="extra"):
        Command.model_validate({"actor": "alice", "kind": "duel.wait", "speed": 3})


def test_payload_errors_name_the_field() -> None:
    command = Command(actor="alice", kind="duel.attack", payload={"aim": "bob"})
    with pytest.raises(InvalidInputError) as caught:
        command.payload_as(Target)
    assert str(caught.value).startswith("payload.target: Field required")
    assert caught.value.field == "payload.target"


def test_a_model_payload_round_trips() -> None:
    command = Command.of("alice", "duel.attack", Target(target="bob"))
    assert command.payload == {"target": "bob"}
    assert command.payload_as(Target) == Target(target="bob")


@pytest.mark.parametrize(
    ("visibility", "seen_by"),
    [
        (PUBLIC, {"gm", "alice", "bob"}),
        (GM_ONLY, {"gm"}),
        (Visibility.for_player("alice"), {"gm", "alice"}),
    ],
)
def test_visibility_decides_who_sees(visibility: Visibility, seen_by: set[str]) -> None:
    assert {viewer for viewer in ("gm", "alice", "bob") if visibility.shown_to(viewer)} == seen_by


def test_a_player_is_named_exactly_for_a_player_audience() -> None:
    with pytest.raises(ValidationError, match="exactly when"):
        Visibility(audience="public", player="alice")
    with pytest.raises(ValidationError, match="exactly when"):
        Visibility(audience="player")


def test_views_filter_hidden_events() -> None:
    events = [event(1), event(2, GM_ONLY), event(3, Visibility.for_player("bob"))]
    assert [e.sequence for e in visible_to(events, "alice")] == [1]
    assert [e.sequence for e in visible_to(events, "bob")] == [1, 3]
    assert [e.sequence for e in visible_to(events, GM)] == [1, 2, 3]


def test_a_decision_offers_its_default() -> None:
    with pytest.raises(ValidationError, match="default 'parry' is not an option"):
        Decision(chooser="bob", prompt="Defend?", options=BLOCK_OR_DODGE, default="parry")
    with pytest.raises(ValidationError, match="option ids repeat"):
        Decision(chooser="bob", prompt="Defend?", options=BLOCK_OR_DODGE * 2, default="block")
    with pytest.raises(ValidationError, match="at least 1"):
        Decision(chooser="bob", prompt="Defend?", options=(), default="block")


def test_a_step_records_something() -> None:
    with pytest.raises(ValidationError, match="at least one event or a decision"):
        Step()
    decision = Decision(chooser="bob", prompt="Defend?", options=BLOCK_OR_DODGE, default="block")
    assert Step(decision=decision).events == ()


def test_a_step_leaves_decision_events_to_the_session() -> None:
    with pytest.raises(ValidationError, match="logged by the session"):
        Step(events=(EventDraft(kind=DECISION_REQUESTED),))


def test_log_records_round_trip_through_json() -> None:
    records: list[LogRecord] = [
        Event(
            sequence=1,
            command_id="c1",
            kind="duel.attack_rolled",
            payload={"roll": 14, "hit": True, "notes": [None, 1.5, {"a": "b"}]},
            visibility=Visibility.for_player("bob"),
            scope="arena",
        ),
        Undone(sequence=2, command_id="c1", events=(1,)),
    ]
    adapter = TypeAdapter(list[LogRecord])
    assert adapter.validate_json(adapter.dump_json(records)) == records
