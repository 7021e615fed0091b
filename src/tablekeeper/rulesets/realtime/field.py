"""The ``realtime`` field as the console's map (``engine/positions.py``).

Document 003 counts reach in squares on a grid with no edges: the map is drawn around the
creatures with room to move on every side, and squares are counted as the options say
(the reach ruling: ``chebyshev`` by default). Every creature's square is public
(``views.py``); the token of a creature charging an action is marked acting. Moving on
the map is voluntary movement, an action charged second by second like any other
(G-R-01), whose completion may leave a hostile's reach (R-REACT-08).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.positions import Board, Square, Token, bounding_grid
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState


def board(state: RealtimeState, sight: Sight) -> Board:
    creatures = list(state.creatures.values())
    grid = bounding_grid(
        [creature.position for creature in creatures], metric=state.options.distance
    )
    tokens = tuple(
        Token(
            actor=creature.id,
            square=creature.position,
            name=creature.name,
            side=creature.side,
            acting=creature.charge is not None,
            defeated=not creature.can_act,
            movable=sight.controls(creature.id) and creature.can_act,
        )
        for creature in creatures
        if grid.inside(creature.position)
    )
    return Board(
        title="The field",
        grid=grid,
        tokens=tokens,
        note="Moving is an action charged second by second (G-R-01); a token marked acting "
        "is charging one.",
    )


def move_command(state: RealtimeState, actor: str, square: Square) -> Command | None:
    if actor not in state.creatures:
        return None
    return cmd.move(actor, square)
