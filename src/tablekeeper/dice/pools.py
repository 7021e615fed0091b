"""Success pools and opposed pools: counting dice that meet a target number, exactly.

A pool of ``dice`` dice of ``sides`` faces is rolled against a target number ``tn``:
each die showing ``tn`` or more is a success, and the result is the count of successes.
A TN above the die's highest face can never succeed; a TN of 1 or less always does. An
opposed pool sets a second pool against the first: its *net successes* are
``max(0, successes - opposing successes - armor)``. A ruleset names these in its own
words (``fractal`` calls the count a success level and the net its margin of success,
G-F-04).

>>> success_pool(5, 6, 4).at_least(3)
Fraction(1, 2)
>>> opposed_pool(8, 5, 6, 4, armor=1).at_least(2)
Fraction(595, 2048)

Every answer is exact: success counts are binomial rows with integer weights
(``C(n, k) s^k f^(n-k)`` over ``sides^n``), and :func:`net_success_table` shares those
rows and their tail sums across a whole grid of pools.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tablekeeper.dice.closed_forms import binomial, binomial_row
from tablekeeper.dice.distribution import Distribution
from tablekeeper.errors import InvalidInputError

TableKey = tuple[int, int, int, int, int]


def net_successes(attacker_successes: int, defender_successes: int, armor: int = 0) -> int:
    """``max(0, successes - opposing successes - armor)``: the one definition that rolled
    checks and :func:`opposed_pool` share."""
    return max(0, attacker_successes - defender_successes - armor)


def success_pool(dice: int, sides: int, tn: int) -> Distribution:
    """Successes among ``dice`` d``sides`` against target number ``tn``."""
    _check_pool("dice", dice, sides)
    win = _successful_faces(sides, tn)
    return binomial(dice, win, sides - win)


def opposed_pool(
    attacker_dice: int,
    defender_dice: int,
    sides: int,
    tn: int,
    armor: int = 0,
    defender_sides: int | None = None,
    defender_tn: int | None = None,
) -> Distribution:
    """The net successes of a pool opposed by a defence pool:
    ``max(0, attacker successes - defender successes - armor)``.

    The defender rolls ``defender_sides`` against ``defender_tn`` (the attacker's
    ``sides`` and ``tn`` unless given).
    """
    defender_sides = sides if defender_sides is None else defender_sides
    defender_tn = tn if defender_tn is None else defender_tn
    _check_pool("attacker_dice", attacker_dice, sides)
    _check_pool("defender_dice", defender_dice, defender_sides)
    _check_armor(armor)
    win = _successful_faces(sides, tn)
    attack = binomial_row(attacker_dice, win, sides - win)
    defender_win = _successful_faces(defender_sides, defender_tn)
    defence = binomial_row(defender_dice, defender_win, defender_sides - defender_win)
    weights: dict[int, int] = {}
    for blocked, defence_weight in enumerate(defence):
        if not defence_weight:
            continue
        for hits, attack_weight in enumerate(attack):
            if attack_weight:
                margin = net_successes(hits, blocked, armor)
                weights[margin] = weights.get(margin, 0) + attack_weight * defence_weight
    return Distribution._trusted(weights)


def net_success_table(
    attackers: Iterable[int],
    defenders: Iterable[int],
    sides: Iterable[int],
    tns: Iterable[int],
    ks: Iterable[int],
    armor: int = 0,
) -> dict[TableKey, Fraction]:
    """P(net successes >= k) for every attacker pool, defender pool, die, TN and k.

    Keys are ``(attacker_dice, defender_dice, sides, tn, k)``; both sides roll the same
    die against the same TN. Each binomial row is built once per die and TN, turned into
    tail sums once per attacker pool, and every cell is one short dot product: for
    ``k >= 1``, :func:`net_successes` reaches ``k`` exactly when the attack reaches
    ``defence + armor + k``, so P = ``sum_j P(defence = j) * P(attack >= j + k + armor)``
    (and 1 for ``k <= 0``).
    """
    attackers, defenders = list(attackers), list(defenders)
    sides, tns, ks = list(sides), list(tns), list(ks)
    _check_armor(armor)
    for name, counts in (("attackers", attackers), ("defenders", defenders)):
        for count in counts:
            for size in sides:
                _check_pool(name, count, size)
    table: dict[TableKey, Fraction] = {}
    for size in sides:
        for tn in tns:
            win = _successful_faces(size, tn)
            lose = size - win
            defence_rows = {d: binomial_row(d, win, lose) for d in defenders}
            for a in attackers:
                tails = _tail_sums(binomial_row(a, win, lose))
                reach = len(tails)
                for d in defenders:
                    defence = defence_rows[d]
                    denominator = size ** (a + d)
                    for k in ks:
                        if k <= 0:
                            table[(a, d, size, tn, k)] = Fraction(1)
                            continue
                        offset = k + armor
                        numerator = 0
                        for blocked, weight in enumerate(defence):
                            needed = blocked + offset
                            if needed >= reach:
                                break
                            numerator += weight * tails[needed]
                        table[(a, d, size, tn, k)] = Fraction(numerator, denominator)
    return table


def _tail_sums(row: list[int]) -> list[int]:
    """``tails[i]`` = the weight of ``i`` or more successes."""
    tails = row[:]
    for index in range(len(tails) - 2, -1, -1):
        tails[index] += tails[index + 1]
    return tails


def _successful_faces(sides: int, tn: int) -> int:
    """How many faces of a d``sides`` reach ``tn``."""
    return min(sides, max(0, sides - tn + 1))


def _check_pool(name: str, dice: int, sides: int) -> None:
    if dice < 0:
        raise InvalidInputError(f"a pool cannot have {dice} dice", field=name)
    if sides < 1:
        raise InvalidInputError(f"a die needs at least one side, not {sides}", field="sides")


def _check_armor(armor: int) -> None:
    if armor < 0:
        raise InvalidInputError(f"armor cannot be negative ({armor})", field="armor")
