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

from collections.abc import Mapping

from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.errors import RulesError
from tablekeeper.services.access import Viewer
from tablekeeper.services.encounter_store import EncounterView

__all__ = ["CommandOdds", "command_odds", "standing_odds"]


def command_odds(view: EncounterView, command: Command, viewer: Viewer) -> CommandOdds | None:
    """The odds of ``command`` in the encounter now, as ``viewer`` may see them; ``None``
    for a command that rolls nothing, one the odds cannot be computed for (an invalid
    payload), or one whose odds would tell this viewer something hidden (C-10)."""
    try:
        return view.ruleset.command_odds(view.state, command, viewer.sight)
    except (RulesError, KeyError, ValueError):
        return None


def standing_odds(view: EncounterView, viewer: Viewer) -> Mapping[str, CommandOdds]:
    """Per actor, the standing risk its card shows (P(death) if stabilized now, say), as
    ``viewer`` may see it."""
    return view.ruleset.standing_odds(view.state, viewer.sight)
