"""Vectorised explosions and rerolls: a dice term's chains rolled for a whole batch.

The rules are :class:`~.terms.DicePlan`'s, applied to arrays (``terms.py`` states them):
each die is the first face (after ``mi``/``ma``), then, for ``!`` and ``!p``, up to
``explode_depth`` extra dice while the last face matches the explosion point (``!p``:
each extra counts one less), or, for ``!!``, the extra faces added to the first die;
then every die of the chain is rerolled while its value matches the reroll point
(``ro``: once; ``r``: at most ``max_rerolls`` times, else the roll is refused), a
rerolled die standing alone (unclamped, no longer compounded). Keep and drop then rank
all of a roll's dice, highest first with ties in rolling order.

Row ``i`` of the arrays is roll ``i``; its columns are the term's dice, then, for ``!``
and ``!p``, the extra dice explosions added to that roll (as many columns as the roll
with the most needs: ``present`` says which a roll really rolled, ``order`` each one's
place in rolling order). ``faces`` holds each die's last face (a compounded die's first
face; a rerolled die's final face). Faces are drawn
only where a die needs one, so the batch draws the dice the one-by-one roll would, in a
different order: the frequencies are the same, the faces of a seed are not.

Dice are followed by their flat index in the ``(rolls, dice)`` array of first faces
(``np.flatnonzero``: several times faster than the row and column pairs of
``np.nonzero``). A term that only explodes (no reroll, keep, drop or counting) needs no
columns for its extra dice to be totalled: :func:`explosions` draws them as flat lists,
:func:`extra_totals` adds them to their rolls, and :func:`laid_out` gives them columns
only when the term's arrays are read.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.batch_arrays import Narrow, draw
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.syntax import Compare, Dice, Explode, Max, Min, Reroll
from tablekeeper.errors import RollLimitError

Ints = NDArray[np.int64]
Mask = NDArray[np.bool_]


def matches(compare: Compare, values: Narrow) -> Mask:
    """Where ``values`` meet ``compare``."""
    op, value = compare.op, compare.value
    if op == ">=":
        found = values >= value
    elif op == ">":
        found = values > value
    elif op == "<=":
        found = values <= value
    elif op == "<":
        found = values < value
    else:
        found = values == value
    return np.asarray(found, dtype=np.bool_)


def clamped(dice: Dice, values: Narrow) -> Narrow:
    """``values`` after the term's ``mi`` and ``ma`` (widened if a bound does not fit)."""
    for modifier in dice.modifiers:
        if isinstance(modifier, Min | Max) and not _fits(modifier.value, values):
            values = values.astype(np.int64)
        if isinstance(modifier, Min):
            values = np.maximum(values, modifier.value)
        elif isinstance(modifier, Max):
            values = np.minimum(values, modifier.value)
    return values


def _fits(value: int, values: Narrow) -> bool:
    limits = np.iinfo(values.dtype)
    return bool(limits.min <= value <= limits.max)


Found = list[tuple[Ints, Narrow]]
"""The extra dice of each link: the flat index of the die whose chain they extend, and
their faces."""


def roll_chains(
    dice: Dice, times: int, roller: RandomRoller, limits: RollLimits, drawn: Ints | None
) -> tuple[Narrow, Narrow, Mask | None, Ints | None]:
    """Faces, values, which columns a roll rolled and each column's place in rolling
    order (``None``: every column, in order); the dice each roll drew are added to
    ``drawn`` (``None``: not counted, the term cannot reach the limit)."""
    explode = next((m for m in dice.modifiers if isinstance(m, Explode)), None)
    reroll = next((m for m in dice.modifiers if isinstance(m, Reroll)), None)
    faces = draw(roller, dice.die, (times, dice.count))
    values = clamped(dice, faces)
    present: Mask | None = None
    order: Ints | None = None
    if explode is not None and explode.mode == "compound":
        values = _compounded(dice, explode, values, roller, limits, drawn)
    elif explode is not None:
        found = explosions(dice, explode, values, roller, limits)
        faces, values, present, order = laid_out(dice, explode, faces, values, found, limits)
    if drawn is not None:
        drawn += dice.count if present is None else np.count_nonzero(present, axis=1)
    if reroll is not None:
        _rerolled(dice, reroll, faces, values, present, roller, limits, drawn)
    return faces, values, present, order


def _point(explode: Explode, dice: Dice) -> Compare:
    return explode.compare or Compare("=", dice.die.high)


def explosions(
    dice: Dice, explode: Explode, values: Narrow, roller: RandomRoller, limits: RollLimits
) -> Found:
    """The extra dice ``!`` and ``!p`` add, link by link: the first die explodes on its
    value, an extra die on its face; only the dice still exploding are followed (their
    flat indices stay in ascending order)."""
    at = _point(explode, dice)
    flat = np.flatnonzero(matches(at, values))
    found: Found = []
    for _ in range(limits.explode_depth):
        if not len(flat):
            break
        new = draw(roller, dice.die, len(flat))
        found.append((flat, new))
        flat = flat[matches(at, new)]
    return found


def extra_totals(dice: Dice, explode: Explode, found: Found, times: int) -> Ints | None:
    """What the extra dice add to each roll (``None``: none were rolled)."""
    if not found:
        return None
    rows = np.concatenate([flat for flat, _ in found]) // dice.count
    new = np.concatenate([faces for _, faces in found])
    less = 1 if explode.mode == "penetrate" else 0
    weights = new - less if less else new
    return np.bincount(rows, weights=weights, minlength=times).astype(np.int64)


def extra_dice(dice: Dice, found: Found, times: int) -> Ints:
    """How many extra dice each roll drew."""
    if not found:
        return np.zeros(times, dtype=np.int64)
    rows = np.concatenate([flat for flat, _ in found]) // dice.count
    return np.bincount(rows, minlength=times)


def laid_out(
    dice: Dice, explode: Explode, first: Narrow, values: Narrow, found: Found, limits: RollLimits
) -> tuple[Ints, Ints, Mask, Ints]:
    """The dice, then the dice their explosions added: the extra dice of a roll fill the
    columns after its own dice (link by link; ``order`` gives their rolling order), as
    few columns as the roll with the most needs."""
    times, count, links = first.shape[0], dice.count, limits.explode_depth + 1
    less = 1 if explode.mode == "penetrate" else 0
    used = np.zeros(times, dtype=np.int64)  # the extra columns each roll has filled
    slots: list[tuple[Ints, Ints, Ints, Narrow]] = []
    for link, (flat, new) in enumerate(found, start=1):
        rows, dies = np.divmod(flat, count)
        within = np.arange(len(rows)) - np.searchsorted(rows, rows)  # the roll's nth this link
        slots.append((rows, count + used[rows] + within, dies * links + link, new))
        used += np.bincount(rows, minlength=times)
    shape = (times, count + (int(used.max()) if times else 0))
    all_faces = np.zeros(shape, dtype=np.int64)
    all_values = np.zeros(shape, dtype=np.int64)
    present = np.zeros(shape, dtype=np.bool_)
    order = np.zeros(shape, dtype=np.int64)
    all_faces[:, :count], all_values[:, :count] = first, values
    present[:, :count], order[:, :count] = True, np.arange(count) * links
    for rows, columns, places, new in slots:
        all_faces[rows, columns], all_values[rows, columns] = new, new - less
        present[rows, columns], order[rows, columns] = True, places
    return all_faces, all_values, present, order


def _compounded(
    dice: Dice,
    explode: Explode,
    values: Narrow,
    roller: RandomRoller,
    limits: RollLimits,
    drawn: Ints | None,
) -> Ints:
    at, values = _point(explode, dice), values.astype(np.int64)  # a copy: the sums grow
    flat = np.flatnonzero(matches(at, values))
    into = _flat(values)
    for _ in range(limits.explode_depth):
        if not len(flat):
            break
        new = draw(roller, dice.die, len(flat))
        into[flat] += new
        if drawn is not None:
            drawn += np.bincount(flat // dice.count, minlength=len(drawn))
        flat = flat[matches(at, new)]
    return values


def _rerolled(
    dice: Dice,
    reroll: Reroll,
    faces: Narrow,
    values: Narrow,
    present: Mask | None,
    roller: RandomRoller,
    limits: RollLimits,
    drawn: Ints | None,
) -> None:
    at = reroll.compare or Compare("=", dice.die.low)
    again = matches(at, values)
    if present is not None:
        again &= present
    width = values.shape[1]
    flat = np.flatnonzero(again)  # then only the dice still to reroll are followed
    times = 0
    while True:
        if not len(flat) or (reroll.once and times == 1):
            return
        if not reroll.once and times == limits.max_rerolls:
            raise RollLimitError(
                f"a {dice.die} in '{render(dice)}' still matched its reroll point "
                f"after {limits.max_rerolls} rerolls",
                field="expression",
            )
        new = draw(roller, dice.die, len(flat))
        _flat(faces)[flat] = new
        if values is not faces:
            _flat(values)[flat] = new
        if drawn is not None:
            drawn += np.bincount(flat // width, minlength=len(drawn))
        flat = flat[matches(at, new)]
        times += 1


def _flat(values: Narrow) -> Narrow:
    """A flat view of ``values`` (every array here is drawn or built contiguous)."""
    assert values.flags.c_contiguous, "a flat view, not a copy"
    return values.reshape(-1)
