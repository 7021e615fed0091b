"""Policies: who chooses when no person does (simulations, tests, an absent player).

In play the UI asks a person; in a simulation a :class:`Policy` picks the command an
actor takes and the option a decision gets. Its answer is an ordinary command, checked
and logged like a person's. Richer policies (aggressive, cautious, random) belong to
``analysis``; the two here are the baseline: :class:`DefaultPolicy` takes the first legal
command and each decision's default, :class:`ScriptedPolicy` answers from a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import DecisionError

S_contra = TypeVar("S_contra", contravariant=True)


class Policy(Protocol[S_contra]):
    """Chooses for an actor: which legal command to take, which option to answer."""

    def choose(self, state: S_contra, actor: ActorId, legal: Sequence[Command]) -> Command:
        """One of ``legal`` (never empty) for ``actor`` to take now."""
        ...

    def answer(self, state: S_contra, decision: PendingDecision) -> Command:
        """The answer to ``decision`` (build it with ``decision.answer(option)``)."""
        ...


class DefaultPolicy:
    """Takes the first legal command and answers every decision with its default."""

    def choose(self, state: object, actor: ActorId, legal: Sequence[Command]) -> Command:
        return legal[0]

    def answer(self, state: object, decision: PendingDecision) -> Command:
        return decision.answer(decision.default)

    def __repr__(self) -> str:
        return "DefaultPolicy()"


class ScriptedPolicy:
    """Answers decisions with ``answers``, in order; chooses commands like ``commands``.

    Running out of answers is a :class:`~tablekeeper.errors.DecisionError`: a script
    that is too short is a mistake, not a cue to improvise.

    >>> policy = ScriptedPolicy(["dodge", "block"])
    >>> policy.remaining
    ('dodge', 'block')
    """

    def __init__(self, answers: Iterable[str], *, commands: Policy[object] | None = None) -> None:
        self._answers = list(answers)
        self._position = 0
        self._commands: Policy[object] = commands or DefaultPolicy()

    @property
    def remaining(self) -> tuple[str, ...]:
        """The answers not yet given."""
        return tuple(self._answers[self._position :])

    def choose(self, state: object, actor: ActorId, legal: Sequence[Command]) -> Command:
        return self._commands.choose(state, actor, legal)

    def answer(self, state: object, decision: PendingDecision) -> Command:
        if self._position >= len(self._answers):
            raise DecisionError(
                f"the script has no answer left for decision {decision.id} "
                f"({len(self._answers)} were given)",
                field="answers",
            )
        option = self._answers[self._position]
        self._position += 1
        return decision.answer(option)

    def __repr__(self) -> str:
        return f"ScriptedPolicy({self._answers!r})"
