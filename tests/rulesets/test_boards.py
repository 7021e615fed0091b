"""Every ruleset's positions (``board`` and ``move_command``, engine/positions.py): what
each places where, what a player sees of it, and that a move is the ruleset's own command
with its own legality (issue 13, "A map")."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine import Ruleset
from tablekeeper.engine.positions import Board
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.errors import IllegalCommandError
from tablekeeper.services import scenarios

from .conformance import start
from .fractal.encounter.helpers import Table as FractalTable
from .tactical.table import foe, hero, table, use

TACTICAL = load_ruleset("tactical")


def shipped() -> list[tuple[str, str]]:
    return [
        (name, scenario)
        for name in scenarios.scenario_rulesets()
        for scenario in scenarios.packaged_scenarios(name)
    ]


@pytest.mark.parametrize(("ruleset", "scenario"), shipped())
def test_every_shipped_scenario_has_a_board_whose_tokens_are_its_actors(
    ruleset: str, scenario: str
) -> None:
    rules: Ruleset = load_ruleset(ruleset)
    run = start(rules, scenario)
    state = run.session.state
    actors = {card.id for card in rules.cards(state, GM_SIGHT)}
    board = rules.board(state, GM_SIGHT)
    if board is None:
        return
    assert isinstance(board, Board)
    assert {token.actor for token in board.tokens} <= actors
    assert {pair.a for pair in board.distances()} | {pair.b for pair in board.distances()} <= actors
    party = rules.scenarios.party(run.scenario) if rules.scenarios else None
    mine = {card.id for card in rules.cards(state, GM_SIGHT) if card.side == party}
    seen = rules.board(state, Sight.player(mine))
    assert seen is not None
    assert {t.actor for t in seen.tokens} <= {t.actor for t in board.tokens}
    assert all(t.movable == (t.actor in mine and not t.defeated) for t in seen.tokens)


def test_the_tactical_board_is_the_battlefield_with_its_walls_and_paces() -> None:
    session = table(hero(), foe(), walls=((4, 2), (4, 3)), distance="alternating")
    board = TACTICAL.board(session.state, GM_SIGHT)
    assert board is not None
    assert board.grid is not None
    assert (board.grid.width, board.grid.height, board.grid.walls) == (10, 6, ((4, 2), (4, 3)))
    assert (board.grid.metric, board.unit, board.units) == ("alternating", "pace", "paces")
    assert [(t.actor, t.square, t.acting) for t in board.tokens] == [
        ("hero", (1, 1), True),
        ("foe", (8, 4), False),
    ]
    assert board.distances()[0].words == "8 paces"  # 7 across, 3 down: 7 + 3 // 2 (G-S-E1)


def test_a_hidden_character_is_on_the_board_of_its_own_side_and_the_gm_only() -> None:
    # G-S-E6 (views.py): a hidden character's square is its own side's.
    session = table(hero(), foe(), foe("lurker", position=[7, 1], hidden=True))
    state = session.state
    sights = {"gm": GM_SIGHT, "heroes": Sight.player({"hero"}), "foes": Sight.player({"foe"})}
    on: dict[str, set[str]] = {}
    for side, sight in sights.items():
        board = TACTICAL.board(state, sight)
        assert board is not None
        on[side] = {t.actor for t in board.tokens}
    assert on == {
        "gm": {"hero", "foe", "lurker"},
        "heroes": {"hero", "foe"},
        "foes": {"hero", "foe", "lurker"},
    }


def test_a_tactical_move_is_its_move_command_refused_without_a_maneuver() -> None:
    session = table(hero(style=["dash"]), foe())
    command = TACTICAL.move_command(session.state, "hero", (2, 2))
    assert command is not None
    assert (command.actor, command.kind) == ("hero", "tactical.move")
    with pytest.raises(IllegalCommandError, match=r"no movement is left.*S-TYPE-05"):
        session.submit(command)
    use(session, "hero", "dash")
    session.submit(command)
    assert session.state.character("hero").position == (2, 2)
    far = TACTICAL.move_command(session.state, "hero", (9, 5))
    assert far is not None
    with pytest.raises(IllegalCommandError, match=r"\(9, 5\) is more than \d+ paces? away"):
        session.submit(far)  # the square as the map names it
    assert TACTICAL.move_command(session.state, "nobody", (0, 0)) is None


def test_the_realtime_field_is_drawn_around_the_creatures_and_a_move_is_charged() -> None:
    rules = load_ruleset("realtime")
    run = start(rules, "leaving_reach")
    state = run.session.state
    board = rules.board(state, Sight.player({"aliena"}))
    assert board is not None
    assert board.grid is not None
    assert board.grid.metric == state.options.distance
    assert all(board.grid.inside(t.square) for t in board.tokens)
    assert [t.actor for t in board.tokens if t.movable] == ["aliena"]
    command = rules.move_command(state, "aliena", (3, 0))
    assert command is not None
    assert command.kind == "realtime.move"
    run.session.submit(command)  # voluntary movement: an action charged (G-R-01)
    after = rules.board(run.session.state, GM_SIGHT)
    assert after is not None
    assert next(t for t in after.tokens if t.actor == "aliena").acting


def test_percentile_gives_its_engagements_per_pair_and_no_grid() -> None:
    rules = load_ruleset("percentile")
    run = start(rules, "river_ambush")
    board = rules.board(run.session.state, Sight.player(set()))
    assert board is not None
    assert board.grid is None
    assert board.tokens == ()
    assert [(p.words, p.distance) for p in board.distances()] == [
        ("engaged in melee at very long distance", 4)  # P-OPT-11, shortest first
    ]
    assert rules.move_command(run.session.state, "oswin", (0, 0)) is None


def test_a_fractal_conflict_with_positions_is_drawn_and_moves_by_its_maneuvers_only() -> None:
    rules = load_ruleset("fractal")
    fight = FractalTable()
    fight.pc("brenna")
    fight.pc("orc", side="foes")
    fight.open("fight", "combat", {"character": "brenna", "position": [2, 1]}, "orc")
    board: Any = rules.board(fight.session.state, GM_SIGHT)
    assert board is not None
    assert board.grid is not None
    assert [(t.actor, t.square) for t in board.tokens] == [("brenna", (2, 1))]  # the orc has none
    assert rules.move_command(fight.session.state, "brenna", (3, 1)) is None  # C-17


def test_a_fractal_encounter_without_positions_and_the_duel_have_no_board() -> None:
    assert (
        load_ruleset("fractal").board(
            start(load_ruleset("fractal"), "goblin_ambush").session.state, GM_SIGHT
        )
        is None
    )
    duel = load_ruleset("duel")
    assert duel.board(start(duel, "first_blood").session.state, GM_SIGHT) is None


def test_a_realtime_move_off_the_map_that_leaves_reach_draws_the_reaction() -> None:
    # R-REACT-08, as in the leaving_reach scenario: Balthazar dragged from beside Aliena
    # to (3, 0) leaves her reach when the move completes, and she is asked to react.
    from tablekeeper.rulesets.realtime.encounter.commands import advance

    rules = load_ruleset("realtime")
    session = start(rules, "leaving_reach").session
    command = rules.move_command(session.state, "balthazar", (3, 0))
    assert command is not None
    session.submit(command)
    for _ in range(10):
        if session.pending is not None:
            break
        session.submit(advance())
    assert session.pending is not None
    assert session.pending.chooser == "aliena"


def test_a_move_too_far_with_one_pace_left_says_pace() -> None:
    session = table(hero(style=["quick_step"], agility=1), foe())
    use(session, "hero", "quick_step")  # 2 paces
    step = TACTICAL.move_command(session.state, "hero", (2, 1))
    assert step is not None
    session.submit(step)  # 1 pace left
    far = TACTICAL.move_command(session.state, "hero", (9, 5))
    assert far is not None
    with pytest.raises(IllegalCommandError, match=r"\(9, 5\) is more than 1 pace away"):
        session.submit(far)
