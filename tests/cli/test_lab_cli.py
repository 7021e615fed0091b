"""``tablekeeper sweep`` and ``tablekeeper simulate`` from the terminal."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from tablekeeper.analysis import exact
from tablekeeper.cli.app import app

runner = CliRunner()

POOL = '{"dice": 4, "sides": 6, "tn": 4}'


def test_sweep_prints_a_table_and_writes_csv_json_parquet_and_a_chart(tmp_path: Path) -> None:
    shown = runner.invoke(app, ["sweep", "dice.pool", "--input", POOL, "--vary", "tn=3:5"])
    assert shown.exit_code == 0, shown.output
    assert "dice.pool: exact odds" in shown.output and "93.8%" in shown.output  # noqa: PT018
    csv = runner.invoke(
        app, ["sweep", "dice.pool", "--input", POOL, "--vary", "tn=4", "--format", "csv"]
    )
    assert csv.output.splitlines()[:2] == [
        "tn,mean successes,P(successes ≥ 1),0,1,2,3,4",
        "4,2.0,0.9375,0.0625,0.25,0.375,0.25,0.0625",
    ]
    exact = runner.invoke(
        app, ["sweep", "dice.pool", "--input", POOL, "--vary", "tn=4", "--format", "json"]
    )
    assert json.loads(exact.output)["points"][0]["odds"]["2"] == "3/8"
    target = tmp_path / "pool.parquet"
    chart = tmp_path / "pool.svg"
    written = runner.invoke(
        app,
        [
            "sweep",
            "dice.pool",
            "--input",
            POOL,
            "--vary",
            "tn=2:6",
            "--format",
            "parquet",
            "--output",
            str(target),
            "--plot",
            str(chart),
        ],
    )
    assert written.exit_code == 0, written.output
    assert target.stat().st_size > 0 and chart.stat().st_size > 0  # noqa: PT018


def test_sweep_without_an_input_starts_from_the_resolvers_example() -> None:
    """A designer who has not written an input yet sweeps the resolver's example: the
    percentile attack's sword at skill 50 against a dodge of 30, the skill varied."""
    shown = runner.invoke(
        app, ["sweep", "percentile.attack", "--vary", "attacker.skill=30:70:20", "--format", "json"]
    )
    assert shown.exit_code == 0, shown.output
    result = json.loads(shown.output)
    assert result["input"]["attacker"]["weapon"]["name"] == "sword"
    assert [point["values"]["attacker.skill"] for point in result["points"]] == [30, 50, 70]
    misses = [Fraction(point["odds"]["miss"]) for point in result["points"]]
    assert misses[0] > misses[1] > misses[2]  # a better attacker misses less often


def test_a_sweep_shows_a_designers_summary_and_its_full_odds_on_asking() -> None:
    """The percentile attack's table is its summary: the chance of each result in the
    rules' order (fumble, miss, avoided, hit) and the mean damage, one table at 80
    columns, no chance cut to an ellipsis; ``--full`` shows every damage's chance, split
    over tables to the terminal's width."""
    vary = ["--vary", "attacker.skill=30:90:20", "--vary", "defender.skill=20,60"]
    narrow = runner.invoke(app, ["sweep", "percentile.attack", *vary], env={"COLUMNS": "80"})
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.output and "damage" in narrow.output  # noqa: PT018
    assert narrow.output.count("exact odds") == 1
    data = runner.invoke(app, ["sweep", "percentile.attack", *vary, "--format", "json"])
    summary = [column["key"] for column in json.loads(data.output)["summary"]]
    assert summary == ["P(fumble)", "P(miss)", "P(avoided)", "P(hit)", "mean damage"]
    assert "1 damage" not in narrow.output and "27.9%" in narrow.output  # noqa: PT018
    assert all(len(line) <= 80 for line in narrow.output.splitlines())
    full = runner.invoke(
        app, ["sweep", "percentile.attack", *vary, "--full"], env={"COLUMNS": "80"}
    )
    assert "…" not in full.output and "(1 of " in full.output  # noqa: PT018
    assert full.output.count("attacker.skill") == full.output.count("exact odds") > 1


def test_a_sweeps_full_odds_are_ordered_by_value() -> None:
    """realtime's S.P. and F.P. columns come success first, each ascending, not as first
    seen (``12 F.P. │ 11 S.P. │ 10 S.P.``)."""
    shown = runner.invoke(
        app,
        ["sweep", "realtime.check", "--vary", "characteristic=8,14", "--format", "csv"],
    )
    header = shown.output.splitlines()[0].split(",")
    assert header[:7] == [
        "characteristic",
        "P(success)",
        "P(failure)",
        "mean S.P.",
        "P(S.P. ≥ 1)",
        "mean F.P.",
        "0 S.P.",
    ]  # P(F.P. ≥ 1) is P(failure): said once
    odds = header[6:]
    assert odds[:3] == ["0 S.P.", "1 S.P.", "2 S.P."]
    assert odds.index("13 S.P.") < odds.index("1 F.P.") < odds.index("12 F.P.")


def test_a_chart_refuses_an_outcome_it_has_not(tmp_path: Path) -> None:
    """A misspelled ``--outcome`` is refused on a one-field chart as on a two-field one,
    naming the outcomes there are; a category's bare name is understood."""
    for vary in (["attacker.skill=30:90:30"], ["attacker.skill=30:90:30", "defender.skill=20,60"]):
        lines = [part for field in vary for part in ("--vary", field)]
        chart = tmp_path / "chart.png"
        refused = runner.invoke(
            app, ["sweep", "percentile.attack", *lines, "--plot", str(chart), "--outcome", "hitt"]
        )
        assert refused.exit_code == 2, refused.output
        assert "no outcome 'hitt'" in refused.output and "P(hit)" in refused.output  # noqa: PT018
        drawn = runner.invoke(
            app, ["sweep", "percentile.attack", *lines, "--plot", str(chart), "--outcome", "hit"]
        )
        assert drawn.exit_code == 0, drawn.output


def test_sweep_errors_are_one_line_and_status_2() -> None:
    result = runner.invoke(app, ["sweep", "dice.pool", "--input", POOL, "--vary", "tn=5:3"])
    assert result.exit_code == 2
    assert "STOP is below START" in result.output
    parquet = runner.invoke(
        app, ["sweep", "dice.pool", "--input", POOL, "--vary", "tn=4", "--format", "parquet"]
    )
    assert parquet.exit_code == 2 and "--output" in parquet.output  # noqa: PT018


def test_simulate_reports_and_the_same_seed_prints_the_same_json(tmp_path: Path) -> None:
    shown = runner.invoke(app, ["simulate", "first_blood", "--trials", "12", "--workers", "1"])
    assert shown.exit_code == 0, shown.output
    assert "First blood (duel/first_blood): 12 trials" in shown.output
    assert "95% interval" in shown.output and "Alice" in shown.output  # noqa: PT018
    args = ["simulate", "first_blood", "--trials", "12", "--seed", "5", "--json", "--workers", "1"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    one, two = json.loads(first.output), json.loads(second.output)
    one.pop("timing"), two.pop("timing")
    assert one == two
    saved = tmp_path / "duel.json"
    runner.invoke(app, [*args, "--save", str(saved)])
    loaded = runner.invoke(app, ["simulate", "--load", str(saved), "--json"])
    assert json.loads(loaded.output) == json.loads(saved.read_text())


def test_simulate_lists_the_numbers_a_vary_may_change() -> None:
    """What a designer may --vary, by whose it is, with a line to start from."""
    shown = runner.invoke(app, ["simulate", "first_blood", "--numbers"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "Bob › defense" in shown.output
    assert "--vary fighters.1.defense=7:11" in shown.output
    assert "seed" not in shown.output.split("Numbers a --vary may change", 1)[1]
    missing = runner.invoke(app, ["simulate", "--numbers"])
    assert missing.exit_code == 2 and "SCENARIO" in missing.output  # noqa: PT018


def test_simulate_errors_are_one_line_and_status_2() -> None:
    for args, words in [
        (["simulate", "no_such_scenario"], "shipped scenarios"),
        (["simulate", "first_blood", "--backend", "cloud"], "no backend 'cloud'"),
        (["simulate", "first_blood", "--policy", "smart"], "no policy 'smart'"),
        (["simulate"], "name a scenario"),
        (["simulate", "skirmsh"], "no scenario named 'skirmsh'; did you mean skirmish?"),
        (["simulate", "first_blood", "--policy", "os:path"], "policy: --policy 'os:path': a"),
        (["simulate", "first_blood", "--workers", "0"], "workers: 0 workers: give 1 or more"),
        (
            ["simulate", "first_blood", "--vary", "fighters.0.hp=1:3", "--vary", "fighters.0.hp=4"],
            "vary: fighters.0.hp: a field is varied twice",
        ),
        (
            ["simulate", "river_ambush", "--vary", "combatants.0.stats.skills.Sword=40:80:20"],
            "combatants.0.stats.skills.Sword: no such skill here; this mapping has Rapier, Dodge",
        ),
        (
            ["simulate", "first_blood", "--vary", "fighters.0.hp=ten,eleven"],
            "vary: at fighters.0.hp=ten: scenario.fighters.0.hp:",
        ),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert words in result.output
        assert "Traceback" not in result.output and result.exception is not None  # noqa: PT018
        assert isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("option", ["--save", "--plot"])
def test_an_output_that_cannot_be_written_is_refused_before_the_run(
    tmp_path: Path, option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not after every trial is played (the results would be lost)."""
    from tablekeeper.services import lab

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started")

    monkeypatch.setattr(lab, "simulate", played)
    missing = tmp_path / "no_such_folder" / "out.png"
    folder = tmp_path / "folder.png"
    folder.mkdir()
    for target, words in [
        (missing, f"its folder {missing.parent} does not exist"),
        (folder, "is a folder"),
    ]:
        result = runner.invoke(app, ["simulate", "first_blood", option, str(target)])
        assert result.exit_code == 2, result.output
        assert f"error: {option.removeprefix('--')}: {target}: {words}" in result.output
    if option == "--plot":
        chart = runner.invoke(app, ["simulate", "first_blood", option, str(tmp_path / "a.gif")])
        assert "a.gif: a chart is a .png or .svg file" in chart.output


def test_the_duels_length_is_in_commands_in_the_terminal_and_the_json() -> None:
    shown = runner.invoke(app, ["simulate", "first_blood", "--trials", "6", "--workers", "1"])
    assert "length (commands)" in shown.output and "rounds" not in shown.output  # noqa: PT018
    args = ["simulate", "first_blood", "--trials", "6", "--workers", "1", "--json"]
    result = json.loads(runner.invoke(app, args).output)
    assert result["length_unit"] == "commands"


def test_a_list_of_words_varies_a_resolver_input_that_is_not_a_number() -> None:
    vary = ["--vary", "defender.defense=dodge,none"]
    shown = runner.invoke(app, ["sweep", "percentile.attack", *vary, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    values = [point["values"] for point in json.loads(shown.output)["points"]]
    assert values == [{"defender.defense": "dodge"}, {"defender.defense": "none"}]
    wrong = runner.invoke(app, ["sweep", "percentile.attack", "--vary", "defender.defense=jump"])
    assert wrong.exit_code == 2
    assert "at defender.defense=jump: input.defender.defense: Input should be" in wrong.output


def test_an_extra_input_lists_the_fields_the_input_has() -> None:
    result = runner.invoke(app, ["sweep", "percentile.attack", "--vary", "attacker.skil=30:50:10"])
    assert result.exit_code == 2
    assert (
        "input.attacker.skil: no such field; did you mean skill?; "
        "the fields here: skill, skill_name, weapon," in result.output
    )


def test_the_report_shows_each_numbers_spread() -> None:
    shown = runner.invoke(
        app, ["simulate", "first_blood", "--trials", "6", "--workers", "1"], env={"COLUMNS": "200"}
    )
    assert "sd" in shown.output and "HP lost" in shown.output and " ± " in shown.output  # noqa: PT018


def test_actors_who_share_a_name_are_told_apart_in_the_terminal() -> None:
    shown = runner.invoke(
        app, ["simulate", "skirmish", "--trials", "2", "--workers", "1"], env={"COLUMNS": "200"}
    )
    assert "Goblin (goblin_1)" in shown.output and "Goblin (goblin_3)" in shown.output  # noqa: PT018


def test_simulate_gives_the_exact_outcome_beside_the_monte_carlo_where_it_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small = str(Path(__file__).parents[1] / "analysis" / "scenarios" / "duel_one_round.yaml")
    shown = runner.invoke(app, ["simulate", small, "--trials", "50", "--exact", "--workers", "1"])
    assert shown.exit_code == 0, shown.output
    assert "exact" in shown.output and "50.0% (1/2)" in shown.output  # noqa: PT018
    assert re.search(r"trials/s\), exact [0-9.]+ s", shown.output)  # the time it took too
    monkeypatch.setattr(exact, "MAX_PLAYS", 50)
    big = runner.invoke(app, ["simulate", "river_ambush", "--trials", "2", "--exact", "--json"])
    assert "too many dice" in json.loads(big.output)["points"][0]["exact"]["unavailable"]


def test_simulate_shows_how_a_social_encounter_ended() -> None:
    """No side wins a social encounter (each party's Victory, Weak Victory or Defeat:
    P-ARG-09): the terminal says how the trials ended, the words they share in the title."""
    shown = runner.invoke(app, ["simulate", "bandit_toll", "--trials", "12", "--workers", "1"])
    assert shown.exit_code == 0, shown.output
    assert "how it ended (the social encounter ended)" in shown.output
    assert "travellers: " in shown.output and "bandits: " in shown.output  # noqa: PT018
    combat = runner.invoke(app, ["simulate", "skirmish", "--trials", "2", "--workers", "1"])
    assert "how it ended" not in combat.output, "every trial had a winner: nothing to add"


def test_the_numbers_lines_are_never_wrapped_in_a_narrow_terminal() -> None:
    """Each ``--vary`` line is printed whole, to copy and paste, however narrow the
    terminal: the table grows past it rather than break a line."""
    from tablekeeper.cli.simulate import vary_line
    from tablekeeper.services import lab

    lines = [vary_line(found.suggested) for found in lab.scenario_numbers("bleeding_out")]
    assert any(len(line) > 40 for line in lines)
    for columns in ("60", "100"):
        shown = runner.invoke(
            app, ["simulate", "bleeding_out", "--numbers"], env={"COLUMNS": columns}
        )
        assert shown.exit_code == 0, shown.output
        for line in lines:
            assert line in shown.output, line


def test_every_numbers_line_pastes_into_a_shell_as_shown() -> None:
    """A path with a space or brackets is quoted, and ``:100:`` stays as written (Rich
    would make it an emoji): each line, split as a shell splits it, is a ``--vary`` the
    simulation takes (designer's walkthrough)."""
    import shlex

    shown = runner.invoke(app, ["simulate", "river_ambush", "--numbers"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    rows = [line.split("│") for line in shown.output.splitlines() if line.startswith("│")]
    lines = [row[3].strip() for row in rows if "--vary" in row[3]]
    assert "--vary 'combatants.0.stats.skills.Fast Talk=40:80:10'" in lines
    assert "--vary 'combatants.3.social.passions.Love (the wolf)=60:100:10'" in lines
    for line in (lines[0], *[line for line in lines if "'" in line][:2]):
        option, value = shlex.split(line)
        played = runner.invoke(
            app,
            ["simulate", "river_ambush", "--trials", "1", "--workers", "1", option, value],
        )
        assert played.exit_code == 0, (line, played.output)


def test_simulate_draws_the_lengths_histogram_in_the_terminal() -> None:
    """The report's histogram of lengths, as bars: one row a length, or a range of them
    where there are more than a dozen, every trial counted once."""
    from rich.console import Console

    from tablekeeper.cli.simulate import HISTOGRAM_ROWS, _histogram

    shown = runner.invoke(app, ["simulate", "skirmish", "--trials", "4", "--workers", "1"])
    assert shown.exit_code == 0, shown.output
    assert "how long (rounds)" in shown.output and "█" in shown.output  # noqa: PT018
    counts = {str(length): 1 for length in range(3, 40)} | {"10": 5}
    table = _histogram(counts, "commands")
    assert table.row_count <= HISTOGRAM_ROWS
    console = Console(width=120, record=True)
    console.print(table)
    text = console.export_text()
    assert "3-6" in text and "39" in text  # noqa: PT018
    rows = [line for line in text.splitlines() if "│" in line]
    assert sum(int(row.split("│")[-2]) for row in rows) == sum(counts.values())


def _simulated(scenario: str, trials: int, *vary: str, columns: int = 200) -> Result:
    """``tablekeeper simulate`` on one worker, as a terminal ``columns`` wide shows it."""
    args = ["simulate", scenario, "--trials", str(trials), "--workers", "1"]
    for line in vary:
        args += ["--vary", line]
    shown = runner.invoke(app, args, env={"COLUMNS": str(columns)})
    assert shown.exit_code == 0, shown.output
    return shown


def test_a_varied_simulation_shows_every_point_at_a_glance_first() -> None:
    """A grid's points side by side above their reports: each point's values by the
    numbers' names, each side's win rate with its interval, the mean length (designer's
    walkthrough: five stacked reports and no table to compare them)."""
    shown = _simulated("first_blood", 20, "fighters.1.hp=8:12:2", columns=160)
    first, *_ = shown.output.split("First blood (duel/first_blood): 20 trials")
    assert "each point's wins" in first
    assert "Bob › hp" in first
    rows = [line for line in first.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["8", "10", "12"]
    assert all("%" in row for row in rows)
    # each interval to a tenth of a percent (whole percents read 98.1-99.9 as 98-100)
    assert all(re.search(r"\d\.\d% \(\d+\.\d-\d+\.\d\)", row) for row in rows), rows
    assert "(Bob › hp = 10)" in shown.output  # each point's heading names it too
    assert "Every point came to the same results" not in shown.output  # the hp mattered
    single = runner.invoke(app, ["simulate", "first_blood", "--trials", "5", "--workers", "1"])
    assert "each point's wins" not in single.output


def test_a_grid_whose_points_all_came_alike_says_so_under_the_glance() -> None:
    """Corvo's melee rank plays the steel duel to the same numbers at 0 and 4 (with
    G-F-01's ``rank_caps_dice`` off, a Nano duel reads a rank in a Feint, and Corvo has
    none): the terminal says so rather than leave two equal rows to be noticed
    (designer's walkthrough)."""
    shown = _simulated("fractal/steel_duel", 10, "characters.1.ranks.melee=0,4")
    assert "Every point came to the same results: Corvo › ranks › melee changed nothing" in (
        shown.output
    )


def test_the_console_names_of_scenarios_work_in_the_terminal(tmp_path: Path) -> None:
    """``percentile/river_ambush`` as the console names it; ``--load`` refuses a scenario
    beside it rather than ignore it (designer's walkthrough)."""
    named = runner.invoke(app, ["simulate", "duel/first_blood", "--trials", "2", "--json"])
    assert named.exit_code == 0, named.output
    assert json.loads(named.output)["ruleset"] == "duel"
    wrong = runner.invoke(app, ["simulate", "tactical/first_blood", "--trials", "2"])
    assert wrong.exit_code != 0
    assert "first_blood" in wrong.output
    saved = tmp_path / "duel.json"
    assert runner.invoke(app, ["simulate", "first_blood", "--trials", "2", "--save", str(saved)])
    both = runner.invoke(app, ["simulate", "skirmish", "--load", str(saved)])
    assert both.exit_code != 0
    assert "--load shows a saved result" in both.output


def test_a_bare_name_two_rulesets_ship_is_refused_naming_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablekeeper.errors import InvalidInputError
    from tablekeeper.services import lab

    monkeypatch.setattr(
        lab, "shipped_scenarios", lambda: [("duel", "first_blood"), ("tactical", "first_blood")]
    )
    with pytest.raises(InvalidInputError, match="say duel/first_blood or tactical/first_blood"):
        lab.scenario_source("first_blood")


def test_deaths_the_rules_leave_to_the_gm_read_so_in_the_terminal() -> None:
    """Percentile tallies no death (the GM rules it): "GM's call", not a 0.0% that reads
    as no one dying (designer's walkthrough)."""
    shown = _simulated("percentile/river_ambush", 3)
    actors = shown.output.split("per actor", 1)[1]
    assert actors.count("GM's call") >= 2


def test_too_many_trials_are_refused_with_the_bound_in_words() -> None:
    refused = runner.invoke(app, ["simulate", "first_blood", "--trials", "1000001"])
    assert refused.exit_code != 0
    assert "trials must be 1 to 1,000,000" in refused.output
