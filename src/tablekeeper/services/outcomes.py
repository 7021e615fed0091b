"""What the rules ask the GM after a command: its follow-ups (the ruleset's ``follow_ups``).

A command can leave the GM a ruling to make there and then: a reaction that hit, whose
damage is the GM's (:class:`~tablekeeper.engine.rulesets.FollowUp`). The console asks it
next to the command's outcome while that command is the last one in force, the answers
to the decisions it raised aside: once the GM answers it (or anyone gives another
command, or undoes it) it is no longer asked. While a decision is pending nothing is
asked: no command but its answer is taken then, so the ruling waits for the answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablekeeper.engine.decisions import DECISION_ANSWERED
from tablekeeper.engine.events import Event, LogRecord
from tablekeeper.engine.rulesets import FollowUp
from tablekeeper.services.access import Viewer
from tablekeeper.services.encounter_store import EncounterView


def last_command(records: Sequence[LogRecord]) -> list[Event]:
    """The events of the log's last command, when the last record is one of its events
    (an undo's record is not)."""
    if not records or not isinstance(records[-1], Event):
        return []
    command = records[-1].command_id
    found: list[Event] = []
    for record in reversed(records):
        if not isinstance(record, Event) or record.command_id != command:
            break
        found.append(record)
    return found[::-1]


def follow_ups(
    view: EncounterView, records: Sequence[LogRecord], viewer: Viewer
) -> tuple[FollowUp, ...]:
    """What the rules ask the GM after the encounter's last command (``records`` its
    whole log); nothing for a player, who gives no GM command."""
    if not viewer.is_gm or view.pending is not None:
        return ()
    events = standing(records)
    return tuple(view.ruleset.follow_ups(view.state, events)) if events else ()


def standing(records: Sequence[LogRecord]) -> list[Event]:
    """The events whose follow-ups stand: the last command's and, while that command
    answered a decision, the command's before it (a reaction that hit asks for its damage
    once the decisions raised with it are answered)."""
    found: list[Event] = []
    end = len(records)
    while block := last_command(records[:end]):
        found = block + found
        if block[0].kind != DECISION_ANSWERED:
            break
        end -= len(block)
    return found
