"""The session: one encounter in play, tying an engine to its log, its dice and its chooser.

A :class:`Session` is the driver every interface and simulation uses::

    command -> (decision checks) -> engine.submit -> Step -> number -> fold -> append

A command is checked and folded before anything is appended, so a refused command
leaves the log and the state as they were. The state is always the fold of the log's
events in the session's scope; undo and redo go through the log and the state follows.

GM overrides never reach the engine's ``submit``: the session logs them and the engine's
``apply`` folds them. An answer to the pending decision reaches it only once the session
has checked it (the chooser answered, with an offered option, not twice). While a
decision is pending, nothing but its answer, an override or a command the engine says
``withdraws`` (taking out a combatant) is accepted; the last withdraws the decision when
its play asks another or leaves nothing awaited (``decision.withdrawn``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Generic, TypeVar

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import (
    ANSWER,
    DECISION_ANSWERED,
    DECISION_KINDS,
    DECISION_REQUESTED,
    DECISION_WITHDRAWN,
    Answer,
    Decision,
    PendingDecision,
    Withdrawn,
    pending_after,
)
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import Event, EventDraft, Undone
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.overrides import OVERRIDE_KINDS, override_event
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.roll_modes import RollMode, with_roll_mode
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import ActorId, CommandId, ScopeId
from tablekeeper.errors import DecisionError, IllegalCommandError, RulesError

S = TypeVar("S")


class Session(Generic[S]):
    """One encounter in play: ``engine`` rules, ``log`` remembers, ``roller`` rolls.

    ``log`` may hold earlier play (a log rebuilt from storage); the state is its fold
    from ``initial_state``. ``scope`` stamps every event the session logs, and the
    session folds only its own scope's events.
    """

    def __init__(
        self,
        engine: EncounterEngine[S],
        initial_state: S,
        *,
        roller: Roller,
        log: EventLog | None = None,
        scope: ScopeId | None = None,
    ) -> None:
        self.engine = engine
        self.initial_state = initial_state
        self.roller = roller
        self.log = log if log is not None else EventLog()
        self.scope = scope
        self._unlogged_number: int | None = None
        self._unlogged_taken: frozenset[int] = frozenset()
        self._state = self.replay()
        self._pending = pending_after(self._events())
        if log is None and fast_paths.starting_trial():
            self.keep_no_log()

    @property
    def state(self) -> S:
        """The state now: the fold of the log."""
        return self._state

    @property
    def pending(self) -> PendingDecision | None:
        """The decision play is waiting on, if any."""
        return self._pending

    def apply(self, state: S, event: Event) -> S:
        """Fold one event: the engine's ``apply``, except for the session's decision events."""
        if event.kind in DECISION_KINDS:
            return state
        return self.engine.apply(state, event)

    def replay(self) -> S:
        """The state recomputed from the initial state and the log (for checks)."""
        self._check_logged("replay")
        return replay(self._events(), self.initial_state, self.apply)

    def legal_commands(self, actor: ActorId | str) -> tuple[Command, ...]:
        """What ``actor`` may do now: the answers to a pending decision, or the engine's list."""
        if self._pending is not None:
            if actor != self._pending.chooser:
                return ()
            return tuple(self._pending.answer(option) for option in self._pending.option_ids)
        return tuple(self.engine.legal_commands(self._state, ActorId(actor)))

    @property
    def keeps_log(self) -> bool:
        """Whether the session logs what it plays (it does, unless :meth:`keep_no_log`)."""
        return self._unlogged_number is None

    def keep_no_log(self) -> None:
        """From now on, play without logging: a simulation trial's fast path
        (``engine/fast_paths.py``), for a caller that reads only :attr:`state` and
        :attr:`pending`. Each command is checked and played as before and reaches the
        same state and the same pending decision (its id the command id the log would
        have given), but no event is drafted, numbered or kept: :meth:`submit` returns
        none, and undo, redo and :meth:`replay` are refused."""
        if self._unlogged_number is None:
            self._unlogged_number = int(self.log.next_command_id[1:])
            self._unlogged_taken = self.log.numbers_taken(self._unlogged_number)

    def restarted(self, roller: Roller) -> Session[S]:
        """A new session where this one is now (its state, pending decision and command
        numbering), rolling with ``roller``: a simulation trial started again from a
        scenario's start, with new dice (``engine.scenarios.restarted``). Only a session
        that keeps no log restarts (a log would have to be copied, and what it rolled
        with); this one is left as it was."""
        if self._unlogged_number is None:
            raise IllegalCommandError(
                "cannot restart: this session keeps a log (only a trial's restarts)",
                field="restart",
            )
        fresh = copy.copy(self)  # the values it holds are frozen; its log is never written
        fresh.roller = roller
        return fresh

    def submit(self, command: Command, *, roll_mode: RollMode = "public") -> tuple[Event, ...]:
        """Check, resolve, fold and log ``command``; return the events it logged, seen as
        ``roll_mode`` says (``dice_only``: targets hidden, ``gm_only``: a secret roll;
        :mod:`~tablekeeper.engine.roll_modes`).

        Raises :class:`~tablekeeper.errors.IllegalCommandError` for a command the rules
        refuse, :class:`~tablekeeper.errors.DecisionError` for a wrong answer.
        """
        if self._unlogged_number is not None:
            self._submit_unlogged(command)
            return ()
        answering = self._pending.chooser if self._pending is not None else None
        drafts, folded = self._drafts(command)
        drafts = with_roll_mode(drafts, roll_mode, answering=answering)
        events = self.log.number(drafts, scope=self.scope)
        if folded is not None and fast_paths.enabled():  # the engine folded them already
            after = (folded, pending_after(events, self._pending))
        else:
            after = self._after(events)  # a fold that fails leaves the log untouched
        self.log.append(events)
        self._state, self._pending = after
        return events

    def answer(self, option: str, *, actor: ActorId | str | None = None) -> tuple[Event, ...]:
        """Answer the pending decision with ``option`` (as its chooser, unless ``actor``)."""
        if self._pending is None:
            raise DecisionError("no decision is pending", field="decision")
        command = self._pending.answer(option)
        if actor is not None:
            command = command.model_copy(update={"actor": ActorId(actor)})
        return self.submit(command)

    def undo(self) -> Undone:
        """Take back the last command; return the audit record the log appended."""
        self._check_logged("undo")
        self._check_scope(self.log.last_command, "undo")
        record = self.log.undo()
        self._state = self.replay()
        self._pending = pending_after(self._events())
        return record

    def redo(self) -> tuple[Event, ...]:
        """Play the last undone command's events again; return them, freshly numbered."""
        self._check_logged("redo")
        self._check_scope(self.log.next_redo, "redo")
        events = self.log.redo()
        self._state, self._pending = self._after(events)
        return events

    def run_with_policy(
        self, policy: Policy[S], actors: Sequence[ActorId | str], *, max_commands: int = 10_000
    ) -> S:
        """Play on with ``policy`` choosing for everyone until no one in ``actors`` can act.

        Each round of the loop answers the pending decision, or else lets the first of
        ``actors`` with a legal command take one. Returns the final state; an encounter
        still going after ``max_commands`` commands is a :class:`~tablekeeper.errors.RulesError`.
        """
        for _ in range(max_commands):
            if self._pending is not None:
                self.submit(policy.answer(self._state, self._pending))
                continue
            for actor in actors:
                legal = self.legal_commands(actor)
                if legal:
                    self.submit(policy.choose(self._state, ActorId(actor), legal))
                    break
            else:
                return self._state
        raise RulesError(f"the encounter was still going after {max_commands} commands")

    def _after(self, events: Sequence[Event]) -> tuple[S, PendingDecision | None]:
        return replay(events, self._state, self.apply), pending_after(events, self._pending)

    def _events(self) -> list[Event]:
        return [event for event in self.log.events if event.scope == self.scope]

    def _submit_unlogged(self, command: Command) -> None:
        """Play ``command`` as :meth:`submit` does, keeping no log (:meth:`keep_no_log`)."""
        number = self._unlogged_number
        assert number is not None
        this = number
        number += 1
        while number in self._unlogged_taken:
            number += 1
        if command.kind in OVERRIDE_KINDS:
            command_id = CommandId(f"c{this}")
            events = self.log.numbered([override_event(command)], self.scope, command_id)
            after = self._after(events)
        else:
            answered, step = self._step(command, logged=False)
            if step.state is None:  # an engine without a work pad: fold its events
                command_id = CommandId(f"c{this}")
                folded = replay(
                    self.log.numbered(step.events, self.scope, command_id) if step.events else (),
                    self._state,
                    self.apply,
                )
            else:
                folded = step.state
            pending = None if answered is not None else self._pending
            if answered is None and pending is not None and self._withdrawn(step, folded):
                pending = None
            if step.decision is not None:  # the id the log would have given the command
                pending = _pending(step.decision, CommandId(f"c{this}"))
            after = (folded, pending)
        self._unlogged_number = number
        self._state, self._pending = after

    def _step(
        self, command: Command, *, logged: bool = True
    ) -> tuple[tuple[Answer, PendingDecision] | None, Step]:
        """The answer a command gives (checked), if it is one, and the engine's step."""
        answered = None
        if command.kind == ANSWER:
            answered = self._check_answer(command)
        elif self._pending is not None and not _withdraws(self.engine, command):
            waiting = self._pending
            offered = " or ".join(f"'{option.label}'" for option in waiting.options)
            raise IllegalCommandError(
                f"a decision is pending: {waiting.chooser} must first answer "
                f"{waiting.prompt!r}, with {offered} (decision {waiting.id})",
                field="kind",
            )
        if logged:
            return answered, self.engine.submit(self._state, command, self.roller)
        with fast_paths.unlogged():
            return answered, self.engine.submit(self._state, command, self.roller)

    def _drafts(self, command: Command) -> tuple[list[EventDraft], S | None]:
        """The command's event drafts and, when the engine folded them, their state."""
        if command.kind in OVERRIDE_KINDS:
            return [override_event(command)], None
        drafts: list[EventDraft] = []
        answered, step = self._step(command)
        if answered is not None:
            answer, decision = answered
            drafts.append(EventDraft.of(DECISION_ANSWERED, answer, decision.visibility))
        elif self._pending is not None and self._withdrawn(step):
            withdrawn = Withdrawn(decision=self._pending.id)
            drafts.append(EventDraft.of(DECISION_WITHDRAWN, withdrawn, self._pending.visibility))
        drafts.extend(step.events)
        if step.decision is not None:
            drafts.append(
                EventDraft.of(DECISION_REQUESTED, step.decision, step.decision.visibility)
            )
        folded: S | None = step.state
        return drafts, folded

    def _withdrawn(self, step: Step, after: S | None = None) -> bool:
        """Whether a withdrawing command's ``step`` moved past the pending decision: it
        asks another, or the state it leaves (``after``, else folded here) awaits nothing."""
        if step.decision is not None:
            return True
        after = after if after is not None else step.state
        if after is None:
            after = replay(self.log.number(step.events, scope=self.scope), self._state, self.apply)
        awaiting = getattr(self.engine, "awaiting", None)
        return awaiting is None or awaiting(after) is None

    def _check_answer(self, command: Command) -> tuple[Answer, PendingDecision]:
        answer = Answer.of(command)
        pending = self._pending
        if pending is None or pending.id != answer.decision:
            if any(
                event.kind == DECISION_ANSWERED and event.payload.get("decision") == answer.decision
                for event in self._events()
            ):
                raise DecisionError(
                    f"decision {answer.decision} was already answered", field="decision"
                )
            now = "nothing is" if pending is None else f"decision {pending.id} is"
            raise DecisionError(
                f"decision {answer.decision} is not pending ({now} waiting for an answer)",
                field="decision",
            )
        if command.actor != pending.chooser:
            raise DecisionError(
                f"decision {pending.id} is {pending.chooser}'s to make, not {command.actor}'s",
                field="actor",
            )
        if not pending.offers(answer.option):
            raise DecisionError(
                f"option {answer.option!r} is not offered by decision {pending.id}; "
                f"choose {' or '.join(pending.option_ids)}",
                field="option",
            )
        return answer, pending

    def _check_logged(self, action: str) -> None:
        if self._unlogged_number is not None:
            raise IllegalCommandError(f"cannot {action}: this session keeps no log", field=action)

    def _check_scope(self, batch: tuple[Event, ...], action: str) -> None:
        if batch and batch[0].scope != self.scope:
            raise IllegalCommandError(
                f"cannot {action} {batch[0].command_id}: it belongs to scope {batch[0].scope}, "
                f"not {self.scope}",
                field="scope",
            )

    def __repr__(self) -> str:
        return f"<Session {type(self.engine).__name__}: {self.log!r}, pending={self._pending!r}>"


def _withdraws(engine: object, command: Command) -> bool:
    """Whether ``engine`` lets ``command`` through a pending decision."""
    withdraws = getattr(engine, "withdraws", None)
    return bool(withdraws(command)) if withdraws is not None else False


def _pending(decision: Decision, command_id: CommandId) -> PendingDecision:
    """The pending decision ``decision`` becomes when ``command_id`` raises it: what
    reading back its ``decision.requested`` event gives (``PendingDecision.from_event``)."""
    if type(decision) is Decision and fast_paths.enabled():
        return PendingDecision.trusted(**decision.__dict__, id=command_id)
    payload = decision.model_dump(mode="json")
    return PendingDecision.model_validate({**payload, "id": command_id})
