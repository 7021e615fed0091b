"""A table for the encounter tests: a session whose dice the test hands out as it goes.

:class:`Dice` is a roller fed face by face (``dice.feed(7, 3)``): a die asked for that was
not fed, or a face the die cannot show, fails loudly, and :meth:`Dice.done` checks none is
left over. The cast: Aldric and Brenna (swords and shields), Corin (a spearman), Dara (a
knife-fighter); each test adds whom it needs with the stats it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tablekeeper.dice.roller import Die, History, RolledFace
from tablekeeper.engine import Event, Session
from tablekeeper.rulesets.percentile.encounter import (
    PercentileState,
    add_combatant,
    order,
    start,
)
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter

SWORD: dict[str, Any] = {
    "name": "broadsword",
    "skill": "Sword",
    "damage": "1d8+1",
    "type": "slashing",
    "hp": 12,
}
SPEAR: dict[str, Any] = {
    "name": "spear",
    "skill": "Spear",
    "damage": "1d8+1",
    "type": "piercing",
    "impaling": True,
    "hp": 10,
    "reach": "long",
}
DAGGER: dict[str, Any] = {
    "name": "dagger",
    "skill": "Knife",
    "damage": "1d4+1",
    "type": "piercing",
    "impaling": True,
    "hp": 6,
    "reach": "short",
}
SHIELD: dict[str, Any] = {"name": "heater", "hp": 12, "damage": "1d4"}

PLAIN = {"reroll_turn_order": False, "weapon_reach": False, "melee_fatigue": False}
"""Options that keep the dice few: no turn-order re-rolls, no reach, no fatigue."""


class Dice:
    """A roller the test feeds as it goes; every face is checked against its die."""

    def __init__(self, *faces: int) -> None:
        self._queue = list(faces)
        self._history = History()

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._history

    def feed(self, *faces: int) -> Dice:
        """Faces for the coming dice, in order."""
        self._queue.extend(faces)
        return self

    def roll(self, die: Die) -> int:
        if not self._queue:
            raise AssertionError(f"a {die} was rolled and no face was fed for it")
        face = self._queue.pop(0)
        if face not in die:
            raise AssertionError(f"{face} was fed for a {die}")
        self._history.add(die, face)
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]

    @property
    def left(self) -> list[int]:
        return list(self._queue)

    def done(self) -> None:
        assert not self._queue, f"faces left over: {self._queue}"


def stats(name: str, **changes: Any) -> dict[str, Any]:
    """A human warrior's stat block: combat initiative (14 + 13) / 2 = 13."""
    block: dict[str, Any] = {
        "name": name,
        "characteristics": {
            "STR": 13,
            "CON": 12,
            "SIZ": 13,
            "DEX": 14,
            "INT": 13,
            "POW": 12,
            "CHA": 11,
        },
        "skills": {
            "Sword": 60,
            "Spear": 55,
            "Knife": 50,
            "Dodge": 40,
            "Shield": 50,
            "Brawl": 45,
            "Athletics": 40,
            "Battlefield": 50,
            "Spirit Combat": 40,
        },
        "weapons": [SWORD],
        "shields": [SHIELD],
        "armor": {"physical": 2},
        "hit_points": 13,
        "damage_bonus": None,
        "mov": 8,
        "determination_points": 10,
    }
    block.update(changes)
    return block


def table(*faces: int, **options: Any) -> tuple[Session[PercentileState], Dice]:
    """An empty encounter with the PLAIN options (and ``options``), and its dice."""
    dice = Dice(*faces)
    state = new_encounter(PercentileOptions.model_validate({**PLAIN, **options}))
    return Session(PERCENTILE.engine, state, roller=dice), dice


def add(session: Session[PercentileState], id: str, side: str, **fields: Any) -> None:
    """Add a combatant; ``stats`` changes merge into the default stat block."""
    block = stats(id.title(), **fields.pop("stats", {}))
    session.submit(add_combatant(id=id, side=side, stats=block, **fields))


def duel(*turn_dice: int, **options: Any) -> tuple[Session[PercentileState], Dice]:
    """Aldric (party) against Brenna (foes), started with the turn-order d10s given."""
    session, dice = table(**options)
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    dice.feed(*turn_dice)
    session.submit(start())
    return session, dice


def act(session: Session[PercentileState], kind: str, who: str, **fields: Any) -> tuple[Event, ...]:
    """``who`` gives the command ``kind``."""
    return session.submit(order(kind, who, **fields))


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events``, without the ``percentile.`` prefix (easier to read in a
    list of what happened)."""
    return [event.kind.removeprefix("percentile.") for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind (an ``events`` constant: ``ev.DAMAGED``)."""
    return [event for event in events if event.kind == kind]


def contributions(event: Event) -> dict[str, int]:
    """The effective skill's contributions of a rolled check, by source."""
    roll = event.payload["roll"]
    assert isinstance(roll, dict)
    breakdown = roll["breakdown"]
    assert isinstance(breakdown, dict)
    terms = breakdown["contributions"]
    assert isinstance(terms, list)
    found: dict[str, int] = {}
    for term in terms:
        assert isinstance(term, dict)
        source, amount = str(term["source"]), term["amount"]
        assert isinstance(amount, int)
        found[source] = found.get(source, 0) + amount
    return found
