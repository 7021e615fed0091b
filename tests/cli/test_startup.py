"""``tablekeeper`` starts with what its command uses: the dice commands never import the
server's stack (SQLAlchemy, Alembic, FastAPI, uvicorn) nor the rules registry, and the
scripted questions (``odds EXPR --json``, ``roll EXPR --json``) skip Typer, Pydantic and
Rich through the entry's fast path; exact odds never import NumPy nor what a roll
needs (issue 12)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tablekeeper.cli.app import app
from tablekeeper.cli.main import fast_expression

SERVER_AND_RULES = (
    "sqlalchemy",
    "alembic",
    "fastapi",
    "uvicorn",
    "starlette",
    "yaml",
    "tablekeeper.engine",
)
ARGUMENT_PARSING = ("typer", "click", "pydantic", "pydantic_core", "rich")

PROBE = """
import json, sys
sys.argv = ["tablekeeper", *json.loads(sys.argv[1])]
from tablekeeper.cli.main import main
try:
    main()
except SystemExit:
    pass
print("\\n" + json.dumps(sorted(sys.modules)))
"""


def imported(arguments: list[str], heavy: tuple[str, ...]) -> list[str]:
    """Which of ``heavy`` (packages or modules) the ``tablekeeper`` script imports to
    answer ``arguments``, run as a process through its entry ``main()``."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(arguments)],
        capture_output=True,
        text=True,
        check=True,
    )
    modules = json.loads(done.stdout.strip().splitlines()[-1])
    return sorted(
        {name for name in heavy for module in modules if module.split(".")[0] == name}
        | {name for name in heavy if name in modules}
    )


@pytest.mark.parametrize(
    "arguments",
    [["odds", "12d8>=4", "--json"], ["odds", "12d8>=4"], ["roll", "4d6kh3"]],
)
def test_a_dice_command_imports_no_server_and_no_rules(arguments: list[str]) -> None:
    assert imported(arguments, SERVER_AND_RULES) == []


@pytest.mark.parametrize(
    "arguments",
    [["odds", "12d8>=4", "--json"], ["odds", "--json", "4d6kh3"], ["roll", "4d6kh3", "--json"]],
)
def test_a_scripted_dice_question_imports_no_argument_parser_and_no_rich(
    arguments: list[str],
) -> None:
    assert imported(arguments, ARGUMENT_PARSING + SERVER_AND_RULES) == []


@pytest.mark.parametrize("arguments", [["odds", "12d8>=4", "--json"], ["odds", "12d8>=4"]])
def test_exact_odds_import_nothing_of_rolling(arguments: list[str]) -> None:
    rolling = ("numpy", "tablekeeper.dice.evaluate", "tablekeeper.dice.results")
    assert imported(arguments, rolling) == []


@pytest.mark.parametrize(
    ("arguments", "fast"),
    [
        (["odds", "12d8>=4", "--json"], ("odds", "12d8>=4")),
        (["odds", "--json", "2d6"], ("odds", "2d6")),
        (["roll", "4d6kh3", "--json"], ("roll", "4d6kh3")),
        (["odds", "2d6"], None),  # a table: Rich draws it, Typer parses
        (["odds", "-1d6", "--json"], None),  # looks like an option: Typer decides
        (["odds", "--help", "--json"], None),
        (["roll", "1d20", "--json", "--seed", "3"], None),
        (["roll", "--json", "--json"], None),
        (["resolve", "dice.pool", "--json"], None),
        (["odds", "2d6", "--json", "extra"], None),
        ([], None),
    ],
)
def test_only_the_plain_scripted_questions_skip_typer(
    arguments: list[str], fast: tuple[str, str] | None
) -> None:
    assert fast_expression(arguments) == fast


def script(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    """The ``tablekeeper`` script's entry run as a process."""
    return subprocess.run(
        [sys.executable, "-c", "from tablekeeper.cli.main import main; main()", *arguments],
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("expression", ["12d8>=4", "4d6kh3", "1d0", "2d6+"])
def test_the_fast_path_answers_as_the_typer_command(expression: str) -> None:
    fast = script(["odds", expression, "--json"])
    typed = CliRunner().invoke(app, ["odds", expression, "--json"])
    assert (fast.returncode, fast.stdout) == (typed.exit_code, typed.stdout)
    assert fast.stderr == typed.stderr


@pytest.mark.parametrize("arguments", [["odds", "60d60", "--json"], ["odds", "--json", "60d60"]])
def test_a_closed_pipe_ends_the_answer_without_a_traceback(arguments: list[str]) -> None:
    """``tablekeeper odds ... --json | head -1``: as Click does, status 1 and no traceback."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from tablekeeper.cli.main import main; main()", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line
    errors = process.stderr.read().decode()
    assert (process.wait(), errors) == (1, "")


def test_the_database_variable_named_by_the_cli_is_the_settings_one() -> None:
    from tablekeeper.cli.serve import DATABASE_URL_VARIABLE
    from tablekeeper.services.settings import DATABASE_URL_VARIABLE as SETTINGS_VARIABLE

    assert DATABASE_URL_VARIABLE == SETTINGS_VARIABLE
