"""The terminal and the console play a social encounter to its end.

The issue: "the console and terminal play a social encounter to its end". The terminal is
the generic runner (``tablekeeper play percentile <scenario>``); the console is the GM's
web table, over the demo campaign's characters: the GM starts a social encounter from
its form, each character's actions are the panel's buttons, the winner's choice is its
decision, and at the end the GM turns the encounter into the fight.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from console_tokens import sending_tokens
from tablekeeper.cli.play import play
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import demo_campaigns, encounters, settings
from tablekeeper.web.app import create_console_app

CLI = typer.Typer()
CLI.command()(play)

ACTION = re.compile(
    r'<form method="post" action="(?P<url>[^"]+/commands)"[^>]*>\s*'
    r'<input type="hidden" name="command" value="(?P<json>[^"]+)">'
)
DECISION = re.compile(
    r'action="(?P<url>[^"]+/decisions/[^"]+)"[^>]*>\s*'
    r'<input type="hidden" name="option" value="(?P<option>[^"]+)">'
)
VERSION = re.compile(r'data-table-version="(?P<version>\d+)"')


@pytest.mark.parametrize(
    ("name", "title", "seen"),
    [
        ("bandit_toll", "A toll on the old road", "takes the floor for travellers"),
        ("brack_surrender", "The surrender of Brack Tower", "investigates"),
    ],
)
def test_the_terminal_plays_a_social_scenario_to_its_end(name: str, title: str, seen: str) -> None:
    result = CliRunner().invoke(CLI, ["percentile", name])
    assert result.exit_code == 0, result.output
    assert title in result.output
    assert "A social encounter begins" in result.output
    assert seen in result.output
    assert "End: the social encounter ended: " in result.output


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """The console over the demo campaigns; the GM in, at a new percentile encounter of
    the demo's five characters."""
    url = f"sqlite:///{tmp_path / 'console.db'}"
    engine = settings.open_database(url)
    made = demo_campaigns.ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    campaign, secret = next(item for item in made if item[0].ruleset == "percentile")
    cast = ["brenna", "oswin", "knife", "hunter", "wolf"]
    started = encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, characters=cast)
    engine.dispose()
    with TestClient(create_console_app(url), follow_redirects=True) as plain:
        client = sending_tokens(plain)
        client.get(f"/campaigns/{campaign.id}?key={secret}")
        yield client, f"/campaigns/{campaign.id}/encounters/{started.encounter.id}"


def _version(page: str) -> str:
    found = VERSION.search(page)
    assert found is not None
    return found["version"]


def test_the_console_plays_a_social_encounter_to_its_end(table: tuple[TestClient, str]) -> None:
    client, url = table
    page = client.get(url).text
    assert "Start a social encounter" in page  # a GM form, and a button with the defaults
    page = client.post(
        f"{url}/gm/percentile.start_social",
        data={
            "sheet.time_scale": "medium",
            "sheet.length": "short",
            "expected_version": _version(page),
        },
    ).text
    assert "Social round 1 of 2" in page
    assert "Medium scale" in page
    for _ in range(200):
        if "Social encounter over" in page:
            break
        choice = DECISION.search(page)
        if choice is not None:
            page = client.post(
                choice["url"], data={"option": choice["option"], "expected_version": _version(page)}
            ).text
            continue
        actions = page.split('id="social-actions"')
        assert len(actions) == 2, "a character's turn shows its actions"
        first = ACTION.search(actions[1])
        assert first is not None
        page = client.post(
            first["url"],
            data={"command": html.unescape(first["json"]), "expected_version": _version(page)},
        ).text
    assert "Social encounter over" in page
    assert re.search(r"travellers: (Victory|Weak Victory|Defeat); ambushers:", page)
    page = client.post(
        f"{url}/gm/percentile.to_combat", data={"expected_version": _version(page)}
    ).text
    assert re.search(r"Round 1: [A-Za-z-]+&#39;s turn|Round 1: [A-Za-z-]+'s turn", page)
