"""A social encounter for the tests, its dice handed out as the test goes.

The cast, two a side: Brenna (CHA 16, INT 14: social initiative 15) and Oswin (CHA 10,
INT 10: 10) for the travellers; Garth (CHA 13, INT 12: 12) and Wren (CHA 11, INT 13: 12)
for the bandits. Each has Negotiation, Intimidation, Fast Talk, Charm and Insight, a
social sheet with 2 social damage by default (a constant, so that a test feeds only
the d100s), three passions (Greed 70, Pride 55, Honour 30), a favor and a grudge, 10
personal DP and POW 12.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import Event, Session
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.percentile.encounter import PercentileState, add_combatant, order
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd

from ..encounter.helpers import Dice, stats, table

SOCIAL_SKILLS = {
    "Negotiation": 60,
    "Intimidation": 50,
    "Fast Talk": 45,
    "Charm": 40,
    "Insight": 50,
}

CAST: dict[str, dict[str, Any]] = {
    "brenna": {"side": "travellers", "CHA": 16, "INT": 14},
    "oswin": {"side": "travellers", "CHA": 10, "INT": 10},
    "garth": {"side": "bandits", "CHA": 13, "INT": 12},
    "wren": {"side": "bandits", "CHA": 11, "INT": 13},
}


def sheet(name: str, cha: int | None, int_: int | None, **changes: Any) -> dict[str, Any]:
    """A stat block with social skills and the given CHA and INT."""
    block = stats(name.title())
    block["characteristics"] = {**block["characteristics"], "CHA": cha, "INT": int_}
    block["skills"] = {**block["skills"], **SOCIAL_SKILLS}
    block.update(changes)
    return block


def social_sheet(**changes: Any) -> dict[str, Any]:
    found: dict[str, Any] = {
        "damage": "2",
        "passions": {"Greed": 70, "Pride": 55, "Honour": 30},
        "favors": ["the reeve"],
        "grudges": ["the toll-keeper"],
    }
    found.update(changes)
    return found


def seat(session: Session[PercentileState], who: str, **changes: Any) -> None:
    """Add one of the cast (``stats``, ``social`` and other spec fields may be changed)."""
    cast = CAST[who]
    block = sheet(who, cast["CHA"], cast["INT"], **changes.pop("stats", {}))
    social = social_sheet(**changes.pop("social", {}))
    session.submit(add_combatant(id=who, side=cast["side"], stats=block, social=social, **changes))


def start_social(**fields: Any) -> Command:
    """The GM's ``percentile.start_social``."""
    return order(scmd.START_SOCIAL, None, actor=GM, **fields)


def talk(
    *turn_dice: int, cast: tuple[str, ...] = ("brenna", "oswin", "garth", "wren"), **fields: Any
) -> tuple[Session[PercentileState], Dice]:
    """The cast seated and a social encounter started with the 1D10s ``turn_dice`` (one a
    character, in ``cast`` order); ``fields`` are ``start_social``'s."""
    options = fields.pop("options", {})
    session, dice = table(**options)
    for who in cast:
        seat(session, who)
    dice.feed(*turn_dice)
    session.submit(start_social(**fields))
    return session, dice


def say(session: Session[PercentileState], kind: str, who: str, **fields: Any) -> tuple[Event, ...]:
    """``who`` gives the social command ``kind``."""
    return session.submit(order(kind, who, **fields))


def end_turn(session: Session[PercentileState], who: str) -> tuple[Event, ...]:
    return say(session, scmd.SOCIAL_END_TURN, who)


def remaining(session: Session[PercentileState], side: str) -> int | None:
    social = session.state.social
    assert social is not None
    return social.party(side).remaining


def active(session: Session[PercentileState]) -> str | None:
    social = session.state.social
    assert social is not None
    return social.active
