"""``tablekeeper serve`` really serves: a subprocess on a free port answers HTTP and the
live WebSocket from the database it was given."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
from typer.testing import CliRunner
from websockets.sync.client import connect

from servers import served, serving
from tablekeeper.cli.app import app as cli_app
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings

NewDatabase = Callable[[str], str]


def test_serve_answers_over_http_and_the_live_socket(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'served.db'}"
    engine = settings.open_database(url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, encounter_id="bridge")
    command = set_value("clock.second", 2, reason="the bell tolls")
    encounters.submit_command(SqlUnitOfWork(engine), "bridge", command)
    engine.dispose()
    with served("--database-url", url) as base:
        odds = httpx.get(f"{base}/api/odds", params={"expr": "1d6"}).json()
        live = base.replace("http", "ws") + f"/api/encounters/bridge/live?token={secret}"
        with connect(live, open_timeout=5) as client:
            record = json.loads(client.recv(timeout=5))
            state = json.loads(client.recv(timeout=5))
    assert odds["expression"] == "1d6"
    assert record["type"] == "record"
    assert record["record"]["payload"]["reason"] == "the bell tolls"
    assert state == {"type": "state", "version": 1, "pending": None}


def test_several_workers_on_sqlite_are_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    result = CliRunner().invoke(cli_app, ["serve", "--database-url", url, "--workers", "2"])
    assert result.exit_code == 2
    assert "workers: several workers need PostgreSQL" in result.stderr


def test_an_unreadable_database_url_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--database-url", "nonsense://x"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: database-url: cannot open 'nonsense://x'")


def test_serve_runs_two_workers_on_postgres(sql_databases: Callable[[str], NewDatabase]) -> None:
    url = sql_databases("postgresql")("served")
    with served("--database-url", url, "--workers", "2") as base:
        assert httpx.get(f"{base}/api/resolvers").status_code == 200


def test_an_acknowledged_command_survives_the_server_being_killed(tmp_path: Path) -> None:
    # "runs a campaign that survives restarts and crashes without losing an acknowledged
    # command": the answer comes only after the commit, so SIGKILL right after it loses
    # nothing, and the restarted server serves the same log.
    url = f"sqlite:///{tmp_path / 'crash.db'}"
    with serving("--database-url", url) as (base, server):
        made = httpx.post(f"{base}/api/campaigns", json={"name": "Crash", "ruleset": "realtime"})
        gm = {"Authorization": f"Bearer {made.json()['gm_secret']}"}
        campaign = made.json()["campaign"]["id"]
        encounter = httpx.post(
            f"{base}/api/campaigns/{campaign}/encounters", json={}, headers=gm
        ).json()["encounter"]["id"]
        command = set_value("clock.second", 7, reason="the bell tolls").model_dump(mode="json")
        answered = httpx.post(
            f"{base}/api/encounters/{encounter}/commands", json={"command": command}, headers=gm
        )
        assert answered.status_code == 200, answered.text
        server.kill()  # SIGKILL: no shutdown, no flush
        server.wait()
    with served("--database-url", url) as base:
        log = httpx.get(f"{base}/api/encounters/{encounter}/log", headers=gm).json()["records"]
    assert [record["payload"].get("value") for record in log] == [7]
