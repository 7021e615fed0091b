"""Many clients at once, on SQLite and on PostgreSQL (two workers): not one 5xx, and the
log holds exactly the commands that were acknowledged (issue 11's reliability suite).

Eight clients for a few seconds, each a mix of what a table does: commands (some with a
stale ``expected_version``: a 409, never a 5xx), reads of the encounter and its log,
table rolls, odds, a new campaign now and then.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx

from servers import serving
from tablekeeper.engine.overrides import set_value

NewDatabase = Callable[[str], str]

CLIENTS = 8
SECONDS = 4.0


def test_no_request_of_many_clients_at_once_gets_a_5xx(
    new_database: NewDatabase, sql_backend: str, tmp_path: Path
) -> None:
    url = new_database("concurrency")
    workers = ["--workers", "2"] if sql_backend == "postgresql" else []
    with serving("--database-url", url, *workers, log=tmp_path / "server.log") as (base, _):
        made = httpx.post(f"{base}/api/campaigns", json={"name": "Busy", "ruleset": "realtime"})
        gm = {"Authorization": f"Bearer {made.json()['gm_secret']}"}
        campaign = made.json()["campaign"]["id"]
        started = httpx.post(
            f"{base}/api/campaigns/{campaign}/encounters", json={}, headers=gm
        ).json()
        encounter = started["encounter"]["id"]
        statuses: Counter[int] = Counter()
        acknowledged: list[str] = []
        errors: list[str] = []
        lock = threading.Lock()
        deadline = time.monotonic() + SECONDS

        def play(number: int) -> None:
            chance = random.Random(number)
            with httpx.Client(base_url=base, headers=gm, timeout=30) as client:
                step = 0
                while time.monotonic() < deadline:
                    step += 1
                    pick = chance.random()
                    if pick < 0.45:
                        reason = f"client {number} step {step}"
                        body: dict[str, object] = {
                            "command": set_value("clock.second", step, reason=reason).model_dump(
                                mode="json"
                            )
                        }
                        if chance.random() < 0.3:
                            body["expected_version"] = chance.randint(0, 5)
                        answer = client.post(f"/api/encounters/{encounter}/commands", json=body)
                        if answer.status_code == 200:
                            with lock:
                                acknowledged.append(reason)
                    elif pick < 0.65:
                        answer = client.get(f"/api/encounters/{encounter}/log")
                    elif pick < 0.75:
                        answer = client.get(f"/api/encounters/{encounter}")
                    elif pick < 0.85:
                        roll = {"expression": "4d6kh3", "secret": chance.random() < 0.5}
                        answer = client.post(f"/api/campaigns/{campaign}/rolls", json=roll)
                    elif pick < 0.95:
                        expression = chance.choice(["2d6", "8d8>=4", "4d6kh3", "1d10000!>1"])
                        answer = client.get("/api/odds", params={"expr": expression})
                    else:
                        new = {"name": f"Side table {number}-{step}", "ruleset": "percentile"}
                        answer = client.post("/api/campaigns", json=new)
                    with lock:
                        statuses[answer.status_code] += 1
                        if answer.status_code >= 500:
                            errors.append(f"{answer.request.url}: {answer.text}")

        clients = [threading.Thread(target=play, args=(n,)) for n in range(CLIENTS)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        records = httpx.get(f"{base}/api/encounters/{encounter}/log", headers=gm).json()
    assert errors == []
    assert sum(statuses.values()) > 100, statuses
    assert set(statuses) <= {200, 201, 409, 422, 503}, statuses
    reasons = Counter(record["payload"]["reason"] for record in records["records"])
    assert sorted(reasons) == sorted(acknowledged)
    assert set(reasons.values()) == {1}
