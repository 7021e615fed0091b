"""The logs as a viewer may read them: an encounter's records, and what a live viewer is sent.

Reading a log never runs the rules. :func:`visible_records` is the one filter by
visibility (an undo's audit record is shown when one of the events it took back is);
:func:`log_update` is what a live connection reads after each write.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablekeeper.engine.decisions import PendingDecision, pending_after
from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.values import ActorId, ScopeId
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import GM_VIEWER, Viewer, as_viewer
from tablekeeper.services.encounter_store import EncounterView


def encounter_log(
    uow: UnitOfWork,
    encounter_id: str,
    *,
    viewer: Viewer | ActorId | str = GM_VIEWER,
    after: int = 0,
) -> list[LogRecord]:
    """The encounter's log records after ``after`` that ``viewer`` may see (the GM sees
    all; an actor id stands for a player controlling that one creature), in order. An
    undo's audit record is shown when one of the events it took back is."""
    who = as_viewer(viewer)
    with uow:
        uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id)
    return visible_records(records, who, after=after)


def written_records(view: EncounterView, viewer: Viewer) -> list[LogRecord]:
    """The records a write stored (``view.records``) that ``viewer`` may see, chosen as
    :func:`encounter_log` would but without reading the log again: an undo's audit record
    is shown when one of the events it took back (``view.context``) is."""
    before = view.records[0].sequence - 1 if view.records else view.version
    return visible_records([*view.context, *view.records], viewer, after=before)


@dataclass(frozen=True)
class LogUpdate:
    """What a live viewer is sent after a write: the encounter's ``version``, the records
    after the viewer's last that they may see (none past ``version``), and the decision
    play waits on."""

    version: int
    records: list[LogRecord]
    pending: PendingDecision | None


def log_update(
    uow: UnitOfWork, encounter_id: str, *, viewer: Viewer | ActorId | str, after: int
) -> LogUpdate:
    """:class:`LogUpdate` for ``viewer`` after record ``after``, read without running the
    rules: the pending decision comes from the decision events in force, so each live
    connection woken by a write costs a read, not a fold."""
    with uow:
        encounter = uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id)
    # Each read may see a later commit than the one before it (SQLite reads outside a
    # transaction): keep what the version read covers, the rest waits for its announcement.
    covered = [record for record in records if record.sequence <= encounter.version]
    in_force = [e for e in EventLog(covered).events if e.scope == ScopeId(encounter_id)]
    return LogUpdate(
        encounter.version,
        visible_records(covered, as_viewer(viewer), after=after),
        pending_after(in_force),
    )


@dataclass(frozen=True)
class LogTail:
    """An encounter's ``version`` and its records after a number, up to that version."""

    version: int
    records: list[LogRecord]


def log_tail(uow: UnitOfWork, encounter_id: str, *, after: int) -> LogTail:
    """The encounter's version and the records after ``after`` that it covers, read in
    one unit of work and filtered for no one: what a worker's live feed of the encounter
    reads once per commit and every watcher there shares (``api/live_feed.py``)."""
    with uow:
        encounter = uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id, after=after)
    return LogTail(encounter.version, [r for r in records if r.sequence <= encounter.version])


def visible_since(records: Sequence[LogRecord], viewer: Viewer, *, after: int) -> list[LogRecord]:
    """:func:`visible_records` of a whole log (``records[i]`` numbered ``i + 1``) after
    ``after``, looking only at the records after it and the events their undo records
    took back: each watcher pays for what is new, not for the log."""

    def seen(number: int) -> bool:
        record = records[number - 1]
        return isinstance(record, Event) and viewer.sees(record.visibility)

    return [
        record
        for record in records[after:]
        if (isinstance(record, Event) and viewer.sees(record.visibility))
        or (isinstance(record, Undone) and any(seen(number) for number in record.events))
    ]


def visible_records(
    records: Sequence[LogRecord], viewer: Viewer, *, after: int = 0
) -> list[LogRecord]:
    """The records after ``after`` that ``viewer`` may see (see :func:`encounter_log`)."""
    shown = {r.sequence for r in records if isinstance(r, Event) and viewer.sees(r.visibility)}
    return [
        record
        for record in records
        if record.sequence > after
        and (
            record.sequence in shown
            or (isinstance(record, Undone) and any(number in shown for number in record.events))
        )
    ]
