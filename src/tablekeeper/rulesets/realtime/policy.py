"""Who chooses for a ``realtime`` creature when nobody does: unattended play, simulations.

Document 003 describes no attack (the Opportunity Attack's damage is the GM's), so a
creature left to itself does what the rules do describe: it takes every reaction it is
offered, answers an open trigger and Supports a dying ally within reach (R-STAB-01),
never giving up a charge for it; otherwise it lets the second pass (walking up to a
dying ally is a plan, and plans are the scenario's timeline or the GM's). The scenario
run (``scenario.py``) asks each creature at most once a second, offering the advance of
the clock last in ``legal``: choosing it is letting the second pass. A creature the
scenario's timeline scripts is left to its script.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState


class RealtimePolicy:
    """React, Support a dying ally within reach; else let the second pass."""

    def choose(self, state: RealtimeState, actor: ActorId, legal: Sequence[Command]) -> Command:
        me = state.creatures.get(actor)
        passing = next((c for c in legal if c.kind == cmd.ADVANCE), None)
        if me is None:
            return passing or legal[0]
        for command in legal:
            if command.kind == cmd.REACT:
                return command
        if me.charge is not None:  # starting anything else would lose the charge
            return passing or legal[0]
        dying = [
            other
            for other in state.creatures.values()
            if other.is_dying and other.side == me.side and other.id != me.id
        ]
        for command in legal:
            if command.kind == cmd.SUPPORT and command.payload.get("target") in {
                other.id for other in dying
            }:
                return command
        return passing or legal[0]

    def answer(self, state: RealtimeState, decision: PendingDecision) -> Command:
        """Every reaction offered is taken (the decision's default is the first reaction)."""
        return decision.answer(decision.default)

    def __repr__(self) -> str:
        return "RealtimePolicy()"


POLICY = RealtimePolicy()
"""The ``realtime`` ruleset's default policy."""
