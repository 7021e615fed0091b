"""The ``percentile`` encounter engine: combat encounters of rule document 001, in rounds.

- ``state``: combatants, turn order, engagements per pair (:class:`PercentileState`);
  ``settings``: the engine's rulings (:class:`EncounterSettings`).
- ``commands``: what the GM and the combatants ask (:func:`order`); ``events`` and
  ``payloads``: what happened; ``fold`` and ``fold_effects``: the state after an event;
  ``pending``: queued work and the context of the pending decision; ``work``: the pad a
  command is played on.
- ``engine``: :class:`PercentileEngine`; ``legality`` and ``requirements``: whether a
  command is allowed now; ``choices``: the legal commands, best first; ``flow``: how a
  command plays out.
- ``initiative`` and ``turns``: turn order, actions per turn, rounds; ``roster``:
  adding combatants.
- ``actions``, ``movement``, ``magic``, ``forms``: the actions; ``tasks``,
  ``attacking``, ``defending``, ``requests``, ``dice``, ``followups``, ``fumbling``: the
  attack in play (``percentile.attack`` resolves it); ``engagement``: melee engagement
  and distance; ``spirit``: spirit combat; ``grapple``: grapples; ``impaling``: stuck
  weapons; ``life``: hit points and points; ``gear``: weapons, shields and armor as the
  fight left them.
"""

from tablekeeper.rulesets.percentile.encounter.commands import (
    COMMAND_MODELS,
    CombatantSpec,
    add_combatant,
    order,
    start,
)
from tablekeeper.rulesets.percentile.encounter.engine import PercentileEngine
from tablekeeper.rulesets.percentile.encounter.initiative import actions_per_turn, initiative
from tablekeeper.rulesets.percentile.encounter.magic import casting_actions
from tablekeeper.rulesets.percentile.encounter.settings import EncounterSettings
from tablekeeper.rulesets.percentile.encounter.state import (
    Combatant,
    Engagement,
    Grapple,
    PercentileState,
    Reserve,
    StuckWeapon,
    TurnOrder,
)

__all__ = [
    "COMMAND_MODELS",
    "Combatant",
    "CombatantSpec",
    "EncounterSettings",
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
    "order",
    "start",
]
