"""The battlefield as a grid of squares: paces, walls, line of sight, lines and blasts.

Document 004 measures in paces ("within one pace", "Ranged: 10", "a two-pace blast") and
names walls and sight but no grid. The rulings (docs/rulings.md, G-S-E1): a pace is one
square; the distance between squares counts each diagonal step as one pace by default
(``chebyshev``; ``alternating`` counts every second diagonal as two, ``manhattan`` none);
a square sees another when a straight line between their centres (Bresenham's, either
way) crosses no wall; a line runs square by square from the user towards its end and
stops at a wall; a blast spreads from its centre square by square, never into a wall nor
diagonally between two walls, so it goes around walls but not through them (S-TGT-13).

Everything here is pure and knows nothing of characters: the targeting resolver and a
later generic map can both use it.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import Frozen

GridDistance: TypeAlias = Literal["chebyshev", "alternating", "manhattan"]
"""How paces are counted on the grid: every diagonal step 1 pace (``chebyshev``), every
second diagonal 2 (``alternating``), or no diagonals (``manhattan``) (G-S-E1)."""

Square = tuple[int, int]
"""A square's ``(x, y)``, from ``(0, 0)`` at the top left."""

MAX_SIDE = 200
"""The widest map (squares)."""

_STEPS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


class GridMap(Frozen):
    """A map: its size and its wall squares."""

    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    walls: tuple[Square, ...] = ()

    @model_validator(mode="after")
    def _walls_inside(self) -> GridMap:
        for wall in self.walls:
            if not self.inside(wall):
                raise ValueError(f"wall {list(wall)} is outside the {self.width}x{self.height} map")
        return self

    def inside(self, square: Square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def is_wall(self, square: Square) -> bool:
        return square in self.walls

    def open(self, square: Square) -> bool:
        """Inside the map and not a wall."""
        return self.inside(square) and not self.is_wall(square)


def distance(a: Square, b: Square, metric: GridDistance = "chebyshev") -> int:
    """Paces between two squares (G-S-E1).

    >>> [distance((0, 0), (3, 2), metric) for metric in ("chebyshev", "alternating", "manhattan")]
    [3, 4, 5]
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if metric == "manhattan":
        return dx + dy
    if metric == "alternating":
        return max(dx, dy) + min(dx, dy) // 2
    return max(dx, dy)


def bresenham(a: Square, b: Square) -> list[Square]:
    """The squares of the straight line from ``a`` to ``b``, both included, in order."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    error = dx + dy
    found = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x0 += sx
        if doubled <= dx:
            error += dx
            y0 += sy
        found.append((x0, y0))
    return found


def sees(grid: GridMap, a: Square, b: Square) -> bool:
    """Whether ``a`` has line of sight to ``b``: a line between them, drawn either way,
    crosses no wall (the end squares themselves are not counted).

    The answer depends on the walls and the two squares alone: on the engine's fast paths
    it is remembered for them (``engine/fast_paths.py``; targeting asks it of the same
    squares again and again)."""
    if fast_paths.enabled():
        try:
            return _sees(grid.walls, a, b)
        except TypeError:  # a square given as a list
            pass
    return _sees.__wrapped__(grid.walls, a, b)


@functools.lru_cache(maxsize=16384)
def _sees(walls: tuple[Square, ...], a: Square, b: Square) -> bool:
    for line in (bresenham(a, b), bresenham(b, a)[::-1]):
        if not any(square in walls for square in line[1:-1]):
            return True
    return False


def line_squares(grid: GridMap, origin: Square, end: Square) -> list[Square]:
    """A line from the square next to ``origin`` towards ``end`` (S-TGT-12), stopping
    before the first wall or the map's edge."""
    found: list[Square] = []
    for square in bresenham(origin, end)[1:]:
        if not grid.open(square):
            break
        found.append(square)
    return found


def reachable(
    grid: GridMap,
    start: Square,
    limit: int,
    metric: GridDistance = "chebyshev",
    blocked: frozenset[Square] = frozenset(),
) -> Mapping[Square, int]:
    """Each open square a path of at most ``limit`` paces reaches from ``start``, with its
    cost: never entering a wall or a ``blocked`` square, nor slipping diagonally between
    two walls (Dijkstra over the square and, for ``alternating``, the diagonals' parity).

    A legality check, the policy's candidates and the move itself ask the same question
    of one position many times: the answer is remembered (read-only), as it depends on
    the arguments alone (on the engine's fast paths: ``engine/fast_paths.py``)."""
    if fast_paths.enabled():
        return _reachable(grid, start, limit, metric, blocked)
    return _reachable.__wrapped__(grid, start, limit, metric, blocked)


@functools.lru_cache(maxsize=4096)
def _reachable(
    grid: GridMap, start: Square, limit: int, metric: GridDistance, blocked: frozenset[Square]
) -> Mapping[Square, int]:
    walls = frozenset(grid.walls)
    width, height = grid.width, grid.height

    def open_square(square: Square) -> bool:
        x, y = square
        return 0 <= x < width and 0 <= y < height and square not in walls

    if not open_square(start):
        return MappingProxyType({})
    best: dict[tuple[Square, bool], int] = {(start, False): 0}
    queue: list[tuple[int, Square, bool]] = [(0, start, False)]
    found = {start: 0}
    while queue:
        cost, square, odd = heapq.heappop(queue)
        if cost > best.get((square, odd), limit + 1):
            continue
        for dx, dy in _STEPS:
            diagonal = dx != 0 and dy != 0
            if diagonal and metric == "manhattan":
                continue
            step = (square[0] + dx, square[1] + dy)
            if not open_square(step) or step in blocked:
                continue
            if (
                diagonal
                and (square[0] + dx, square[1]) in walls
                and (square[0], square[1] + dy) in walls
            ):
                continue
            price = 2 if diagonal and metric == "alternating" and odd else 1
            parity = odd != diagonal if metric == "alternating" else False
            total = cost + price
            if total <= limit and total < best.get((step, parity), limit + 1):
                best[(step, parity)] = total
                found[step] = min(found.get(step, total), total)
                heapq.heappush(queue, (total, step, parity))
    return MappingProxyType(found)


def blast_squares(
    grid: GridMap, centre: Square, radius: int, metric: GridDistance = "chebyshev"
) -> set[Square]:
    """Every square a blast of ``radius`` paces centred on ``centre`` reaches (S-TGT-13):
    it spreads around walls but never through them."""
    return set(reachable(grid, centre, radius, metric))


def within(
    squares: Iterable[Square], centre: Square, paces: int, metric: GridDistance
) -> list[Square]:
    """The squares of ``squares`` within ``paces`` of ``centre``."""
    return [square for square in squares if distance(square, centre, metric) <= paces]
