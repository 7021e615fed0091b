"""Odds before committing: the exact chance of each outcome of a command the console offers.

The issue: "wherever the console offers an action with a roll, it shows the exact chance
of each outcome (hit, critical, injury, death...)". Each ruleset computes them
(``Ruleset.command_odds`` and ``standing_odds``) from the rules code its engine rolls
with, told the viewer's :class:`~tablekeeper.engine.sight.Sight` so that a player sees
odds only when nothing hidden from them goes into them (docs/rulings.md, C-10). Here the
services only ask, and treat a command whose odds cannot be computed (an invalid
payload) as one without odds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping

from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.errors import RulesError
from tablekeeper.services.access import Viewer
from tablekeeper.services.encounter_store import EncounterView

__all__ = ["CommandOdds", "command_odds", "standing_odds"]


CACHED = 4096
"""How many odds are kept: a table of a few actors offers a few dozen commands a version."""

_cache: OrderedDict[tuple[object, ...], CommandOdds | None] = OrderedDict()
_lock = threading.Lock()


def command_odds(view: EncounterView, command: Command, viewer: Viewer) -> CommandOdds | None:
    """The odds of ``command`` in the encounter now, as ``viewer`` may see them; ``None``
    for a command that rolls nothing, one the odds cannot be computed for (an invalid
    payload), or one whose odds would tell this viewer something hidden (C-10).

    Computed once per state version: a stored version never changes (every write is a
    compare-and-set of it), so the table's refreshes and each viewer's live updates ask
    again for free."""
    key = (
        view.encounter.id,
        view.version,
        viewer.role,
        tuple(sorted(viewer.characters)),
        command.model_dump_json(),
    )
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    try:
        found = view.ruleset.command_odds(view.state, command, viewer.sight)
    except (RulesError, KeyError, ValueError):
        found = None
    with _lock:
        _cache[key] = found
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def standing_odds(view: EncounterView, viewer: Viewer) -> Mapping[str, CommandOdds]:
    """Per actor, the standing risk its card shows (P(death) if stabilized now, say), as
    ``viewer`` may see it."""
    return view.ruleset.standing_odds(view.state, viewer.sight)
