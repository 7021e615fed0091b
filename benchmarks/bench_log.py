"""A log that scales: submit, load and a game played command by command, at 100 and
10,000 commands, from snapshots and the tail against a full replay (today's load before
issue 12, forced in the same run), and ``tablekeeper odds`` against icepool's one-liner.

Stored on SQLite through the services. An encounter of N commands is written directly
(played in memory through the stored session, its records appended at once, a snapshot
where the services would write one), so building 10,000 commands takes seconds; then
``submit_command`` (one ``advance``, median of a few) and ``load_encounter`` are timed
at that length, both ways. ``full replay`` is the same code with every load forced to
the whole log (``at_most=0``), which reads and folds every record as before.

Targets (printed as ratios of this run; exit 1 on a miss unless ``--report-speed``):
submit and load at 10,000 within 1.5x of their cost at 100; a game played one command at
a time costs 2x the commands within 2.3x the time; ``tablekeeper odds '12d8>=4' --json``
as a whole process within 3x of icepool answering the same in a Python one-liner.
Run: ``.venv/bin/python benchmarks/bench_log.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.values import ScopeId
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.realtime.encounter import commands as rt
from tablekeeper.services import campaigns, encounter_store, encounters
from tablekeeper.services.rulesets import ruleset_named, state_of

SCALE_TARGET = 1.5
LINEAR_TARGET = 2.3
CLI_TARGET = 3.0

ICEPOOL = "import icepool; print((12 @ (icepool.d8 >= 4)).probabilities())"


@contextlib.contextmanager
def full_replay() -> Iterator[None]:
    """Every load reads and folds the whole log, as before snapshots and the tail."""
    real = encounter_store.load

    def whole(uow: Any, encounter_id: str, roller: Any, *, at_most: int | None = None) -> Any:
        return real(uow, encounter_id, roller, at_most=0)

    encounter_store.load = encounters.load = whole  # type: ignore[assignment]
    try:
        yield
    finally:
        encounter_store.load = encounters.load = real  # type: ignore[assignment]


def stored(folder: Path, name: str, commands: int) -> tuple[Any, str]:
    """A SQLite file with one realtime encounter of two creatures and ``commands``
    advances, with the snapshots the services write."""
    engine = make_engine(f"sqlite:///{folder / name}.db")
    upgrade_to_head(engine)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Bench", "realtime")
    view = encounters.start_encounter(SqlUnitOfWork(engine), campaign.id)
    encounter = view.encounter
    rules = ruleset_named("realtime")
    session = encounter_store.StoredSession(
        rules.engine,
        state_of(rules, encounter.initial_state),
        roller=RandomRoller(3),
        log=EventLog(),
        scope=ScopeId(encounter.id),
    )
    snapshots = []
    setup = [
        rt.add_creature(id="ayla", side="crew", hp=400, position=(0, 0)),
        rt.add_creature(id="brute", side="raiders", hp=400, position=(5, 0)),
    ]
    every = encounter_store.SNAPSHOT_EVERY
    for command in [*setup, *(rt.advance(1) for _ in range(commands))]:
        before = len(session.log)
        session.submit(command)
        if len(session.log) // every > before // every:
            snapshots.append(encounter_store.snapshot_of(encounter, session, len(session.log)))
    with SqlUnitOfWork(engine) as uow:
        uow.encounters.append(encounter.id, 0, list(session.log.records))
        for snapshot in snapshots[-3:]:  # the newest few are all a load looks at
            uow.encounters.add_snapshot(snapshot)
        uow.commit()
    return engine, encounter.id


def timed(action: Callable[[], object], repeats: int) -> float:
    """The median time of ``action``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def submit_and_load(engine: Any, encounter: str, repeats: int) -> tuple[float, float]:
    def submit() -> None:
        encounters.submit_command(SqlUnitOfWork(engine), encounter, rt.advance(1))

    def load() -> None:
        encounters.load_encounter(SqlUnitOfWork(engine), encounter)

    return timed(submit, repeats), timed(load, repeats)


def game(folder: Path, name: str, commands: int) -> float:
    """A game played one command at a time through the services: its total time."""
    engine, encounter = stored(folder, name, 0)
    start = time.perf_counter()
    for _ in range(commands):
        encounters.submit_command(SqlUnitOfWork(engine), encounter, rt.advance(1))
    total = time.perf_counter() - start
    engine.dispose()
    return total


def process(argv: list[str], repeats: int) -> float:
    """The best wall time of a whole process."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller games (for CI)")
    parser.add_argument(
        "--report-speed", action="store_true", help="print the targets without failing"
    )
    args = parser.parse_args(argv)
    small, large = 100, (2_000 if args.quick else 10_000)
    played = (250, 500) if args.quick else (1_000, 2_000)
    repeats = 5 if args.quick else 9
    misses: list[str] = []

    def check(what: str, ratio: float, target: float) -> None:
        verdict = "ok" if ratio <= target else "MISS"
        print(f"  {what}: {ratio:.2f}x (target {target}x) {verdict}")
        if ratio > target:
            misses.append(what)

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        costs: dict[tuple[str, int], tuple[float, float]] = {}
        stores = {size: stored(folder, f"e{size}", size) for size in (small, large)}
        samples: dict[tuple[str, int], list[tuple[float, float]]] = {}
        for round_ in range(repeats):  # the sizes interleaved: a busy machine drifts
            for size, (engine, encounter) in stores.items():
                samples.setdefault(("tail", size), []).append(submit_and_load(engine, encounter, 1))
                if round_ < max(3, repeats // 3):
                    with full_replay():
                        samples.setdefault(("full", size), []).append(
                            submit_and_load(engine, encounter, 1)
                        )
        for where, taken in samples.items():
            costs[where] = (
                statistics.median(t[0] for t in taken),
                statistics.median(t[1] for t in taken),
            )
        for engine, _ in stores.values():
            engine.dispose()
        print("submit and load (median, ms), SQLite through the services:")
        for mode in ("full", "tail"):
            for size in (small, large):
                submit, load = costs[mode, size]
                label = "full replay" if mode == "full" else "snapshot + tail"
                print(
                    f"  {label:16} {size:6} commands: submit {submit * 1e3:7.2f}  "
                    f"load {load * 1e3:7.2f}"
                )
        check(
            f"submit at {large} / at {small}",
            costs["tail", large][0] / costs["tail", small][0],
            SCALE_TARGET,
        )
        check(
            f"load at {large} / at {small}",
            costs["tail", large][1] / costs["tail", small][1],
            SCALE_TARGET,
        )
        print(
            f"  full replay / snapshot + tail at {large}: submit "
            f"{costs['full', large][0] / costs['tail', large][0]:.1f}x, load "
            f"{costs['full', large][1] / costs['tail', large][1]:.1f}x"
        )
        short, long = (game(folder, f"g{count}", count) for count in played)
        print(
            f"a game played one command at a time: {played[0]} in {short:.2f} s, "
            f"{played[1]} in {long:.2f} s"
        )
        check(f"{played[1]} commands / {played[0]}", long / short, LINEAR_TARGET)

    bin_dir = Path(sys.executable).parent
    cli = process([str(bin_dir / "tablekeeper"), "odds", "12d8>=4", "--json"], 5)
    icepool = process([sys.executable, "-c", ICEPOOL], 5)
    print(
        f"tablekeeper odds '12d8>=4' --json: {cli * 1e3:.0f} ms; icepool one-liner "
        f"{icepool * 1e3:.0f} ms (best of 5, whole processes)"
    )
    check("tablekeeper odds / icepool", cli / icepool, CLI_TARGET)
    if misses and not args.report_speed:
        print(f"FAIL: {', '.join(misses)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
