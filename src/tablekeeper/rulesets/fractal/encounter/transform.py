"""Conflict Transformation (document 000, 16.6, 16.4; F-GM-10, F-GM-13; ruling G-F-05).

"use the Conflict Transformation rules (Chapter 5.6) to pause, vote on a new granularity
level, and carry the stakes over"; "If you must use Nano, metagame the scene: have each
player duel their assigned opponent separately, sequentially." The chapter is missing:
the GM's ``fractal.transform_conflict`` pauses a Micro conflict or a Nano duel (closed as
*transformed*: its spells and Routine Armor are not taken by the pause; its temporary AP
ends with the scene as always, G-F-33) and opens the new one with the same seats on the
same sides, at the new level and tree; every condition is carried (one that was to end
with the old conflict now ends with the new). *Split the Scene* opens one Nano duel per
pair of opponents, in seat order, one after the other: the next opens when the last
ends. All of it is events, so undo and replay cross the boundary like any command.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.actions import Tree
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.commands import conflict_field
from tablekeeper.rulesets.fractal.encounter.state import FractalState, QueuedConflict
from tablekeeper.rulesets.fractal.encounter.work import Work

TRANSFORM = "fractal.transform_conflict"

Id = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


class Transform(Frozen):
    """The GM pauses ``conflict`` and goes on at ``level`` (G-F-05)."""

    conflict: str = conflict_field()
    id: str = Id
    level: Literal["micro", "nano"]
    tree: Tree | None = Field(default=None, description="A new tree (a debate turns to blows).")
    title: str = Field(default="", max_length=80)
    split: bool = Field(default=False, description="Split the Scene into sequential duels.")


def pairs(state: FractalState, conflict_id: str) -> list[tuple[str, str]]:
    """Each participant still in, paired in seat order with the first free opponent."""
    conflict = state.conflicts[conflict_id]
    free = [k for k, p in conflict.participants.items() if p.in_play]
    found: list[tuple[str, str]] = []
    while free:
        first = free.pop(0)
        side = conflict.participants[first].side
        other = next((k for k in free if conflict.participants[k].side != side), None)
        if other is None:
            continue
        free.remove(other)
        found.append((first, other))
    return found


def check_transform(state: FractalState, command: Command, order: Transform) -> None:
    found = state.conflicts.get(order.conflict)
    if found is None or found.ended is not None or found.level not in ("micro", "nano"):
        raise IllegalCommandError(
            f"no Micro or Nano conflict {order.conflict!r} is open", field="conflict"
        )
    if order.id in state.conflicts:
        raise IllegalCommandError(f"a conflict {order.id!r} exists already", field="id")
    if order.split and (order.level != "nano" or not pairs(state, order.conflict)):
        raise IllegalCommandError(
            "Split the Scene makes Nano duels of opposing pairs", field="split"
        )


def _seats(state: FractalState, conflict_id: str, keys: tuple[str, ...]) -> tuple[cmd.Seat, ...]:
    conflict = state.conflicts[conflict_id]
    return tuple(cmd.Seat(character=key, side=conflict.participants[key].side) for key in keys)


def transform(work: Work, order: Transform) -> None:
    """Pause, then open the new conflict (or the first of the sequential duels)."""
    from tablekeeper.rulesets.fractal.encounter.gm import open_conflict

    state = work.state
    old = state.conflicts[order.conflict]
    tree = order.tree or old.tree
    if order.split:
        groups = [tuple(p) for p in pairs(state, order.conflict)]
    else:
        groups = [tuple(k for k, p in old.participants.items() if p.in_play)]
    seats = [_seats(state, order.conflict, group) for group in groups]
    ids = [order.id] if len(groups) == 1 else [f"{order.id}-{n}" for n in range(1, len(groups) + 1)]
    work.emit(
        ev.CONFLICT_CLOSED,
        ev.ConflictClosed(
            conflict=order.conflict,
            ended=f"transformed into {', '.join(ids)} ({order.level} {tree})",
            rule="G-F-05",
        ),
    )
    for key in old.participants:
        for entry in work.state.characters[key].conditions:
            if entry.ends_with == order.conflict:  # the stakes carry over
                work.emit(
                    ev.CONDITION_CHANGED,
                    ev.ConditionChanged(
                        character=key,
                        entry=entry.model_copy(update={"ends_with": ids[0]}),
                        why="carried over by the transformation",
                    ),
                )
    queue = tuple(
        QueuedConflict(
            id=ident, title=order.title or ident, level=order.level, tree=tree,
            setting=old.setting,
            seats=tuple((seat.character, seat.side or "") for seat in group),
        )
        for ident, group in zip(ids, seats, strict=True)
    )  # fmt: skip
    open_conflict(work, _opening(queue[0]))
    if len(queue) > 1:
        work.emit(nev.DUELS_QUEUED, nev.DuelsQueued(after=queue[0].id, queued=queue[1:]))


def _opening(queued: QueuedConflict) -> cmd.OpenConflict:
    return cmd.OpenConflict(
        id=queued.id,
        title=queued.title,
        level=queued.level,
        tree=queued.tree,
        setting=queued.setting,
        seats=tuple(cmd.Seat(character=key, side=side) for key, side in queued.seats),
    )


def open_next(work: Work) -> bool:
    """Split the Scene: when a queued duel's forerunner has ended, the next opens (one
    whose duellists cannot fight is passed over). Whether one opened."""
    from tablekeeper.rulesets.fractal.encounter.gm import open_conflict

    state = work.state
    ended = state.conflicts.get(state.queued_after or "")
    if not state.queued or ended is None or ended.ended is None:
        return False
    first, rest = state.queued[0], state.queued[1:]
    work.emit(nev.DUELS_QUEUED, nev.DuelsQueued(after=first.id, queued=rest))
    if all(work.state.characters[key].life == "up" for key, _ in first.seats):
        open_conflict(work, _opening(first))
        return True
    work.emit(nev.DUELS_QUEUED, nev.DuelsQueued(after=ended.id, queued=rest))
    return bool(rest)
