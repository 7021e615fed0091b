"""The needs-die answer of a command or an answer rolled at the table (ruling C-22).

A write sent with ``at_table`` carries the faces rolled so far in ``dice``; while the
rules need one more die nothing is stored and the answer is ``202 Accepted`` with
:class:`NeedsDieOut`: the die's number, the die, its purpose in the rules' words and the
faces so far with what each was for, and the version the try was checked against (send
it as ``expected_version`` with the next try). Once the faces are enough the write is
stored once and answered as any other (``200``, :class:`~.resources.EncounterStep`).
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from tablekeeper.dice.purposes import Purpose
from tablekeeper.dice.roller import Die
from tablekeeper.services.table_tries import Asked, die_words

NEEDS_DIE = 202
"""The status of a try that needs one more die: accepted, nothing stored (C-22)."""


class TableDieOut(BaseModel):
    """A die rolled at the table: its number (from 1), the die, what it is for."""

    number: int = Field(ge=1)
    die: str = Field(description="d100, d20, d10...")
    purpose: str | None = Field(description="What the rules roll it for; null: unsaid.")
    who: str | None = Field(description="The actor it is rolled for (its id), if any.")
    label: str = Field(description="In words: 'd100: Brenna's attack'.")


class RolledFaceOut(TableDieOut):
    """A face rolled so far, on its die."""

    face: int


class DieNeededOut(TableDieOut):
    """The die the write needs next, and the faces so far."""

    rolled: list[RolledFaceOut]


class NeedsDieOut(BaseModel):
    """A write rolled at the table that needs one more die; nothing was stored."""

    needs_die: DieNeededOut
    expected_version: int = Field(description="The version the try was checked against.")


def _die(number: int, die: Die, purpose: Purpose | None, asked: Asked) -> dict[str, object]:
    return {
        "number": number,
        "die": str(die),
        "purpose": None if purpose is None else purpose.what,
        "who": None if purpose is None else purpose.who,
        "label": die_words(str(die), purpose, asked.names),
    }


def needs_die(asked: Asked) -> JSONResponse:
    """The 202 answer of a try that needs one more die."""
    needed = asked.needed
    rolled = [
        RolledFaceOut.model_validate(
            {**_die(index, face.die, face.purpose, asked), "face": face.face}
        )
        for index, face in enumerate(needed.rolled, start=1)
    ]
    body = NeedsDieOut(
        needs_die=DieNeededOut.model_validate(
            {**_die(needed.position, needed.die, needed.purpose, asked), "rolled": rolled}
        ),
        expected_version=asked.version,
    )
    return JSONResponse(body.model_dump(mode="json"), status_code=NEEDS_DIE)
