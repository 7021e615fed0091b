"""The console's tactical panel renders the grid, the previews and the defense being chosen."""

from __future__ import annotations

import json
import re
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


def test_the_grid_has_every_square_walls_and_tokens() -> None:
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2]), walls=((3, 0),))
    html = render(s.state, GM_SIGHT)
    assert len(re.findall(r'role="gridcell"', html)) == 10 * 6
    assert 'data-sq="3,0"' in html
    assert re.search(r'class="tk-sq wall"[^>]*data-sq="3,0"', html)
    assert 'id="token-hero"' in html
    assert 'id="token-foe"' in html
    assert "GM's doom" in html


def test_previews_are_the_rulesets_and_the_forms_carry_commands() -> None:
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe(position=[5, 2]))
    html = render(s.state, Sight.player({"hero"}))
    preview = json.loads(
        re.search(
            r'<script type="application/json" id="tk-preview">(.*?)</script>', html, re.S
        ).group(1)
    )  # type: ignore[union-attr]
    burst = preview["fire_burst"]
    assert burst["points"]["5,2"]["targets"] == ["foe"]
    assert sorted(map(tuple, burst["points"]["5,2"]["squares"])) == sorted(
        (x, y) for x in (4, 5, 6) for y in (1, 2, 3)
    )
    assert [1, 2] in burst["reach"]
    forms = re.findall(r"name=\"command\" value='(.*?)'", html)
    commands = [json.loads(f) for f in forms]
    assert {
        "actor": "hero",
        "kind": "tactical.use_skill",
        "payload": {"character": "hero", "skill": "fire_burst", "point": [5, 2]},
    } in commands


def test_a_player_who_does_not_act_gets_no_preview_and_no_hidden_pool() -> None:
    s = table(hero(position=[1, 2]), foe(position=[5, 2], poise=4))
    html = render(s.state, Sight.player({"foe"}))
    assert 'id="tk-preview"' not in html
    assert "poise 5 / 5" not in html  # the hero's pools are not the foe's player's
    assert "poise 4 / 4" in html


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
