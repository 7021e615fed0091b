"""Success pools and opposed pools (net successes; fractal's G-F-04 margin) against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.pools import (
    net_success_table,
    net_successes,
    opposed_pool,
    success_pool,
)
from tablekeeper.errors import InvalidInputError


def brute_successes(dice: int, sides: int, tn: int) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        hits = sum(face >= tn for face in faces)
        result[hits] = result.get(hits, Fraction(0)) + Fraction(1, sides**dice)
    return result


def brute_margin(
    attacker: int,
    defender: int,
    sides: int,
    tn: int,
    armor: int,
    defender_sides: int,
    defender_tn: int,
) -> dict[int, Fraction]:
    """Every face of every die on both sides: max(0, hits - blocks - armor)."""
    result: dict[int, Fraction] = {}
    each = Fraction(1, sides**attacker * defender_sides**defender)
    for attack in itertools.product(range(1, sides + 1), repeat=attacker):
        hits = sum(face >= tn for face in attack)
        for defence in itertools.product(range(1, defender_sides + 1), repeat=defender):
            blocks = sum(face >= defender_tn for face in defence)
            margin = max(0, hits - blocks - armor)
            result[margin] = result.get(margin, Fraction(0)) + each
    return result


@pytest.mark.parametrize(
    ("dice", "sides", "tn"),
    [
        (4, 6, 4),
        (3, 4, 3),
        (5, 8, 6),
        (2, 10, 7),
        (0, 6, 4),
        (3, 6, 1),
        (3, 6, 0),
        (3, 6, 7),
        (3, 6, 6),
    ],
)
def test_success_pool_matches_brute_force(dice: int, sides: int, tn: int) -> None:
    assert dict(success_pool(dice, sides, tn)) == brute_successes(dice, sides, tn)


def test_target_numbers_out_of_range() -> None:
    assert success_pool(5, 6, 7) == Distribution.constant(0)  # no face reaches 7
    assert success_pool(5, 6, 1) == Distribution.constant(5)  # every face reaches 1
    assert success_pool(4, 6, 4) == Distribution.from_icepool(4 @ (icepool.d(6) >= 4))


@settings(max_examples=60, deadline=None)
@given(
    attacker=st.integers(0, 4),
    defender=st.integers(0, 3),
    sides=st.sampled_from([2, 4, 6]),
    tn=st.integers(0, 7),
    armor=st.integers(0, 2),
    defender_sides=st.sampled_from([None, 3, 6]),
    defender_tn=st.one_of(st.none(), st.integers(1, 6)),
)
def test_opposed_pool_matches_brute_force(
    attacker: int,
    defender: int,
    sides: int,
    tn: int,
    armor: int,
    defender_sides: int | None,
    defender_tn: int | None,
) -> None:
    result = opposed_pool(attacker, defender, sides, tn, armor, defender_sides, defender_tn)
    expected = brute_margin(
        attacker,
        defender,
        sides,
        tn,
        armor,
        sides if defender_sides is None else defender_sides,
        tn if defender_tn is None else defender_tn,
    )
    assert dict(result) == expected
    assert sum(p for _, p in result) == 1


@pytest.mark.parametrize(
    ("hits", "blocks", "armor", "margin"),
    [(5, 2, 1, 2), (3, 3, 0, 0), (2, 4, 0, 0), (4, 0, 0, 4), (4, 1, 3, 0), (4, 1, 2, 1)],
)
def test_net_successes(hits: int, blocks: int, armor: int, margin: int) -> None:
    """G-F-04: max(0, success level - opposing defensive successes - armor)."""
    assert net_successes(hits, blocks, armor) == margin


def test_opposed_pool_example() -> None:
    """8d6 against 5d6 at TN 4 with 1 armor: the benchmark's question, against icepool."""
    hit = icepool.d(6) >= 4
    expected = (8 @ hit - 5 @ hit - 1).map(lambda x: max(x, 0))
    assert opposed_pool(8, 5, 6, 4, armor=1) == Distribution.from_icepool(expected)
    # An unopposed action: the margin is the success level (G-F-04).
    assert opposed_pool(5, 0, 6, 4) == success_pool(5, 6, 4)
    # 8 - D with D ~ Bin(5, 1/2) is 3 + Bin(5, 1/2), so A - D + 5 ~ Bin(13, 1/2): the
    # margin is 0 (A - D <= 1) with probability P(Bin(13, 1/2) <= 6) = 1/2.
    assert opposed_pool(8, 5, 6, 4, armor=1).probability(0) == Fraction(1, 2)


def test_net_success_table_matches_opposed_pool() -> None:
    table = net_success_table(range(1, 5), range(0, 4), [4, 6], [3, 5, 7], [0, 1, 2, 4], armor=1)
    assert len(table) == 4 * 4 * 2 * 3 * 4
    for (a, d, sides, tn, k), probability in table.items():
        assert probability == opposed_pool(a, d, sides, tn, armor=1).at_least(k)


def test_net_success_table_at_the_benchmark_size() -> None:
    table = net_success_table(
        range(1, 13), range(0, 13), (4, 6, 8, 10, 12), range(3, 8), range(1, 5)
    )
    assert len(table) == 12 * 13 * 5 * 5 * 4
    assert table[(8, 5, 6, 4, 1)] == opposed_pool(8, 5, 6, 4).at_least(1)
    assert table[(1, 0, 4, 7, 1)] == 0  # TN above the die's highest face
    assert table[(12, 0, 12, 3, 4)] == success_pool(12, 12, 3).at_least(4)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: success_pool(-1, 6, 4), "dice"),
        (lambda: success_pool(2, 0, 4), "sides"),
        (lambda: opposed_pool(2, -1, 6, 4), "defender_dice"),
        (lambda: opposed_pool(2, 1, 6, 4, armor=-1), "armor"),
        (lambda: net_success_table([1], [-2], [6], [4], [1]), "defenders"),
    ],
)
def test_bad_input_names_the_field(call: object, field: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.field == field
