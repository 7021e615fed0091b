"""The API under load on SQLite: command throughput and p99 at 4 and 16 clients, and 50
live watchers receiving a commit on a short log and on a long one; each against today's
load before issue 12 (full replay and a second read of the log), forced in the same run.

A uvicorn server (one worker, loopback only) is started as a subprocess of this script
(``--serve``), with ``--full-replay`` for the baseline: every load reads and folds the
whole log, and a write's answer reads the log again, as before. Each client plays its
own encounter (one realtime creature, ``advance`` commands), already ``--length``
commands long, for a fixed number of commands; every answer must be 2xx (any 5xx fails
the run). The watchers: 50 WebSockets (GM and player alternating) on one encounter; the
time from a commit's answer to the last watcher's state message, median of a few.

Targets (ratios of this run; exit 1 on a miss unless ``--report-speed``): throughput at
least 5x the baseline's at 4 and at 16 clients; 50 watchers on a 2,000-record log
receive a commit within 2x of the time on a 30-record log.
Run: ``.venv/bin/python benchmarks/bench_api.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

THROUGHPUT_TARGET = 5.0
WATCHERS_TARGET = 2.0
WATCHERS = 50


def serve(url: str, port: int, full: bool) -> None:
    """Run the API (in this process), today's or the baseline."""
    import uvicorn

    from tablekeeper.api.app import create_app
    from tablekeeper.api.deps import engine_of
    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.services import encounter_store, encounters, logs

    app = create_app(url)
    if full:
        real = encounter_store.load

        def whole(uow: Any, encounter_id: str, roller: Any, *, at_most: int | None = None) -> Any:
            return real(uow, encounter_id, roller, at_most=0)

        def read_again(view: Any, viewer: Any) -> Any:
            before = view.version - len(view.records)
            uow = SqlUnitOfWork(engine_of(app))
            return logs.encounter_log(uow, view.encounter.id, viewer=viewer, after=before)

        encounter_store.load = encounters.load = whole  # type: ignore[assignment]
        logs.written_records = read_again  # type: ignore[assignment]
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def prepare(url: str, encounters_wanted: int, length: int) -> tuple[str, str, list[str]]:
    """A campaign with a GM secret, one player, and encounters ``length`` commands long."""
    from tablekeeper.dice.roller import RandomRoller
    from tablekeeper.engine.log import EventLog
    from tablekeeper.engine.values import ScopeId
    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.rulesets.realtime.encounter import commands as rt
    from tablekeeper.services import access, campaigns, encounter_store, encounters, settings
    from tablekeeper.services.rulesets import ruleset_named, state_of

    engine = settings.open_database(url)
    new = lambda: SqlUnitOfWork(engine)  # noqa: E731
    campaign = campaigns.create_campaign(new(), "Bench", "realtime")
    secret = access.issue_gm_secret(new(), campaign.id)
    _, token = access.add_player(new(), campaign.id, "ann", "Ann")
    rules = ruleset_named("realtime")
    made = []
    for _ in range(encounters_wanted):
        view = encounters.start_encounter(new(), campaign.id)
        encounter = view.encounter
        session = encounter_store.StoredSession(
            rules.engine,
            state_of(rules, encounter.initial_state),
            roller=RandomRoller(1),
            log=EventLog(),
            scope=ScopeId(encounter.id),
        )
        session.submit(rt.add_creature(id="ayla", side="crew", hp=400, position=(0, 0)))
        snapshots = []
        every = encounter_store.SNAPSHOT_EVERY
        while len(session.log) < length:
            before = len(session.log)
            session.submit(rt.advance(1))
            if len(session.log) // every > before // every:
                snapshots.append(encounter_store.snapshot_of(encounter, session, len(session.log)))
        with new() as uow:
            uow.encounters.append(encounter.id, 0, list(session.log.records))
            for snapshot in snapshots[-2:]:
                uow.encounters.add_snapshot(snapshot)
            uow.commit()
        made.append(encounter.id)
    engine.dispose()
    return secret, token, made


@contextlib.contextmanager
def server(url: str, full: bool) -> Iterator[str]:
    port = free_port()
    argv = [sys.executable, __file__, "--serve", url, str(port)]
    process = subprocess.Popen([*argv, *(["--full-replay"] if full else [])])
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(f"{base}/api/rulesets", timeout=1)
                break
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)


ADVANCE = {"command": {"actor": "gm", "kind": "realtime.advance", "payload": {"seconds": 1}}}


def throughput(
    base: str, secret: str, encounters: list[str], clients: int, each: int
) -> tuple[float, float, int]:
    """Commands per second, p99 latency (s) and 5xx count of ``clients`` clients."""
    latencies: list[float] = []
    errors, conflicts = [0], [0]
    lock = threading.Lock()

    def client(encounter: str) -> None:
        with httpx.Client(base_url=base, timeout=60) as http:
            done = 0
            while done < each:
                start = time.perf_counter()
                answer = http.post(
                    f"/api/encounters/{encounter}/commands",
                    json=ADVANCE,
                    headers={"Authorization": f"Bearer {secret}"},
                )
                took = time.perf_counter() - start
                with lock:
                    latencies.append(took)
                    if answer.status_code >= 500:
                        errors[0] += 1
                    elif answer.status_code == 409:
                        conflicts[0] += 1  # lost a race (SQLite's one writer): try again
                        continue
                    elif answer.status_code != 200:
                        raise RuntimeError(answer.text)
                done += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(e,)) for e in encounters[:clients]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    total = time.perf_counter() - start
    p99 = statistics.quantiles(latencies, n=100)[98]
    return (len(latencies) - conflicts[0]) / total, p99, errors[0]


async def fan_out(base: str, secret: str, token: str, encounter: str, commits: int) -> float:
    """The median time from a commit's answer to the last of the watchers' state at it."""
    ws = base.replace("http", "ws")
    sockets = []
    for number in range(WATCHERS):
        key = secret if number % 2 == 0 else token
        sockets.append(
            await websockets.connect(f"{ws}/api/encounters/{encounter}/live?token={key}")
        )

    async def until(connection: Any, version: int) -> None:
        while True:
            message = json.loads(await connection.recv())
            if message["type"] == "state" and message["version"] >= version:
                return

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        first = await http.get(
            f"/api/encounters/{encounter}", headers={"Authorization": f"Bearer {secret}"}
        )
        version = first.json()["encounter"]["version"]
        await asyncio.gather(*(until(s, version) for s in sockets))
        times = []
        for _ in range(commits):
            answer = await http.post(
                f"/api/encounters/{encounter}/commands",
                json=ADVANCE,
                headers={"Authorization": f"Bearer {secret}"},
            )
            answered = time.perf_counter()
            version = answer.json()["encounter"]["version"]
            await asyncio.gather(*(until(s, version) for s in sockets))
            times.append(time.perf_counter() - answered)
    for connection in sockets:
        await connection.close()
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer commands (for CI)")
    parser.add_argument("--report-speed", action="store_true", help="do not fail on a miss")
    parser.add_argument("--serve", nargs=2, metavar=("URL", "PORT"), help=argparse.SUPPRESS)
    parser.add_argument("--full-replay", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve[0], int(args.serve[1]), args.full_replay)
        return 0
    each = 8 if args.quick else 40
    length = 600 if args.quick else 2_000
    misses: list[str] = []
    fives = 0
    with tempfile.TemporaryDirectory() as folder:
        results: dict[tuple[bool, int], tuple[float, float, int]] = {}
        for full in (True, False):
            url = f"sqlite:///{Path(folder) / ('full' if full else 'tail')}.db"
            secret, _, made = prepare(url, 16, length)
            with server(url, full) as base:
                for clients in (4, 16):
                    results[full, clients] = throughput(base, secret, made, clients, each)
        print(f"API command throughput, SQLite, encounters of {length} records:")
        for clients in (4, 16):
            for full in (True, False):
                rate, p99, errors = results[full, clients]
                fives += errors
                label = "full replay" if full else "snapshot + tail"
                print(
                    f"  {clients:2} clients, {label:16}: {rate:7.1f} commands/s, "
                    f"p99 {p99 * 1e3:7.1f} ms, 5xx {errors}"
                )
            ratio = results[False, clients][0] / results[True, clients][0]
            verdict = "ok" if ratio >= THROUGHPUT_TARGET else "MISS"
            print(
                f"  {clients} clients: {ratio:.1f}x the baseline "
                f"(target {THROUGHPUT_TARGET}x) {verdict}"
            )
            if ratio < THROUGHPUT_TARGET:
                misses.append(f"throughput at {clients} clients")
        url = f"sqlite:///{Path(folder) / 'watch'}.db"
        near_keys = prepare(url, 1, 30)
        far_keys = prepare(url, 1, 2_000)
        with server(url, False) as base:
            commits = 3 if args.quick else 7
            near = asyncio.run(fan_out(base, *near_keys[:2], near_keys[2][0], commits))
            far = asyncio.run(fan_out(base, *far_keys[:2], far_keys[2][0], commits))
        ratio = far / near
        verdict = "ok" if ratio <= WATCHERS_TARGET else "MISS"
        print(
            f"{WATCHERS} watchers receive a commit: {near * 1e3:.0f} ms on a 30-record log, "
            f"{far * 1e3:.0f} ms on a 2,000-record one: {ratio:.2f}x (target "
            f"{WATCHERS_TARGET}x) {verdict}"
        )
        if ratio > WATCHERS_TARGET:
            misses.append("watchers")
    if fives:
        print(f"FAIL: {fives} answers were 5xx")
        return 1
    if misses and not args.report_speed:
        print(f"FAIL: {', '.join(misses)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
