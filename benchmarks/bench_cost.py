"""The cost model of exact odds against the clock: estimated seconds beside measured ones.

For each expression, the estimate of :func:`tablekeeper.dice.cost.estimate` and the cold
time of ``odds`` itself, measured in a child process (so a slow one can be stopped at a
timeout and every cache starts empty), with the child's peak memory. The model is meant
to be right within a few times, above more often than below, and to refuse at once what
would take minutes; the server's hard budget (``services/odds_worker.py``) catches the
rest. The target: on every expression that finishes, the estimate within
:data:`TARGET_FACTOR` times of the measure, either way (tiny ones excepted, below
:data:`NOISE_SECONDS`); and every expression the default limits refuse would have run
past them.

Exits 1 on a miss (``--report-speed`` prints it without failing, for CI on a busy machine).
Run: ``.venv/bin/python benchmarks/bench_cost.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from tablekeeper.dice import cost
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.parse import parse

TARGET_FACTOR = 6.0
NOISE_SECONDS = 0.02
TIMEOUT_SECONDS = 20.0

UNLIMITED = RollLimits(
    max_odds_bits=10**12, max_odds_states=10**9, max_odds_seconds=1e12, max_odds_bytes=10**15
)

QUICK = [
    "100d100",
    "1000d20",
    "10d100!>1",
    "1d300!>1",
    "100d6!>1",
    "100d10kh50",
    "100d20kh50",
    "30d100kh15",
    "1000d1000kh1",
    "5d100!kh2",
    "10d100!kh5",
    "8d10!kh3",
    "{5d6,5d8,5d10,5d12}kh2",
    "{100d6,100d8}kh1",
]

FULL = [
    *QUICK,
    "1000d6>=4f1",
    "200d100",
    "50d1000",
    "1000d100",
    "300d300",
    "10d10000",
    "20d100!",
    "1000d6!",
    "1d500!>1",
    "1d10000!",
    "1d400!!>1",
    "1000d10000>=5000f<2",
    "100d100kh10",
    "50d100kh25",
    "20d1000kh10",
    "5d10000kh2",
    "1000d100kh10",
    "50d6!kh10",
    "20d10!kh10",
    "5d100!kl2",
]

CHILD = """
import json, resource, sys, time
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import compute
from tablekeeper.dice.parse import parse
tree = parse(sys.argv[1])
compute(parse("1d6"), RollLimits())
limits = RollLimits(max_odds_bits=10**12, max_odds_states=10**9, max_odds_seconds=1e12,
                    max_odds_bytes=10**15)
started = time.perf_counter()
compute(tree, limits)
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds,
                  "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def measured(expression: str) -> tuple[float | None, int | None]:
    """Cold seconds and peak bytes of ``odds``, or ``None`` past the timeout."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, expression],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None, None
    answer = json.loads(done.stdout)
    return float(answer["seconds"]), int(answer["peak"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer expressions (for CI)")
    parser.add_argument(
        "--report-speed", action="store_true", help="print the target without failing on a miss"
    )
    args = parser.parse_args()
    expressions = QUICK if args.quick else FULL
    misses = []
    print(f"{'expression':26} {'estimate':>10} {'measured':>10} {'ratio':>7} {'peak':>8}")
    for expression in expressions:
        estimate = cost.estimate(parse(expression), UNLIMITED)
        seconds, peak = measured(expression)
        refused = estimate.seconds > RollLimits().max_odds_seconds
        if seconds is None:
            line = f"{expression:26} {estimate.seconds:9.3f}s {'>' + str(TIMEOUT_SECONDS):>10}"
            if not refused:
                misses.append(f"{expression}: answered by the default limits, ran past the timeout")
            print(line)
            continue
        ratio = estimate.seconds / seconds
        mark = ""
        if max(seconds, estimate.seconds) > NOISE_SECONDS and not (
            1 / TARGET_FACTOR <= ratio <= TARGET_FACTOR
        ):
            mark = "  MISS"
            misses.append(f"{expression}: estimate {estimate.seconds:.3f} s, took {seconds:.3f} s")
        print(
            f"{expression:26} {estimate.seconds:9.3f}s {seconds:9.3f}s {ratio:6.2f}x "
            f"{(peak or 0) >> 20:6d}MB{mark}"
        )
    verdict = "PASS" if not misses else "FAIL"
    print(f"estimates within {TARGET_FACTOR:g}x of the measure: {verdict}")
    for miss in misses:
        print(f"  {miss}")
    return 0 if not misses or args.report_speed else 1


if __name__ == "__main__":
    sys.exit(main())
