"""Rolling at the table, die by die, from the console (issue 13).

The GM gives a command, an answer or a GM tool "at the table" (its second button): the
write goes to the same route with ``at_table`` set and no faces. The services run it with
the faces so far (``services/table_dice.py``); while it needs another die nothing is
stored and the table answers with the die-by-die panel (``_table_roll.html``): the faces
so far, each with what it was for, and the die asked for ("d20: hit location"), as a
number input and, for a die of at most :data:`FACE_BUTTONS` faces, one button a face.
Each die the GM enters posts the whole write again, carrying everything its first form
held (:func:`carried`) and the faces so far (``table_faces``); once they are enough it
is stored, once, with exactly those faces. A face the die cannot show, or faces left
over, are refused next to the die's input, the panel still asking. Cancel reloads the
table: nothing was stored, nothing is left behind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablekeeper.dice.purposes import DieNeededError, Purpose
from tablekeeper.dice.roller import FixedRoller, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.errors import DiceSupplyError, InvalidInputError, RulesError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services.access import Viewer, require_gm
from tablekeeper.services.encounter_store import EncounterView
from tablekeeper.services.table_dice import (
    DieNeeded,
    Rolled,
    TableFace,
    at_the_table,
    next_die,
)
from tablekeeper.services.table_tries import die_words
from tablekeeper.web import csrf
from tablekeeper.web.dice import parse_faces

AT_TABLE = "at_table"
"""The form field asking for the write to be rolled at the table, die by die."""

FACES = "table_faces"
"""The faces entered so far, in order, comma-separated."""

TYPED, CLICKED = "die_typed", "die"
"""The die just rolled: typed into the number input, or the face button clicked."""

FACE_BUTTONS = 20
"""A die with at most this many faces gets one button a face (a d20 does, a d100 not)."""

_OWN = {AT_TABLE, FACES, TYPED, CLICKED, "expected_version", "faces", csrf.FIELD}

TableWrite = Callable[[SqlUnitOfWork, Viewer, Roller], EncounterView]
"""A write given the roller to roll with: a command, an answer, a GM tool."""


@dataclass(frozen=True)
class FaceRefused:
    """The die just entered was refused (``error``); the write still needs ``needed``."""

    needed: DieNeeded
    error: RulesError


def wanted(form: Mapping[str, str]) -> bool:
    """Whether the write is to be rolled at the table, die by die."""
    return form.get(AT_TABLE) == "1"


def rolls(view: EncounterView, command: Command) -> bool:
    """Whether ``command`` (an answer too) rolls any die now: what makes offering to roll
    it at the table worth a button. Asked of the rules as the table-roll asks them for the
    next die: the engine resolves it (``submit`` never changes the state) with no faces to
    play back, and rolling one is the die it needs. A command the rules refuse now is
    offered as it was (its refusal then says why)."""
    try:
        view.ruleset.engine.submit(view.state, command, FixedRoller((), strict=True))
    except DieNeededError:
        return True
    except RulesError:
        return True
    return False


def carried(form: Mapping[str, str]) -> dict[str, str]:
    """What the write's first form held, carried from die to die (the panel's own inputs,
    the token and the version are the panel's)."""
    return {key: value for key, value in form.items() if key not in _OWN}


def _face(text: str) -> int:
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise InvalidInputError(f"a face is a whole number, not {text!r}", field="dice")
    return int(text)


def step(form: Mapping[str, str], write: TableWrite) -> Callable[[SqlUnitOfWork, Viewer], object]:
    """The action of one step: the write with the faces so far and the die just entered
    (none at the first step); a die refused is asked for again (the write run once more
    without it, never stored)."""

    def act(uow: SqlUnitOfWork, viewer: Viewer) -> object:
        require_gm(viewer, "roll the dice at the table")

        def run(roller: Roller) -> EncounterView:
            return write(uow, viewer, roller)

        so_far = parse_faces(form.get(FACES, "")) or []
        text = form.get(TYPED, "").strip() or form.get(CLICKED, "").strip()
        try:
            return at_the_table([*so_far, _face(text)] if text else so_far, run)
        except (DiceSupplyError, InvalidInputError) as error:
            needed = next_die(so_far, run) if text else None
            if needed is None:
                raise
            return FaceRefused(needed, error)

    return act


def rolled_view(done: object) -> object:
    """The view a step stored (its :class:`Rolled`), else what it answered."""
    return done.view if isinstance(done, Rolled) else done


def panel(done: DieNeeded | FaceRefused, form: Mapping[str, str], action: str) -> dict[str, Any]:
    """What ``_table_roll.html`` shows: the die asked for, the faces so far, where to
    send the next and what to carry."""
    needed = done.needed if isinstance(done, FaceRefused) else done
    die = needed.die
    error = None
    if isinstance(done, FaceRefused):
        error = done.error.message.removeprefix("dice: ")
    return {
        "action": action,
        "carried": carried(form),
        "faces": ", ".join(str(face.face) for face in needed.rolled),
        "rolled": needed.rolled,
        "position": needed.position,
        "die": str(die),
        "purpose": needed.purpose,
        "low": die.low,
        "high": die.high,
        "buttons": list(die.faces) if len(die.faces) <= FACE_BUTTONS else [],
        "error": error,
    }


def label(die: str, purpose: Purpose | None, names: Mapping[str, str]) -> str:
    """A die in the rules' words (``services/table_tries.die_words``)."""
    return die_words(die, purpose, names)


def rolled_words(rolled: Sequence[TableFace], names: Mapping[str, str]) -> list[str]:
    """Each face rolled at the table with what it was for: ``d20: hit location = 7``."""
    return [f"{label(str(face.die), face.purpose, names)} = {face.face}" for face in rolled]
