"""Tallies: what one played encounter came to, per actor, as counts a simulation adds up.

The balance lab plays an encounter many times and reports, for every actor, how often it
was out of the fight or dead, how many injuries it took, and what it spent. Each ruleset
knows those numbers in its own words; the contract asks for them as a :data:`Tally`:
actor id -> name -> count, read from the encounter's state at the start and at the end
(``Ruleset.tally(start, end)``). Three names mean the same in every ruleset
(:data:`DEFEATED`, :data:`DEAD`, :data:`INJURIES`); every other name is a resource spent
or lost, in the ruleset's words (``HP lost``, ``MP spent``, ``focus spent``).

The defaults here read only the actor cards (``defeated``, ``life``, the gauges), so a
ruleset that says nothing more is still tallied: out of the fight, dead when its life
word is ``dead``, and each gauge's drop as ``<label> lost``. :func:`last_side_standing`
is the default winner: the one side that still has an actor in the fight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablekeeper.engine.cards import ActorCard

Tally = Mapping[str, Mapping[str, int]]
"""Actor id -> count name -> count, for one played encounter."""

DEFEATED = "defeated"
"""1 when the actor ended the encounter out of the fight (its card's ``defeated``)."""

DEAD = "dead"
"""1 when the actor ended the encounter dead. A ruleset that leaves death to the GM
(percentile: ``encounter/life.py``) leaves it out of its tallies, and the lab says so
(``analysis.telling.DEATH_UNRULED``) instead of counting no one dead."""

INJURIES = "injuries"
"""The injuries (wounds, critical injuries, lasting harm) the actor took."""

OUTCOME_COUNTS = (DEFEATED, DEAD, INJURIES)
"""The names every ruleset means alike; the others are resources."""


def card_tally(start: Sequence[ActorCard], end: Sequence[ActorCard]) -> dict[str, dict[str, int]]:
    """The tally the cards alone tell: defeated, dead (life ``dead``), each gauge's drop.

    An actor who joined during play is counted from its first card at the end.
    """
    before = {card.id: card for card in start}
    tally: dict[str, dict[str, int]] = {}
    for card in end:
        counts = {DEFEATED: int(card.defeated), DEAD: int(card.life == DEAD)}
        first = before.get(card.id, card)
        levels = {gauge.label: gauge.value for gauge in first.gauges}
        for gauge in card.gauges:
            if gauge.label in levels:
                counts[f"{gauge.label} lost"] = max(0, levels[gauge.label] - gauge.value)
        tally[card.id] = counts
    return tally


def last_side_standing(cards: Sequence[ActorCard]) -> str | None:
    """The one side with an actor still in the fight, if exactly one has (else ``None``)."""
    standing = {card.side for card in cards if not card.defeated}
    return next(iter(standing)) if len(standing) == 1 else None
