"""What :func:`~.evaluate.roll_many` hands back for one dice term of a vectorised batch.

Its totals are computed at once; the per-die arrays (faces, values, which dice are
kept, succeed or fail, which columns a roll rolled and their rolling order) are laid out
on first use: a simulation that reads only the totals never pays for them (an exploding
term's extra dice, drawn as flat lists, need a column each; narrow faces are widened to
int64).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tablekeeper.dice.syntax import Dice, Group

__all__ = ["GroupBatch", "TermArrays", "TermBatch"]


class TermArrays(NamedTuple):
    """A term's per-die arrays (see :class:`TermBatch`)."""

    faces: NDArray[np.int64]
    values: NDArray[np.int64]
    kept: NDArray[np.bool_]
    success: NDArray[np.bool_]
    failure: NDArray[np.bool_]
    present: NDArray[np.bool_] | None
    order: NDArray[np.int64] | None


class TermBatch:
    """One dice term rolled for a whole batch: row ``i`` is roll ``i``, column ``j`` die
    ``j``. ``values`` are the faces after ``mi``/``ma``; ``totals`` what the term added
    to each roll. With explosions the extra dice follow the term's own dice, ``present``
    says which columns a roll really rolled and ``order`` each one's place in rolling
    order (``None``: every column, in order); :mod:`.batch_chains` says what ``faces``
    holds for rerolled and compounded dice. Every array but ``totals`` is laid out when
    first read (``lay_out``), then kept."""

    __slots__ = ("_arrays", "_lay_out", "node", "totals")

    def __init__(
        self, node: Dice, totals: NDArray[np.int64], lay_out: Callable[[], TermArrays]
    ) -> None:
        self.node, self.totals = node, totals
        self._lay_out: Callable[[], TermArrays] | None = lay_out
        self._arrays: TermArrays | None = None

    def arrays(self) -> TermArrays:
        """Every per-die array, laid out now if not yet."""
        if self._arrays is None:
            assert self._lay_out is not None
            self._arrays, self._lay_out = self._lay_out(), None
        return self._arrays

    @property
    def faces(self) -> NDArray[np.int64]:
        return self.arrays().faces

    @property
    def values(self) -> NDArray[np.int64]:
        return self.arrays().values

    @property
    def kept(self) -> NDArray[np.bool_]:
        return self.arrays().kept

    @property
    def success(self) -> NDArray[np.bool_]:
        return self.arrays().success

    @property
    def failure(self) -> NDArray[np.bool_]:
        return self.arrays().failure

    @property
    def present(self) -> NDArray[np.bool_] | None:
        return self.arrays().present

    @property
    def order(self) -> NDArray[np.int64] | None:
        return self.arrays().order

    def __repr__(self) -> str:
        return f"TermBatch({self.node!r}, {len(self.totals)} rolls)"


@dataclass(frozen=True, slots=True, eq=False)
class GroupBatch:
    """One group rolled for a whole batch: column ``j`` of ``values`` is sub-roll ``j``'s
    value (after the group's ``mi``/``ma``; a group of one expression has one column,
    the expression's value, its dice judged in the terms' arrays), ``kept``,
    ``success`` and ``failure`` say which sub-rolls keep and drop leave in and which
    count, ``totals`` what the group came to in each roll."""

    node: Group
    values: NDArray[np.int64]
    kept: NDArray[np.bool_]
    success: NDArray[np.bool_]
    failure: NDArray[np.bool_]
    totals: NDArray[np.int64]
