"""The console panel (``console/panel.html``) renders what its viewer may see, by the
cards' names.

The console includes the panel with the state as ``player_view`` gives it and the
viewer's cards; these tests render it with Jinja alone, as the console would.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import jinja2

from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from .test_scenario import begin, shipped


def render(state: Any, sight: Sight) -> str:
    assert PERCENTILE.console_panel is not None
    folder = files(PERCENTILE.package) / "console"
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string((folder / PERCENTILE.console_panel).read_text("utf-8"))
    return template.render(
        state=PERCENTILE.player_view(state, sight),
        cards=PERCENTILE.cards(state, sight),
        clock_words=PERCENTILE.words.clock(state),
        viewer={"is_gm": sight.gm},
        encounter={"id": "e1", "version": 1},
        base="/encounters/e1",
        pending=None,
        players={"kell": "Ann"},
    )


def _skirmish() -> Any:
    run = begin(shipped("spirit_skirmish"))
    policy = PERCENTILE.policy()
    for _ in range(3):  # the GM starts it; Aldric attacks
        command = run.next_command(policy)
        assert command is not None
        run.session.submit(command)
    return run.state


def test_the_gm_sees_every_number_and_twins_are_told_apart() -> None:
    state = _skirmish()
    html = render(state, GM_SIGHT)
    assert "Round 1: Aldric's turn" in html
    assert "Bandit [bandit_1]" in html
    bandit = html.split('id="combatant-bandit_2"')[1].split("</li>")[0]
    assert "<strong>Bandit [bandit_2]</strong>" in bandit
    assert "<dt>HP</dt><dd>10 / 12</dd>" in bandit  # the scenario's hp: 10
    assert "<dt>Determination</dt><dd>6</dd>" in bandit
    assert "<dt>Engaged with</dt>" in html
    assert "played by Ann" in html


def test_a_player_sees_their_own_numbers_only() -> None:
    state = _skirmish()
    html = render(state, Sight.player({"kell"}))
    kell = html.split('id="combatant-kell"')[1].split("</li>")[0]
    bandit = html.split('id="combatant-bandit_2"')[1].split("</li>")[0]
    assert "<dt>HP</dt>" in kell
    assert "<dt>Magic Points</dt><dd>17</dd>" in kell
    assert "<dt>HP</dt>" not in bandit
    assert "Determination" not in bandit
    assert "<dt>In hand</dt><dd>short spear</dd>" in bandit
    assert "Bandit [bandit_2]" in bandit


def test_before_the_start_the_panel_says_so() -> None:
    run = begin(shipped("river_ambush"))
    html = render(run.state, GM_SIGHT)
    assert "Not started" in html
    assert "<strong>Knife-fighter</strong>" in html
