"""The ``tactical`` battlefield as the console's map (``engine/positions.py``).

The squares are the encounter's map with its walls, counted in paces as the options say
(G-S-E1). Every standing or defeated character is a token, but a hidden character is on
a player's board only when it is of the side of a character they play: a hidden
character's square is its own side's (``views.py``, G-S-E6). Moving on the map is the
``tactical.move`` command, refused as any move is (no maneuver under way, too far, a
wall or a taken square: S-TYPE-05).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.positions import Board, Grid, Square, Token
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState


def placed_for(state: TacticalState, character: Character, sight: Sight) -> bool:
    if sight.gm or character.visible:
        return True
    return any(
        state.characters[mine].side == character.side  # type: ignore[index]
        for mine in sight.controlled
        if mine in state.characters
    )


def board(state: TacticalState, sight: Sight) -> Board:
    acting = state.turn.actor if state.turn is not None and state.ended is None else None
    tokens = tuple(
        Token(
            actor=character.id,
            square=character.position,
            name=character.name,
            side=character.side,
            acting=character.id == acting,
            defeated=character.defeated,
            movable=sight.controls(character.id) and not character.defeated and not state.ended,
        )
        for character in state.characters.values()
        if placed_for(state, character, sight) and state.map.inside(character.position)
    )
    grid = Grid(
        width=state.map.width,
        height=state.map.height,
        walls=state.map.walls,
        metric=state.options.distance,
    )
    return Board(
        title="The battlefield",
        unit="pace",
        units="paces",
        grid=grid,
        tokens=tokens,
        note="A character moves during a maneuver that is not slow, up to its paces (S-TYPE-05).",
    )


def move_command(state: TacticalState, actor: str, square: Square) -> Command | None:
    if actor not in state.characters:
        return None
    return cmd.move(actor, square)
