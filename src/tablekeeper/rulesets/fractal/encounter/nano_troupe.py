"""Troupe techniques of a Nano dance duel: Synchronized Movement and Cannon / Chain
(document 000, Dancing, Troupe; F-DANCE-NANO-10, F-DANCE-NANO-12; ruling G-F-27).

"If you and other troupe members use this successfully on the same great, everyone gets
extra successes to whatever other action they are doing this beat, based on the number of
people successfully using it (maximum 4)." "Declare whether you are passing the chain to
someone else or targeting an opponent. If targeting an opponent, inflict a condition on
them from the focus chart, gaining 1 additional success for every person in the chain who
successfully passed it on (max 4)." Both are rolled at the start of the Beat's resolution
(``nano_resolve.py``); the successes they add are added after the other technique's roll,
so no die changes (the check's breakdown names them).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter.state import Conflict

TROUPE_MAX = 4
"""Synchronized Movement and Cannon / Chain add at most 4 successes (F-DANCE-NANO-10, -12)."""


def synced(successful: dict[str, str]) -> dict[str, int]:
    """Each successful user's extra successes: the number of successful users on its side,
    at most 4, when there are at least two ("you and other troupe members", G-F-27).
    ``successful``: user -> its side."""
    counts: dict[str, int] = {}
    for side in successful.values():
        counts[side] = counts.get(side, 0) + 1
    return {
        key: min(TROUPE_MAX, counts[side]) for key, side in successful.items() if counts[side] >= 2
    }


def chained(passes: dict[str, str], strikers: list[str]) -> dict[str, int]:
    """Each striker's extra successes: the people who successfully passed the chain on to
    it, directly or through other successful passers, at most 4 (G-F-27). ``passes``: a
    successful passer -> the partner it passed to."""
    found: dict[str, int] = {}
    for striker in strikers:
        reached: set[str] = set()
        frontier = [striker]
        while frontier:
            link = frontier.pop()
            for passer, to in passes.items():
                if to == link and passer not in reached and passer != striker:
                    reached.add(passer)
                    frontier.append(passer)
        if reached:
            found[striker] = min(TROUPE_MAX, len(reached))
    return found


def troupe_bonus(conflict: Conflict, key: str, technique: str) -> tuple[int, str, str]:
    """The successes the troupe adds to ``key``'s ``technique`` this Beat: (amount, label,
    rule)."""
    duel = conflict.duel
    if duel is None:
        return 0, "", ""
    if technique == "cannon_chain" and duel.chain.get(key):
        return duel.chain[key], "the chain passed on", "F-DANCE-NANO-12"
    if technique != "synchronized_movement" and duel.synced.get(key):
        return duel.synced[key], "Synchronized Movement", "F-DANCE-NANO-10"
    return 0, "", ""


def with_troupe(
    conflict: Conflict, key: str, technique: str, check: CheckOutcome, *, beyond_first: bool
) -> CheckOutcome:
    """The rolled check with the troupe's successes added (none: unchanged)."""
    amount, label, rule = troupe_bonus(conflict, key, technique)
    if not amount:
        return check
    level = check.success_level + amount
    return check.model_copy(
        update={
            "success_level": level,
            "margin": max(0, level - 1) if beyond_first else level,
            "loss_breakdown": check.loss_breakdown.plus(
                Contribution(amount=-amount, label=label, source=rule)
            ),
        }
    )
