"""What each die is rolled for: the rules' label on a roll, for dice rolled at the table.

A GM rolling physical dice needs to know which die the rules ask for next and why
("d100: Brenna's attack", "d20: hit location"). The rules say so where they roll, with
one call that changes nothing else::

    face = labelled(draft.roller, "attack", who=attacker).roll(D100)

:func:`labelled` hands back a roller that rolls exactly as the one given, telling it the
:class:`Purpose` of every die it rolls. Only a roller that keeps purposes (one with
``keeps_purposes``, such as :class:`~tablekeeper.dice.roller.FixedRoller`) hears of them;
any other (a seeded :class:`~tablekeeper.dice.roller.RandomRoller` in a simulation) is
handed back as it is, so labels cost a simulation nothing but the call. The
:class:`~tablekeeper.dice.roller.Roller` protocol is unchanged: a roller keeping purposes
adds one method, ``roll_for(die, count, purpose)``.

The purpose closest to the roll wins: a helper that labels the roller it was handed
(already labelled by its caller) names its own dice; whose they are, when the helper
does not know, is its caller's (an attack labelled "Ada's attack" whose rule labels its
location die "hit location": "d20: Ada's hit location"). A die rolled with no label has none
(``None``): an interface names it by its die alone ("d20").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tablekeeper.errors import DiceSupplyError

if TYPE_CHECKING:
    from tablekeeper.dice.roller import Die, RolledFace, Roller


@dataclass(frozen=True, slots=True)
class Purpose:
    """What a die is for, in the rules' words: ``what`` ("attack", "hit location",
    "new turn order") and whose, when it is someone's (``who``, an actor's id: an
    interface names them, "Brenna's attack")."""

    what: str
    who: str | None = None


class KeepsPurposes(Protocol):
    """A roller that hears what its dice are for (and so has ``keeps_purposes``)."""

    keeps_purposes: bool

    def roll_for(self, die: Die, count: int, purpose: Purpose) -> list[int]:
        """``count`` faces of ``die``, each rolled for ``purpose``."""
        ...


def labelled(roller: Roller, what: str, who: str | None = None) -> Roller:
    """``roller``, telling it the dice it rolls are for ``what`` (``who``'s, if given);
    ``roller`` itself when it keeps no purposes."""
    if not getattr(roller, "keeps_purposes", False):
        return roller
    return Labelled(roller, Purpose(what, who))


class Labelled:
    """A roller rolling with another, telling it ``purpose`` (made by :func:`labelled`)."""

    __slots__ = ("_purpose", "_roller")
    keeps_purposes = True

    def __init__(self, roller: Roller, purpose: Purpose) -> None:
        self._roller = roller
        self._purpose = purpose

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._roller.history

    def roll(self, die: Die) -> int:
        return self.roll_for(die, 1, self._purpose)[0]

    def roll_many(self, die: Die, count: int) -> list[int]:
        return self.roll_for(die, count, self._purpose)

    def roll_for(self, die: Die, count: int, purpose: Purpose) -> list[int]:
        inner: KeepsPurposes = self._roller  # type: ignore[assignment]  # labelled() checked
        if purpose.who is None and self._purpose.who is not None:  # whose: the caller's
            purpose = Purpose(purpose.what, self._purpose.who)
        return inner.roll_for(die, count, purpose)

    def __repr__(self) -> str:
        return f"Labelled({self._roller!r}, {self._purpose!r})"


class DieNeededError(DiceSupplyError):
    """Faces played back ran out: the rules asked for die number ``position``, a ``die``
    rolled for ``purpose`` (``None``: they did not say). Rolling at the table die by die,
    this is the question, not a failure: the next die to ask the GM for."""

    def __init__(self, message: str, *, die: Die, position: int, purpose: Purpose | None) -> None:
        super().__init__(message, field="dice")
        self.die = die
        self.position = position
        self.purpose = purpose
