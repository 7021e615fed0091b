"""roll_many vectorises explosions, rerolls and keep (``dice/batch_chains.py``,
``dice/batch.py``): the same rules as rolling one by one, so the same frequencies."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.evaluate import roll, roll_many
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import odds
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.dice.syntax import MODIFIER_ORDER, Dice, Explode, Reroll
from tablekeeper.errors import RollLimitError, RulesError

from .strategies import dice_terms

TRIALS = 100_000

CHAINS = (
    "10d10!",
    "6d6r1",
    "4d6kh3",
    "8d8>=4",
    "4d6!kh3",
    "3d6ro1",
    "2d6!!",
    "3d6!p",
    "5d6r<3kh2>=5",
    "4d6kh3dl1",
    "3d6mi2!",
    "2d10!>=9kl1",
    "4d6!!r<3dh1",
    "5d6f<2>=5",
    "3d6!pr2dl1",
    "1d6! + 2d4r1 - 1d8!!",
)


def total_variation(expression: str, totals: np.ndarray) -> float:
    exact = odds(expression)
    outcomes, counts = np.unique(totals, return_counts=True)
    seen = dict(zip(outcomes.tolist(), (counts / len(totals)).tolist(), strict=True))
    keys = set(seen) | set(exact.outcomes)
    return 0.5 * sum(abs(seen.get(k, 0.0) - float(exact.probability(k))) for k in keys)


@pytest.mark.parametrize("expression", CHAINS)
def test_the_vectorised_frequencies_are_the_exact_odds(expression: str) -> None:
    batch = roll_many(expression, TRIALS, RandomRoller(17))
    assert not batch.rolls, "vectorised"
    # Sampling alone puts the total variation near sqrt(outcomes / trials) / 2 (0.005-0.01
    # here); a wrong rule (an explosion too few, a reroll missed) puts it far above.
    assert total_variation(expression, batch.totals) < 0.02
    assert abs(batch.totals.mean() - float(odds(expression).mean)) < 0.1


_EXPLODING = tuple(kind for kind in MODIFIER_ORDER if kind is not Reroll)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(dice_terms(_EXPLODING), st.integers(0, 2**32 - 1))
def test_an_exploding_batch_agrees_with_rolling_its_faces_one_by_one(term: Dice, seed: int) -> None:
    # A compounded die keeps its first face only (its value holds the rest): not replayable.
    assume(not any(isinstance(m, Explode) and m.mode == "compound" for m in term.modifiers))
    try:
        batch = roll_many(term, 5, RandomRoller(seed))
    except RulesError:
        return
    (arrays,) = batch.terms
    width = arrays.faces.shape[1]
    present = arrays.present if arrays.present is not None else np.ones_like(arrays.kept)
    order = arrays.order if arrays.order is not None else np.tile(np.arange(width), (5, 1))
    for i in range(len(batch)):
        columns = sorted((int(order[i, j]), j) for j in range(width) if present[i, j])
        roller = FixedRoller([int(arrays.faces[i, j]) for _, j in columns], strict=True)
        replayed = roll(render(term), roller)
        roller.finish()
        assert replayed.total == batch.totals[i]
        assert [die.kept for die in replayed.dice] == [bool(arrays.kept[i, j]) for _, j in columns]


@pytest.mark.parametrize(
    "expression",
    ["5d2kh2", "5d2kh1", "5d2kl1", "5d2dh1", "5d2dl1", "2d2kl1", "2d2kh1", "2d2dl1", "3d2kh2dl1"],
)
def test_keep_ranks_ties_in_rolling_order(expression: str) -> None:
    batch = roll_many(expression, 2_000, RandomRoller(8))
    (term,) = batch.terms
    for faces, kept in zip(term.faces[:80], term.kept[:80], strict=True):
        replayed = roll(expression, FixedRoller([int(f) for f in faces], strict=True))
        assert [die.kept for die in replayed.dice] == kept.tolist()


def test_a_reroll_that_never_stops_refuses_the_batch_as_it_refuses_the_roll() -> None:
    limits = RollLimits(max_rerolls=2)
    with pytest.raises(RollLimitError, match="after 2 rerolls"):
        roll_many("3d6r<6", 100, RandomRoller(1), limits)
    seed = next(s for s in range(100) if not _rolls(RandomRoller(s), limits))
    with pytest.raises(RollLimitError, match="after 2 rerolls"):  # one by one, the same limit
        roll("3d6r<6", RandomRoller(seed), limits)


def _rolls(roller: RandomRoller, limits: RollLimits) -> bool:
    try:
        roll("3d6r<6", roller, limits)
    except RollLimitError:
        return False
    return True


def test_a_batch_whose_roll_draws_too_many_dice_is_refused() -> None:
    limits = RollLimits(max_dice=12)
    with pytest.raises(RollLimitError, match="more than 12 dice"):
        roll_many("10d2!", 2_000, RandomRoller(2), limits)
    assert len(roll_many("10d2", 2_000, RandomRoller(2), limits)) == 2_000
