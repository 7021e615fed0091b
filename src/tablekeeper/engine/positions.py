"""Positions: where the actors stand, as a map a viewer may see, for code that knows no ruleset.

Every ruleset places its actors its own way (``tactical`` characters on the squares of a
walled battlefield, ``realtime`` creatures on an open grid, ``percentile`` combatants
engaged in melee at a distance per pair, ``fractal`` participants of one conflict where
positions are known, the duel nowhere). The console's map never reads a state's keys:
it asks the ruleset's ``board(state, sight)`` for a :class:`Board`, already reduced to
what the viewer may see (a token hidden from the viewer is not on it), and its
``move_command(state, actor, square)`` for the command that moves an actor to a square,
submitted through the usual command path (its legality, reactions, decisions and log as
any other command's).

A board is one of two shapes, or both:

- a :class:`Grid` of squares (``width`` x ``height`` from ``origin``, its walls, how
  distance is counted: :data:`Metric`) with a :class:`Token` per actor placed on it; the
  distance between two squares is :meth:`Board.distance`, in the board's ``unit``;
- :class:`Pair` distances with no grid, each in words (``engaged at short``), for a
  ruleset that knows how far two actors are from each other but not where they stand.
"""

from __future__ import annotations

import math
from typing import Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine.values import ActorId, Frozen

Square: TypeAlias = tuple[int, int]
"""A square's ``(x, y)``: ``x`` grows to the right, ``y`` downwards."""

Metric: TypeAlias = Literal["chebyshev", "alternating", "manhattan", "euclidean"]
"""How squares are counted between two squares: every diagonal step one (``chebyshev``),
every second diagonal two (``alternating``), no diagonals (``manhattan``), or the
straight line rounded up (``euclidean``). The console's map counts the same four ways."""

MAX_SIDE = 200
"""The widest board a console draws (squares)."""


def distance(a: Square, b: Square, metric: Metric) -> int:
    """Squares between ``a`` and ``b`` counted by ``metric``.

    >>> metrics = ("chebyshev", "alternating", "manhattan", "euclidean")
    >>> [distance((0, 0), (3, 2), metric) for metric in metrics]
    [3, 4, 5, 4]
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if metric == "manhattan":
        return dx + dy
    if metric == "alternating":
        return max(dx, dy) + min(dx, dy) // 2
    if metric == "euclidean":
        return math.ceil(math.hypot(dx, dy))
    return max(dx, dy)


class Grid(Frozen):
    """The squares drawn: ``width`` x ``height`` from ``origin`` (its top left square),
    the walls among them, and how distance is counted."""

    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    origin: Square = (0, 0)
    walls: tuple[Square, ...] = ()
    metric: Metric = "chebyshev"

    def inside(self, square: Square) -> bool:
        x, y = square[0] - self.origin[0], square[1] - self.origin[1]
        return 0 <= x < self.width and 0 <= y < self.height

    def rows(self) -> list[list[Square]]:
        """The squares row by row, top to bottom."""
        ox, oy = self.origin
        return [[(ox + x, oy + y) for x in range(self.width)] for y in range(self.height)]


class Token(Frozen):
    """An actor on the grid as the viewer may see it: who, where, its name and side,
    whether it is acting now or out of the fight, and whether the viewer may move it."""

    actor: ActorId
    square: Square
    name: str = Field(min_length=1)
    side: str
    acting: bool = False
    defeated: bool = False
    movable: bool = Field(default=False, description="The viewer may drag it to a square.")


class Pair(Frozen):
    """How far two actors are from each other, when there is no grid: ``distance`` in the
    board's ``unit`` where the rules count one, and always in words."""

    a: ActorId
    b: ActorId
    words: str = Field(min_length=1)
    distance: int | None = None


class Board(Frozen):
    """Where the actors stand, as one viewer may see it (the module docstring)."""

    title: str = ""
    unit: str = Field(default="square", min_length=1, description="Distances' unit, singular.")
    units: str = Field(default="squares", min_length=1, description="The unit, plural.")
    grid: Grid | None = None
    tokens: tuple[Token, ...] = ()
    pairs: tuple[Pair, ...] = ()
    note: str = Field(default="", description="What the table should know reading it.")

    @model_validator(mode="after")
    def _tokens_on_the_grid(self) -> Board:
        if self.tokens and self.grid is None:
            raise ValueError("tokens need a grid to stand on")
        for token in self.tokens:
            if self.grid is not None and not self.grid.inside(token.square):
                raise ValueError(f"{token.actor}'s square {list(token.square)} is off the grid")
        return self

    def distance(self, a: Square, b: Square) -> int:
        """Squares between ``a`` and ``b`` on this board's grid."""
        return distance(a, b, self.grid.metric if self.grid is not None else "chebyshev")

    def in_units(self, amount: int) -> str:
        """``amount`` with its unit: ``1 pace``, ``3 paces``."""
        return f"{amount} {self.unit if amount == 1 else self.units}"

    def token_at(self, square: Square) -> Token | None:
        return next((token for token in self.tokens if token.square == square), None)

    def distances(self) -> tuple[Pair, ...]:
        """Every pair's distance: the tokens' on a grid, else the pairs given."""
        if self.grid is None:
            return self.pairs
        found: list[Pair] = []
        for index, one in enumerate(self.tokens):
            for other in self.tokens[index + 1 :]:
                amount = self.distance(one.square, other.square)
                words = self.in_units(amount)
                found.append(Pair(a=one.actor, b=other.actor, words=words, distance=amount))
        return tuple(found)


def bounding_grid(
    squares: list[Square], *, metric: Metric, margin: int = 2, least: Square = (8, 6)
) -> Grid:
    """A grid around ``squares`` for a ruleset whose field has no edges (``realtime``):
    ``margin`` squares of room on every side, at least ``least`` squares, at most
    :data:`MAX_SIDE` (a square farther off than that is left off the board)."""
    if not squares:
        return Grid(width=least[0], height=least[1], metric=metric)
    xs, ys = [s[0] for s in squares], [s[1] for s in squares]
    left, top = min(xs) - margin, min(ys) - margin
    width = min(MAX_SIDE, max(least[0], max(xs) + margin - left + 1))
    height = min(MAX_SIDE, max(least[1], max(ys) + margin - top + 1))
    return Grid(width=width, height=height, origin=(left, top), metric=metric)
