"""``tablekeeper console``: its help, and what it prints and serves (uvicorn stubbed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from tablekeeper.cli.app import app
from tablekeeper.services.demo_campaigns import demo_scenarios

runner = CliRunner()


def test_console_help_names_its_options() -> None:
    result = runner.invoke(app, ["console", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database-url", "--no-demo"):
        assert option in result.stdout


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def fake_run(app: Any, **options: Any) -> None:
        calls.append({"app": app, **options})

    monkeypatch.setattr(uvicorn, "run", fake_run)
    return calls


def test_console_loads_the_demos_once_and_prints_their_gm_links(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    url = f"sqlite:///{tmp_path / 'console.db'}"
    first = runner.invoke(app, ["console", "--database-url", url, "--port", "8123"])
    assert first.exit_code == 0, first.output
    assert "The GM console: http://127.0.0.1:8123/" in first.stdout
    demos = len(demo_scenarios())  # one per installed ruleset with a demo scenario
    assert demos >= 3
    assert first.stdout.count("GM link: http://127.0.0.1:8123/campaigns/") == demos
    assert served[0]["port"] == 8123
    assert served[0]["host"] == "127.0.0.1"
    again = runner.invoke(app, ["console", "--database-url", url])
    assert again.exit_code == 0
    assert "GM link:" not in again.stdout
    assert f"{demos} campaign(s) stored" in again.stdout


def test_console_no_demo_leaves_the_database_empty(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    result = runner.invoke(app, ["console", "--database-url", url, "--no-demo"])
    assert result.exit_code == 0
    assert "GM link" not in result.stdout
    assert len(served) == 1


def test_console_refuses_a_database_it_cannot_open(served: list[dict[str, Any]]) -> None:
    result = runner.invoke(app, ["console", "--database-url", "nonsense://"])
    assert result.exit_code == 2
    assert "database-url" in result.stderr
    assert not served
