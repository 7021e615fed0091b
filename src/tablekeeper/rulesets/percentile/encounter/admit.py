"""What every command of a ``percentile`` encounter shares before its own check: ``admit``.

The engine (:class:`~tablekeeper.engine.table_engine.TableEngine`) parses a command with
the command table, refuses a GM-only kind from anyone but the GM, then calls
:func:`admit` (this module) and the kind's own check (``command_checks.py``). Each refusal
is an :class:`~tablekeeper.errors.IllegalCommandError` naming the field and the reason:
nothing is played once the encounter is over or while a decision is pending; a
combatant's command is given by that combatant (or the GM for it), on its turn, with an
action left unless it is a free action, and, discorporate, only what touches the Spirit
World (P-ACT-18). A character's social command is admitted by the social encounter's own
rule (``social/checks.py``: its social turn); no combat action is while a social
encounter is under way. Nothing here changes the state or rolls.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.command_table import CommandSpec
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter.command_checks import known, refuse
from tablekeeper.rulesets.percentile.encounter.social.checks import admit_turn
from tablekeeper.rulesets.percentile.encounter.social.commands import SOCIAL_TURN_KINDS
from tablekeeper.rulesets.percentile.encounter.state import PercentileState

SPIRIT_WORLD = frozenset(
    {
        cmd.SPIRIT_COMBAT,
        cmd.DISENGAGE_SPIRIT,
        cmd.MANIFEST,
        cmd.CAST,
        cmd.CONCENTRATE,
        cmd.MOVE,
        cmd.WAIT,
        cmd.END_TURN,
        cmd.USE_PASSION,
        cmd.ABILITY,
    }
)
"""What a discorporate entity may do: nothing that touches the physical world (P-ACT-18)."""


def admit(
    state: PercentileState, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any
) -> None:
    """Refuse ``command`` when the encounter is over or a decision is pending, and a
    combatant's command that is not its actor's to give now."""
    if state.over:
        raise refuse(f"the encounter is over ({state.winner or 'no one'} left standing)", "kind")
    if state.awaiting is not None and not spec.withdraws:
        raise refuse("a decision is pending: answer it first", "kind")
    if spec.kind in SOCIAL_TURN_KINDS:
        admit_turn(state, command, spec, payload)
        return
    if not spec.gm_only:
        talking = state.talking
        if talking is not None:
            raise refuse(
                f"a social encounter is under way (round {talking.round}): combat waits "
                "until the GM turns it into combat",
                "kind",
            )
        _turn(state, command, spec, payload)


def _turn(
    state: PercentileState, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any
) -> None:
    who = getattr(payload, "combatant", None)
    if who is None:
        return
    if command.actor not in (GM, who):
        raise refuse(f"{command.actor} may act for {command.actor} only, not for {who}", "actor")
    combatant = known(state, who, "combatant")
    if state.clock is None:
        raise refuse("the encounter has not started: the GM starts it first", "kind")
    if state.active != who:
        raise refuse(f"it is {state.active or 'nobody'}'s turn, not {who}'s", "combatant")
    if combatant.discorporate and command.kind not in SPIRIT_WORLD:
        raise refuse(f"{combatant.name} is discorporate: it must manifest first (P-ACT-18)", "kind")
    if not spec.free_action and combatant.actions_left < 1:
        raise refuse(f"{combatant.name} has no action left this turn", "kind")
