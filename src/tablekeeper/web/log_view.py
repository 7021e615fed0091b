"""The encounter's log as the table reads it: one entry per command, newest first.

Each entry is a command's records (its ``command_id``): its heading is the outcome first
(the ruleset's ``command_summary`` of those records, else its first sentence), then every
sentence, each event's payload (dice, breakdowns) one click away. Records with no
sentence (bookkeeping: a second elapsed, a decision logged) are counted, not listed. An
undo is its own entry, headed by what it took back ("Undo: Brenna attacks Wolf").

The log is paged by commands (:data:`COMMANDS_PER_PAGE`): sentences are written only
for the page shown, so a long session's page costs what a short one's does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.values import CommandId
from tablekeeper.engine.words import kind_words

COMMANDS_PER_PAGE = 25
"""How many commands one page of the log shows."""


@dataclass
class LogLine:
    """One record of an entry: its sentence (or kind in words), payload and audience."""

    sequence: int
    words: str
    sentence: bool
    payload: Mapping[str, Any]
    audience: str


@dataclass
class LogGroup:
    """One command's records as the log shows them."""

    command_id: str
    heading: str
    lines: list[LogLine] = field(default_factory=list)
    bookkeeping: int = 0
    undone: bool = False
    undo_of: str | None = None
    """For an undo: the command it took back."""
    mentions: list[str] = field(default_factory=list)
    """The actors (ids) its sentences name: what the creature filter keeps."""

    @property
    def first(self) -> int:
        """The sequence of its first record (its anchor in the page)."""
        return self.lines[0].sequence if self.lines else 0


@dataclass
class LogPage:
    """The page of the log shown: its entries, where it is, and the undo's label."""

    groups: list[LogGroup]
    page: int
    pages: int
    commands: int
    records: int
    undo_label: str | None
    redo_label: str | None = None
    """What a redo would give again (the GM's log only), or ``None``: nothing to redo."""


Shown = Callable[[Sequence[LogRecord]], list[dict[str, Any]]]
"""Records as JSON for the viewer, each with its sentence (``views.log_json``)."""
Summary = Callable[[Sequence[Event]], str | None]
"""A command's outcome in words, from its events, as the viewer may read it
(``Words.command_summary``)."""


def runs(records: Sequence[LogRecord]) -> list[list[LogRecord]]:
    """The records cut into commands: consecutive records of one command id, an undo's
    record alone."""
    found: list[list[LogRecord]] = []
    for record in records:
        last = found[-1][-1] if found else None
        if (
            last is not None
            and not isinstance(record, Undone)
            and not isinstance(last, Undone)
            and last.command_id == record.command_id
        ):
            found[-1].append(record)
        else:
            found.append([record])
    return found


def log_page(
    records: Sequence[LogRecord],
    shown: Shown,
    summary: Summary,
    names: Mapping[str, str],
    page: int = 0,
    redo: str | None = None,
) -> LogPage:
    """Page ``page`` (0: the newest) of the log, newest command first; ``redo`` is the
    command a redo would give again, whose heading the redo button reads."""
    commands = runs(records)
    undone = {
        number for record in records if isinstance(record, Undone) for number in record.events
    }
    pages = max(1, -(-len(commands) // COMMANDS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    end = len(commands) - page * COMMANDS_PER_PAGE
    chosen = commands[max(0, end - COMMANDS_PER_PAGE) : end]
    in_force = [run for run in commands if _in_force(run, undone)]
    latest = in_force[-1] if in_force else None
    wanted = [record for run in chosen for record in run]
    targets = {record.command_id for run in chosen for record in run if isinstance(record, Undone)}
    if redo is not None:
        targets.add(CommandId(redo))
    headed = {id(run): run for run in commands if run[0].command_id in targets}
    if latest is not None:
        headed[id(latest)] = latest
    chosen_ids = {id(run) for run in chosen}
    extra = [record for key, run in headed.items() if key not in chosen_ids for record in run]
    as_json = shown([*wanted, *extra])
    by_sequence = {int(item["sequence"]): item for item in as_json}
    headings: dict[str, str] = {
        str(run[0].command_id): _group(run, by_sequence, summary, names, undone).heading
        for run in headed.values()
        if not isinstance(run[0], Undone)
    }
    groups = []
    for run in reversed(chosen):
        group = _group(run, by_sequence, summary, names, undone)
        if group.undo_of is not None:
            group.heading = f"Undo: {headings.get(group.undo_of, group.undo_of)}"
        groups.append(group)
    label = headings.get(latest[0].command_id) if latest is not None else None
    again = headings.get(redo, redo) if redo is not None else None
    return LogPage(groups, page, pages, len(commands), len(records), label, again)


def _in_force(run: Sequence[LogRecord], undone: set[int]) -> bool:
    return isinstance(run[0], Event) and not all(record.sequence in undone for record in run)


def _group(
    run: Sequence[LogRecord],
    by_sequence: Mapping[int, Mapping[str, Any]],
    summary: Summary,
    names: Mapping[str, str],
    undone: set[int],
) -> LogGroup:
    items = [by_sequence[record.sequence] for record in run if record.sequence in by_sequence]
    first = run[0]
    if isinstance(first, Undone):
        return LogGroup(
            command_id=first.command_id,
            heading=f"Undo: {first.command_id}",
            undo_of=first.command_id,
            lines=[LogLine(first.sequence, "", False, {}, "public")],
        )
    group = LogGroup(command_id=first.command_id, heading="")
    for item in items:
        text = item.get("text")
        if not text:
            group.bookkeeping += 1
            continue
        audience = (item.get("visibility") or {}).get("audience", "public")
        group.lines.append(
            LogLine(int(item["sequence"]), str(text), True, item.get("payload") or {}, audience)
        )
    sentences = [line.words for line in group.lines]
    events = [record for record in run if isinstance(record, Event)]
    group.heading = summary(events) or (sentences[0] if sentences else _kinds(items))
    group.undone = all(record.sequence in undone for record in run)
    said = " ".join([group.heading, *sentences])
    group.mentions = [actor for actor, name in names.items() if name and name in said]
    if not group.lines:  # nothing but bookkeeping: kept as one line, so undo finds it
        group.lines.append(LogLine(first.sequence, group.heading, False, {}, "public"))
    return group


def _kinds(items: Sequence[Mapping[str, Any]]) -> str:
    return kind_words(str(items[0]["kind"])) if items else "Nothing to read"
