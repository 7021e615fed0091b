"""What the rules ask the GM after a command (issue 13: "a successful attack that needs the
GM's damage asks for it there"): a GM walk-through found a reaction's hit asking for its
damage while a decision it raised was still pending, where no command but the answer is
taken, and the question gone once that decision was answered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED
from tablekeeper.engine.events import Event
from tablekeeper.engine.rulesets import FollowUp
from tablekeeper.engine.values import CommandId
from tablekeeper.services import outcomes
from tablekeeper.services.access import GM_VIEWER

HIT = "stub.hit"


class _Rules:
    """A ruleset whose every hit asks for its damage."""

    def follow_ups(self, state: Any, events: Sequence[Event]) -> tuple[FollowUp, ...]:
        return tuple(
            FollowUp(f"Damage of hit #{e.sequence}?", kind="damage", payload={}, ask="amount")
            for e in events
            if e.kind == HIT
        )


@dataclass
class _View:
    pending: object | None = None
    state: object = None
    ruleset: _Rules = field(default_factory=_Rules)


def _log(*commands: tuple[str, ...]) -> list[Event]:
    """Events numbered in order, each command's kinds under its own id."""
    events: list[Event] = []
    for number, kinds in enumerate(commands, start=1):
        for kind in kinds:
            events.append(
                Event(sequence=len(events) + 1, command_id=CommandId(f"c{number}"), kind=kind)
            )
    return events


def _asked(view: _View, records: list[Event]) -> list[str]:
    return [f.question for f in outcomes.follow_ups(view, records, GM_VIEWER)]  # type: ignore[arg-type]


def test_nothing_is_asked_while_a_decision_waits() -> None:
    records = _log(("stub.moved",), (HIT, DECISION_REQUESTED))
    assert _asked(_View(pending=object()), records) == []
    assert _asked(_View(), records) == ["Damage of hit #2?"]


def test_a_hit_still_asks_once_the_decisions_it_raised_are_answered() -> None:
    records = _log(
        (HIT,),  # an earlier command's hit is no longer asked
        ("stub.moved", HIT, DECISION_REQUESTED),
        (DECISION_ANSWERED, DECISION_REQUESTED),
        (DECISION_ANSWERED, HIT),
    )
    assert _asked(_View(), records) == ["Damage of hit #3?", "Damage of hit #8?"]
    later = _log(*[(HIT,), ("stub.moved", HIT, DECISION_REQUESTED)], (DECISION_ANSWERED,), ("x",))
    assert _asked(_View(), later) == []  # another command came: the ruling was passed by
