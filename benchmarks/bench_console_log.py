"""The GM console after a long session: page weight and a command's round trip.

Plays two ``realtime`` encounters through the services into SQLite files, one short
(a few commands) and one long (``LONG`` commands, over 500 log records), then drives the
console in process (Starlette's TestClient, as the GM, with the console's CSRF token) and
measures on each: the bytes of the table fragment (what htmx swaps in after every write
and live update) and the round trip of one command from its button (``POST .../commands``
answered with the fresh table), best of a few. The log is paged by commands
(``web/log_view.py``), so both should stay flat: the long encounter's page at most
:data:`WEIGHT_TARGET` times the short one's bytes and its round trip at most
:data:`TRIP_TARGET` times as long.

Exits 1 on a miss (``--report-speed`` prints a missed speed target without failing,
for CI on a busy machine; the page weight always gates).
Run: ``.venv/bin/python benchmarks/bench_console_log.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.realtime.encounter import commands as rt
from tablekeeper.services import access, campaigns, encounters
from tablekeeper.web.app import create_console_app
from tablekeeper.web.csrf import HEADER, SESSION_COOKIE, token_for

WEIGHT_TARGET = 1.5
TRIP_TARGET = 2.5
"""A round trip loads the encounter from its newest snapshot and the records after it
(issue 12), so its time should not grow with the log; the margin is for a loaded machine."""
VERSION = re.compile(r'data-table-version="(\d+)"')


def stored(folder: Path, name: str, commands: int) -> tuple[str, str, str, str, int]:
    """A SQLite file with one realtime encounter of ``commands`` one-second advances:
    (database URL, campaign id, GM secret, encounter id, records)."""
    url = f"sqlite:///{folder / name}.db"
    engine = make_engine(url)
    upgrade_to_head(engine)
    new = lambda: SqlUnitOfWork(engine)  # noqa: E731 (a factory of units of work)
    campaign = campaigns.create_campaign(new(), "Bench", "realtime")
    secret = access.issue_gm_secret(new(), campaign.id)
    encounter = encounters.start_encounter(new(), campaign.id).encounter.id
    roller = RandomRoller(seed=5)
    for spec in (
        rt.add_creature(id="ayla", side="crew", hp=400, position=(0, 0)),
        rt.add_creature(id="brute", side="raiders", hp=400, position=(3, 0)),
    ):
        encounters.submit_command(new(), encounter, spec, roller=roller)
    view = None
    for _ in range(commands):
        view = encounters.submit_command(new(), encounter, rt.advance(1), roller=roller)
    engine.dispose()
    records = view.version if view is not None else 0
    return url, campaign.id, secret, encounter, records


def gm_client(url: str, campaign: str, secret: str) -> TestClient:
    """The console as the GM: the credential cookie, a session, and the CSRF token."""
    client = TestClient(create_console_app(url), follow_redirects=False)
    client.cookies.set(SESSION_COOKIE, secrets.token_urlsafe(24))
    assert client.get(f"/campaigns/{campaign}?key={secret}").status_code == 303

    def add_token(request: Any) -> None:
        request.headers[HEADER] = token_for(dict(client.cookies.items()), request.url.path)
        request.headers["Sec-Fetch-Site"] = "same-origin"

    client.event_hooks["request"] = [add_token]
    return client


def measure(client: TestClient, campaign: str, encounter: str, repeats: int) -> tuple[int, float]:
    """(bytes of the table fragment, best round trip of one command from its button)."""
    base = f"/campaigns/{campaign}/encounters/{encounter}"
    fragment = client.get(f"{base}/table")
    assert fragment.status_code == 200, fragment.text
    command = json.dumps({"actor": "gm", "kind": "realtime.advance", "payload": {"seconds": 1}})
    best = float("inf")
    for _ in range(repeats):
        found = VERSION.search(client.get(f"{base}/table").text)
        assert found
        start = time.perf_counter()
        answer = client.post(
            f"{base}/commands",
            data={"command": command, "expected_version": found.group(1)},
            headers={"HX-Request": "true"},
        )
        best = min(best, time.perf_counter() - start)
        assert answer.status_code == 200, answer.text
    return len(fragment.content), best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer round trips (for CI)")
    parser.add_argument(
        "--report-speed", action="store_true", help="print the target without failing on a miss"
    )
    args = parser.parse_args(argv)
    repeats = 5 if args.quick else 15
    long_commands = 260  # each advance logs 2 records: over 500 records in all
    with tempfile.TemporaryDirectory() as folder:
        rows = []
        for name, commands in (("short", 3), ("long", long_commands)):
            url, campaign, secret, encounter, records = stored(Path(folder), name, commands)
            with gm_client(url, campaign, secret) as client:
                weight, trip = measure(client, campaign, encounter, repeats)
            rows.append((name, records, weight, trip))
    print(f"the GM console's table fragment and one command's round trip, best of {repeats}:")
    for name, records, weight, trip in rows:
        print(f"  {name:5} {records:5} records  {weight / 1024:8.1f} KiB  {trip * 1000:8.1f} ms")
    (_, _, short_weight, short_trip), (_, _, long_weight, long_trip) = rows
    weight_ratio, trip_ratio = long_weight / short_weight, long_trip / short_trip
    print(f"  long / short: page weight {weight_ratio:.2f}x, round trip {trip_ratio:.2f}x")
    if weight_ratio > WEIGHT_TARGET:
        print(f"FAIL: the page grows with the log ({weight_ratio:.2f}x > {WEIGHT_TARGET}x)")
        return 1
    if trip_ratio > TRIP_TARGET:
        print(f"FAIL: the round trip grows with the log ({trip_ratio:.2f}x > {TRIP_TARGET}x)")
        return 0 if args.report_speed else 1
    print("ok: page weight and round trip stay flat as the log grows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
