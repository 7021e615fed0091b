"""Vectorised groups: ``{...}`` rolled for a whole batch, as :mod:`.evaluate` rolls one.

A group of several sub-rolls (``{4d6, 3d8}kh1``, ``{1d20+5, 1d20+5}kh1``) rolls each
sub-roll's totals as a column, clamps them with ``mi``/``ma`` and keeps, drops and
counts the columns as a pool of its own (ties rank the earlier sub-roll first); its value
is the sum of those kept (or its score). A group of one expression pushes ``mi ma ! r``
down to each of its dice terms; with keep, drop or counting, every die of those terms
is one pool (ranked in rolling order: term by term, each die then the dice its
explosions add), each term is worth its own dice's share of the pool, and the expression
is computed with those values. A group nested inside counts as its value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.batch_arrays import Narrow, row_counts, row_sums
from tablekeeper.dice.batch_keep import Judged, judge
from tablekeeper.dice.batch_results import GroupBatch
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    CountFailures,
    CountSuccesses,
    Dice,
    Expression,
    Group,
    Max,
    Min,
    Modifier,
)
from tablekeeper.dice.validate import PER_DIE, SELECTING, pool_dice

if TYPE_CHECKING:
    from tablekeeper.dice.batch import Batch, Rolled

__all__ = ["Extra", "group_bound", "group_totals", "per_die", "pushed"]

Ints = NDArray[np.int64]
Mask = NDArray[np.bool_]
Extra = tuple[Modifier, ...]
"""Per-die modifiers a group of one expression pushes down to each of its dice terms."""


def per_die(group: Group) -> Extra:
    """What ``group`` pushes down to each die inside it (a group of one expression)."""
    if len(group.items) != 1:
        return ()
    return tuple(m for m in group.modifiers if isinstance(m, PER_DIE))


def pushed(dice: Dice, extra: Extra) -> Dice:
    """``dice`` with the per-die modifiers of its group (in ``MODIFIER_ORDER``)."""
    if not extra:
        return dice
    modifiers = sorted(dice.modifiers + extra, key=lambda m: MODIFIER_ORDER.index(type(m)))
    return Dice(dice.count, dice.die, tuple(modifiers))


def group_bound(group: Group, bound: Callable[[Expression, Extra], int | None]) -> int | None:
    """The largest absolute value ``group`` can reach, from ``bound`` of an item with
    the modifiers pushed down to its dice (None: it cannot vectorise)."""
    if len(group.items) == 1:
        return bound(group.items[0], per_die(group))
    bounds = [bound(item, ()) for item in group.items]
    if any(b is None for b in bounds):
        return None
    if any(isinstance(m, CountSuccesses | CountFailures) for m in group.modifiers):
        return len(bounds)
    ends = [abs(m.value) for m in group.modifiers if isinstance(m, Min | Max)]
    return sum(max([b or 0, *ends]) for b in bounds)


def group_totals(batch: Batch, group: Group) -> Ints:
    """Each roll's value of ``group``; its sub-rolls' values are recorded in
    ``batch.groups``, its dice terms in ``batch.terms``."""
    selects = any(isinstance(m, SELECTING) for m in group.modifiers)
    if len(group.items) > 1:
        return _sub_rolls(batch, group)
    (item,) = group.items
    extra = per_die(group)
    pool = [pushed(dice, extra) for dice in pool_dice(item)]
    if not selects or not pool:
        totals = batch.totals(item, extra)
    else:
        rolled = [batch.rolled(dice) for dice in pool]
        shares = _shares(rolled, judge(group.modifiers, *_pooled(rolled)))
        batch.terms.extend(one.term(share) for one, share in zip(rolled, shares, strict=True))
        totals = batch.totals(item, supply=iter([share.totals for share in shares]))
    every = np.broadcast_to(np.True_, (len(totals), 1))
    no = np.broadcast_to(np.False_, (len(totals), 1))
    batch.groups.append(GroupBatch(group, totals[:, None], every, no, no, totals))
    return totals


def _sub_rolls(batch: Batch, group: Group) -> Ints:
    values = np.stack([batch.totals(item) for item in group.items], axis=1)
    for modifier in group.modifiers:
        if isinstance(modifier, Min):
            values = np.maximum(values, modifier.value)
        elif isinstance(modifier, Max):
            values = np.minimum(values, modifier.value)
    most = max(abs(int(values.min())), abs(int(values.max()))) if values.size else 0
    judged = judge(group.modifiers, values, None, None, most)
    shape = values.shape
    kept = np.broadcast_to(np.True_, shape) if judged.kept is None else judged.kept
    no = np.broadcast_to(np.False_, shape)
    success = no if judged.success is None else judged.success
    failure = no if judged.failure is None else judged.failure
    batch.groups.append(GroupBatch(group, values, kept, success, failure, judged.totals))
    return judged.totals


def _pooled(rolled: list[Rolled]) -> tuple[Narrow, Mask | None, Ints | None, int]:
    """Every die of the terms as one pool: values, which columns were rolled and their
    rolling order (``None``: every column, in order), the largest absolute value."""
    values = np.concatenate([one.values for one in rolled], axis=1)
    most = max(one.most for one in rolled)
    if all(one.present is None for one in rolled):
        return values, None, None, most
    times = values.shape[0]
    present = np.concatenate([_present(one) for one in rolled], axis=1)
    orders, start = [], 0
    for one in rolled:
        width = one.values.shape[1]
        if one.order is None:
            orders.append(np.broadcast_to(np.arange(start, start + width), (times, width)))
            start += width
        else:
            orders.append(one.order + start)
            start += int(one.order.max()) + 1 if one.order.size else 1
    return values, present, np.concatenate(orders, axis=1), most


def _present(one: Rolled) -> Mask:
    if one.present is not None:
        return one.present
    return np.ones(one.values.shape, dtype=np.bool_)


def _shares(rolled: Iterable[Rolled], judged: Judged) -> list[Judged]:
    """Each term's share of the judged pool: its columns' masks and what they add."""
    shares: list[Judged] = []
    start = 0
    for one in rolled:
        columns = slice(start, start + one.values.shape[1])
        start = columns.stop
        kept = None if judged.kept is None else judged.kept[:, columns]
        success = None if judged.success is None else judged.success[:, columns]
        failure = None if judged.failure is None else judged.failure[:, columns]
        if success is not None:
            totals = row_counts(success)
            if failure is not None:
                totals -= row_counts(failure)
        elif kept is None:
            totals = row_sums(one.values, one.most)
        else:
            totals = row_sums(np.where(kept, one.values, 0), one.most)
        shares.append(Judged(kept, success, failure, totals))
    return shares
