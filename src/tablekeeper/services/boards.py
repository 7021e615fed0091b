"""The map of an encounter: where its actors stand as a viewer may see it, and moving one.

All go through the ruleset's contract (``engine/positions.py``): :func:`board_for` is
its ``board`` told the viewer's sight, so a token hidden from a player never reaches
them; :func:`move_token` asks its ``move_command`` for the command that moves an actor
to a square and submits it like any other command (:func:`encounters.submit_command`:
the same permission check, legality, reactions, decisions, log and undo);
:func:`aims_for` is its ``aims`` (``engine/aims.py``), whose commands the map submits
as any command.
"""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.aims import Aim
from tablekeeper.engine.positions import MAX_SIDE, Board, Square
from tablekeeper.errors import ForbiddenError, IllegalCommandError, InvalidInputError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import encounters
from tablekeeper.services.access import GM_VIEWER, Viewer
from tablekeeper.services.encounter_store import EncounterView

FARTHEST = 10 * MAX_SIDE
"""The largest coordinate a move may name (a realtime field has no edges, but a number
this far off is a typing slip, not a square)."""


def board_for(view: EncounterView, viewer: Viewer) -> Board | None:
    """The encounter's board as ``viewer`` may see it (``None``: the ruleset places no one)."""
    return view.ruleset.board(view.state, viewer.sight)


def aims_for(view: EncounterView, viewer: Viewer) -> tuple[Aim, ...]:
    """The commands ``viewer`` may aim at squares of the map now (the ruleset's, for the
    actors ``viewer`` plays only)."""
    return view.ruleset.aims(view.state, viewer.sight)


def square_of(x: object, y: object) -> Square:
    """The square ``(x, y)`` from a form or a request, each a whole number within
    :data:`FARTHEST`; anything else is refused naming the coordinate."""
    found: list[int] = []
    for name, value in (("x", x), ("y", y)):
        text = str(value).strip()
        if not text.lstrip("-").isdigit() or len(text) > 6 or abs(int(text)) > FARTHEST:
            raise InvalidInputError(
                f"{name} must be a whole number from {-FARTHEST} to {FARTHEST}, not {text!r}",
                field=name,
            )
        found.append(int(text))
    return found[0], found[1]


def move_token(
    uow: UnitOfWork,
    encounter_id: str,
    actor: str,
    square: Square,
    *,
    viewer: Viewer = GM_VIEWER,
    roller: Roller | None = None,
    expected_version: int | None = None,
) -> EncounterView:
    """Move ``actor`` to ``square`` by the ruleset's move command, played as any command.

    A player may move only the characters they play (refused before anything about the
    actor is told); an actor the rules move no way on a map is refused naming it."""
    if not viewer.controls(actor):
        raise ForbiddenError(
            f"a player moves only their own characters, not {actor}", field="actor"
        )
    view = encounters.load_encounter(uow, encounter_id)
    command = view.ruleset.move_command(view.state, actor, square)
    if command is None:
        raise IllegalCommandError(
            f"{actor} cannot be moved on the {view.ruleset.name} map", field="actor"
        )
    return encounters.submit_command(
        uow,
        encounter_id,
        command,
        viewer=viewer,
        roller=roller,
        expected_version=expected_version,
    )
