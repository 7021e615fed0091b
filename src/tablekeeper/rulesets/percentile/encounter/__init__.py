"""The ``percentile`` encounter engine: combat encounters of rule document 001, in rounds.

- ``state``: combatants, turn order, engagements per pair (:class:`PercentileState`,
  which carries the ruleset's options, the engine's rulings among them).
- ``commands``: the command kinds (named constants: :data:`~.commands.ATTACK`...) and
  their payloads; ``table``: the one command table (:data:`COMMANDS`: each kind's
  payload, check, play, GM-only and free-action flags) and :func:`order`; ``events``
  and ``payloads``: what happened; ``fold`` and ``fold_effects``: the state after an
  event; ``pending``: queued draft and what the pending decision is about; ``draft``: the
  pad a command is played on.
- ``engine``: :class:`PercentileEngine`; ``admit``: what every command shares (the
  engine's ``admit``); ``command_checks``: each command's own check; ``choices``: the
  commands worth offering, best first; ``flow``: how a command plays out and what it
  sets going; ``resumes``: how an answer resumes play.
- ``initiative`` and ``turns``: turn order, actions per turn, rounds; ``roster``:
  adding combatants.
- ``actions``, ``movement``, ``magic``, ``manifesting``: the actions; ``tasks``,
  ``attack_in_play``, ``defending``, ``attack_request``, ``dice``, ``followups``, ``fumbling``: the
  attack in play (``percentile.attack`` resolves it); ``engagement``: melee engagement
  and distance; ``spirit``: spirit combat; ``grapple``: grapples; ``impaling``: stuck
  weapons; ``life``: hit points and points; ``gear``: weapons, shields and armor as the
  fight left them.
"""

from tablekeeper.rulesets.percentile.encounter.commands import (
    CombatantSpec,
    add_combatant,
    start,
)
from tablekeeper.rulesets.percentile.encounter.engine import PercentileEngine, new_encounter
from tablekeeper.rulesets.percentile.encounter.initiative import actions_per_turn, initiative
from tablekeeper.rulesets.percentile.encounter.magic import casting_actions
from tablekeeper.rulesets.percentile.encounter.state import (
    Combatant,
    Engagement,
    Grapple,
    PercentileState,
    Reserve,
    StuckWeapon,
    TurnOrder,
)
from tablekeeper.rulesets.percentile.encounter.table import COMMANDS, order

__all__ = [
    "COMMANDS",
    "Combatant",
    "CombatantSpec",
    "Engagement",
    "Grapple",
    "PercentileEngine",
    "PercentileState",
    "Reserve",
    "StuckWeapon",
    "TurnOrder",
    "actions_per_turn",
    "add_combatant",
    "casting_actions",
    "initiative",
    "new_encounter",
    "order",
    "start",
]
