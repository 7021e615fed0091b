"""The GM takes a combatant out of a running encounter (issue 13; C-18, C-21).

The command (``percentile.remove_combatant``) is the GM's; it may be given while a
decision is pending (the engine's ``withdraws``): a decision by or about the combatant is
withdrawn and the command's queued draft plays on without it; any other decision stays
asked. The state it leaves is ``departure.without``; then the usual clock plays on
(``turns.settle``: the next turn opens, or the encounter ends when at most one side is
left, P-MOD-02), and a social encounter whose party has no one left to speak for it ends
early (P-ARG-10 scores it if a target DP has fallen to 0).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.command_checks import known
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.social.rounds import end_early
from tablekeeper.rulesets.percentile.encounter.state import PercentileState


def check_remove(state: PercentileState, command: Command, order: cmd.Who) -> None:
    known(state, order.combatant, "combatant")


def remove(draft: PercentileDraft, order: cmd.Who) -> None:
    started = draft.state.clock is not None and not draft.state.over
    draft.emit(ev.COMBATANT_REMOVED, ev.CombatantOnly(combatant=order.combatant))
    state = draft.state
    talking = state.talking
    if talking is not None:
        seated = {seat.party for seat in talking.seats.values()}
        empty = [party.side for party in talking.parties if party.side not in seated]
        if empty:
            end_early(draft, f"no one is left to speak for the {empty[0]}")
    if started and state.clock is None:
        draft.emit(ev.ENCOUNTER_ENDED, ev.EncounterEnded(winner=None, reason="no one is left"))
