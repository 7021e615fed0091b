"""Skill dice: boons and banes, the cunning threshold, cunning and critical effects."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import Die
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.dice import (
    MAX_DICE,
    adjusted_dice,
    is_cunning,
    net_boons,
    parse_dice,
    split_successes,
)


def test_parse_dice_sums_of_terms() -> None:
    assert parse_dice("2d6") == (Die(6), Die(6))
    assert parse_dice("1d8 + d6") == (Die(8), Die(6))


@pytest.mark.parametrize("bad", ["", "2x6", "d1", "2d6-1", "d"])
def test_parse_dice_refuses_what_is_not_a_sum_of_dice(bad: str) -> None:
    with pytest.raises(InvalidInputError, match="yield_dice"):
        parse_dice(bad)


def test_parse_dice_has_a_roll_limit() -> None:
    assert len(parse_dice(f"{MAX_DICE}d6")) == MAX_DICE
    with pytest.raises(InvalidInputError):
        parse_dice(f"{MAX_DICE + 1}d6")


def test_each_boon_adds_a_die_and_each_bane_removes_one() -> None:
    """G-S-04 / S-TGT-03: each boon or bane adjusts the number of dice."""
    two = parse_dice("2d8")
    assert len(adjusted_dice(two, 1, 0)) == 3
    assert len(adjusted_dice(two, 0, 1)) == 1
    assert len(adjusted_dice(two, 2, 0)) == 4


def test_boons_and_banes_cancel_one_for_one() -> None:
    """G-S-10: vulnerable and resistant to tags of one attack cancel one for one."""
    two = parse_dice("2d6")
    assert net_boons(3, 2) == 1
    assert adjusted_dice(two, 2, 2) == two
    assert adjusted_dice(two, 1, 2) == two[:1]


def test_never_fewer_than_zero_dice() -> None:
    """G-S-04: at the boundary 2 banes leave 0 dice of 2d8; 3 banes still 0."""
    two = parse_dice("2d8")
    assert adjusted_dice(two, 0, 2) == ()
    assert adjusted_dice(two, 0, 3) == ()


def test_the_added_die_is_the_last_one_of_the_expression() -> None:
    assert adjusted_dice(parse_dice("1d8 + 1d4"), 1, 0)[-1] == Die(4)


@pytest.mark.parametrize(
    ("face", "cunning", "at_or_below", "below"),
    [(2, 3, True, True), (3, 3, True, False), (4, 3, False, False), (1, 0, False, False)],
)
def test_cunning_threshold_at_and_around_the_boundary(
    face: int, cunning: int, at_or_below: bool, below: bool
) -> None:
    """S-CUN-01, G-S-05: a die equal to the cunning earns an effect by default ('equal to
    or below', S-TGT-03 and S-TGT-07), not under the 'below' reading."""
    assert is_cunning(face, cunning) is at_or_below
    assert is_cunning(face, cunning, "below") is below


@pytest.mark.parametrize(
    ("successes", "instead", "as_well"),
    [
        (0, (0, 0), (0, 0)),
        (1, (1, 0), (1, 0)),
        (2, (2, 0), (2, 0)),
        (3, (2, 1), (3, 1)),
        (5, (2, 3), (5, 3)),
    ],
)
def test_critical_effects_from_the_third_success(
    successes: int, instead: tuple[int, int], as_well: tuple[int, int]
) -> None:
    """S-CUN-03, G-S-06: three or more cunning effects make each success after the second
    a critical effect (instead, by default); two are never critical."""
    assert split_successes(successes) == instead
    assert split_successes(successes, "as_well") == as_well


def test_no_critical_fumbles() -> None:
    """S-CUN-04: skill rolls cannot fumble: no result below zero effects, whatever the dice."""
    for successes in range(0, 6):
        cunning, critical = split_successes(successes)
        assert cunning >= 0
        assert critical >= 0
