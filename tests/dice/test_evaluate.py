"""Rolling: every operator with faces played back by a FixedRoller, the limits, and
properties over any tree the grammar can produce (Hypothesis, seeded)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.evaluate import roll, roll_many
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.results import DieResult, Flag, Roll
from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller
from tablekeeper.dice.syntax import Expression
from tablekeeper.errors import RollLimitError, RulesError

from .strategies import expressions, plain_expressions

D6 = Die(6)


def rolled(expression: str, faces: list[int], limits: RollLimits = DEFAULT_LIMITS) -> Roll:
    """Roll with exactly these faces: every one must be used."""
    roller = FixedRoller(faces, strict=True)
    result = roll(expression, roller, limits)
    roller.finish()
    return result


@pytest.mark.parametrize(
    ("expression", "faces", "total"),
    [
        ("4d6", [1, 2, 3, 4], 10),
        ("d20", [17], 17),
        ("d%", [100], 100),
        ("4dF", [-1, 0, 1, 1], 1),
        ("3 + 4 * 2", [], 11),
        ("(3 + 4) * 2", [], 14),
        ("7 / 2", [], 3),
        ("-7 / 2", [], -4),
        ("2d6 - 1d4 * 2", [6, 5, 3], 5),
        ("-1d6", [4], -4),
        ("4d6kh3", [6, 1, 5, 4], 15),
        ("4d6k3", [6, 1, 5, 4], 15),
        ("2d20kl1", [15, 3], 3),
        ("4d6dh1", [6, 1, 5, 4], 10),
        ("4d6d1", [6, 1, 5, 4], 15),
        ("4d6kh3dl1", [6, 1, 5, 4], 11),  # keep 6 5 4, then drop the lowest of those
        ("4d6kh9", [1, 2, 3, 4], 10),  # keeping more than were rolled keeps them all
        ("8d8>=4", [1, 2, 3, 4, 5, 6, 7, 8], 5),
        ("6d10>7", [7, 8, 9, 10, 1, 7], 3),
        ("6d6=6", [6, 6, 1, 2, 6, 5], 3),
        ("6d6<3", [1, 2, 3, 4, 5, 6], 2),
        ("6d6<=3", [1, 2, 3, 4, 5, 6], 3),
        ("6d10>7f1", [8, 1, 10, 7, 1, 3], 0),
        ("6d10>7f<2", [8, 9, 10, 1, 2, 3], 2),
        ("6d10>7f<=2", [8, 9, 10, 1, 2, 3], 1),
        ("4d6>=1f<=6", [1, 2, 3, 4], 0),  # a die matching both counts 0
        ("2d8>=5+1d6>=5", [5, 4, 6], 2),
        ("4dF=1", [1, 1, 0, -1], 2),
        ("1d6!", [6, 6, 2], 14),
        ("1d10!>=9", [9, 10, 3], 22),
        ("2d6!", [6, 3, 5], 14),
        ("1d6!!", [6, 6, 2], 14),
        ("1d6!p", [6, 6, 2], 12),
        ("1d6!p", [6, 1], 6),
        ("2d6r1", [1, 1, 3, 4], 7),
        ("2d6r", [1, 1, 3, 4], 7),
        ("2d6r=1", [1, 1, 3, 4], 7),
        ("2d6r<=2", [2, 1, 6, 5], 11),
        ("2d6ro<2", [1, 1, 4], 5),
        ("4d6mi2", [1, 6, 3, 4], 15),
        ("4d6ma5", [1, 6, 3, 4], 13),
        ("4d6min2max5", [1, 6, 3, 4], 14),
        ("1d20+5 [to hit]", [17], 22),
        ("2d6[fire] + 1d8[cold]", [6, 4, 3], 13),
        ("{4d6+3d8}k4", [1, 2, 3, 4, 5, 6, 7], 22),
        ("{4d6+3d8+2}k4", [1, 2, 3, 4, 5, 6, 7], 24),
        ("{4d6-1d6}kh2", [6, 5, 1, 1, 6], 0),
        ("{3d6+1d8}>=5", [5, 1, 6, 8], 3),
        ("{2d8,1d6}>=5", [2, 2, 6], 1),
        ("{1d20+5, 1d20+3}kh1", [10, 15], 18),
        ("{1d20+5, 1d20+3}", [10, 15], 33),
        ("{2d6, 1d4}mi5", [1, 2, 3], 10),
        ("{2d6}!", [6, 3, 2], 11),
        ("{2d6+1d8}r1", [1, 4, 5, 1, 8], 17),
    ],
)
def test_faces_played_back_give_the_total(expression: str, faces: list[int], total: int) -> None:
    assert rolled(expression, faces).total == total


def kept(result: Roll) -> list[bool]:
    return [die.kept for die in result.dice]


def test_keep_drops_the_lowest_and_marks_it() -> None:
    result = rolled("4d6kh3", [6, 1, 5, 4])
    assert kept(result) == [True, False, True, True]
    assert result.dice[1] == DieResult(D6, 1, 1, Flag.DROPPED)


def test_ties_keep_the_earlier_die() -> None:
    assert kept(rolled("3d6kh1", [5, 5, 2])) == [True, False, False]
    assert kept(rolled("3d6dl1", [2, 5, 2])) == [True, True, False]


def test_group_of_one_expression_keeps_across_all_its_dice() -> None:
    result = rolled("{4d6+3d8}k4", [1, 2, 3, 4, 5, 6, 7])
    assert kept(result) == [False, False, False, True, True, True, True]
    assert result.dice[4].die == Die(8)


def test_group_of_several_marks_its_sub_rolls() -> None:
    result = rolled("{1d20+5, 1d20+3}kh1", [10, 15])
    group = result.result
    assert [item.kept for item in group.items] == [False, True]  # type: ignore[union-attr]
    counted = rolled("{2d8,1d6}>=5", [2, 2, 6]).result
    assert [item.success for item in counted.items] == [False, True]  # type: ignore[union-attr]


def test_successes_and_failures_are_flagged_on_kept_dice_only() -> None:
    result = rolled("3d10kh2>7f1", [9, 1, 1])
    assert [(d.success, d.failure, d.kept) for d in result.dice] == [
        (True, False, True),
        (False, True, True),
        (False, False, False),
    ]
    assert result.total == 0


def test_explosions_are_dice_of_their_own() -> None:
    result = rolled("1d6!", [6, 6, 2])
    assert [(d.face, d.exploded, d.from_explosion) for d in result.dice] == [
        (6, True, False),
        (6, True, True),
        (2, False, True),
    ]


def test_compounding_adds_to_one_die() -> None:
    (die,) = rolled("1d6!!", [6, 6, 2]).dice
    assert (die.face, die.compounded, die.value, die.exploded) == (6, (6, 2), 14, True)
    assert die.faces == (6, 6, 2)


def test_penetrating_dice_count_one_less_but_explode_on_their_face() -> None:
    dice = rolled("1d6!p", [6, 6, 2]).dice
    assert [(d.face, d.value, d.penetrated) for d in dice] == [
        (6, 6, False),
        (6, 5, True),
        (2, 1, True),
    ]


def test_a_rerolled_die_keeps_the_faces_it_replaced() -> None:
    first, second = rolled("2d6r<3", [1, 2, 5, 4]).dice
    assert (first.rerolled, first.face, first.faces) == ((1, 2), 5, (1, 2, 5))
    assert second.rerolled == ()


def test_a_rerolled_compounded_die_is_replaced_whole() -> None:
    (die,) = rolled("1d6!!r>10", [6, 6, 2, 3]).dice
    assert (die.rerolled, die.face, die.compounded, die.value) == ((6, 6, 2), 3, (), 3)
    assert not die.exploded


def test_reroll_once_keeps_the_second_face_even_if_it_matches() -> None:
    (die,) = rolled("1d6ro1", [1, 1]).dice
    assert (die.rerolled, die.face) == ((1,), 1)


def test_explosions_then_rerolls_in_drawing_order() -> None:
    # 6 explodes, the added 1 is rerolled to 3; the rerolled face does not explode.
    result = rolled("1d6!r1", [6, 1, 3])
    assert [(d.face, d.rerolled) for d in result.dice] == [(6, ()), (3, (1,))]
    assert rolled("1d6!r1", [1, 6]).total == 6


def test_min_and_max_clamp_the_first_face_only() -> None:
    dice = rolled("2d6mi3", [1, 4]).dice
    assert [(d.face, d.value, d.clamped) for d in dice] == [(1, 3, True), (4, 4, False)]
    # The explosion's own face is not clamped, and a clamped 5 does not explode on 6.
    assert rolled("1d6ma5!", [6]).total == 5
    assert rolled("1d6mi3!", [6, 1]).total == 7


def test_labels() -> None:
    result = rolled("1d20+5 [to hit]", [17])
    assert (result.label, result.total) == ("to hit", 22)
    assert rolled("2d6[fire] + 1d8[cold]", [6, 4, 3]).label is None


def test_division_by_zero_names_the_expression() -> None:
    with pytest.raises(RulesError, match=r"'1d6 / \(1d2 - 1\)' divides by zero"):
        rolled("1d6/(1d2-1)", [3, 1])


def test_a_group_keeps_before_dividing() -> None:
    # Before the keep, 1d6 - 1d6 is 0; after it, the dropped die counts nothing.
    assert rolled("{6 / (1d6 - 1d6)}kh1", [3, 3]).total == 2


def test_explosions_stop_silently_at_the_depth_limit() -> None:
    shallow = RollLimits(explode_depth=2)
    assert rolled("1d6!", [6, 6, 6], shallow).total == 18
    assert rolled("1d6!!", [6, 6, 6], shallow).total == 18


def test_rerolls_past_the_limit_are_refused() -> None:
    few = RollLimits(max_rerolls=2)
    assert rolled("1d6r1", [1, 1, 2], few).total == 2
    with pytest.raises(RollLimitError, match="still matched its reroll point after 2 rerolls"):
        roll("1d6r1", FixedRoller([1, 1, 1]), few)


def test_dice_rolled_by_explosions_count_towards_max_dice() -> None:
    with pytest.raises(RollLimitError, match="more than 3 dice"):
        roll("2d6!", FixedRoller([6, 6, 6, 6]), RollLimits(max_dice=3))


def test_an_invalid_expression_draws_nothing() -> None:
    roller = FixedRoller([1, 2, 3])
    with pytest.raises(RollLimitError):
        roll("1001d6", roller)
    assert roller.remaining == [1, 2, 3]


def test_roll_takes_a_tree_and_defaults_to_a_random_roller() -> None:
    tree = parse("4d6k3")
    result = roll(tree)
    assert result.tree == tree
    assert result.expression == "4d6kh3"
    assert 3 <= result.total <= 18


def test_dice_are_listed_in_rolling_order() -> None:
    result = rolled("1d4 + {1d6!, 1d8}kh1 - 1d10", [2, 6, 1, 5, 9])
    assert [(str(d.die), d.face) for d in result.dice] == [
        ("d4", 2),
        ("d6", 6),
        ("d6", 1),
        ("d8", 5),
        ("d10", 9),
    ]
    assert result.total == 2 + 7 - 9


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(), st.integers(0, 2**32 - 1))
def test_any_tree_rolls_or_raises_a_rules_error(tree: Expression, seed: int) -> None:
    roller = RandomRoller(seed)
    try:
        result = roll(tree, roller)
    except RulesError:
        return
    assert result.tree == tree
    assert result.expression == render(tree)
    assert result.total == result.result.value
    assert sum(len(die.faces) for die in result.dice) == len(roller.history)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(plain_expressions(), st.integers(0, 2**32 - 1))
def test_roll_many_agrees_with_rolling_its_faces_one_by_one(tree: Expression, seed: int) -> None:
    try:
        batch = roll_many(tree, 5, RandomRoller(seed))
    except RulesError:
        return
    assert not batch.rolls
    for i in range(len(batch)):
        faces = [int(face) for term in batch.terms for face in term.faces[i]]
        try:
            replayed = rolled(render(tree), faces)
        except RulesError:
            continue  # this row divides by zero in an expression another row did not
        assert replayed.total == batch.totals[i]
        kept_mask = [bool(k) for term in batch.terms for k in term.kept[i]]
        success_mask = [bool(s) for term in batch.terms for s in term.success[i]]
        assert [die.kept for die in replayed.dice] == kept_mask
        assert [die.success for die in replayed.dice] == success_mask


def test_roll_many_vectorises_plain_dice() -> None:
    batch = roll_many("8d8>=4", 10_000, RandomRoller(3))
    (term,) = batch.terms
    assert term.faces.shape == (10_000, 8)
    assert batch.totals.dtype == np.int64
    assert 4.9 < batch.totals.mean() < 5.1  # 8 dice, each a success with chance 5/8
    assert (batch.totals == term.success.sum(axis=1)).all()


def test_roll_many_rolls_one_by_one_what_it_cannot_vectorise() -> None:
    # Totals past int64's safe range (100^10 here) are Python ints, rolled one by one.
    batch = roll_many("{100d100 * 100d100 * 100d100 * 100d100 * 100d100}", 50, RandomRoller(4))
    assert len(batch) == len(batch.rolls) == 50
    assert not batch.terms
    assert list(batch.totals) == [r.total for r in batch.rolls]
    fixed = roll_many("2d6", 2, FixedRoller([1, 2, 3, 4]))
    assert list(fixed.totals) == [3, 7]


def test_roll_many_refuses_division_by_zero() -> None:
    with pytest.raises(RulesError, match="divides by zero"):
        roll_many("1d6 / (1d2 - 1)", 1000, RandomRoller(5))
