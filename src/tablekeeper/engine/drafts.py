"""A scratch pad for ``submit``: the events a command has caused so far, already folded.

``submit`` must never change the state it is handed, yet a command's later events depend
on its earlier ones (an attack hits, then the target is down and its turn is skipped).
:class:`Draft` keeps the drafted events and the state they fold to, with the very fold a
replay uses, so the step it returns is exactly what the log will fold. A ruleset's engine
subclasses it with its own state type and fold.

For a session that keeps no log (a simulation trial, ``engine/fast_paths.py``), the pad
folds each event without drafting it: no payload is dumped, and the step carries the
folded state alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import PUBLIC, EventDraft, Visibility
from tablekeeper.engine.steps import Step

S = TypeVar("S")

Fold = Callable[[S, str, BaseModel], S]
"""Apply one event, given as its kind and payload model, to a state."""


class Draft(Generic[S]):
    """The state as the drafted events leave it, the drafts, and the roller."""

    def __init__(self, state: S, roller: Roller, fold: Fold[S]) -> None:
        self.state = state
        self.roller = roller
        self.drafts: list[EventDraft] = []
        self._fold = fold
        self._drafting = fast_paths.drafting()
        self._folded = 0

    @property
    def drafting(self) -> bool:
        """Whether the pad drafts its events (not for a session keeping no log)."""
        return self._drafting

    def emit(self, kind: str, payload: BaseModel, visibility: Visibility = PUBLIC) -> None:
        """Draft the event (unless no log keeps it) and fold it into :attr:`state`."""
        if self._drafting:
            self.drafts.append(EventDraft.of(kind, payload, visibility))
        self._folded += 1
        self.state = self._fold(self.state, kind, payload)

    def step(self, decision: Decision | None = None) -> Step:
        """The step: every drafted event, the decision now pending, and (on the fast path)
        the state they fold to; for a session keeping no log, no events, and the state."""
        if not self._drafting:
            if not self._folded and decision is None:
                raise ValueError("a step needs at least one event or a decision")
            return Step.trusted(events=(), decision=decision, state=self.state)
        state = self.state if fast_paths.enabled() else None
        return Step(events=tuple(self.drafts), decision=decision, state=state)
