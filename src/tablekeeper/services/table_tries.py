"""One try of a write rolled at the table, for a client that keeps the faces (the API).

The console keeps the faces rolled so far in its page (``web/table_roll.py``); an API
client keeps them itself and sends the whole write again with one more face each time
(ruling C-22). :func:`try_at_table` is one such try: the GM's alone (C-19), checked
against the version the client read (or, when it sent none, the version now, which the
answer gives back so the next try is checked against it: a table that moved between two
dice is a lost race). It answers the stored write (:class:`~.table_dice.Rolled`) or the
die still needed (:class:`Asked`), with the names its labels use; a face its die cannot
show and faces left over are the roller's refusal (field ``dice``); nothing is stored
until the faces are enough.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tablekeeper.dice.purposes import Purpose
from tablekeeper.dice.roller import Roller
from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import Viewer, require_gm
from tablekeeper.services.encounter_store import EncounterView
from tablekeeper.services.encounters import load_encounter
from tablekeeper.services.table_dice import DieNeeded, Rolled, at_the_table
from tablekeeper.services.views import cards_for, names_for

TryWrite = Callable[[Roller, int], EncounterView]
"""A write given the roller and the version it is checked against."""


@dataclass(frozen=True)
class Asked:
    """The write needs one more die (``needed``); it was tried at ``version``; ``names``
    name the actors its labels speak of. Nothing was stored."""

    needed: DieNeeded
    version: int
    names: Mapping[str, str]


def try_at_table(
    uow: UnitOfWork,
    encounter_id: str,
    faces: Sequence[int] | None,
    write: TryWrite,
    *,
    viewer: Viewer,
    seed: int | None = None,
    expected_version: int | None = None,
) -> Rolled | Asked:
    """Run ``write`` with the ``faces`` rolled so far (none: the first try)."""
    require_gm(viewer, "roll the dice at the table")
    if seed is not None:
        raise InvalidInputError(
            "dice rolled at the table are the faces given, not a seed", field="seed"
        )
    view = load_encounter(uow, encounter_id)
    version = view.version if expected_version is None else expected_version
    done = at_the_table(faces or (), lambda roller: write(roller, version))
    if isinstance(done, Rolled):
        return done
    return Asked(done, version, names_for(cards_for(view, viewer)))


def die_words(die: str, purpose: Purpose | None, names: Mapping[str, str]) -> str:
    """A die in the rules' words: ``d20: hit location``, ``d100: Brenna's attack``; a die
    rolled with no purpose by its die alone (``d20``)."""
    if purpose is None:
        return die
    if purpose.who is None:
        return f"{die}: {purpose.what}"
    return f"{die}: {names.get(purpose.who, purpose.who)}'s {purpose.what}"
