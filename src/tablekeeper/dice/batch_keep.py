"""Keep, drop and counting over a batch's pools: which dice (or sub-rolls) count, and
what each roll's pool comes to.

The rules are :mod:`.evaluate`'s, applied to arrays: keep and drop rank a roll's dice
highest first with ties in rolling order, through the same :func:`~.selection.window`;
each die's rank key is unique (its value, then the earlier die first), so a partition
(``np.partition``, linear) finds the kept dice of a fixed pool where a full sort is not
needed, and one ``argmax``/``argmin`` finds the die of a pool that keeps or drops one. A
kept die matching the success target scores +1, the failure target -1; a counting pool
is worth its score, any other the sum of its kept values.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.batch_arrays import Narrow, row_counts, row_sums, widened
from tablekeeper.dice.batch_chains import matches
from tablekeeper.dice.selection import window
from tablekeeper.dice.syntax import CountFailures, CountSuccesses, Drop, Keep, Modifier

__all__ = ["Judged", "judge"]

Ints = NDArray[np.int64]
Mask = NDArray[np.bool_]

_INT64_SAFE = 2**62


class Judged(NamedTuple):
    """A pool judged: ``kept`` (``None``: every die rolled), ``success`` and ``failure``
    (``None``: none), and what each roll's pool comes to."""

    kept: Mask | None
    success: Mask | None
    failure: Mask | None
    totals: Ints


def judge(
    modifiers: tuple[Modifier, ...],
    values: Narrow,
    present: Mask | None,
    order: Ints | None,
    most: int,
) -> Judged:
    """Keep, drop and count ``values`` (columns ``present``, ranked in ``order``:
    ``None``, every column, in order) by ``modifiers``; ``most``: the largest absolute
    value one entry holds."""
    selection = tuple(m for m in modifiers if isinstance(m, Keep | Drop))
    picked = _one_apart(selection, values) if present is None else None
    if picked is not None:
        kept: Mask | None = picked.kept
    elif selection:
        kept = _kept(selection, values, present, order, most)
    else:
        kept = present
    success = failure = None
    for modifier in modifiers:
        if isinstance(modifier, CountSuccesses | CountFailures):
            found = matches(modifier.compare, values)
            if kept is not None:
                found &= kept
            if isinstance(modifier, CountSuccesses):
                success = found
            else:
                failure = found
    if success is not None:
        totals = row_counts(success)
        if failure is not None:
            totals -= row_counts(failure)
    elif picked is not None:
        totals = picked.totals(values, most)
    elif kept is None or kept is present:  # every die rolled counts (absent ones: 0)
        totals = row_sums(values, most)
    else:
        totals = row_sums(np.where(kept, values, 0), most)
    return Judged(kept, success, failure, totals)


class _Picked(NamedTuple):
    """Keep or drop one die per roll: which dice are kept, the one die's value, and
    whether it is the one kept."""

    kept: Mask
    one: Narrow
    keep_one: bool

    def totals(self, values: Narrow, most: int) -> Ints:
        """Each roll's sum of the kept dice: the one die, or all but it."""
        return widened(self.one) if self.keep_one else row_sums(values, most) - self.one


def _one_apart(selection: tuple[Keep | Drop, ...], values: Narrow) -> _Picked | None:
    """Keep or drop one die at an end of a fixed pool (``None`` for any other window):
    the highest die is the first of the highest values, the lowest the last of the
    lowest (ties rank in rolling order). Found column by column (a row of a few dice is
    searched faster so than by ``argmax``)."""
    width = values.shape[1]
    if not selection or width < 2:
        return None
    low, high = window(selection, width)
    if high - low == 1 and low in (0, width - 1):
        keep_one, highest = True, low == 0
    elif high - low == width - 1:
        keep_one, highest = False, low == 1
    else:
        return None
    one = values[:, 0].copy()
    column = np.zeros(len(values), dtype=np.int8 if width < 128 else np.int64)
    for j in range(1, width):
        # The first of the highest: only a higher die displaces it; the last of the
        # lowest: an equal later die does.
        better = values[:, j] > one if highest else values[:, j] <= one
        np.copyto(one, values[:, j], where=better)
        np.copyto(column, j, where=better)
    kept = np.empty(values.shape, dtype=np.bool_)
    for j in range(width):
        np.equal(column, j, out=kept[:, j])
    if not keep_one:
        np.logical_not(kept, out=kept)
    return _Picked(kept, one, keep_one)


def _kept(
    selection: tuple[Keep | Drop, ...],
    values: Narrow,
    present: Mask | None,
    order: Ints | None,
    most: int,
) -> Mask:
    """Which dice keep and drop leave in: ranked highest first, ties in rolling order."""
    width = values.shape[1]
    places = width if order is None else (int(order.max()) + 1 if order.size else 1)
    if (most + 1) * places >= _INT64_SAFE:  # no room for a key: rank by a stable sort
        assert present is None, "only a group's sub-rolls reach such totals"
        low, high = window(selection, width)
        rank = _ranks(np.argsort(-widened(values), axis=1, kind="stable"))
        return (rank >= low) & (rank < high)
    # A unique key per die: its value, then the earlier die first; absent dice rank last.
    if order is None:
        keys = widened(values) * width + (width - 1 - np.arange(width, dtype=np.int64))
    else:
        keys = widened(values) * places + (places - 1 - order)
    if present is None:  # a fixed pool: the kept keys lie between two partitions
        low, high = window(selection, width)
        kept = np.full(values.shape, high > low, dtype=np.bool_)
        if low < high < width:
            kept &= keys >= np.partition(keys, width - high, axis=1)[:, width - high, None]
        if 0 < low < high:
            kept &= keys < np.partition(keys, width - low, axis=1)[:, width - low, None]
        return kept
    keys = np.where(present, keys, -_INT64_SAFE)  # negated, still an int64
    counts = present.sum(axis=1)
    ends = np.array([window(selection, n) for n in range(width + 1)], dtype=np.int64)
    lows, highs = ends[counts, 0, None], ends[counts, 1, None]
    rank = _ranks(np.argsort(-keys, axis=1))
    return present & (rank >= lows) & (rank < highs)


def _ranks(ranking: Ints) -> Ints:
    """Each column's rank, from the columns in rank order."""
    rank = np.empty_like(ranking)
    np.put_along_axis(
        rank, ranking, np.broadcast_to(np.arange(ranking.shape[1]), ranking.shape), axis=1
    )
    return rank
