"""Narrow arrays for vectorised batches: faces drawn in the narrowest integers that hold
them, and each roll's sum added column by column.

A batch is a million rows of a few dice. NumPy draws ``int16`` faces about twice as fast
as ``int64`` ones, compares them faster, and sums a row of a handful of narrow columns
fastest one column at a time into a narrow accumulator (a reduction along a short row
pays a loop per row); the totals are then widened to ``int64``, which every total is.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.roller import Die, RandomRoller

__all__ = ["draw", "row_counts", "row_sums", "widened"]

Ints = NDArray[np.int64]
Narrow = NDArray[Any]  # int16 faces, or int64 where a die's faces do not fit

_NARROW = np.iinfo(np.int16)
_ACCUMULATORS = tuple(
    (kind, int(np.iinfo(kind).max), np.dtype(kind).itemsize)
    for kind in ("int8", "int16", "int32", "int64")
)
_COLUMNS = 16  # beyond this many columns one reduction beats a loop of column adds


def draw(roller: RandomRoller, die: Die, shape: int | tuple[int, ...]) -> Narrow:
    """Faces of ``die`` in ``shape``: ``int16`` where its faces fit, else ``int64``."""
    narrow = _NARROW.min <= die.low and die.high <= _NARROW.max
    return roller.array(die, shape, "int16" if narrow else "int64")


def widened(values: Narrow) -> Ints:
    """``values`` as ``int64`` (the same array if they are already)."""
    return values.astype(np.int64, copy=False)


def row_sums(values: Narrow, most: int) -> Ints:
    """Each row's sum, as ``int64``; ``most``: the largest absolute value one entry holds."""
    rows, width = values.shape
    if not width:
        return np.zeros(rows, dtype=np.int64)
    if width == 1:
        return values[:, 0].astype(np.int64)  # a copy: totals are added to in place
    if width > _COLUMNS or values.dtype.itemsize > 2:
        summed: Ints = values.sum(axis=1, dtype=np.int64)
        return summed
    bound, size = most * width, values.dtype.itemsize
    # Never narrower than the values: a narrowing add is slower.
    into = next(
        (kind for kind, top, wide in _ACCUMULATORS if bound <= top and wide >= size), "int64"
    )
    total: Narrow = values[:, 0].astype(into)
    for column in range(1, width):
        total += values[:, column]
    return widened(total)


def row_counts(mask: NDArray[np.bool_]) -> Ints:
    """How many entries of each row are set, as ``int64``."""
    return row_sums(mask.view(np.int8), 1)
