"""A character's card in a social encounter: its party, its turn, what it knows.

Anyone sees a character's party with the target DP it has left (and whether the party is
passive), whether the character is its party's turn speaker this round, whether it is
acting or has had its social turn, and whether its social damage is halved. Its social
turn order and how it is made up, its actions left, what waits for its next roll and the
motivations it identified are the GM's and its player's (C-03, ``social_views.py``).
"""

from __future__ import annotations

from tablekeeper.engine.cards import Fact
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.social.state import Party, SocialEncounter


def _left(party: Party) -> str:
    if party.target is None:
        return f"{party.side} (passive: no target DP)"
    return f"{party.side}: {party.remaining} of {party.target.target_dp} target DP left"


def turn_words(social: SocialEncounter, key: ActorId) -> list[str]:
    """What anyone sees of the character's place in the round."""
    seat = social.seats.get(key)
    if seat is None:
        return []
    party = social.party(seat.party)
    found = ["turn speaker"] if party.speaker == key else []
    if social.active == key:
        found.append("acting")
    elif seat.turn_taken:
        found.append("turn done")
    return found


def social_facts(
    social: SocialEncounter, key: ActorId, sight: Sight, names: dict[str, str]
) -> list[Fact]:
    """The facts of the character's social seat the viewer may see."""
    seat = social.seats.get(key)
    if seat is None:
        return []
    facts = [Fact(label="Party", value=_left(social.party(seat.party)))]
    halved = [
        names.get(item.identifier, item.identifier)
        for item in social.halvings
        if item.interlocutor == key
    ]
    if halved:
        facts.append(Fact(label="Halved", value=f"its social damage (read by {', '.join(halved)})"))
    if not sight.sees(key):
        return facts
    order = seat.turn_order
    made = " + ".join(f"{term.label} {term.amount}" for term in order.breakdown.contributions)
    facts.append(Fact(label="Social turn order", value=str(order.total), explain=made))
    if social.clock is not None:
        facts.append(Fact(label="Actions left", value=str(seat.actions_left)))
    if seat.modifiers:
        waiting = ", ".join(f"{term.amount:+d}% ({term.label})" for term in seat.modifiers)
        facts.append(Fact(label="Next roll", value=waiting))
    for other, traits in seat.known.items():
        facts.append(
            Fact(
                label=f"{names.get(other, other)} is driven by",
                value=", ".join(traits) or "nothing named",
            )
        )
    return facts
