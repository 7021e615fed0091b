"""The percentile engine's scratch pad while it answers one command (:class:`Draft`).

Its later events depend on its earlier ones (an attack hits, then the target is down and
its turn is skipped); it also records what a pending decision is about and queues the
tasks that play once the current one is done.
"""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.drafts import Draft
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.fold import fold_model
from tablekeeper.rulesets.percentile.encounter.pending import Awaiting, Task
from tablekeeper.rulesets.percentile.encounter.state import PercentileState


class PercentileDraft(Draft[PercentileState]):
    """The encounter as the drafted events leave it, the drafts, and the roller."""

    def __init__(self, state: PercentileState, roller: Roller) -> None:
        super().__init__(state, roller, fold_model)

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
