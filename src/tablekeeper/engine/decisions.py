"""Decisions: a choice the rules hand to a person before play can go on.

An encounter engine returns a :class:`Decision` in its :class:`~tablekeeper.engine.steps.Step`
when the rules need a choice: a defender chooses to pay threat or yield, the GM rules on
a narrative test, the winner of an opposed argument chooses to block or to deal damage.
The UI asks a person; a simulation asks a :class:`~tablekeeper.engine.policies.Policy`.

The session logs the decision as a ``decision.requested`` event of the command that
raised it, so the decision's id *is* that command's id, and a pending decision survives
undo, redo and replay like any other state. The answer is itself a command
(:data:`ANSWER`, payload :class:`Answer`), logged first as a ``decision.answered`` event
and then handed to the encounter engine like any other command.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from pydantic import Field, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import PUBLIC, Event, Visibility
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import ActorId, CommandId, Frozen

ANSWER = "decision.answer"
"""The command kind of an answer; its payload is an :class:`Answer`."""

DECISION_REQUESTED = "decision.requested"
"""The event kind that records a decision; its payload is the :class:`Decision`."""

DECISION_ANSWERED = "decision.answered"
"""The event kind that records an answer; its payload is the :class:`Answer`."""

DECISION_WITHDRAWN = "decision.withdrawn"
"""The event kind that records a pending decision the table moved past unanswered (the GM
took out the combatant it was by or about); its payload is a :class:`Withdrawn`."""

DECISION_KINDS = frozenset({DECISION_REQUESTED, DECISION_ANSWERED, DECISION_WITHDRAWN})
"""Event kinds the session logs itself; an encounter engine never returns them."""


class Option(Frozen):
    """One choice offered: ``id`` is what an answer names, ``label`` what a person reads."""

    id: str = Field(min_length=1)
    label: str = Field(min_length=1)


class Decision(Frozen):
    """Who must choose (an actor id or ``gm``), what they are asked, and what they may pick.

    ``default`` is the option a :class:`~tablekeeper.engine.policies.DefaultPolicy`
    picks, and the one a UI preselects.
    """

    chooser: ActorId
    prompt: str = Field(min_length=1)
    options: tuple[Option, ...] = Field(min_length=1)
    default: str
    visibility: Visibility = PUBLIC

    @model_validator(mode="after")
    def _options_well_formed(self) -> Decision:
        ids = [option.id for option in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError(f"option ids repeat: {', '.join(ids)}")
        if self.default not in ids:
            raise ValueError(f"default {self.default!r} is not an option ({', '.join(ids)})")
        return self

    @property
    def option_ids(self) -> tuple[str, ...]:
        """The ids an answer may name, in the order offered."""
        return tuple(option.id for option in self.options)

    def offers(self, option: str) -> bool:
        """Whether ``option`` is one of the choices."""
        return option in self.option_ids


class PendingDecision(Decision):
    """A decision the session logged and is waiting on; ``id`` is the command that raised it."""

    id: CommandId

    @classmethod
    def from_event(cls, event: Event) -> PendingDecision:
        """Read back a ``decision.requested`` event."""
        return cls.model_validate({**event.payload, "id": event.command_id})

    def answer(self, option: str) -> Command:
        """The command by which the chooser picks ``option``: on the fast paths built once
        for an equal chooser, decision id and option (``engine/memo.py``: a command is a
        frozen value, and a simulation's next trial raises its decisions under the same
        ids, so a policy's answers come again)."""
        return built((ANSWER, self.chooser, self.id, option), partial(_answer, self, option))


def _answer(decision: PendingDecision, option: str) -> Command:
    """The answer command itself (:meth:`PendingDecision.answer`)."""
    return Command.of(decision.chooser, ANSWER, Answer(decision=decision.id, option=option))


class Answer(Frozen):
    """The payload of an :data:`ANSWER` command: which decision, which option."""

    decision: CommandId
    option: str = Field(min_length=1)

    @classmethod
    def of(cls, command: Command) -> Answer:
        """Read an answer command's payload; errors name ``payload.<field>``."""
        return command.payload_as(cls)


def pending_after(
    events: Iterable[Event], pending: PendingDecision | None = None
) -> PendingDecision | None:
    """The decision still waiting after ``events``, starting from ``pending``."""
    for event in events:
        if event.kind == DECISION_REQUESTED:
            pending = PendingDecision.from_event(event)
        elif event.kind in (DECISION_ANSWERED, DECISION_WITHDRAWN):
            pending = None
    return pending


class Withdrawn(Frozen):
    """The payload of a :data:`DECISION_WITHDRAWN` event: which decision no longer waits."""

    decision: CommandId
