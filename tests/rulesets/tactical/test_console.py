"""The console plays both shipped scenarios to their end, through its pages' POSTs only:
the GM links in, starts the encounter with every character, and presses the first
command (or the decision's default) until the table says the fight is over."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from console_tokens import sending_tokens
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.tactical.ruleset import TACTICAL
from tablekeeper.services import campaigns, characters, scenarios
from tablekeeper.services.access import new_secret
from tablekeeper.web.app import create_console_app

COMMAND = re.compile(r'<input type="hidden" name="command" value="(?P<json>[^"]+)">')
VERSION = re.compile(r'data-table-version="(?P<version>\d+)"')
DECISION = re.compile(r'action="(?P<action>[^"]+/decisions/[^"]+)"')
DEFAULT = re.compile(
    r'name="option" value="(?P<option>[^"]+)">\s*'
    r'<input type="hidden" name="expected_version" value="\d+">\s*'
    r'<button type="submit" class="default"'
)


def _campaign(database_url: str, name: str) -> tuple[str, str, list[str]]:
    engine = make_engine(database_url)
    upgrade_to_head(engine)
    scenario = scenarios.load_scenario(name, ruleset="tactical")
    assert TACTICAL.scenarios is not None
    secret = new_secret()
    campaign = campaigns.create_campaign(
        SqlUnitOfWork(engine),
        scenario.name,
        "tactical",
        scenario.options.model_dump(mode="json"),
        gm_secret=secret,
    )
    party = TACTICAL.scenarios.party(scenario)
    for actor in scenario.actors():
        identity = TACTICAL.describe_actor(actor)
        sheet = actor.model_dump(mode="json", exclude={"id", "name"})
        characters.create_character(
            SqlUnitOfWork(engine),
            campaign.id,
            id=identity.id,
            name=identity.name,
            kind="pc" if identity.side == party else "npc",
            sheet=sheet,
        )
    ids = [c.id for c in characters.list_characters(SqlUnitOfWork(engine), campaign.id)]
    engine.dispose()
    return campaign.id, secret, ids


@pytest.mark.parametrize("name", ["skirmish", "duel"])
def test_the_console_plays_the_scenario_to_its_end(tmp_path: Path, name: str) -> None:
    database_url = f"sqlite:///{tmp_path / 'console.db'}"
    campaign, secret, ids = _campaign(database_url, name)
    with TestClient(create_console_app(database_url), follow_redirects=False) as plain:
        client = sending_tokens(plain)
        assert client.get(f"/campaigns/{campaign}?key={secret}").status_code in (200, 303)
        started = client.post(f"/campaigns/{campaign}/encounters", data={"character": ids})
        assert started.status_code == 303, started.text
        url = started.headers["location"]
        page = client.get(url).text
        assert 'id="tactical"' in page  # the ruleset's own panel, with its grid
        assert 'role="grid"' in page
        for _ in range(1500):
            page = client.get(url).text
            if 'class="over"' in page:
                break
            version = VERSION.search(page)
            assert version, page[:2000]
            decision = DECISION.search(page)
            if decision:
                option = DEFAULT.search(page)
                assert option, page[decision.start() : decision.start() + 2000]
                response = client.post(
                    decision["action"],
                    data={"option": option["option"], "expected_version": version["version"]},
                )
            else:
                command = COMMAND.search(page[page.index('id="commands"') :])
                assert command, "no command to press"
                response = client.post(
                    f"{url}/commands",
                    data={
                        "command": html.unescape(command["json"]),
                        "expected_version": version["version"],
                    },
                )
            assert response.status_code == 303, response.text[:2000]
        else:
            pytest.fail("the fight did not end")
        assert "left standing" in page
