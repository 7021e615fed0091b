"""roll_many vectorises groups (``dice/batch_groups.py``): sub-rolls kept, dropped and
counted as columns, a group of one expression pooling its dice, with the same rules as
rolling one by one, so the same frequencies."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.evaluate import roll, roll_many
from tablekeeper.dice.odds import odds
from tablekeeper.dice.render import render
from tablekeeper.dice.results import GroupResult, Result, TermBatch
from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Dice,
    Explode,
    Expression,
    Group,
    Labeled,
    Negate,
    Reroll,
)
from tablekeeper.dice.validate import SELECTING
from tablekeeper.errors import RulesError

from .strategies import expressions
from .test_batch_chains import TRIALS, total_variation

GROUPS = (
    "{4d6,3d8}kh2",
    "{1d20+5, 1d20+5}kh1",
    "{1d20+5, 1d20+5}kh1 + {1d20, 1d20}kl1",
    "{4d6+2d8}kh3",
    "{3d6 - 1d4}kh2",
    "{3d6!}>=5",
    "{4d6r1+1d6!}dl1",
    "{2d6!, 1d8}>=7f2",
    "{2d6, 2d6, 2d6}mi5ma10dl1",
    "{2d6}mi3 + {1d6,1d8}kl1",
    "{2d10+1d6}!",
    "{ {1d6,1d6}kh1 + 1d4, 1d8}kl1",
    "{ {1d6,1d6}kh1 + 2d4 }kh1",
)


@pytest.mark.parametrize("expression", GROUPS)
def test_vectorised_groups_roll_the_exact_odds(expression: str) -> None:
    batch = roll_many(expression, TRIALS, RandomRoller(23))
    assert not batch.rolls, "vectorised"
    assert batch.groups, "each group's arrays are recorded"
    # Sampling alone puts the total variation near sqrt(outcomes / trials) / 2; a wrong
    # rule (a tie broken the other way, a die left out of the pool) puts it far above.
    assert total_variation(expression, batch.totals) < 0.02
    assert abs(batch.totals.mean() - float(odds(expression).mean)) < 0.1


REPLAYED = (
    "{4d6,3d8}kh2",
    "{1d20+5, 1d20+5}kh1",
    "{2d2, 2d2, 1d4}kh2",
    "{3d2+2d3}kh3",
    "{2d3 - 2d3}dl1",
    "{3d3!}kl2",
    "{2d4!, 1d8}>=5f1",
    "{3d3, 2d3}mi4ma5dh1",
    "{1d4+2, 1d4+2, 1d6}kl1 + {2d2}kh1",
)


@pytest.mark.parametrize("expression", REPLAYED)
def test_a_vectorised_group_agrees_with_rolling_its_faces_one_by_one(expression: str) -> None:
    batch = roll_many(expression, 40, RandomRoller(5))
    assert not batch.rolls
    for i in range(len(batch)):
        faces = [face for term in batch.terms for face, _ in _in_order(term, i)]
        kept = [k for term in batch.terms for _, k in _in_order(term, i)]
        roller = FixedRoller(faces, strict=True)
        replayed = roll(expression, roller)
        roller.finish()
        assert replayed.total == batch.totals[i]
        assert [die.kept for die in replayed.dice] == kept
        groups = _groups(replayed.result)
        assert len(groups) == len(batch.groups)
        for group, arrays in zip(groups, batch.groups, strict=True):
            assert group.value == arrays.totals[i]
            if len(group.items) > 1:
                assert [item.value for item in group.items] == arrays.values[i].tolist()
                assert [item.kept for item in group.items] == arrays.kept[i].tolist()
                assert [item.success for item in group.items] == arrays.success[i].tolist()


def _in_order(term: TermBatch, i: int) -> list[tuple[int, bool]]:
    """Roll ``i``'s dice of ``term`` in rolling order: each one's face and whether kept."""
    width = term.faces.shape[1]
    present = term.present[i] if term.present is not None else np.ones(width, bool)
    order = term.order[i] if term.order is not None else np.arange(width)
    columns = sorted((int(order[j]), j) for j in range(width) if present[j])
    return [(int(term.faces[i, j]), bool(term.kept[i, j])) for _, j in columns]


def _groups(result: Result) -> list[GroupResult]:
    """Every group in ``result``, inner groups first, left to right."""
    found: list[GroupResult] = []
    if isinstance(result, GroupResult):
        for item in result.items:
            found += _groups(item.result)
        found.append(result)
        return found
    for name in ("operand", "result", "left", "right"):
        child = getattr(result, name, None)
        if child is not None:
            found += _groups(child)
    return found


def test_a_group_of_big_sub_rolls_ranks_them_without_overflow() -> None:
    # Sub-roll totals past 2^61: no room for a rank key, so a stable sort ranks them.
    big = "999999999999999999 * 3"
    high = roll_many(f"{{1d6, {big} + 1d6, 1d6}}kh1", 200, RandomRoller(3))
    low = roll_many(f"{{1d6, {big} + 1d6}}kl1", 200, RandomRoller(3))
    assert not high.rolls
    assert not low.rolls
    assert (high.groups[0].kept == [False, True, False]).all()
    assert (high.totals == high.groups[0].values[:, 1]).all()
    assert high.totals.min() > 2**61
    assert (low.groups[0].kept == [True, False]).all()
    assert (low.totals <= 6).all()


def _replayable(tree: Expression, in_pool: bool = False) -> bool:
    """Whether a batch's faces replay one by one in its terms' order: no rerolls or
    compounding (a die keeps its last face only), no group inside a pooling group (its
    dice are drawn after the pool's)."""
    if isinstance(tree, Dice):
        return not any(
            isinstance(m, Reroll) or (isinstance(m, Explode) and m.mode == "compound")
            for m in tree.modifiers
        )
    if isinstance(tree, Group):
        if in_pool or any(
            isinstance(m, Reroll) or (isinstance(m, Explode) and m.mode == "compound")
            for m in tree.modifiers
        ):
            return False
        pools = len(tree.items) == 1 and any(isinstance(m, SELECTING) for m in tree.modifiers)
        return all(_replayable(item, pools) for item in tree.items)
    if isinstance(tree, Negate):
        return _replayable(tree.operand, in_pool)
    if isinstance(tree, Labeled):
        return _replayable(tree.expression, in_pool)
    if isinstance(tree, BinaryOperation):
        return _replayable(tree.left, in_pool) and _replayable(tree.right, in_pool)
    return True


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(), st.integers(0, 2**32 - 1))
def test_any_vectorised_tree_agrees_with_rolling_its_faces_one_by_one(
    tree: Expression, seed: int
) -> None:
    assume(_replayable(tree))
    try:
        batch = roll_many(tree, 4, RandomRoller(seed))
    except RulesError:
        return
    assume(not batch.rolls)
    for i in range(len(batch)):
        faces = [face for term in batch.terms for face, _ in _in_order(term, i)]
        roller = FixedRoller(faces, strict=True)
        try:
            replayed = roll(render(tree), roller)
        except RulesError:
            continue  # this row divides by zero where another did not
        roller.finish()
        assert replayed.total == batch.totals[i]
        kept = [k for term in batch.terms for _, k in _in_order(term, i)]
        assert [die.kept for die in replayed.dice] == kept
