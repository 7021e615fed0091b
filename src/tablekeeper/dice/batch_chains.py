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
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.syntax import Compare, Dice, Explode, Max, Min, Reroll
from tablekeeper.errors import RollLimitError

Ints = NDArray[np.int64]
Mask = NDArray[np.bool_]


def matches(compare: Compare, values: Ints) -> Mask:
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


def clamped(dice: Dice, values: Ints) -> Ints:
    """``values`` after the term's ``mi`` and ``ma``."""
    for modifier in dice.modifiers:
        if isinstance(modifier, Min):
            values = np.maximum(values, modifier.value)
        elif isinstance(modifier, Max):
            values = np.minimum(values, modifier.value)
    return values


def roll_chains(
    dice: Dice, times: int, roller: RandomRoller, limits: RollLimits, drawn: Ints | None
) -> tuple[Ints, Ints, Mask | None, Ints | None]:
    """Faces, values, which columns a roll rolled and each column's place in rolling
    order (``None``: every column, in order); the dice each roll drew are added to
    ``drawn`` (``None``: not counted, the term cannot reach the limit)."""
    explode = next((m for m in dice.modifiers if isinstance(m, Explode)), None)
    reroll = next((m for m in dice.modifiers if isinstance(m, Reroll)), None)
    faces = roller.array(dice.die, (times, dice.count)).astype(np.int64, copy=False)
    values = clamped(dice, faces)
    present: Mask | None = None
    order: Ints | None = None
    if explode is not None and explode.mode == "compound":
        values = _compounded(dice, explode, values, roller, limits, drawn)
    elif explode is not None:
        faces, values, present, order = _exploded(dice, explode, faces, values, roller, limits)
    if drawn is not None:
        drawn += dice.count if present is None else np.count_nonzero(present, axis=1)
    if reroll is not None:
        _rerolled(dice, reroll, faces, values, present, roller, limits, drawn)
    return faces, values, present, order


def _point(explode: Explode, dice: Dice) -> Compare:
    return explode.compare or Compare("=", dice.die.high)


def _exploded(
    dice: Dice,
    explode: Explode,
    first: Ints,
    values: Ints,
    roller: RandomRoller,
    limits: RollLimits,
) -> tuple[Ints, Ints, Mask, Ints]:
    """The dice, then the dice their explosions added: the extra dice of a roll fill the
    columns after its own dice (link by link; ``order`` gives their rolling order), as
    few columns as the roll with the most needs."""
    times, count, links = first.shape[0], dice.count, limits.explode_depth + 1
    at, less = _point(explode, dice), 1 if explode.mode == "penetrate" else 0
    # The first die explodes on its value, an extra die on its face; only the dice still
    # exploding are followed from link to link (their rows stay in ascending order).
    rows, dies = np.nonzero(matches(at, values))
    used = np.zeros(times, dtype=np.int64)  # the extra columns each roll has filled
    found: list[tuple[Ints, Ints, Ints, Ints]] = []
    for link in range(1, links):
        if not len(rows):
            break
        new = roller.array(dice.die, len(rows)).astype(np.int64, copy=False)
        within = np.arange(len(rows)) - np.searchsorted(rows, rows)  # the roll's nth this link
        found.append((rows, count + used[rows] + within, dies * links + link, new))
        used += np.bincount(rows, minlength=times)
        going = matches(at, new)
        rows, dies = rows[going], dies[going]
    shape = (times, count + (int(used.max()) if times else 0))
    all_faces = np.zeros(shape, dtype=np.int64)
    all_values = np.zeros(shape, dtype=np.int64)
    present = np.zeros(shape, dtype=np.bool_)
    order = np.zeros(shape, dtype=np.int64)
    all_faces[:, :count], all_values[:, :count] = first, values
    present[:, :count], order[:, :count] = True, np.arange(count) * links
    for rows, slots, places, new in found:
        all_faces[rows, slots], all_values[rows, slots] = new, new - less
        present[rows, slots], order[rows, slots] = True, places
    return all_faces, all_values, present, order


def _compounded(
    dice: Dice,
    explode: Explode,
    values: Ints,
    roller: RandomRoller,
    limits: RollLimits,
    drawn: Ints | None,
) -> Ints:
    at, values = _point(explode, dice), values.copy()
    rows, dies = np.nonzero(matches(at, values))
    for _ in range(limits.explode_depth):
        if not len(rows):
            break
        new = roller.array(dice.die, len(rows)).astype(np.int64, copy=False)
        values[rows, dies] += new
        if drawn is not None:
            drawn += np.bincount(rows, minlength=len(drawn))
        going = matches(at, new)
        rows, dies = rows[going], dies[going]
    return values


def _rerolled(
    dice: Dice,
    reroll: Reroll,
    faces: Ints,
    values: Ints,
    present: Mask | None,
    roller: RandomRoller,
    limits: RollLimits,
    drawn: Ints | None,
) -> None:
    at = reroll.compare or Compare("=", dice.die.low)
    again = matches(at, values)
    if present is not None:
        again &= present
    rows, dies = np.nonzero(again)  # then only the dice still to reroll are followed
    times = 0
    while True:
        if not len(rows) or (reroll.once and times == 1):
            return
        if not reroll.once and times == limits.max_rerolls:
            raise RollLimitError(
                f"a {dice.die} in '{render(dice)}' still matched its reroll point "
                f"after {limits.max_rerolls} rerolls",
                field="expression",
            )
        new = roller.array(dice.die, len(rows)).astype(np.int64, copy=False)
        faces[rows, dies] = new
        if values is not faces:
            values[rows, dies] = new
        if drawn is not None:
            drawn += np.bincount(rows, minlength=len(drawn))
        going = matches(at, new)
        rows, dies = rows[going], dies[going]
        times += 1
