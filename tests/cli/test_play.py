"""``tablekeeper play RULESET SCENARIO``: one runner for every ruleset, over its contract.

The duel (``examples/duel``, a ruleset packaged as a third party would) is played here:
nothing in the runner names it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tablekeeper.cli.app import app as main_app
from tablekeeper.cli.play import play

app = typer.Typer()
app.command()(play)
runner = CliRunner()


def test_a_third_partys_ruleset_plays_to_its_end_unattended() -> None:
    result = runner.invoke(app, ["duel", "first_blood"])
    assert result.exit_code == 0, result.output
    assert "First blood (seed 7)" in result.output
    assert "attacks" in result.output and "wins the duel" in result.output  # noqa: PT018
    assert "End: " in result.output and "won the duel" in result.output  # noqa: PT018


def test_the_gm_picks_numbered_commands_gives_gm_commands_and_undoes(tmp_path: Path) -> None:
    script = tmp_path / "gm.txt"
    script.write_text("?\n2\ndeal_damage alice 3\nundo\nfighter=bob amount=4\nquit\n")
    result = runner.invoke(app, ["duel", "first_blood", "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert "1. Alice: attack Bob" in result.output and "2. Alice: wait" in result.output  # noqa: PT018
    assert "a GM command by name" in result.output  # the help, for '?'
    assert "Alice takes 3 damage" in result.output
    assert "undone: c" in result.output
    assert "no GM command 'fighter=bob'" in result.output


def test_a_length_shortens_the_play_in_the_scenarios_own_unit() -> None:
    result = runner.invoke(app, ["duel", "first_blood", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    refused = runner.invoke(app, ["duel", "first_blood", "--seconds", "1"])
    assert refused.exit_code == 2
    assert "--seconds is for scenarios counted in seconds; this one counts rounds" in (
        refused.output
    )


def test_the_shipped_scenarios_of_every_ruleset_are_listed() -> None:
    result = runner.invoke(main_app, ["scenarios"])
    assert result.exit_code == 0, result.output
    assert "duel: first_blood" in result.output
    assert "realtime: bleeding_out, leaving_reach" in result.output


def test_play_help_lists_the_shipped_scenarios() -> None:
    # Issue 13, bug 12: `play --help` named no scenario a GM could play.
    result = runner.invoke(main_app, ["play", "--help"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Shipped scenarios: duel: first_blood;" in text
    assert "percentile: bandit_toll, brack_surrender, river_ambush" in text


def test_commands_are_printed_in_the_rules_words_distinct_and_verbatim(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 13, bug 12: "parry:dagger:" was printed as an emoji, a "[wolf_1]" would have
    # been read as markup, and two commands that read alike were listed twice alike.
    from rich.console import Console

    from tablekeeper.cli.gm import GameMaster
    from tablekeeper.cli.play import Runner
    from tablekeeper.services import scenarios
    from tablekeeper.services.rulesets import ruleset_named

    rules = ruleset_named("duel")
    run = scenarios.start(scenarios.load_scenario("first_blood", ruleset="duel"))
    console = Console(record=True, width=200)
    monkeypatch.setattr(
        type(rules.words), "command_label", lambda self, command, state, names: "parry:dagger: [x]"
    )
    Runner(console, run, rules, GameMaster(console, interactive=False, script=["quit"])).gm_turn()
    lines = [line.strip() for line in console.export_text().splitlines() if ". parry" in line]
    assert len(lines) >= 2, lines
    assert all(line.split(". ", 1)[1].startswith("parry:dagger: [x]") for line in lines), lines
    assert len(set(lines)) == len(lines), lines
