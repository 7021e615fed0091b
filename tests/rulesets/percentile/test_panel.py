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


def _facts(state: Any, sight: Sight, key: str) -> dict[str, str]:
    card = next(card for card in PERCENTILE.cards(state, sight) if card.id == key)
    return {fact.label: fact.value for fact in card.facts} | {
        gauge.label: f"{gauge.value} / {gauge.maximum}" for gauge in card.gauges
    }


def test_the_gm_sees_every_number_and_twins_are_told_apart() -> None:
    """The panel keeps the round and the turn order (twins told apart); each combatant's
    numbers are its card's (issue 13: the panel no longer lists them again)."""
    state = _skirmish()
    html = render(state, GM_SIGHT)
    assert "Round 1: Aldric's turn" in html
    assert "Bandit [bandit_1]" in html
    assert "Bandit [bandit_2]" in html.split('aria-label="Turn order"')[1]
    assert 'id="combatant-bandit_2"' not in html  # no second list of the combatants
    bandit = _facts(state, GM_SIGHT, "bandit_2")
    assert bandit["HP"] == "10 / 12"  # the scenario's hp: 10
    assert bandit["Determination"] == "6"
    assert any("Engaged with" in _facts(state, GM_SIGHT, key) for key in state.combatants)


def test_a_player_sees_their_own_numbers_only() -> None:
    state = _skirmish()
    sight = Sight.player({"kell"})
    kell = _facts(state, sight, "kell")
    bandit = _facts(state, sight, "bandit_2")
    assert "HP" in kell
    assert kell["MP"] == "17 / 17"
    assert "HP" not in bandit
    assert "Determination" not in bandit
    assert bandit["In hand"] == "short spear"
    assert "Bandit [bandit_2]" in render(state, sight)


def test_before_the_start_the_panel_says_so() -> None:
    run = begin(shipped("river_ambush"))
    html = render(run.state, GM_SIGHT)
    assert "Not started" in html
    assert "Knife-fighter" not in html  # the combatants are the cards'
    assert any(card.name == "Knife-fighter" for card in PERCENTILE.cards(run.state, GM_SIGHT))
