"""What a ``percentile`` combat came to, for simulations: the contract's ``winner`` and
``tally``.

The winner is the side the engine declared left standing. Per combatant: out of the
fight (0 HP, or 0 Magic Points with the option on: G-P-03, G-P-E3), the HP it lost and
the Magic and Determination Points it spent. Death and unconsciousness are the GM's to
rule (``encounter/life.py``), so no ``dead`` is tallied (the lab shows "GM's call", not
a 0 % that would read as no one dying), and a combatant that lost HP counts one injury.
"""

from __future__ import annotations

from tablekeeper.engine.tallies import DEFEATED, INJURIES, Tally
from tablekeeper.rulesets.percentile.encounter.state import PercentileState


def winner(state: PercentileState) -> str | None:
    """The side left standing, once the encounter is over."""
    return state.winner if state.over else None


def _spent(before: int | None, after: int | None) -> int:
    return max(0, (before or 0) - (after or 0))


def tally(start: PercentileState, end: PercentileState) -> Tally:
    """Each combatant's counts from ``start`` to ``end``."""
    found: dict[str, dict[str, int]] = {}
    for key, combatant in end.combatants.items():
        first = start.combatants.get(key, combatant)
        found[key] = {
            DEFEATED: int(end.is_down(combatant)),
            INJURIES: int(combatant.hp < first.hp),
            "HP lost": max(0, first.hp - combatant.hp),
            "MP spent": _spent(first.magic_points, combatant.magic_points),
            "Determination spent": _spent(
                first.determination_points, combatant.determination_points
            ),
        }
    return found
