"""``tablekeeper play realtime SCENARIO``: the terminal runner, driven by Typer's CliRunner.

Standard input is not a terminal under CliRunner, so decisions take their defaults and
time advances by itself; ``--script`` plays the GM's lines first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from tablekeeper.cli.play import play

app = typer.Typer()
app.command()(play)
runner = CliRunner()


@pytest.mark.parametrize("scenario", ["leaving_reach", "bleeding_out"])
def test_both_shipped_scenarios_play_to_the_end(scenario: str) -> None:
    result = runner.invoke(app, ["realtime", scenario])
    assert result.exit_code == 0, result.output
    assert "Standard input is not a terminal" in result.output
    assert "End at second" in result.output
    assert "starts charging" in result.output and "Reaction:" in result.output  # noqa: PT018


def test_leaving_reach_shows_charge_bars_cooldowns_and_the_reactions() -> None:
    result = runner.invoke(app, ["realtime", "leaving_reach", "--seed", "3"])
    output = result.output
    assert "Aliena uses Opportunity Attack against Balthazar: ready again at second 10" in output
    # R-REACT-06: the charge kept through a reaction
    assert re.search(r"Incantation [█░]+ 3/5 A\.P\.", output)
    assert "Reaction: in 7 s (second 10)" in output
    assert "charge lost (voluntary movement, R-CPLX-03)" in output
    assert "End at second 15" in output


def test_bleeding_out_shows_the_exact_death_chance_now_and_in_10_seconds() -> None:
    result = runner.invoke(app, ["realtime", "bleeding_out"])
    output = result.output
    # Balthazar: 2 injuries, -20 HP: 1d100 + 3 x (d + 20); at d = 2, +66 (none die) and
    # in 10 s +96: faces 80..100 kill, 21/100.
    assert "Dying for: 2 s" in output and "dies in 173 s" in output  # noqa: PT018
    assert "P(death) if stabilized: now 0% · in 10 s 21%" in output
    assert "Calliope is stabilized at 0 HP" in output


def test_the_same_seed_prints_the_same_play() -> None:
    first = runner.invoke(app, ["realtime", "leaving_reach", "--seed", "5"])
    second = runner.invoke(app, ["realtime", "leaving_reach", "--seed", "5"])
    assert first.output == second.output


def test_a_script_answers_the_gm_prompts_in_order(tmp_path: Path) -> None:
    script = tmp_path / "gm.txt"
    script.write_text(
        "# second 1\ndamage balthazar 5\nnext\n# second 2\nnext\ndecline\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["realtime", "leaving_reach", "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert "Balthazar takes 5 damage: 19 HP" in result.output
    assert "Aliena declines to react" in result.output
    assert "Aliena uses Opportunity Attack against Balthazar" in result.output  # second 10


def test_seconds_shortens_the_play() -> None:
    result = runner.invoke(app, ["realtime", "leaving_reach", "--seconds", "3"])
    assert result.exit_code == 0
    assert "End at second 4" in result.output


def test_a_bad_scenario_is_one_error_line_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "schema_version: 1\nname: Bad\nseconds: 3\ncreatures:\n  - {id: a, side: x, hp: lots}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["realtime", str(path)])
    assert result.exit_code == 2
    assert "error: scenario.creatures.0.hp: Input should be a valid integer" in result.output


def test_a_ruleset_without_scenarios_has_no_runner() -> None:
    result = runner.invoke(app, ["nonesuch", "leaving_reach"])
    assert result.exit_code == 2
    assert "'realtime'" in result.output and "scenarios, not 'nonesuch'" in result.output  # noqa: PT018


def test_the_gm_enters_an_opportunity_attacks_damage(tmp_path: Path) -> None:
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(
        "schema_version: 1\nname: Duel\nseconds: 3\ncreatures:\n"
        "  - {id: aliena, side: party, hp: 20}\n"
        "  - {id: balthazar, side: foes, hp: 20, position: [1, 0]}\n"
        "timeline:\n  - {at: 1, do: move, creature: balthazar, to: [2, 0], cost: 1}\n",
        encoding="utf-8",
    )
    script = tmp_path / "gm.txt"
    script.write_text("next\nreact:opportunity_attack\n6\n", encoding="utf-8")
    result = runner.invoke(app, ["realtime", str(scenario), "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert "Damage dealt to Balthazar by Opportunity Attack? 6" in result.output
    assert "Balthazar takes 6 damage (Opportunity Attack): 14 HP" in result.output


DUEL_WITH_DAMAGE = (
    "schema_version: 1\nname: Duel\nseconds: 3\ncreatures:\n"
    "  - {id: aliena, side: party, hp: 20}\n"
    "  - {id: balthazar, side: foes, hp: 20, position: [1, 0]}\n"
    "timeline:\n  - {at: 1, do: move, creature: balthazar, to: [2, 0], cost: 1}\n"
    "reaction_damage: {opportunity_attack: 2}\n"
)


def test_nobody_at_the_keys_the_scenarios_damage_is_dealt(tmp_path: Path) -> None:
    # G-R-E5: the scenario states 2 per hit; Aliena has no Melee, so her Opportunity
    # Attack rolls nothing and its damage is the GM's: unattended, the scenario's
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(DUEL_WITH_DAMAGE, encoding="utf-8")
    result = runner.invoke(app, ["realtime", str(scenario)])
    assert result.exit_code == 0, result.output
    assert "Damage dealt" not in result.output  # nobody is asked
    assert "Balthazar takes 2 damage (Opportunity Attack): 18 HP" in result.output


def test_the_gms_answer_rules_the_hit_and_unattended_play_deals_it_no_more(
    tmp_path: Path,
) -> None:
    result = _played_by_the_gm(tmp_path, "next\nreact:opportunity_attack\n6\n")
    assert "Balthazar takes 6 damage (Opportunity Attack): 14 HP" in result.output
    assert "takes 2 damage" not in result.output  # the script ran out: unattended after


def test_a_gm_who_rules_no_damage_is_not_overruled_by_the_scenario(tmp_path: Path) -> None:
    # G-R-E5: the GM at the keys answers 0 to "Damage dealt ...?": that is the GM's
    # ruling, logged as 0 damage, and the scenario's 2 a hit is not dealt afterwards when
    # the GM plays on (the hit no longer awaits its damage).
    result = _played_by_the_gm(tmp_path, "next\nreact:opportunity_attack\n0\nnext\nnext\n")
    assert "Damage dealt to Balthazar by Opportunity Attack? 0" in result.output
    assert "Balthazar takes 0 damage (Opportunity Attack): 20 HP" in result.output
    assert "takes 2 damage" not in result.output


def _played_by_the_gm(tmp_path: Path, lines: str) -> Result:
    """``DUEL_WITH_DAMAGE`` played with the GM's ``lines`` at the keys."""
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(DUEL_WITH_DAMAGE, encoding="utf-8")
    script = tmp_path / "gm.txt"
    script.write_text(lines, encoding="utf-8")
    result = runner.invoke(app, ["realtime", str(scenario), "--script", str(script)])
    assert result.exit_code == 0, result.output
    return result
