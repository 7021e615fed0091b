"""The encounter engine: the contract each ruleset's state machine meets (ARCHITECTURE.md, idea 3).

Encounters are event-sourced state machines. An engine never keeps state of its own:
it is handed the state (a frozen model), says what an actor may do now, answers a
command with a :class:`~tablekeeper.engine.steps.Step`, and folds one event into a new
state. :class:`~tablekeeper.engine.session.Session` ties it to a log, a roller and, in
simulations, a policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import ActorId

S = TypeVar("S")


@runtime_checkable
class EncounterEngine(Protocol[S]):
    """A ruleset's encounter rules over states of type ``S``.

    ``submit`` rolls only through ``roller`` and never changes ``state``; ``apply`` is a
    pure function of the state and the event's kind and payload. A pending decision's
    answer (a :data:`~tablekeeper.engine.decisions.ANSWER` command) reaches ``submit``
    after the session has checked who answered and what. GM overrides never reach
    ``submit``; ``apply`` folds them with
    :func:`~tablekeeper.engine.overrides.apply_override`.
    """

    def legal_commands(self, state: S, actor: ActorId) -> Sequence[Command]:
        """What ``actor`` may do now (empty when it is not their turn)."""
        ...

    def submit(self, state: S, command: Command, roller: Roller) -> Step:
        """The events ``command`` causes and the decision it raises.

        Raises :class:`~tablekeeper.errors.IllegalCommandError` naming the reason when
        the rules do not allow it now.
        """
        ...

    def apply(self, state: S, event: Event) -> S:
        """The state after ``event``."""
        ...
