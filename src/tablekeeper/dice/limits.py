"""Roll limits: what stops an abusive expression before it eats the table's evening.

The same limits bound rolling and exact odds, so a distribution is exact for exactly
the game the roller plays: a die explodes at most ``explode_depth`` times in both.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RollLimits:
    """``max_dice``: dice in one term and dice rolled by a whole expression (explosions
    and rerolls included). ``max_sides``: the largest die. ``explode_depth``: how many
    times one die may explode (a chain holds at most ``explode_depth + 1`` dice).
    ``max_rerolls``: how many times one die may be rerolled by ``r`` before the roll is
    refused. ``max_odds_states``: the largest intermediate distribution odds will build.
    ``max_odds_bits``: the largest intermediate result odds will build, counted as its
    outcomes times the bits of its exact weights: weights grow with every die (each of
    ``200d1000``'s needs about 2,000 bits), and it is their size, not their number, that
    makes a sum of many wide or exploding dice take minutes. The default answers
    ``100d100`` and ``10d100!`` and refuses ``200d1000`` at once.
    ``max_odds_seconds`` and ``max_odds_bytes``: the most time and memory the cost
    model (:mod:`tablekeeper.dice.cost`) may estimate exact odds to take before they are
    refused, unstarted (the notation itself is at most ``parse.MAX_LENGTH`` characters).
    """

    max_dice: int = 1000
    max_sides: int = 10_000
    explode_depth: int = 10
    max_rerolls: int = 100
    max_odds_states: int = 2_000_000
    max_odds_bits: int = 16_000_000
    max_odds_seconds: float = 5.0
    max_odds_bytes: int = 1 << 30


DEFAULT_LIMITS = RollLimits()
