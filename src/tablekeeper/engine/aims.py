"""Aims: commands a viewer points at a square of the map, for code that knows no ruleset.

A ruleset whose commands are aimed at squares or at the actors standing on them
(``tactical``'s skills: a melee blow at a foe, a blast at a point, a line) gives the
console's map an :class:`Aim` per command its viewer may aim now: the squares it reaches
(``reach``) and each square it may be aimed at (:class:`AimPoint`) with what it would
cover, whom it would take and the very command aiming it there. The map highlights them
when the viewer chooses the command and plays a point's command when they click the
square or press Enter on it; everything is computed by the ruleset's rules, never by the
map (``Ruleset.aims``; none by default).

An aim is the viewer's: a ruleset gives aims only for the actors ``sight`` plays (the GM
plays everyone), and names in ``takes`` only actors the viewer's board shows.
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.engine.commands import Command
from tablekeeper.engine.positions import Square
from tablekeeper.engine.values import ActorId, Frozen


class AimPoint(Frozen):
    """A square a command may be aimed at, the squares it would cover there, the actors
    it would take, its words (``Fire Burst at (5, 2): Foe``) and the command itself."""

    square: Square
    command: Command
    words: str = Field(min_length=1)
    covers: tuple[Square, ...] = ()
    takes: tuple[ActorId, ...] = ()

    @property
    def key(self) -> str:
        """The square as the map names it: ``"5,2"``."""
        return f"{self.square[0]},{self.square[1]}"


class Aim(Frozen):
    """One command the viewer may aim now (``key`` unique among the aims, ``name`` in the
    rules' words), where it reaches and every square it may be aimed at."""

    key: str = Field(min_length=1)
    name: str = Field(min_length=1)
    note: str = Field(default="", description="A word about it: attack, area, personal.")
    reach: tuple[Square, ...] = ()
    points: tuple[AimPoint, ...] = ()
