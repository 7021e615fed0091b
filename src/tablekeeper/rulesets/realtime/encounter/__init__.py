"""The ``realtime`` encounter engine: rule document 003 played one second at a time.

- ``state``: creatures, charges, life states, triggers (:class:`RealtimeState`).
- ``commands``: what the GM asks (:func:`add_creature`, :func:`start_action`, :func:`move`,
  :func:`advance`, ...); ``events``: what happened; ``fold``: the state after an event.
- ``engine``: :class:`RealtimeEngine` (``legal_commands``, ``submit``, ``apply``);
  ``legality``: whether a command is allowed now.
- ``seconds``: the end of each second, in a fixed order; ``charging``: one action at a
  time; ``reactions``: triggers, decisions, cooldowns; ``life``: dying, death,
  stabilization, healing; ``resting``: Rests and their interruption.
- ``actions``: the catalogue of actions and reactions (``data/actions.yaml``).
"""

from tablekeeper.rulesets.realtime.encounter.actions import (
    Catalogue,
    default_catalogue,
    load_catalogue,
)
from tablekeeper.rulesets.realtime.encounter.commands import (
    add_creature,
    advance,
    cancel_action,
    damage,
    declare_trigger,
    end_rest,
    heal,
    move,
    react,
    rest,
    start_action,
    support,
    treat,
)
from tablekeeper.rulesets.realtime.encounter.engine import RealtimeEngine
from tablekeeper.rulesets.realtime.encounter.life import (
    death_chance_if_stabilized,
    seconds_left,
)
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Creature,
    Injury,
    LifeState,
    RealtimeState,
    Trigger,
)

__all__ = [
    "Catalogue",
    "Charge",
    "Creature",
    "Injury",
    "LifeState",
    "RealtimeEngine",
    "RealtimeState",
    "Trigger",
    "add_creature",
    "advance",
    "cancel_action",
    "damage",
    "death_chance_if_stabilized",
    "declare_trigger",
    "default_catalogue",
    "end_rest",
    "heal",
    "load_catalogue",
    "move",
    "react",
    "rest",
    "seconds_left",
    "start_action",
    "support",
    "treat",
]
