"""Who chooses for a ``realtime`` creature when nobody does: unattended play, simulations.

Document 003 describes no attack (the Opportunity Attack's damage is the GM's, which
unattended play deals only as the scenario states it: ``reaction_damage.py``), so a
creature left to itself does what the rules do describe: it takes every reaction it is
offered, answers an open trigger and Supports a dying ally within reach (R-STAB-01),
never giving up a charge for it; otherwise it lets the second pass (walking up to a
dying ally is a plan, and plans are the scenario's timeline or the GM's). The scenario
run (``scenario.py``) asks each creature at most once a second, offering the advance of
the clock last in ``legal``: choosing it is letting the second pass. A creature the
scenario's timeline scripts is left to its script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.engine import (
    RealtimeEngine,
    reactions_offered,
)
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

    def pick(
        self,
        engine: RealtimeEngine,
        state: RealtimeState,
        actor: ActorId,
        keep: Callable[[Command], bool],
    ) -> Command | None:
        """What :meth:`choose` picks for the creature ``actor`` among its legal commands
        that ``keep`` keeps, the advance of the clock offered last: ``None`` for the
        advance (or when nothing is legal, and the creature is not asked).

        A shortcut of unattended play (``scenario.py``, on the fast paths): ``choose``
        takes the first reaction, else (not charging) the first Support of a dying ally,
        else the advance; so only those candidates are built and checked, in the order
        ``legal_commands`` gives them, and the creature's own orders (which ``choose``
        never takes while the advance is offered) are neither built nor checked. The
        creature's reactions and Supports are the very candidates ``engine.candidates``
        offers, checked by the same full check. ``tests/rulesets/realtime/
        test_fast_paths.py`` holds it to ``choose`` over the reference path's legal
        commands on every state the shipped scenarios pass through, and on varied ones.
        No trigger open offers no reaction, and the dying allies are read inline as
        ``supportable`` reads them (alive, below 0 HP: ``Creature.is_dying``).
        """
        if state.ending_second or state.offer is not None:
            return None
        me = state.creatures.get(actor)
        if me is None or not me.can_act:
            return None
        if state.triggers:  # no trigger open: no reaction offered
            for command in reactions_offered(state, me):
                if keep(command) and engine.allows(state, command):
                    return command
        if me.charge is not None:
            return None
        side = me.side
        # a keep that says which targets it keeps (unattended play's) is asked before the
        # Support is built: it keeps a command by its target alone
        keeps_target = getattr(keep, "keeps_target", None)
        for other in state.creatures.values():  # ``supportable``, read inline
            if other.hp < 0 and not other.dead and other.side == side and other.id != me.id:
                if keeps_target is not None and not keeps_target(other.id):
                    continue
                command = cmd.support(actor, other.id)
                if keep(command) and engine.allows(state, command):
                    return command
        return None

    def answer(self, state: RealtimeState, decision: PendingDecision) -> Command:
        """Every reaction offered is taken (the decision's default is the first reaction)."""
        return decision.answer(decision.default)

    def __repr__(self) -> str:
        return "RealtimePolicy()"


POLICY = RealtimePolicy()
"""The ``realtime`` ruleset's default policy."""
