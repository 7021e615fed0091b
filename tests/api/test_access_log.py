"""Secrets out of the logs (``api/log_redaction.py``), read from the log a real server
writes: ``tablekeeper console`` in a subprocess, its output in a file.

Issue 11: uvicorn logged ``?key=<GM secret>``, ``/join/C/<token>`` and
``live?token=<token>`` in clear.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from websockets.sync.client import connect

from servers import serving
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings


def test_the_access_log_never_holds_a_secret_or_a_token(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'logged.db'}"
    engine = settings.open_database(url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    _, token = access.add_player(SqlUnitOfWork(engine), campaign.id, "ann", "Ann")
    encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, encounter_id="bridge")
    engine.dispose()
    log = tmp_path / "access.log"
    with serving("--database-url", url, "--no-demo", command="console", log=log) as (base, _):
        gm_link = httpx.get(f"{base}/campaigns/{campaign.id}?key={secret}")
        join_link = httpx.get(f"{base}/join/{campaign.id}/{token}")
        assert (gm_link.status_code, join_link.status_code) == (303, 303)
        live = base.replace("http", "ws") + f"/api/encounters/bridge/live?token={token}"
        with connect(live, open_timeout=5) as socket:
            socket.recv(timeout=5)
        httpx.get(f"{base}/api/campaigns", params={"token": token, "key": secret})
    written = log.read_text()
    assert f"/campaigns/{campaign.id}?key=[redacted]" in written  # the lines are there ...
    assert f"/join/{campaign.id}/[redacted]" in written
    assert "live?token=[redacted]" in written
    assert secret not in written  # ... without what they carried
    assert token not in written
