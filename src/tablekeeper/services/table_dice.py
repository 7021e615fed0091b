"""Dice rolled at the table, die by die: which die the rules need next, and what for.

A GM rolling physical dice gives a command (an answer, a GM tool) with the faces rolled
so far, none at first. :func:`at_the_table` runs the write with exactly those faces,
played back strictly (:func:`~tablekeeper.services.dice.make_roller`):

- when the rules ask for one more die than was given, nothing is stored and the answer is
  :class:`DieNeeded`: its number, its die and its purpose in the rules' words (the
  ruleset's :func:`~tablekeeper.dice.purposes.labelled`), with the faces so far and what
  each was for. The GM rolls it, and the write is given again with one more face;
- when the faces are enough, the write is stored once, as with any other roller, and the
  answer is its :class:`~tablekeeper.services.encounter_store.EncounterView`;
- a face the die asked for cannot show, or faces left over, are the roller's
  :class:`~tablekeeper.errors.DiceSupplyError` (field ``dice``): nothing is stored.

Each try is a write like any other (the same permission checks, the same
``expected_version``), so a table that moved on between two dice is a lost race, never
a command played on a table the GM did not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablekeeper.dice.purposes import DieNeededError, Purpose
from tablekeeper.dice.roller import Die, FixedRoller, Roller
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.services.dice import make_roller
from tablekeeper.services.encounter_store import EncounterView

MOST_DICE = 200
"""The most faces one write rolled at the table may carry (ruling C-19)."""


@dataclass(frozen=True)
class TableFace:
    """One face rolled at the table: on which die, and what for (``None``: unsaid)."""

    die: Die
    face: int
    purpose: Purpose | None


@dataclass(frozen=True)
class DieNeeded:
    """The write needs one more die, number ``position`` (from 1): a ``die`` rolled for
    ``purpose``. ``rolled`` are the faces given so far. Nothing was stored."""

    position: int
    die: Die
    purpose: Purpose | None
    rolled: tuple[TableFace, ...]


@dataclass(frozen=True)
class Rolled:
    """The write, stored with the faces rolled at the table (``rolled``)."""

    view: EncounterView
    rolled: tuple[TableFace, ...]


Write = Callable[[Roller], EncounterView]
"""A write given the roller to roll with (``submit_command``, ``answer_decision``)."""


def at_the_table(faces: Sequence[int], write: Write) -> Rolled | DieNeeded:
    """Run ``write`` with ``faces`` played back strictly: stored when they are enough,
    else the next die it needs (nothing stored)."""
    if len(faces) > MOST_DICE:
        raise InvalidInputError(
            f"at most {MOST_DICE} dice may be rolled at the table for one command",
            field="dice",
        )
    roller = make_roller(dice=faces)
    assert isinstance(roller, FixedRoller)  # faces given: played back
    try:
        view = write(roller)
    except DieNeededError as needed:
        return DieNeeded(needed.position, needed.die, needed.purpose, _rolled(roller))
    return Rolled(view, _rolled(roller))


class _EnoughError(RulesError):
    """The faces were enough: raised where a write would be stored, so it is not."""


class _Asking(FixedRoller):
    """Plays back faces strictly and refuses to let a write they are enough for be stored
    (a write checks its faces are all used, :meth:`finish`, before it stores)."""

    def finish(self) -> None:
        super().finish()
        raise _EnoughError("the faces are enough")


def next_die(faces: Sequence[int], write: Write) -> DieNeeded | None:
    """The die ``write`` needs after ``faces`` (``None``: they are enough), never storing
    it: what to ask again when the die entered after them was refused."""
    roller = _Asking(faces, strict=True)
    try:
        write(roller)
    except DieNeededError as needed:
        return DieNeeded(needed.position, needed.die, needed.purpose, _rolled(roller))
    except _EnoughError:
        return None
    raise AssertionError("a write rolled at the table checks its faces before it stores")


def _rolled(roller: FixedRoller) -> tuple[TableFace, ...]:
    return tuple(
        TableFace(die, face, purpose)
        for (die, face), purpose in zip(roller.history, roller.purposes, strict=True)
    )
