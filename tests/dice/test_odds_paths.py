"""Every method that answers a keep or drop, held to the oracles, and the routing between
them (:mod:`tablekeeper.dice.routing`).

Each hand-picked and generated tree is computed by every method (``odds_by``) and checked
against brute force and the roller (:mod:`.oracle`); icepool's own pools are the oracle
for trees too large to enumerate; and :func:`test_routes` fixes which method each tree
takes, so that a change in routing fails a test instead of slowing a table down."""

from __future__ import annotations

from collections.abc import Callable

import icepool
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.chains import PerDie
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.icepool_path import chain_kinds
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import methods, odds, odds_by
from tablekeeper.dice.roller import Die
from tablekeeper.dice.routing import Method
from tablekeeper.dice.syntax import Explode, Expression, Keep, Max, Min, Reroll
from tablekeeper.errors import OddsUnavailableError

from .odds_cases import BRUTE_FORCE_CASES, d, expressions, paths_bound
from .oracle import brute_force, roller_odds, uneven_rerolls

KEEPING = (Method.ORDER_STATISTICS, Method.ICEPOOL, Method.STATE_MACHINE)
CLOSED, ORDER, ICEPOOL, MACHINE = (
    Method.CLOSED_FORM,
    Method.ORDER_STATISTICS,
    Method.ICEPOOL,
    Method.STATE_MACHINE,
)


@pytest.mark.parametrize(
    ("expression", "depth"),
    [pytest.param(e, depth, id=name) for name, e, depth in BRUTE_FORCE_CASES],
)
def test_every_method_matches_brute_force(expression: Expression, depth: int) -> None:
    expected = brute_force(expression, depth)
    for method in KEEPING:
        assert dict(odds_by(expression, method, RollLimits(explode_depth=depth))) == expected


@pytest.mark.parametrize(
    ("expression", "depth"),
    [
        pytest.param(e, depth, id=name)
        for name, e, depth in BRUTE_FORCE_CASES
        if name != "2d6/1d3" and not uneven_rerolls(e)  # as in test_odds_roller.py
    ],
)
def test_icepool_matches_every_path_of_the_roller(expression: Expression, depth: int) -> None:
    result = odds_by(expression, Method.ICEPOOL, RollLimits(explode_depth=depth))
    assert dict(result) == roller_odds(expression, depth)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(expressions(), st.integers(0, 2), st.sampled_from(KEEPING))
def test_generated_trees_match_brute_force_by_every_method(
    expression: Expression, depth: int, method: Method
) -> None:
    assume(paths_bound(expression, depth) <= 40_000)
    result = odds_by(expression, method, RollLimits(explode_depth=depth))
    assert dict(result) == brute_force(expression, depth)


# -- beyond brute force: icepool's own pools, and the methods against each other --------

d6, d8, d10, d12, d20, d100 = (icepool.d(n) for n in (6, 8, 10, 12, 20, 100))

LARGE_CASES: list[tuple[str, Callable[[], icepool.Die]]] = [
    ("5d100!kh2", lambda: d100.explode_to_pool(5, depth=10).highest(2).sum()),
    ("6d6!dl1", lambda: d6.explode_to_pool(6, depth=10).lowest(drop=1).sum()),
    ("8d10!kh3", lambda: d10.explode_to_pool(8, depth=10).highest(3).sum()),
    (
        "6d10!>=8kh3",
        lambda: d10.explode_to_pool(6, [8, 9, 10], depth=10).highest(3).sum(),
    ),
    (
        "{5d6,5d8,5d10,5d12}kh2",
        lambda: icepool.Pool([5 @ d6, 5 @ d8, 5 @ d10, 5 @ d12]).highest(2).sum(),
    ),
    ("{1d20+5,1d20+3}kh1", lambda: icepool.Pool([d20 + 5, d20 + 3]).highest(1).sum()),
    ("{4d6+3d8}k4", lambda: icepool.Pool([d6] * 4 + [d8] * 3).highest(4).sum()),
    ("{6d10+6d12}dl3", lambda: icepool.Pool([d10] * 6 + [d12] * 6).lowest(drop=3).sum()),
    (
        "{3d6,3d6,3d6,3d6,3d6,3d6}kh3",
        lambda: icepool.Pool([3 @ d6] * 6).highest(3).sum(),
    ),
]


@pytest.mark.parametrize(("notation", "oracle"), [pytest.param(n, o, id=n) for n, o in LARGE_CASES])
def test_large_pools_match_icepool(notation: str, oracle: Callable[[], icepool.Die]) -> None:
    assert odds(notation) == Distribution.from_icepool(oracle())


@pytest.mark.parametrize(
    "notation",
    [
        "{3d6-3d6}kh3",  # ties between terms that score differently: tagged in icepool
        "{4d6-2d8}dl2",
        "{2d6!-1d6}kl2",
        "5d12mi3!r1kh2dl1",  # a clamped first die, rerolls of exploded dice
        "4d6!pkh3",  # penetration: the added dice are a kind of their own
        "6d10!<=2kl2",  # exploding on low faces
        "5d6!kh3>=5f1",  # successes and failures among the kept
        "{2d10!,2d8!}dl1",
    ],
)
def test_methods_agree_beyond_brute_force(notation: str) -> None:
    machine = odds_by(notation, Method.STATE_MACHINE)
    assert odds_by(notation, Method.ICEPOOL) == machine
    assert odds(notation) == machine


# -- the routing ---------------------------------------------------------------------

ROUTES: list[tuple[str, tuple[Method, ...]]] = [
    ("8d8>=4", (CLOSED,)),
    ("4d6kh3", (ORDER,)),
    ("100d6kh50", (ORDER,)),
    ("5d10!!kh2", (ORDER,)),  # compounding adds no dice
    ("{3d6,3d6,3d6,3d6,3d6,3d6}kh3", (CLOSED,) * 6 + (ORDER,)),  # identical sub-rolls
    ("{2d8,1d6}>=5", (CLOSED, CLOSED, CLOSED)),  # a count of totals, nothing kept or dropped
    ("3d6!kh2", (MACHINE,)),  # small: icepool's fixed cost would dominate
    ("8d10!kh3", (MACHINE,)),
    ("{1d20+5,1d20+3}kh1", (CLOSED, CLOSED, MACHINE)),
    ("{2d4-1d4}kl1", (MACHINE,)),
    ("8d6!p>=4kh5", (MACHINE,)),  # kinds overlap: 0.5 s here, 20 s in icepool
    ("5d100!kh2", (ICEPOOL,)),  # the known slow corner: 4 s on the machine
    ("6d6!dl1", (ICEPOOL,)),
    ("{4d6+3d8}k4", (ICEPOOL,)),
    ("{5d6,5d8,5d10,5d12}kh2", (CLOSED, CLOSED, CLOSED, CLOSED, ICEPOOL)),
    ("{6d10+6d12}dl3", (ICEPOOL,)),
]


@pytest.mark.parametrize(("notation", "expected"), [pytest.param(n, e, id=n) for n, e in ROUTES])
def test_routes(notation: str, expected: tuple[Method, ...]) -> None:
    assert methods(notation) == expected


# -- how icepool sees a chain --------------------------------------------------------


@pytest.mark.parametrize(
    ("modifiers", "kinds"),
    [
        ((), 1),
        ((Explode("compound"),), 1),  # adds no dice
        ((Explode(),), 2),  # the first die and the added dice alike
        ((Min(2), Explode()), 3),  # the first die's clamped faces differ when it stops
        ((Max(5), Explode()), 1),  # ma5 on a d6: the first die never explodes
        ((Explode("penetrate"),), 4),  # added dice count one less
        ((Explode(), Reroll()), 2),  # the same rerolls on every die of the chain
    ],
)
def test_kinds_of_a_chain(modifiers: tuple[PerDie, ...], kinds: int) -> None:
    chain = chain_kinds(Die(6), modifiers, 3)
    assert len(chain.dice) == kinds
    # One chain's compositions hold every way it can roll: 6 ** 4 for a d6 and 3 explosions.
    assert sum(chain.compositions.values()) in (1, 6**4)
    assert all(sum(counts) <= 4 for counts in chain.compositions)


def test_icepool_is_refused_past_the_state_limit() -> None:
    small = RollLimits(max_odds_states=50)
    with pytest.raises(OddsUnavailableError, match="max_odds_states"):
        odds_by(d(6, 6, Explode(), Keep("h", 3)), Method.ICEPOOL, small)
    with pytest.raises(OddsUnavailableError, match="max_odds_states"):
        odds_by("{5d6,5d8,5d10,5d12}kh2", Method.ICEPOOL, small)
