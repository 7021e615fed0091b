"""``tablekeeper`` starts with what its command uses: the dice commands never import the
server's stack (SQLAlchemy, Alembic, FastAPI, uvicorn) nor the rules registry."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("sqlalchemy", "alembic", "fastapi", "uvicorn", "starlette", "yaml", "tablekeeper.engine")

PROBE = """
import json, sys
sys.argv = ["tablekeeper", *json.loads(sys.argv[1])]
from tablekeeper.cli.main import app
try:
    app()
except SystemExit:
    pass
print("\\n" + json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("arguments", [["odds", "12d8>=4", "--json"], ["roll", "4d6kh3"]])
def test_a_dice_command_imports_no_server_and_no_rules(arguments: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(arguments)],
        capture_output=True,
        text=True,
        check=True,
    )
    modules = json.loads(done.stdout.strip().splitlines()[-1])
    loaded = sorted(
        {heavy for heavy in HEAVY for module in modules if module.split(".")[0] == heavy}
        | {heavy for heavy in HEAVY if heavy in modules}
    )
    assert loaded == []


def test_the_database_variable_named_by_the_cli_is_the_settings_one() -> None:
    from tablekeeper.cli.serve import DATABASE_URL_VARIABLE
    from tablekeeper.services.settings import DATABASE_URL_VARIABLE as SETTINGS_VARIABLE

    assert DATABASE_URL_VARIABLE == SETTINGS_VARIABLE
