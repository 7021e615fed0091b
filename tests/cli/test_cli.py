"""The ``tablekeeper`` command: roll, odds, resolve, demo, and its one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablekeeper.cli.app import app
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_roll_shows_every_die_with_dropped_ones_marked() -> None:
    code, out, _ = run("roll", "4d6kh3", "--dice", "6,1,5,4")
    assert code == 0
    assert "4d6kh3: [6, ~~1~~, 5, 4] = 15" in out


def test_roll_marks_explosions_and_successes() -> None:
    _, out, _ = run("roll", "3d6!", "--dice", "6,2,3,4")
    assert "[6!, 2, 3, 4] = 15" in out
    _, out, _ = run("roll", "6d10>7f1", "--dice", "8,1,10,3,7,9")
    assert "[8*, 1_, 10*, 3, 7, 9*] = 2" in out


def test_roll_json_has_the_expression_the_total_and_every_die() -> None:
    code, out, _ = run("roll", "8d8>=4", "--dice", "1,2,3,4,5,6,7,8", "--json")
    assert code == 0
    document = json.loads(out)
    assert set(document) == {"expression", "total", "dice"}
    assert document["total"] == 5  # the success count, not the sum
    assert [die["face"] for die in document["dice"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [die["success"] for die in document["dice"]] == [False] * 3 + [True] * 5


def test_roll_with_a_seed_repeats_itself() -> None:
    first = run("roll", "4d6kh3 + 1d20", "--seed", "11", "--json")[1]
    second = run("roll", "4d6kh3 + 1d20", "--seed", "11", "--json")[1]
    assert first == second


def test_odds_json_gives_exact_fractions_and_decimal_moments() -> None:
    code, out, _ = run("odds", "2d6", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["expression"] == "2d6"
    seven = next(item for item in document["outcomes"] if item["value"] == 7)
    assert seven == {"value": 7, "probability": "1/6", "at_least": "7/12", "at_most": "7/12"}
    assert document["mean"] == 7.0
    assert document["sd"] == pytest.approx((35 / 6) ** 0.5)
    assert sum(Fraction(item["probability"]) for item in document["outcomes"]) == 1


@pytest.mark.parametrize("expression", ["4d6kh3", "{2d8,1d6}>=5", "2d8>=5+1d6>=5", "3d6!"])
def test_odds_json_matches_the_library(expression: str) -> None:
    document = json.loads(run("odds", expression, "--json")[1])
    exact = odds(parse(expression))
    assert {item["value"]: Fraction(item["probability"]) for item in document["outcomes"]} == dict(
        exact
    )


def test_odds_table_shows_bars_and_the_at_least_column() -> None:
    code, out, _ = run("odds", "2d6")
    assert code == 0
    assert "P(>=)" in out
    assert "█" in out
    assert "16.67%" in out
    assert "mean 7.000" in out


def test_resolve_list_names_every_resolver_with_its_schema() -> None:
    code, out, _ = run("resolve", "--list", "--json")
    assert code == 0
    listing = {item["name"]: item for item in json.loads(out)}
    assert {"dice.roll", "dice.pool", "dice.opposed_pool", "realtime.check"} <= set(listing)
    assert listing["dice.pool"]["input_schema"]["required"] == ["dice", "sides", "tn"]
    assert listing["dice.pool"]["odds"] is True


def test_resolve_with_table_dice_prints_the_outcome_and_the_dice() -> None:
    code, out, _ = run(
        "resolve",
        "dice.pool",
        "--input",
        '{"dice": 3, "sides": 8, "tn": 5}',
        "--dice",
        "5,4,8",
        "--json",
    )
    assert code == 0
    assert json.loads(out) == {"faces": [5, 4, 8], "successes": 2, "dice": [5, 4, 8]}


def test_resolve_reads_input_from_json_and_yaml_files(tmp_path: Path) -> None:
    (tmp_path / "pool.json").write_text('{"dice": 2, "sides": 6, "tn": 4}')
    (tmp_path / "pool.yaml").write_text("dice: 2\nsides: 6\ntn: 4\n")
    for name in ("pool.json", "pool.yaml"):
        code, out, _ = run(
            "resolve", "dice.pool", "--input", f"@{tmp_path / name}", "--dice", "4,3", "--json"
        )
        assert code == 0
        assert json.loads(out)["successes"] == 1


def test_resolve_odds_prints_the_exact_distribution() -> None:
    code, out, _ = run(
        "resolve", "dice.pool", "--odds", "--json", "--input", '{"dice": 2, "sides": 6, "tn": 4}'
    )
    assert code == 0
    assert json.loads(out) == {"0": "1/4", "1": "1/2", "2": "1/4"}


def test_demo_runs_scripted_when_input_is_not_a_terminal() -> None:
    code, out, _ = run("demo")
    assert code == 0
    for step in ("1. Rolling", "2. Exact odds", "3. Physical dice", "4. A resolver"):
        assert step in out
    assert "4d6kh3: [6, ~~1~~, 5, 4] = 15" in out  # the physical-dice step
    assert "margin of success" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("roll", "4d"), "error: expression: expected a number of sides after 'd'"),
        (("roll", "2d6", "--dice", "1,9"), "error: dice: die 2 is 9, which a d6 cannot show"),
        (("roll", "2d6", "--dice", "1"), "error: dice: ran out of dice"),
        (("roll", "2d6", "--dice", "1,2,3"), "error: dice: 1 face was left over: 3"),
        (("roll", "2d6", "--dice", "1,x"), "error: --dice: '1,x' is not a comma-separated"),
        (("roll", "5000d6"), "error: expression: 5000d6 rolls more than the limit of 1000"),
        (("odds", "1d6!>=1"), "error: expression:"),
        (("resolve", "dice.pol"), "did you mean dice.pool"),
        (("resolve",), "error: NAME: name a resolver, or use --list"),
        (
            ("resolve", "dice.pool", "--input", "{"),
            "error: --input is not valid: Expecting property name",
        ),
        (("resolve", "dice.pool", "--input", "[1]"), "must be an object of named fields"),
        (("resolve", "dice.pool", "--input", "@/no/such.json"), "error: --input: cannot read"),
        (
            ("resolve", "dice.pool", "--input", '{"dice": "x", "sides": 6, "tn": 4}'),
            "error: input.dice: Input should be a valid integer",
        ),
        (
            ("resolve", "dice.pool", "--input", '{"dice": 2, "sides": 6}'),
            "error: input.tn: Field required",
        ),
    ],
)
def test_errors_are_one_line_on_stderr_with_exit_status_2(
    args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out
