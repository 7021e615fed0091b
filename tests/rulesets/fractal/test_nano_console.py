"""The console's Nano view: the duel's momentum, steps, zones and the declarations legal
now with their odds; played by its buttons, each shipped duel reaches its end; a sealed
declaration (G-F-07) never reaches the other player."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jinja2
import pytest
import yaml

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Command
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.fractal.encounter.nano_declare import Declare
from tablekeeper.rulesets.fractal.ruleset import FRACTAL
from tablekeeper.web.abbreviations import rule_ref

PACKAGE = Path(__file__).parents[3] / "src" / "tablekeeper" / "rulesets" / "fractal"


def render(state: Any, sight: Sight) -> str:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(PACKAGE / "console"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.globals["csrf_field"] = lambda request: ""
    env.globals["rule_ref"] = rule_ref  # as the console's own environment has it
    return env.get_template("panel.html").render(
        request=None,
        state=FRACTAL.player_view(state, sight),
        cards=FRACTAL.cards(state, sight),
        clock_words=FRACTAL.words.clock(state),
        viewer=SimpleNamespace(is_gm=sight.gm),
        encounter=SimpleNamespace(id="e1", version=3),
        base="/campaigns/c1/encounters/e1",
        pending=None,
        players={},
    )


def start(name: str) -> Any:
    data = yaml.safe_load((PACKAGE / "scenarios" / f"{name}.yaml").read_text())
    scenario = FRACTAL.scenarios.parse(data, source=name)
    return FRACTAL.scenarios.start(scenario, RandomRoller(scenario.seed), seed=scenario.seed)


def buttons(page: str) -> list[dict[str, Any]]:
    found = re.findall(r'<form[^>]*class="declare-options".*?</form>', page, re.S)
    values = re.findall(r'name="command" value="(.*?)"', "".join(found))
    return [json.loads(html_lib.unescape(v)) for v in values]


@pytest.mark.parametrize("name", ["steel_duel", "great_debate", "dance_off"])
def test_the_console_plays_each_duel_to_its_end_by_its_buttons(name: str) -> None:
    run = start(name)
    for _ in range(300):
        if run.state.conflicts[next(iter(run.state.conflicts))].ended is not None:
            break
        page = render(run.state, GM_SIGHT)
        assert "Momentum" in page
        assert 'aria-current="step"' in page
        offered = buttons(page)
        assert offered, "the declarer is offered what it may declare"
        first = offered[0]
        run.session.submit(Command.of(first["actor"], first["kind"], Declare(**first["payload"])))
    conflict = next(iter(run.state.conflicts.values()))
    assert conflict.ended is not None
    assert "Over:" in render(run.state, GM_SIGHT)


def test_the_options_carry_cost_tn_and_odds() -> None:
    run = start("steel_duel")
    page = render(run.state, Sight.player({"brenna"}))
    assert "against TN" in page  # the odds' title: dice, die and TN
    assert re.search(r"\d+%", page)


def test_a_sealed_declaration_is_not_the_other_players() -> None:
    run = start("steel_duel")
    page = render(run.state, Sight.player({"brenna"}))
    first = buttons(page)[0]
    run.session.submit(Command.of(first["actor"], first["kind"], Declare(**first["payload"])))
    other = render(run.state, Sight.player({"corvo"}))
    assert "sealed until the step ends" in other
    view = FRACTAL.player_view(run.state, Sight.player({"corvo"}))
    declared = view["conflicts"]["duel"]["duel"]["declared"]  # type: ignore[index]
    assert declared == {"brenna": {"character": "brenna"}}
    (event,) = [e for e in run.session.log.events if e.kind == "fractal.nano_declared"]
    shown = FRACTAL.public_payload(event.kind, event.payload, Sight.player({"corvo"}))
    assert "declaration" not in shown
    assert "declaration" in FRACTAL.public_payload(event.kind, event.payload, GM_SIGHT)
