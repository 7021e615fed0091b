"""``tablekeeper play percentile SCENARIO``: the terminal runner, driven by Typer's CliRunner.

Standard input is not a terminal under CliRunner, so decisions take their defaults and
each combatant takes its first legal command; ``--script`` plays the GM's lines first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablekeeper.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize("scenario", ["spirit_skirmish", "river_ambush"])
def test_both_shipped_scenarios_play_to_the_end(scenario: str) -> None:
    result = runner.invoke(app, ["play", "percentile", scenario])
    assert result.exit_code == 0, result.output
    output = result.output
    assert "Standard input is not a terminal" in output
    assert "turn order" in output
    assert "engaged with" in output
    assert "actions" in output
    assert "HP" in output
    assert "Round 1:" in output
    assert "End in round" in output


def test_the_skirmish_shows_the_spirit_and_the_decisions() -> None:
    result = runner.invoke(app, ["play", "percentile", "spirit_skirmish", "--seed", "3"])
    output = result.output
    assert "Shrine wisp" in output
    assert "manifest" in output
    assert "defend" in output  # a defense decision, answered with its default


def test_the_same_seed_prints_the_same_play() -> None:
    first = runner.invoke(app, ["play", "percentile", "river_ambush", "--seed", "5"])
    second = runner.invoke(app, ["play", "percentile", "river_ambush", "--seed", "5"])
    assert first.output == second.output


def test_rounds_shortens_the_play() -> None:
    result = runner.invoke(app, ["play", "percentile", "spirit_skirmish", "--rounds", "1"])
    assert result.exit_code == 0
    assert "End in round" in result.output


def test_seconds_is_for_realtime_scenarios() -> None:
    result = runner.invoke(app, ["play", "percentile", "spirit_skirmish", "--seconds", "3"])
    assert result.exit_code == 2
    assert "--seconds is for realtime scenarios" in result.output


def test_a_script_picks_the_commands_and_answers_the_decisions(tmp_path: Path) -> None:
    script = tmp_path / "gm.txt"
    script.write_text("# Kell ends its turn\n2\nquit\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "percentile", "spirit_skirmish", "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert "1. " in result.output  # the menu of legal commands is shown to the GM


def test_a_scenario_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "percentile", "leaving_reach"])
    assert result.exit_code == 2
    assert "shipped scenarios: river_ambush, spirit_skirmish (percentile)" in result.output
    path = tmp_path / "duel.yaml"
    path.write_text("schema_version: 1\nruleset: realtime\nname: Duel\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "percentile", str(path)])
    assert result.exit_code == 2
    assert "a 'realtime' scenario, not a 'percentile' one" in result.output
