"""Odds before committing, in a ``realtime`` encounter: the exact chances a console shows.

Nothing here is a second formula (STYLE.md, lesson 2): every chance comes from the rules
code the engine rolls with. A reaction that rolls a check when used (the option
``reaction_checks``) gives the ``realtime.check`` odds; Support gives the chance that the
stabilization it brings, when its charge completes, kills (R-CRIT-03); and every dying
creature carries, as its standing odds, that chance if stabilized now and 10 seconds from
now (R-CRIT-03, R-LIFE-03). Who asks matters (docs/rulings.md, C-10): odds computed from
a creature's hidden numbers are shown only to the GM and its player.
"""

from __future__ import annotations

import math

from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.realtime.checks import CheckInput, check_odds
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.life import death_chance_if_stabilized
from tablekeeper.rulesets.realtime.encounter.reactions import characteristic
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState

STABILIZE_LATER = 10
"""Seconds ahead for the second death chance the standing odds show."""


def command_odds(state: RealtimeState, command: Command, sight: Sight) -> CommandOdds | None:
    """The odds of ``command`` now, as ``sight`` may see them (``None``: it rolls nothing
    the odds can be told of)."""
    if command.kind == cmd.REACT:
        return _react(state, command.payload_as(cmd.React), sight)
    if command.kind == cmd.SUPPORT:
        return _support(state, command.payload_as(cmd.Support), sight)
    return None


def standing_odds(state: RealtimeState, sight: Sight) -> dict[str, CommandOdds]:
    """For each dying creature ``sight`` may see the numbers of: the chance that being
    stabilized (or healed) now, and in 10 seconds, kills it."""
    found: dict[str, CommandOdds] = {}
    for creature in state.creatures.values():
        if not sight.sees(creature.id):
            continue
        now = death_chance_if_stabilized(creature)
        later = death_chance_if_stabilized(creature, later=STABILIZE_LATER)
        if now is None or later is None:
            continue
        found[creature.id] = CommandOdds(
            title=f"{creature.name}: P(death) if stabilized",
            outcomes=(("now", now), (f"in {STABILIZE_LATER} s", later)),
        )
    return found


def _react(state: RealtimeState, order: cmd.React, sight: Sight) -> CommandOdds | None:
    """A reaction that rolls ``realtime.check`` with a characteristic when used."""
    entry = state.catalogue.reactions.get(order.reaction)
    if entry is None or entry.check is None or not state.options.reaction_checks:
        return None
    creature = state.creature(order.creature)
    value = characteristic(creature, entry.check)
    if value is None or not sight.sees(order.creature):
        return None
    odds = check_odds(CheckInput(characteristic=value, characteristic_name=entry.check))
    return CommandOdds(title=f"{entry.name}: {entry.check} check", outcomes=odds.outcomes)


def support_seconds(state: RealtimeState, order: cmd.Support) -> int:
    """Seconds the dying target counts at negative HP between now and the Support's
    completion: the charge gains its A.P. at the end of each second and completes in the
    third step of the second that reaches the cost, before the dying count one more
    second in the seventh (G-R-E1)."""
    creature = state.creature(order.creature)
    rate = creature.rate(state.options)
    return max(0, math.ceil(state.catalogue.support.cost / rate) - 1)


def _support(state: RealtimeState, order: cmd.Support, sight: Sight) -> CommandOdds | None:
    """Support on a dying creature: the chance the stabilization it brings kills."""
    target = state.creature(order.target)
    if not sight.sees(order.target):
        return None
    chance = death_chance_if_stabilized(target, later=support_seconds(state, order))
    if chance is None:
        return None
    return CommandOdds(
        title=f"Support {target.name}",
        outcomes=(("dies when stabilized", chance), ("survives", 1 - chance)),
    )
