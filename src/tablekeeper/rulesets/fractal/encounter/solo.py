"""Solo conflicts: a project rolled over Intervals toward a Goal (ruling G-F-05).

Document 000: "You set a Goal (number of successes), select your target skills, and roll
over Intervals (determined by your Meditation die or the kitchen's time limit)"
(F-COOK-GEN-02, F-ART-GEN-02, F-DANCE-GEN-02). Each Interval the pool refreshes
(G-F-03) and the character commits dice among its declared techniques, each rolled as
its own check; the Interval then passes (1 hour in a kitchen, F-TIME-02). After the last
Interval (or when the character finishes early) the project succeeds if the total reaches
the Goal and every technique earned a success. Its output (a meal's Well Fed, a work's
Praised) goes to whoever eats it or sees it (F-COOK-GEN-03, F-ART-GEN-03); a project
made to heal a condition removes it (F-DOWN-07). One project per Downtime (F-DOWN-08).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.acting import give_output
from tablekeeper.rulesets.fractal.encounter.ap import spend
from tablekeeper.rulesets.fractal.encounter.closing import close, pass_time, remove
from tablekeeper.rulesets.fractal.encounter.commands import Serve, WorkOnProject
from tablekeeper.rulesets.fractal.encounter.exchanges import refresh, set_phase, span_seconds
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat, character_check, roll
from tablekeeper.rulesets.fractal.encounter.state import Character, FractalState, Project
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat


def technique_stats(state: FractalState, technique: str) -> tuple[Stat, ...]:
    """The stats a declared technique rolls: a catalogue action's pair, or a bare stat."""
    if technique in {stat.value for stat in Stat}:
        return (Stat(technique),)
    return state.catalogue.actions.action(technique).stats


def intervals_for(
    state: FractalState, character: Character, deadline: int | None, roller_face: int | None
) -> int:
    """A deadline's Intervals, else the Meditation die's highest face (or its roll)."""
    if deadline is not None:
        return deadline
    if roller_face is not None:
        return max(1, roller_face)
    return max(1, character.die(Stat.MEDITATION))


def roll_intervals(work: Work, character: Character) -> int | None:
    """Under ``solo_intervals: meditation_roll``, the Meditation die rolled (G-F-05)."""
    size = character.die(Stat.MEDITATION)
    if work.state.options.solo_intervals != "meditation_roll" or not size:
        return None
    return labelled(work.roller, "Meditation die (intervals)", character.id).roll(Die(size))


def start_interval(work: Work, conflict_id: str) -> None:
    conflict = work.state.conflicts[conflict_id]
    set_phase(work, conflict, step=conflict.step + 1, phase="turns", turn=0, turn_started=True)
    refresh(work, conflict_id)


def work_on(work: Work, order: WorkOnProject) -> None:
    """One Interval's work: each technique's dice rolled, the successes added."""
    state = work.state
    conflict = state.conflicts[order.conflict]
    project = conflict.project
    assert project is not None
    holder = state.characters[project.character]
    total = sum(order.allocation.values()) * state.options.ap_per_die
    ap, temporary = spend(holder, total, "technique")
    work.emit(
        ev.AP_SPENT,
        ev.ApSpent(
            character=holder.id, amount=total, ap=ap, temporary=temporary, for_what="the project"
        ),
    )
    for technique, dice in order.allocation.items():
        if not dice:
            continue
        holder = work.state.characters[project.character]
        stat = best_stat(holder, technique_stats(state, technique))
        request = character_check(
            work.state,
            holder,
            stat=stat,
            dice=dice,
            tn=_tn(state, technique),
            tree=conflict.tree,
            action_type="utility",
        )
        check = roll(work.state, request, work.roller)
        running = (work.state.conflicts[order.conflict].project.total) + check.success_level  # type: ignore[union-attr]
        work.emit(
            ev.PROJECT_ROLLED,
            ev.ProjectRolled(
                conflict=order.conflict, technique=technique, stat=stat, check=check, total=running
            ),
        )
    end_interval(work, order.conflict)


def _tn(state: FractalState, technique: str) -> int:
    if technique in {stat.value for stat in Stat}:
        return 4
    return state.catalogue.actions.action(technique).tn


def end_interval(work: Work, conflict_id: str) -> None:
    conflict = work.state.conflicts[conflict_id]
    seconds = span_seconds(conflict.time.interval.minutes)
    work.emit(
        ev.EXCHANGE_ENDED,
        ev.ExchangeEnded(conflict=conflict_id, step=conflict.step, seconds=seconds),
    )
    if seconds:
        pass_time(work, seconds, conflict_id, why=f"interval {conflict.step}")
    project = conflict.project
    assert project is not None
    if conflict.step >= project.intervals:
        finish(work, conflict_id)
    else:
        start_interval(work, conflict_id)


def judge_project(work: Work, conflict_id: str, project: Project) -> Literal["success", "failure"]:
    """The project's verdict, logged: a success when the Goal is reached with every
    technique used (G-F-05; the option ``solo_every_technique``). A Solo conflict's last
    interval and a duel's end (a hybrid project) judge alike."""
    covered = project.covered()
    every = covered or not work.state.options.solo_every_technique
    result: Literal["success", "failure"] = (
        "success" if project.total >= project.goal and every else "failure"
    )
    work.emit(
        ev.PROJECT_ENDED,
        ev.ProjectEnded(
            conflict=conflict_id,
            result=result,
            total=project.total,
            goal=project.goal,
            covered=covered,
        ),
    )
    return result


def finish(work: Work, conflict_id: str) -> None:
    """The project is judged: the Goal reached, and every technique used (G-F-05)."""
    conflict = work.state.conflicts[conflict_id]
    project = conflict.project
    assert project is not None
    result = judge_project(work, conflict_id, project)
    if result == "success" and project.heals is not None:
        entry = work.state.characters[project.character].condition(project.heals)
        if entry is not None:
            remove(work, project.character, entry.id, entry.name, "solo", "F-DOWN-07")
    words = f"{result} ({project.total} of {project.goal} successes)"  # numbers in brackets
    close(work, conflict_id, words, project.character if result == "success" else None, "G-F-05")


def serve(work: Work, order: Serve) -> None:
    """The output is eaten or shown: each recipient gains it (F-COOK-GEN-04, F-ART-GEN-04)."""
    conflict = work.state.conflicts[order.conflict]
    project = conflict.project
    assert project is not None
    assert project.output is not None
    for key in order.to:
        give_output(work, key, project.output, 1, conflict=None, by=project.character)
    work.emit(ev.OUTPUT_SERVED, ev.OutputServed(conflict=order.conflict, to=order.to))
