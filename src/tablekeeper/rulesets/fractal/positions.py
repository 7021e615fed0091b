"""A ``fractal`` conflict's positions as the console's map (``engine/positions.py``).

Document 000 gives positions only where a conflict knows them: a maneuver moves success
level + 1 squares (F-COMBAT-MICRO-04) and a spell reaches the Meditation die's units
(F-MAGIC-MICRO-02), counted with every diagonal step one (``encounter/targeting.py``).
The map is the first open conflict whose seats have positions, drawn around them;
positions are public. The board has no move command: a maneuver is a check whose dice
the character commits and whose success level says how far it goes, so it is given from
the panel's actions (docs/rulings.md, C-17).
"""

from __future__ import annotations

from tablekeeper.engine.positions import Board, Token, bounding_grid
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.encounter.state import FractalState


def board(state: FractalState, sight: Sight) -> Board | None:
    for conflict in state.open_conflicts():
        placed = [p for p in conflict.participants.values() if p.position is not None]
        if not placed:
            continue
        grid = bounding_grid([p.position for p in placed if p.position], metric="chebyshev")
        tokens = tuple(
            Token(
                actor=participant.id,
                square=participant.position,
                name=state.character(participant.id).name,
                side=participant.side,
                acting=conflict.current == participant.id,
                defeated=participant.out is not None,
            )
            for participant in placed
            if participant.position is not None and grid.inside(participant.position)
        )
        return Board(
            title=conflict.title or conflict.id,
            grid=grid,
            tokens=tokens,
            note="A maneuver moves success level + 1 squares (F-COMBAT-MICRO-04): give it "
            "from the conflict's actions.",
        )
    return None
