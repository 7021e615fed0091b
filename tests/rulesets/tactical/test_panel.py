"""The console's tactical panel renders the turn, the doom and the defense being chosen; the
battlefield and the skills' aims are the map's (the ruleset's board and aims)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jinja2

from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.tactical.ruleset import TACTICAL

from .table import foe, hero, table, use

PANEL = Path(__file__).parents[3] / "src" / "tablekeeper" / "rulesets" / "tactical" / "console"


def render(state: Any, sight: Sight) -> str:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(PANEL), autoescape=True, undefined=jinja2.StrictUndefined
    )
    env.globals["csrf_field"] = lambda request: ""  # the console's (web/csrf.py): no request here
    return env.get_template("panel.html").render(
        request=None,
        state=TACTICAL.player_view(state, sight),
        cards=TACTICAL.cards(state, sight),
        clock_words=TACTICAL.words.clock(state),
        viewer=SimpleNamespace(is_gm=sight.gm),
        encounter=SimpleNamespace(id="e1", version=3),
        base="/campaigns/c1/encounters/e1",
        pending=None,
        players={},
    )


def test_the_panel_draws_no_grid_and_no_character_list() -> None:
    """The battlefield is the map's and the characters the cards' (issue 13): the panel
    keeps the encounter's state only."""
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2]), walls=((3, 0),))
    html = render(s.state, GM_SIGHT)
    assert "GM's doom" in html
    assert "acting: Hero" in html
    assert 'role="gridcell"' not in html
    assert "tk-characters" not in html
    assert "<strong>Foe</strong>" not in html


def test_the_map_has_every_square_walls_and_tokens() -> None:
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2]), walls=((3, 0),))
    board = TACTICAL.board(s.state, GM_SIGHT)
    assert board.grid is not None
    assert (board.grid.width, board.grid.height) == (10, 6)
    assert board.grid.walls == ((3, 0),)
    assert {(t.actor, t.square) for t in board.tokens} == {("hero", (1, 2)), ("foe", (5, 2))}


def test_aims_are_the_previews_and_carry_their_commands() -> None:
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2]))
    aims = {aim.key: aim for aim in TACTICAL.aims(s.state, Sight.player({"hero"}))}
    assert "_move" not in aims  # moving is the map's drag
    burst = aims["fire_burst"]
    point = next(p for p in burst.points if p.square == (5, 2))
    assert point.takes == ("foe",)
    assert sorted(point.covers) == sorted((x, y) for x in (4, 5, 6) for y in (1, 2, 3))
    assert (1, 2) in burst.reach
    assert point.command.model_dump(mode="json")["payload"]["point"] == [5, 2]
    assert point.command.kind == "tactical.use_skill"
    assert point.words == "Fire Burst at (5, 2): Foe"


def test_a_player_who_does_not_act_gets_no_aim_and_no_hidden_pool() -> None:
    s = table(hero(position=[1, 2]), foe(position=[5, 2], poise=4))
    sight = Sight.player({"foe"})
    assert TACTICAL.aims(s.state, sight) == ()
    assert 'id="tk-preview"' not in render(s.state, sight)
    cards = {card.id: card for card in TACTICAL.cards(s.state, sight)}
    assert cards["hero"].gauges == ()  # the hero's pools are not the foe's player's
    assert next((g.label, g.value, g.maximum) for g in cards["foe"].gauges) == ("poise", 4, 4)


def test_the_defense_being_chosen_shows_costs_and_exact_odds() -> None:
    s = table(
        hero(position=[2, 2], style=["slash"], wielding=[{"name": "sword"}]), foe(position=[3, 2])
    )
    use(s, "hero", "slash", target="foe")
    gm = render(s.state, GM_SIGHT)
    assert "must answer a threat of 4" in gm
    assert "4 momentum" in gm
    assert "If Foe yields (exact odds)" in gm
    player = render(s.state, Sight.player({"hero"}))
    assert "only the GM sees" in player


def test_an_aim_never_names_a_character_hidden_from_the_viewer() -> None:
    """A blast at a hidden foe's square may be aimed (the square is open to the hero), but
    the hero's player is not told it would take the foe (G-S-E6, ruling C-24)."""
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2], hidden=True))
    mine = TACTICAL.aims(s.state, Sight.player({"hero"}))
    taken = {who for aim in mine for point in aim.points for who in point.takes}
    assert "foe" not in taken
    assert all("Foe" not in point.words for aim in mine for point in aim.points)
    shown = TACTICAL.player_view(s.state, Sight.player({"hero"}))["preview"]
    assert "foe" not in json.dumps(shown)  # nor the player's state (its square, its id)
    seen = TACTICAL.aims(s.state, GM_SIGHT)
    assert "foe" in {who for aim in seen for point in aim.points for who in point.takes}


def test_every_aim_offers_only_what_the_rules_would_take_now() -> None:
    """A GM walk-through found the map's aims offering skills whose action was spent
    ("skill: the action of this turn is used"): on every state a shipped skirmish passes
    through, each aim's every point is a command the rules allow, and some state offers
    fewer aims than skills previewed."""
    from tablekeeper.rulesets.tactical.encounter.engine import TacticalEngine
    from tablekeeper.rulesets.tactical.preview import skill_previews

    from ..conformance import played_states

    engine = TacticalEngine()
    _, states = played_states("tactical", "skirmish", 5)
    fewer = False
    for state in states[:120]:
        found = TACTICAL.aims(state, GM_SIGHT)
        for aim in found:
            assert aim.points
            for point in aim.points:
                assert engine.allows(state, point.command), point.words
        previewed = [key for key in skill_previews(state, GM_SIGHT) or {} if key != "_move"]
        fewer = fewer or len(found) < len(previewed)
    assert fewer
