"""The rollers: FixedRoller refuses faces that do not fit, RandomRoller repeats itself
with the same seed, and a roll replayed from its recorded faces is the same roll."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.roller import FATE, Die, FixedRoller, RandomRoller, RolledFace
from tablekeeper.dice.syntax import Expression
from tablekeeper.errors import DiceSupplyError, RulesError

from .strategies import expressions

D6 = Die(6)


def test_fixed_roller_plays_faces_back_in_order_and_records_them() -> None:
    roller = FixedRoller([3, 5, -1])
    assert roller.roll(D6) == 3
    assert roller.roll_many(D6, 1) == [5]
    assert roller.roll(FATE) == -1
    assert list(roller.history) == [RolledFace(D6, 3), RolledFace(D6, 5), RolledFace(FATE, -1)]
    assert roller.remaining == []


def test_a_face_the_die_cannot_show_is_refused() -> None:
    roller = FixedRoller([4, 7])
    with pytest.raises(DiceSupplyError, match=r"die 2 is 7, which a d6 cannot show \(1..6\)"):
        roll("2d6", roller)


def test_running_out_of_faces_is_refused() -> None:
    with pytest.raises(DiceSupplyError, match="ran out of dice: 2 faces were given"):
        roll("1d6!", FixedRoller([6, 6]))


def test_faces_left_over_are_refused_when_strict() -> None:
    roller = FixedRoller([1, 2, 3], strict=True)
    roll("2d6", roller)
    with pytest.raises(DiceSupplyError, match="1 face was left over: 3"):
        roller.finish()
    lenient = FixedRoller([1, 2, 3])
    roll("2d6", lenient)
    lenient.finish()
    assert lenient.remaining == [3]


def test_fixed_roller_errors_are_rules_errors_naming_the_dice() -> None:
    with pytest.raises(RulesError) as caught:
        FixedRoller([]).roll(D6)
    assert caught.value.field == "dice"


def test_the_draw_order_is_die_then_explosions_then_rerolls() -> None:
    # 2d6!r1: die 1 shows 6, explodes into a 1, which is rerolled to 4; die 2 shows 1,
    # is rerolled to 6, and (a reroll does not explode) stops.
    result = roll("2d6!r1", FixedRoller([6, 1, 4, 1, 6], strict=True))
    assert [d.faces for d in result.dice] == [(6,), (1, 4), (1, 6)]
    assert result.total == 16


def test_random_roller_repeats_itself_with_the_same_seed() -> None:
    expression = "4d6kh3 + {1d20+5, 1d20}kh1 + 3d6!r1 + 6d10>7f1"
    first, second = RandomRoller(seed=42), RandomRoller(seed=42)
    assert roll(expression, first) == roll(expression, second)
    assert first.history == second.history
    assert roll(expression, RandomRoller(seed=42)) != roll(expression, RandomRoller(seed=43))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(), st.integers(0, 2**32 - 1))
def test_replaying_the_recorded_faces_gives_the_same_roll(tree: Expression, seed: int) -> None:
    original = RandomRoller(seed)
    try:
        first = roll(tree, original)
    except RulesError:
        return
    replay = FixedRoller([face for _, face in original.history], strict=True)
    assert roll(tree, replay) == first
    replay.finish()
    assert list(replay.history) == list(original.history)
