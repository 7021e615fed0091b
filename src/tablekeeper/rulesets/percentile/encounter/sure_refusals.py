"""Candidates the checks surely refuse, found without running the checks (a fast path).

The default policy plays the first legal candidate (``engine.first_legal``), so each
candidate before it is checked in full and refused: its payload admitted, its checks
run, its error worded and raised. In a fight with spirits a few candidates are refused
every turn for the same reasons: an Attack by a discorporate spirit, or on a spirit that
is not tangible (P-ACT-18), a Spirit Combat by a combatant without the skill, or by a
discorporate spirit on a corporeal being (P-ACT-23). On the engine's fast paths
``first_legal`` passes over a candidate :func:`surely_refused` names, without checking
it: it could not be the first legal one.

Each reason is one the full check reaches whatever comes before it, because every check
before it either refuses too or goes on (none allows early):

- an Attack by a discorporate combatant: the engine's ``admit`` refuses it (``admit.py``:
  a discorporate combatant's command other than the spirit world's, after checks that
  each refuse or go on);
- an Attack with a target that is discorporate, or a spirit not tangible: the Attack's
  check reaches every target in turn (``command_checks.attack``, ``physical_target``),
  refusing such a target when it comes to it;
- a Spirit Combat by a combatant without the Spirit Combat skill: its check's first
  step (``command_checks.spirit_combat``, ``gear.skill``);
- a Spirit Combat on a target, by a discorporate combatant not corporeal, on a corporeal
  target: the same check's last step.

``tests/rulesets/percentile/test_fast_paths.py`` checks every candidate it names on
every state the shipped scenarios pass through in full: each is refused.
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.command_checks import intangible
from tablekeeper.rulesets.percentile.encounter.state import PercentileState


def surely_refused(state: PercentileState, command: Command) -> bool:
    """Whether the engine's check surely refuses ``command`` now (``False``: not sure)."""
    if command.kind == cmd.ATTACK:
        order = command.payload_as(cmd.Attack)
        attacker = state.combatants.get(order.combatant)
        if attacker is None:
            return False
        if attacker.discorporate:
            return True
        return any(
            target is not None and intangible(target)
            for target in map(state.combatants.get, order.targets)
        )
    if command.kind == cmd.SPIRIT_COMBAT:
        spirit = command.payload_as(cmd.SpiritCombat)
        attacker = state.combatants.get(spirit.combatant)
        if attacker is None:
            return False
        if not gear.has_skill(attacker, gear.SPIRIT_COMBAT):
            return True
        target = state.combatants.get(spirit.target) if spirit.target is not None else None
        return (
            target is not None
            and attacker.form != "corporeal"
            and attacker.discorporate
            and target.form == "corporeal"
        )
    return False
