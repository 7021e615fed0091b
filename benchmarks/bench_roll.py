"""Rolls per second for "roll 8d8>=4 and keep each die's result", against the d20 package.

Measures, in one run and best of a few repetitions each:

- tablekeeper ``roll("8d8>=4")``: one full :class:`Roll` (every die with its flags);
- tablekeeper ``roll_many("8d8>=4", n)``: arrays of faces with kept and success masks;
- d20 ``d20.roll("8d8k>3")`` and counting the kept dice (d20's way to count successes).

Prints each rate and its ratio to d20, and exits 1 if the best tablekeeper rate is under
10x d20's. Run: ``.venv/bin/python benchmarks/bench_roll.py [--quick]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import d20  # type: ignore[import-untyped]

from tablekeeper.dice.evaluate import roll, roll_many
from tablekeeper.dice.roller import RandomRoller

EXPRESSION = "8d8>=4"
D20_EXPRESSION = "8d8k>3"
TARGET_RATIO = 10.0


def best_rate(run: Callable[[], int], repeats: int) -> float:
    """The best of ``repeats`` runs, in rolls per second (``run`` returns its roll count)."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        count = run()
        best = max(best, count / (time.perf_counter() - start))
    return best


def single_rolls(count: int) -> Callable[[], int]:
    def run() -> int:
        roller = RandomRoller(seed=1)
        for _ in range(count):
            roll(EXPRESSION, roller)
        return count

    return run


def batch_rolls(count: int) -> Callable[[], int]:
    def run() -> int:
        batch = roll_many(EXPRESSION, count, RandomRoller(seed=2))
        assert batch.terms[0].success.shape == (count, 8)
        return count

    return run


def d20_rolls(count: int) -> Callable[[], int]:
    def run() -> int:
        for _ in range(count):
            result = d20.roll(D20_EXPRESSION)
            sum(1 for die in result.expr.roll.values if die.kept)
        return count

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rolls (for CI)")
    parser.add_argument(
        "--report-speed", action="store_true", help="print the target without failing on a miss"
    )
    args = parser.parse_args(argv)
    scale = 1 if args.quick else 5
    repeats = 3 if args.quick else 5

    roll(EXPRESSION, RandomRoller(seed=0))  # parse, compile and warm the caches
    rates = {
        "tablekeeper roll": best_rate(single_rolls(4_000 * scale), repeats),
        "tablekeeper roll_many": best_rate(batch_rolls(100_000 * scale), repeats),
        "d20 roll + count kept": best_rate(d20_rolls(1_000 * scale), repeats),
    }
    baseline = rates["d20 roll + count kept"]
    print(f"rolls per second of {EXPRESSION!r} (d20: {D20_EXPRESSION!r}), best of {repeats}:")
    for name, rate in rates.items():
        print(f"  {name:<24} {rate:>14,.0f}/s  {rate / baseline:>8.1f}x d20")
    best = max(rates["tablekeeper roll"], rates["tablekeeper roll_many"])
    if best < TARGET_RATIO * baseline:
        print(f"FAIL: the best tablekeeper rate is under {TARGET_RATIO:.0f}x d20")
        return 0 if args.report_speed else 1
    print(f"ok: the best tablekeeper rate is {best / baseline:.0f}x d20")
    return 0


if __name__ == "__main__":
    sys.exit(main())
