"""Dice already rolled, handed back to a resolver that rolls them itself.

The engine rolls an attack's d100 when the attack is declared: only then does it know
whether the attack succeeded, whether it was a critical (the attacker's choice of blow)
and so whether the target has a defense to choose, all before the target rolls. The
whole attack is then resolved by ``percentile.attack`` (one definition of the rule),
which begins by rolling that d100: :class:`Prerolled` hands it the face already rolled,
exactly as a :class:`~tablekeeper.dice.roller.FixedRoller` plays back dice rolled at the
table, and every later die comes from the session's roller.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablekeeper.dice.purposes import Purpose, labelled
from tablekeeper.dice.roller import Die, History, RolledFace, Roller


class Prerolled:
    """Plays back ``faces`` (already rolled and logged), then rolls with ``roller``."""

    def __init__(self, faces: Iterable[tuple[Die, int]], roller: Roller) -> None:
        self._faces = list(faces)
        self._roller = roller
        self._history = History()

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._history

    def roll(self, die: Die) -> int:
        return self._roll(die, self._roller)

    def _roll(self, die: Die, roller: Roller) -> int:
        if self._faces:
            expected, face = self._faces.pop(0)
            if expected != die:
                raise ValueError(f"a {expected} was rolled already, and a {die} is asked for")
        else:
            face = roller.roll(die)
        self._history.add(die, face)
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]

    def roll_for(self, die: Die, count: int, purpose: Purpose) -> list[int]:
        """Faces for ``purpose`` (``dice/purposes.py``): the rest told to ``roller``."""
        return [
            self._roll(die, labelled(self._roller, purpose.what, purpose.who)) for _ in range(count)
        ]

    @property
    def keeps_purposes(self) -> bool:
        """Whether the roller the later dice come from hears what they are for."""
        return bool(getattr(self._roller, "keeps_purposes", False))

    @property
    def spent(self) -> bool:
        """Whether every face handed in was used."""
        return not self._faces
