"""What a ``realtime`` encounter came to, for simulations: the contract's ``tally``.

Per creature: out of the fight (not conscious), dead (R-LIFE-03, or a critical injury's
roll), the critical injuries it received during the encounter (R-CRIT-01) and the HP it
lost. Nobody wins a ``realtime`` encounter by the rules; the contract's default winner
(the last side with a conscious creature) stands.
"""

from __future__ import annotations

from tablekeeper.engine.tallies import DEAD, DEFEATED, INJURIES, Tally
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState


def tally(start: RealtimeState, end: RealtimeState) -> Tally:
    """Each creature's counts from ``start`` to ``end``."""
    found: dict[str, dict[str, int]] = {}
    for key, creature in end.creatures.items():
        first = start.creatures.get(key, creature)
        found[key] = {
            DEFEATED: int(not creature.can_act),
            DEAD: int(creature.dead),
            INJURIES: max(0, creature.injuries_received - first.injuries_received),
            "HP lost": max(0, first.hp - creature.hp),
        }
    return found
