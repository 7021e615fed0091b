"""The engine's scratch pad while it answers one command: the events so far, folded.

``submit`` must never change the state it is handed, yet a command's later events depend
on its earlier ones (an attack hits, then the target is down and its turn is skipped).
:class:`Work` keeps the drafted events and the state they fold to, with the very
functions a replay uses, so the step it returns is exactly what the log will fold.
"""

from __future__ import annotations

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import PUBLIC, EventDraft, Visibility
from tablekeeper.engine.steps import Step
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.fold import fold_model
from tablekeeper.rulesets.percentile.encounter.pending import Awaiting, Task
from tablekeeper.rulesets.percentile.encounter.state import PercentileState


class Work:
    """The state as the drafted events leave it, the drafts, and the roller."""

    def __init__(self, state: PercentileState, roller: Roller) -> None:
        self.state = state
        self.roller = roller
        self.drafts: list[EventDraft] = []

    def emit(self, kind: str, payload: BaseModel, visibility: Visibility = PUBLIC) -> None:
        """Draft the event and fold it into :attr:`state`."""
        self.drafts.append(EventDraft.of(kind, payload, visibility))
        self.state = fold_model(self.state, kind, payload)

    def ask(self, awaiting: Awaiting, decision: Decision) -> Decision:
        """Record what ``decision`` is about (its answer resumes from it), and return it."""
        self.emit(ev.AWAITING_SET, ev.AwaitingSet(awaiting=awaiting))
        return decision

    def queue(self, *tasks: Task, front: bool = True) -> None:
        """Queue ``tasks`` to play once the current one is done (first, by default)."""
        if not tasks:
            return
        queued = (*tasks, *self.state.tasks) if front else (*self.state.tasks, *tasks)
        self.emit(ev.TASKS_SET, ev.TasksSet(tasks=queued))

    def step(self, decision: Decision | None = None) -> Step:
        """The step: every drafted event, and the decision now pending."""
        return Step(events=tuple(self.drafts), decision=decision)
