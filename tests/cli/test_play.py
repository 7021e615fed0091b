"""``tablekeeper play RULESET SCENARIO``: one runner for every ruleset, over its contract.

The duel (``examples/duel``, a ruleset packaged as a third party would) is played here:
nothing in the runner names it.
"""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from tablekeeper.cli.main import app as main_app
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
