"""Whether the rules allow a command now: one definition for ``submit`` and ``legal_commands``.

Each check raises :class:`~tablekeeper.errors.IllegalCommandError` naming the payload
field and the reason: who may give the command (the GM; a combatant for itself, on its
turn, or the GM for it), whether an action is left, and each action's own conditions
(an engaged pair for Disengage, a body to leave for Discorporate, the weapon in hand and
usable at the melee distance, the option that allows a choice). Nothing here changes
the state or rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import requirements as req
from tablekeeper.rulesets.percentile.encounter.requirements import known, refuse
from tablekeeper.rulesets.percentile.encounter.state import PercentileState

S = PercentileState

SPIRIT_WORLD = frozenset(
    cmd.P + kind
    for kind in (
        "spirit_combat",
        "disengage_spirit",
        "manifest",
        "cast",
        "concentrate",
        "move",
        "wait",
        "end_turn",
        "use_passion",
        "ability",
    )
)
"""What a discorporate entity may do: nothing that touches the physical world (P-ACT-18)."""


def _turn(state: S, command: Command, payload: BaseModel) -> None:
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
    if command.kind not in cmd.FREE_ACTIONS and combatant.actions_left < 1:
        raise refuse(f"{combatant.name} has no action left this turn", "kind")


CHECKS: Mapping[str, Callable[[S, Any], None]] = {
    cmd.P + "add_combatant": req.add,
    cmd.P + "start": req.start,
    cmd.P + "end": req.end,
    cmd.P + "damage": req.damage,
    cmd.P + "engage": req.engage,
    cmd.P + "end_turn": req.nothing,
    cmd.P + "ability": req.ability,
    cmd.P + "aim": req.aim,
    cmd.P + "attack": req.attack,
    cmd.P + "cast": req.cast,
    cmd.P + "concentrate": req.nothing,
    cmd.P + "defend": req.defend,
    cmd.P + "disengage": req.in_melee,
    cmd.P + "disengage_spirit": req.in_spirit_combat,
    cmd.P + "equip": req.equip,
    cmd.P + "grapple": req.grapple,
    cmd.P + "escape": req.escape,
    cmd.P + "release": req.release,
    cmd.P + "help": req.help,
    cmd.P + "manifest": req.manifest,
    cmd.P + "discorporate": req.discorporate,
    cmd.P + "move": req.move,
    cmd.P + "rally": req.nothing,
    cmd.P + "spirit_combat": req.spirit_combat,
    cmd.P + "wait": req.wait,
    cmd.P + "stand_up": req.stand_up,
    cmd.P + "pull_weapon": req.pull,
    cmd.P + "remove_weapon": req.remove,
    cmd.P + "let_go": req.pull,
    cmd.P + "regrab": req.regrab,
    cmd.P + "drop": req.drop,
    cmd.P + "speak": req.nothing,
    cmd.P + "step": req.step,
    cmd.P + "use_passion": req.passion,
}
assert set(CHECKS) == set(cmd.COMMAND_MODELS), "every command kind has a check"


def parse(command: Command) -> BaseModel:
    """The command's payload as its model; an unknown kind is refused."""
    model = cmd.COMMAND_MODELS.get(command.kind)
    if model is None:
        raise refuse(
            f"a percentile encounter has no command {command.kind!r} "
            f"(known: {', '.join(sorted(cmd.COMMAND_MODELS))})",
            "kind",
        )
    return command.payload_as(model)


def check_command(state: S, command: Command, payload: BaseModel) -> None:
    """Refuse ``command`` if its actor may not give it or the rules forbid it now."""
    if state.over:
        raise refuse(f"the encounter is over ({state.winner or 'no one'} left standing)", "kind")
    if state.awaiting is not None:
        raise refuse("a decision is pending: answer it first", "kind")
    if command.kind in cmd.GM_COMMANDS:
        if command.actor != GM:
            raise refuse(f"only the GM may {command.kind}", "actor")
    else:
        _turn(state, command, payload)
    CHECKS[command.kind](state, payload)


def allowed(state: S, command: Command) -> bool:
    """Whether ``command`` would be accepted now."""
    try:
        check_command(state, command, parse(command))
    except RulesError:
        return False
    return True
