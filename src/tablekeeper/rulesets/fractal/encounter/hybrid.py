"""Hybrid conflicts (document 000, Chapters 13-14 Designer Notes; F-CORE-12, F-COOK-GEN-07,
F-ART-GEN-07; ruling G-F-N7).

"A player engaged in a Nano duel while cooking can split their AP, using Slip (Combat) to
avoid attacks and Sear (Cooking) to fry the rice. In this case, the solo conflict is
tracked simultaneously to the duel, with the interval being "an exchange" and the results
[...] being checked at the end." The GM's ``fractal.hybrid_project`` gives a duellist a
project inside the duel (a Goal and its techniques); each Beat (a Nano exchange) its
technique dice roll with its other declarations; when the duel ends the project is
judged as a Solo one (G-F-05).
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId, Frozen, actor_field
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.commands import conflict_field
from tablekeeper.rulesets.fractal.encounter.solo import judge_project
from tablekeeper.rulesets.fractal.encounter.state import FractalState, Project
from tablekeeper.rulesets.fractal.encounter.work import Work

HYBRID = "fractal.hybrid_project"


class HybridProject(Frozen):
    """A project a duellist works at during the duel."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    goal: int = Field(ge=1, le=200)
    techniques: tuple[str, ...] = Field(min_length=1)
    output: str | None = None


def check_hybrid(state: FractalState, command: Command, order: HybridProject) -> None:
    found = state.conflicts.get(order.conflict)
    if found is None or found.ended is not None or found.level != "nano":
        raise IllegalCommandError(
            "a hybrid project runs inside an open Nano duel", field="conflict"
        )
    if order.character not in found.participants or found.project is not None:
        raise IllegalCommandError("one project, of one of the duellists", field="character")
    for technique in order.techniques:
        action = state.catalogue.actions.action(technique)
        if action.tree not in ("cooking", "art") or action.level != "nano":
            raise IllegalCommandError(
                f"{technique} is no Art or Cooking technique", field="techniques"
            )


def start_hybrid(work: Work, order: HybridProject) -> None:
    conflict = work.state.conflicts[order.conflict]
    project = Project(
        character=order.character,
        goal=order.goal,
        techniques=order.techniques,
        intervals=conflict.time_limit or 1,
        output=order.output,
    )
    work.emit(nev.PROJECT_ATTACHED, nev.ProjectAttached(conflict=order.conflict, project=project))


def judge(work: Work, conflict_id: str) -> None:
    """At the duel's end: the Goal reached, and a success with every technique (G-F-05)."""
    project = work.state.conflicts[conflict_id].project
    if project is None or project.result is not None:
        return
    judge_project(work, conflict_id, project)
