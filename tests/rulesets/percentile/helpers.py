"""Helpers for the ``percentile`` tests: weapons from the document's examples, strict
playback of dice, and a brute-force oracle that enumerates every sequence of dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from tablekeeper.dice.roller import Die, FixedRoller, RolledFace

T = TypeVar("T")

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
MACE: dict[str, Any] = {"name": "mace", "damage": "1d8+2", "type": "crushing", "hp": 10}
DAGGER: dict[str, Any] = {
    "name": "dagger",
    "damage": "1d4+1",
    "type": "piercing",
    "impaling": True,
    "hp": 6,
    "reach": "short",
}
BOW: dict[str, Any] = {
    "name": "self bow",
    "damage": "1d6+1",
    "type": "piercing",
    "impaling": True,
    "hp": 5,
    "ranged": True,
}
SHIELD: dict[str, Any] = {"name": "heater", "hp": 12, "damage": "1d4"}


def dice(*faces: int) -> FixedRoller:
    """Strict playback: a die too many or one left over is an error."""
    return FixedRoller(faces, strict=True)


class MissingDieError(Exception):
    """The run asked for a die past the path given."""

    def __init__(self, die: Die) -> None:
        super().__init__(str(die))
        self.die = die


class PathRoller:
    """Plays back ``path`` and raises :class:`MissingDieError` for the next die."""

    def __init__(self, path: Sequence[int]) -> None:
        self._path = list(path)
        self._history: list[RolledFace] = []

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._history

    def roll(self, die: Die) -> int:
        if len(self._history) >= len(self._path):
            raise MissingDieError(die)
        face = self._path[len(self._history)]
        assert face in die, f"{face} on a {die}"
        self._history.append(RolledFace(die, face))
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]

    @property
    def used(self) -> int:
        return len(self._history)


def enumerate_outcomes(
    run: Callable[[PathRoller], T], label: Callable[[T], str]
) -> dict[str, Fraction]:
    """Every outcome of ``run`` with its exact chance, by trying every sequence of dice:
    the oracle the exact odds are checked against (STYLE.md, lesson 11)."""
    chances: dict[str, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        path, chance = stack.pop()
        roller = PathRoller(path)
        try:
            outcome = run(roller)
        except MissingDieError as need:
            share = chance / need.die.sides
            stack.extend(((*path, face), share) for face in need.die.faces)
            continue
        assert roller.used == len(path), "the run left dice unused"
        key = label(outcome)
        chances[key] = chances.get(key, Fraction(0)) + chance
    return chances
