"""``kill -9`` while the table plays, over and over: no acknowledged write lost, none
duplicated (issue 11's reliability suite; its probe held over 200 cycles).

Each cycle starts ``tablekeeper serve`` on the same SQLite file, lets two clients send
commands as fast as it answers, and kills the server (SIGKILL: no shutdown, no flush) at
a random moment, usually with a write in flight. Every command carries a unique reason:
at the end, every one the server acknowledged (200) is in the log exactly once, no
other appears twice, and the log's sequence numbers run without a gap.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from servers import serving
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings

CYCLES = 20
"""Kills (issue 11: N >= 20)."""


def test_no_acknowledged_write_is_lost_or_duplicated_across_kills(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'table.db'}"
    engine = settings.open_database(url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Kills", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, encounter_id="bridge")
    engine.dispose()
    gm = {"Authorization": f"Bearer {secret}"}
    chance = random.Random(11)
    acknowledged: list[str] = []
    sent: list[str] = []
    lock = threading.Lock()
    for cycle in range(CYCLES):
        with serving("--database-url", url, log=tmp_path / f"cycle-{cycle}.log") as (base, server):
            stop = threading.Event()
            playing = threading.Event()  # the first write of the cycle was acknowledged

            def write(
                writer: int,
                base: str = base,
                cycle: int = cycle,
                stop: threading.Event = stop,
                playing: threading.Event = playing,
            ) -> None:
                with httpx.Client(base_url=base, headers=gm, timeout=10) as client:
                    number = 0
                    while not stop.is_set():
                        reason = f"c{cycle}-w{writer}-{number}"
                        number += 1
                        command = set_value("clock.second", number, reason=reason)
                        body = {"command": command.model_dump(mode="json")}
                        with lock:
                            sent.append(reason)
                        try:
                            answer = client.post("/api/encounters/bridge/commands", json=body)
                        except httpx.TransportError:
                            return  # killed: this one is in the log or it is not
                        if answer.status_code == 200:
                            with lock:
                                acknowledged.append(reason)
                            playing.set()
                        else:
                            assert answer.status_code == 409, answer.text  # a race lost

            writers = [threading.Thread(target=write, args=(n,)) for n in range(2)]
            for writer in writers:
                writer.start()
            assert playing.wait(timeout=30), "no write was acknowledged"
            time.sleep(chance.uniform(0.0, 0.3))  # then a kill, with writes in flight
            server.kill()  # SIGKILL
            server.wait()
            stop.set()
            for writer in writers:
                writer.join()
    with serving("--database-url", url, log=tmp_path / "after.log") as (base, _):
        records = httpx.get(f"{base}/api/encounters/bridge/log", headers=gm).json()["records"]
    reasons = Counter(record["payload"]["reason"] for record in records)
    assert len(acknowledged) >= CYCLES  # the table played, every cycle
    assert [reason for reason in acknowledged if reasons[reason] != 1] == []  # none lost
    assert [reason for reason, times in reasons.items() if times > 1] == []  # none twice
    assert set(reasons) <= set(sent)
    assert [record["sequence"] for record in records] == list(range(1, len(records) + 1))
