"""Moving on the grid during a maneuver (document 004, "Maneuvers"; the grid ruling G-S-E1).

A maneuver that is not slow lets its user move up to its agility in paces (S-TYPE-05),
square by square along the shortest open path; a cunning effect's "you may move two
paces" adds free movement for the turn. Ending the maneuver gives the turn back to the
other skills (S-TYPE-07).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.encounter.using import acting, own_turn, refuse
from tablekeeper.rulesets.tactical.encounter.work import Work


def movement_left(state: TacticalState) -> int:
    turn = state.turn
    if turn is None:
        return 0
    return turn.free_paces + (turn.maneuver.paces if turn.maneuver is not None else 0)


def _square(square: tuple[int, int]) -> str:
    """A square as the map names it: ``(5, 3)``."""
    return f"({square[0]}, {square[1]})"


def check_move(state: TacticalState, command: Command, order: cmd.Move) -> None:
    from tablekeeper.rulesets.tactical.grid import reachable

    character = acting(state, command, order.character)
    own_turn(state, order.character)
    left = movement_left(state)
    if left <= 0:
        raise refuse("no movement is left: use a maneuver that is not slow (S-TYPE-05)", "to")
    if not state.map.open(order.to) or state.occupied(order.to, besides=character.id):
        raise refuse(f"{_square(order.to)} is a wall, off the map or taken", "to")
    blocked = frozenset(other.position for other in state.standing() if other.id != character.id)
    costs = reachable(state.map, character.position, left, state.options.distance, blocked)
    if order.to not in costs or order.to == character.position:
        paces = "pace" if left == 1 else "paces"
        raise refuse(f"{_square(order.to)} is more than {left} {paces} away", "to")


def play_move(work: Work, order: cmd.Move) -> None:
    from tablekeeper.rulesets.tactical.grid import reachable

    state = work.state
    character = state.character(order.character)
    blocked = frozenset(other.position for other in state.standing() if other.id != character.id)
    costs = reachable(
        state.map, character.position, movement_left(state), state.options.distance, blocked
    )
    work.emit(
        ev.MOVED,
        ev.Moved(
            character=character.id,
            origin=character.position,
            destination=order.to,
            paces=costs[order.to],
        ),
    )


def check_end_maneuver(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    acting(state, command, order.character)
    own_turn(state, order.character)
    if state.turn is None or state.turn.maneuver is None:
        raise refuse("no maneuver is in progress", "character")


def play_end_maneuver(work: Work, order: cmd.CharacterOnly) -> None:
    work.emit(ev.MANEUVER_ENDED, ev.ManeuverEnded(character=order.character))
