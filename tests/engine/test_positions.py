"""The positions contract's values (engine/positions.py): a board's distances count as each
ruleset counts them, tokens stand on the grid, an edgeless field is drawn around them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.engine.positions import Board, Grid, Pair, Token, bounding_grid, distance
from tablekeeper.engine.rulesets import RulesetBase
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.rulesets.realtime.encounter.state import distance as realtime_distance
from tablekeeper.rulesets.tactical.grid import distance as tactical_distance

squares = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@given(squares, squares, st.sampled_from(["chebyshev", "alternating", "manhattan"]))
def test_the_board_counts_paces_as_tactical_does(
    a: tuple[int, int], b: tuple[int, int], metric: str
) -> None:
    assert distance(a, b, metric) == tactical_distance(a, b, metric)  # type: ignore[arg-type]


@given(squares, squares, st.sampled_from(["chebyshev", "manhattan", "euclidean"]))
def test_the_board_counts_squares_as_realtime_does(
    a: tuple[int, int], b: tuple[int, int], metric: str
) -> None:
    assert distance(a, b, metric) == realtime_distance(a, b, metric)  # type: ignore[arg-type]


def token(actor: str, square: tuple[int, int]) -> Token:
    return Token(actor=actor, square=square, name=actor.title(), side="a")


def test_distances_per_pair_on_a_grid_are_in_the_boards_units() -> None:
    board = Board(
        unit="pace",
        units="paces",
        grid=Grid(width=5, height=5, metric="manhattan"),
        tokens=(token("ann", (0, 0)), token("bo", (1, 0)), token("cy", (2, 3))),
    )
    assert [(p.a, p.b, p.words) for p in board.distances()] == [
        ("ann", "bo", "1 pace"),
        ("ann", "cy", "5 paces"),
        ("bo", "cy", "4 paces"),
    ]
    assert board.token_at((1, 0)) == board.tokens[1]
    assert board.token_at((4, 4)) is None


def test_a_board_without_a_grid_gives_its_pairs_and_holds_no_token() -> None:
    pair = Pair(a="ann", b="bo", words="engaged in melee")
    assert Board(pairs=(pair,)).distances() == (pair,)
    with pytest.raises(ValueError, match="tokens need a grid"):
        Board(tokens=(token("ann", (0, 0)),))


def test_a_token_off_the_grid_is_refused() -> None:
    with pytest.raises(ValueError, match=r"ann's square \[5, 0\] is off the grid"):
        Board(grid=Grid(width=5, height=5), tokens=(token("ann", (5, 0)),))


def test_an_edgeless_field_is_drawn_around_its_tokens_with_room() -> None:
    grid = bounding_grid([(-3, 0), (4, 1)], metric="chebyshev")
    assert (grid.origin, grid.width, grid.height) == ((-5, -2), 12, 6)
    assert grid.inside((-5, -2))
    assert grid.inside((6, 3))
    assert not grid.inside((7, 0))
    assert grid.rows()[0][0] == (-5, -2)
    empty = bounding_grid([], metric="manhattan")
    assert (empty.width, empty.height, empty.metric) == (8, 6, "manhattan")


def test_a_ruleset_places_no_one_by_default() -> None:
    base = RulesetBase()
    assert base.board(object(), GM_SIGHT) is None
    assert base.move_command(object(), "ann", (0, 0)) is None
