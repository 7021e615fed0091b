"""Steps: what one command did, as the encounter engine reports it.

``submit(state, command, roller) -> Step``: the events the command caused, in order,
plus the decision the rules now need, if any (STYLE.md, lesson 6). A step never changes
state itself; the session numbers its events, folds them and logs them together.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from tablekeeper.engine.decisions import DECISION_KINDS, Decision
from tablekeeper.engine.events import EventDraft
from tablekeeper.engine.values import Frozen


class Step(Frozen):
    """The events a command caused, and the decision (if any) now pending.

    A step records something: at least one event, or a decision. Decision events are
    the session's to log, so a step returns the :class:`Decision` itself.
    """

    events: tuple[EventDraft, ...] = ()
    decision: Decision | None = None
    state: Any = Field(default=None, exclude=True, repr=False)
    """The state the events fold to, when the engine folded them as it drafted them (the
    session's fast path takes it instead of folding them again); never serialized."""

    @model_validator(mode="after")
    def _records_something(self) -> Step:
        if not self.events and self.decision is None:
            raise ValueError("a step needs at least one event or a decision")
        for event in self.events:
            if event.kind in DECISION_KINDS:
                raise ValueError(
                    f"{event.kind!r} events are logged by the session; "
                    "return the Decision in Step.decision instead"
                )
        return self
