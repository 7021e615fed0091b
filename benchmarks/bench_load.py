"""Loading a long stored encounter: with snapshots against a replay from the start.

Plays a ``realtime`` encounter of two creatures charging and striking for ``N`` commands
(one ``advance`` of a second each, plus the actions they start), stored in a SQLite file
twice: once with a snapshot every :data:`~tablekeeper.services.campaigns.SNAPSHOT_EVERY`
records (the default), once with none (``snapshot_every=0``). Then times
``load_encounter`` on each, best of a few, and prints the ratio. Both loads must give the
same state (checked), and the snapshot load must fold fewer events than the log holds.

Exits 1 if loading with snapshots is not at least :data:`TARGET_RATIO` times faster
(``--report-speed`` prints the miss without failing, for CI on a busy machine).
Run: ``.venv/bin/python benchmarks/bench_load.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.errors import RulesError
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.realtime.encounter import commands as rt
from tablekeeper.services import campaigns, encounters

TARGET_RATIO = 1.5


def stored_encounter(folder: Path, name: str, seconds: int, snapshot_every: int) -> Any:
    """A SQLite file holding one encounter played for ``seconds`` seconds."""
    engine = make_engine(f"sqlite:///{folder / name}.db")
    upgrade_to_head(engine)
    new = lambda: SqlUnitOfWork(engine)  # noqa: E731 (a factory of units of work)
    campaign = campaigns.create_campaign(new(), "Bench", "realtime")
    encounter = encounters.start_encounter(new(), campaign.id).encounter.id
    roller = RandomRoller(seed=3)
    setup = [
        rt.add_creature(id="ayla", side="crew", hp=400, position=(0, 0)),
        rt.add_creature(id="brute", side="raiders", hp=400, position=(1, 0)),
    ]
    for command in setup:
        encounters.submit_command(new(), encounter, command, roller=roller)
    for second in range(seconds):
        for creature, target in (("ayla", "brute"), ("brute", "ayla")):
            if second % 5 == 0:
                start = rt.start_action(creature, name="Strike", cost=40, target=target)
                # Refused while it still charges: the benchmark only needs a long log.
                with contextlib.suppress(RulesError):
                    encounters.submit_command(
                        new(), encounter, start, roller=roller, snapshot_every=snapshot_every
                    )
        encounters.submit_command(
            new(), encounter, rt.advance(1), roller=roller, snapshot_every=snapshot_every
        )
    return engine, encounter


def best_load(engine: Any, encounter: str, repeats: int) -> tuple[float, Any]:
    best = float("inf")
    view: Any = None
    for _ in range(repeats):
        start = time.perf_counter()
        view = encounters.load_encounter(SqlUnitOfWork(engine), encounter)
        best = min(best, time.perf_counter() - start)
    return best, view


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a shorter encounter (for CI)")
    parser.add_argument(
        "--report-speed", action="store_true", help="print the target without failing on a miss"
    )
    args = parser.parse_args(argv)
    seconds = 150 if args.quick else 1_000
    repeats = 3 if args.quick else 5
    with tempfile.TemporaryDirectory() as folder:
        with_snapshots = stored_encounter(Path(folder), "snapshots", seconds, 50)
        without = stored_encounter(Path(folder), "replay", seconds, 0)
        fast, snapshot_view = best_load(*with_snapshots, repeats)
        slow, replay_view = best_load(*without, repeats)
        with_snapshots[0].dispose()
        without[0].dispose()
    if snapshot_view.state != replay_view.state:
        print("FAIL: the snapshot load and the full replay disagree")
        return 1
    records = snapshot_view.version
    print(f"loading a realtime encounter of {records} log records, best of {repeats}:")
    print(f"  replay from the start   {slow * 1000:9.1f} ms  ({replay_view.folded} events folded)")
    print(
        f"  from the newest snapshot{fast * 1000:9.1f} ms  ({snapshot_view.folded} events folded)"
    )
    ratio = slow / fast
    if snapshot_view.folded >= replay_view.folded:
        print("FAIL: the snapshot load folded as many events as the replay")
        return 1
    if ratio < TARGET_RATIO:
        print(f"FAIL: snapshots load {ratio:.1f}x faster, under the {TARGET_RATIO:.1f}x target")
        return 0 if args.report_speed else 1
    print(f"ok: snapshots load {ratio:.1f}x faster than a replay from the start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
