"""roll_many's narrow arrays (``dice/batch_arrays.py``) and lazily laid-out term arrays
(``dice/batch_results.py``): faster representations, the same public arrays."""

from __future__ import annotations

import numpy as np
import pytest

from tablekeeper.dice.batch_arrays import row_counts, row_sums
from tablekeeper.dice.evaluate import roll_many
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.roller import RandomRoller


@pytest.mark.parametrize(
    ("high", "width", "dtype"),
    [(6, 4, np.int16), (10000, 16, np.int16), (127, 1, np.int16), (3, 40, np.int16)],
)
def test_row_sums_never_overflow_their_accumulator(high: int, width: int, dtype: type) -> None:
    rows = np.random.default_rng(1).integers(1, high + 1, size=(500, width), dtype=dtype)
    rows[0] = high  # the largest sum: 16 dice of 10,000 need an int32 accumulator
    sums = row_sums(rows, high)
    assert sums.dtype == np.int64
    assert (sums == rows.astype(np.int64).sum(axis=1)).all()


def test_row_counts_count_each_rows_set_entries() -> None:
    mask = np.random.default_rng(2).random((300, 9)) < 0.5
    assert (row_counts(mask) == mask.sum(axis=1)).all()
    assert (row_counts(np.broadcast_to(np.True_, (4, 3))) == 3).all()


def test_an_exploding_terms_arrays_are_laid_out_when_read() -> None:
    batch = roll_many("10d10!", 20_000, RandomRoller(6))
    (term,) = batch.terms
    assert term._arrays is None, "only the totals are made at first"
    assert term.present is not None
    assert term.faces.dtype == term.values.dtype == np.int64
    assert term.faces.shape[1] > 10, "the extra dice have columns"
    assert (np.where(term.present, term.values, 0).sum(axis=1) == batch.totals).all()
    assert (term.kept == term.present).all()
    assert not term.success.any()


def test_narrow_faces_are_widened_for_the_public_arrays() -> None:
    batch = roll_many("4d6kh3", 5_000, RandomRoller(7))
    (term,) = batch.terms
    assert term.faces.dtype == np.int64
    assert (np.where(term.kept, term.values, 0).sum(axis=1) == batch.totals).all()


def test_a_clamp_past_a_narrow_face_widens_the_values() -> None:
    batch = roll_many("3d6mi40000", 1_000, RandomRoller(8))
    assert (batch.totals == 120_000).all()
    assert (batch.terms[0].values == 40_000).all()


def test_a_die_too_large_for_narrow_faces_rolls_wide() -> None:
    limits = RollLimits(max_sides=100_000)
    batch = roll_many("2d100000kh1", 20_000, RandomRoller(9), limits)
    assert batch.totals.max() > 40_000
    assert (batch.totals == batch.terms[0].faces.max(axis=1)).all()


def test_numbers_in_a_batch_spread_over_every_roll() -> None:
    batch = roll_many("2 * 3 - 1", 4, RandomRoller(1))
    assert batch.totals.tolist() == [5, 5, 5, 5]
    assert batch.totals.dtype == np.int64
    assert len(roll_many("1d6 / 0 + 1", 0, RandomRoller(1))) == 0
