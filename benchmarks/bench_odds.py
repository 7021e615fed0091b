"""Exact odds: tablekeeper against icepool, the same questions in the same run.

    .venv/bin/python benchmarks/bench_odds.py           # full run
    .venv/bin/python benchmarks/bench_odds.py --quick   # fewer repetitions, for CI
    .venv/bin/python benchmarks/bench_odds.py --paths   # each keep/drop method, cold

For each question both libraries compute the exact distribution; the script checks the
fractions are identical outcome by outcome, then times each side. *Cold* runs clear
every cache before every call, ours (:func:`tablekeeper.dice.odds.clear_caches`) and
icepool's (its cached ``d(n)`` dice, binomial rows and multiset-evaluator caches), so
both start from nothing; *warm* runs repeat the call with caches kept. The two sides
take turns in blocks of five calls, so a change in the machine's load falls on both.
Times are the median of the repetitions (the best is shown too); the targets are ratios
of the cold medians. Expression trees are parsed before timing (parsing is not part of
the question); ``odds`` validates each tree inside the timing.

``--paths`` times the keep/drop corner cases instead (docs/performance.md, "Which path
answers what"): for each, the method :func:`~tablekeeper.dice.odds.odds` routes it to and
the cold time of every method that can answer it (``odds_by``), next to icepool's own
expression where icepool has one; every method's fractions are checked identical.

Exits 1 when a fraction differs or a target is missed.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.odds import clear_caches, methods, odds, odds_by
from tablekeeper.dice.parse import parse
from tablekeeper.dice.pools import net_success_table, opposed_pool
from tablekeeper.dice.roller import Die
from tablekeeper.dice.routing import Method
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
    CountSuccesses,
    Dice,
    Expression,
    Keep,
)

BLOCK = 5
TABLE_ATTACKERS = range(1, 13)
TABLE_DEFENDERS = range(0, 13)
TABLE_SIDES = (4, 6, 8, 10, 12)
TABLE_TNS = range(3, 8)
TABLE_KS = range(1, 5)


@dataclass(frozen=True)
class Question:
    name: str
    ours: Callable[[], Any]
    icepool: Callable[[], Any]
    target: float


def _successes(count: int, sides: int, tn: int) -> Dice:
    return Dice(count, Die(sides), (CountSuccesses(Compare(">=", tn)),))


def _tree(notation: str, built: Expression) -> Expression:
    """The tree for ``notation`` from the parser, checked against the hand-built tree, so
    the benchmark asks what it says it asks."""
    parsed: Expression = parse(notation)
    if parsed != built:
        raise SystemExit(f"parse({notation!r}) = {parsed!r}, expected {built!r}")
    return parsed


def _icepool_table() -> dict[tuple[int, int, int, int, int], Fraction]:
    table: dict[tuple[int, int, int, int, int], Fraction] = {}
    for sides in TABLE_SIDES:
        for tn in TABLE_TNS:
            hit = icepool.d(sides) >= tn
            for a in TABLE_ATTACKERS:
                attack = a @ hit
                for d in TABLE_DEFENDERS:
                    margin = (attack - d @ hit).map(lambda x: max(x, 0))
                    for k in TABLE_KS:
                        table[(a, d, sides, tn, k)] = margin.probability(">=", k)
    return table


def _our_table() -> dict[tuple[int, int, int, int, int], Fraction]:
    return net_success_table(TABLE_ATTACKERS, TABLE_DEFENDERS, TABLE_SIDES, TABLE_TNS, TABLE_KS)


def questions() -> list[Question]:
    checks = _tree("12d8>=4", _successes(12, 8, 4))
    mixed = _tree("3d10>=5+2d6>=5", BinaryOperation("+", _successes(3, 10, 5), _successes(2, 6, 5)))
    keep = _tree("4d6kh3", Dice(4, Die(6), (Keep("h", 3),)))
    d = icepool.d
    return [
        Question("12d8>=4", lambda: odds(checks), lambda: 12 @ (d(8) >= 4), 10),
        Question(
            "3d10>=5+2d6>=5",
            lambda: odds(mixed),
            lambda: 3 @ (d(10) >= 5) + 2 @ (d(6) >= 5),
            10,
        ),
        Question("4d6kh3", lambda: odds(keep), lambda: d(6).highest(4, 3), 10),
        Question(
            "8d6 vs 5d6 at TN 4, armor 1",
            lambda: opposed_pool(8, 5, 6, 4, armor=1),
            lambda: (8 @ (d(6) >= 4) - 5 @ (d(6) >= 4) - 1).map(lambda x: max(x, 0)),
            10,
        ),
        Question(
            "net-success table (15,600 cells)",
            _our_table,
            _icepool_table,
            15,
        ),
    ]


def clear_icepool_caches() -> None:
    """Forget what icepool remembers between calls, as far as it can be reached."""
    icepool.d.cache_clear()
    icepool.z.cache_clear()
    icepool.math.comb_row_cache.clear()
    for module in (icepool.evaluator, icepool.evaluator.basic, icepool.evaluator.keep):
        for value in vars(module).values():
            cache = getattr(value, "_cache", None)
            if isinstance(cache, dict):
                cache.clear()


def fractions_of(result: Any) -> Mapping[Any, Fraction]:
    """outcome -> probability for either library's answer (or a table of them)."""
    if isinstance(result, Distribution):
        return dict(result)
    if isinstance(result, dict):
        return result
    denominator = result.denominator()
    return {
        int(outcome): Fraction(quantity, denominator)
        for outcome, quantity in result.items()
        if quantity
    }


def timed(
    ours: Callable[[], Any], theirs: Callable[[], Any], repeat: int, *, cold: bool
) -> tuple[list[float], list[float]]:
    """Seconds per call for each side; ``cold`` clears every cache before every call.

    The sides take turns in blocks of ``BLOCK`` calls, so that a change in the machine's
    load falls on both, while each call still follows one of its own (as timeit's do).
    One untimed call of each comes first: first-call effects are not the question."""
    sides = ((ours, clear_caches, []), (theirs, clear_icepool_caches, []))
    for function, clear, _ in sides:
        function()
        clear()
    gc.collect()
    gc.disable()  # a collection inside one side's timing would not be fair to it
    try:
        for _ in range(-(-repeat // BLOCK)):
            for function, clear, times in sides:
                for _ in range(min(BLOCK, repeat - len(times))):
                    if cold:
                        clear()
                    start = time.perf_counter()
                    function()
                    times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return sides[0][2], sides[1][2]


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _format(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


# Keep/drop corner cases: notation, icepool's own expression (None: icepool has none that
# matches our semantics), and methods not to time (too slow to be worth waiting for;
# their times in docs/performance.md were measured once, by hand).
PATH_CASES: list[tuple[str, Callable[[], Any] | None, tuple[Method, ...]]] = [
    ("5d100!kh2", lambda: icepool.d(100).explode_to_pool(5, depth=10).highest(2).sum(), ()),
    ("6d6!dl1", lambda: icepool.d(6).explode_to_pool(6, depth=10).lowest(drop=1).sum(), ()),
    ("8d10!kh3", lambda: icepool.d(10).explode_to_pool(8, depth=10).highest(3).sum(), ()),
    ("3d6!kh2", lambda: icepool.d(6).explode_to_pool(3, depth=10).highest(2).sum(), ()),
    (
        "{5d6,5d8,5d10,5d12}kh2",
        lambda: icepool.Pool([5 @ icepool.d(n) for n in (6, 8, 10, 12)]).highest(2).sum(),
        (),
    ),
    (
        "{4d6+3d8}k4",
        lambda: icepool.Pool([icepool.d(6)] * 4 + [icepool.d(8)] * 3).highest(4).sum(),
        (),
    ),
    (
        "{1d20+5,1d20+3}kh1",
        lambda: icepool.Pool([icepool.d(20) + 5, icepool.d(20) + 3]).highest(1).sum(),
        (),
    ),
    (
        "{3d6,3d6,3d6,3d6,3d6,3d6}kh3",
        lambda: icepool.Pool([3 @ icepool.d(6)] * 6).highest(3).sum(),
        (),
    ),
    ("{4d10-4d10}kh4", None, ()),
    ("5d12mi3!r1kh2dl1", None, ()),
    ("8d6!p>=4kh5", None, (Method.ICEPOOL,)),
    ("100d6kh50", lambda: icepool.d(6).highest(100, 50), (Method.STATE_MACHINE,)),
]


def _cold(function: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The best of ``repeat`` cold calls (fewer when one takes over a second)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        clear_caches()
        clear_icepool_caches()
        gc.collect()
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
        if best > 1:
            break
    return best, result


def paths_report(repeat: int) -> int:
    """Time every keep/drop method on PATH_CASES; 1 if any two disagree."""
    keeping = (Method.ORDER_STATISTICS, Method.ICEPOOL, Method.STATE_MACHINE)
    header = (
        f"{'expression':30} {'routed to':17}"
        + "".join(f" {m.value:>17}" for m in keeping)
        + f" {'icepool itself':>15}"
    )
    print(header)
    print("-" * len(header))
    mismatches = 0
    for notation, native, skip in PATH_CASES:
        tree = parse(notation)
        route = methods(tree)[-1]
        expected = odds(tree)
        cells = []
        for method in keeping:
            if method in skip or (method is Method.ORDER_STATISTICS and route is not method):
                cells.append("")
                continue
            seconds, result = _cold(functools.partial(odds_by, tree, method), repeat)
            mismatches += result != expected
            cells.append(_format(seconds))
        theirs = ""
        if native is not None:
            seconds, result = _cold(native, repeat)
            mismatches += Distribution.from_icepool(result) != expected
            theirs = _format(seconds)
        print(
            f"{notation:30} {route.value:17}"
            + "".join(f" {cell:>17}" for cell in cells)
            + f" {theirs:>15}",
            flush=True,
        )
    print()
    print("every method gives the same fractions" if not mismatches else "FAIL: methods differ")
    return 1 if mismatches else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (CI)")
    parser.add_argument("--paths", action="store_true", help="time each keep/drop method")
    parser.add_argument(
        "--report-speed",
        action="store_true",
        help="print the speed targets without failing on a miss (wrong fractions still fail)",
    )
    args = parser.parse_args(argv)
    repeat, table_repeat = (15, 1) if args.quick else (101, 3)
    if args.paths:
        print(f"{_cpu_model()}; icepool {icepool.__version__}; cold, best of 3\n")
        return paths_report(3)

    print(
        f"{_cpu_model()}, {os.cpu_count()} CPUs; Python {platform.python_version()}, "
        f"icepool {icepool.__version__}"
    )
    print("times: median (best) of the repetitions; cold = every cache cleared first\n")
    header = (
        f"{'question':34} {'tablekeeper cold':>22} {'icepool cold':>22} {'ratio':>7}"
        f" {'tk warm':>10} {'icepool warm':>12} {'ratio':>7}  target"
    )
    print(header)
    print("-" * len(header))
    failures = mismatches = 0
    for question in questions():
        clear_caches()
        clear_icepool_caches()
        ours, theirs = fractions_of(question.ours()), fractions_of(question.icepool())
        if ours != theirs:
            print(f"{question.name}: the fractions DIFFER from icepool's")
            mismatches += 1
            continue
        n = table_repeat if question.name.startswith("net-success") else repeat
        our_cold, their_cold = timed(question.ours, question.icepool, n, cold=True)
        our_warm, their_warm = timed(question.ours, question.icepool, n, cold=False)
        ratio_cold = statistics.median(their_cold) / statistics.median(our_cold)
        ratio_warm = statistics.median(their_warm) / statistics.median(our_warm)
        passed = ratio_cold >= question.target
        failures += not passed
        print(
            f"{question.name:34}"
            f" {_format(statistics.median(our_cold)):>10} ({_format(min(our_cold)):>9})"
            f" {_format(statistics.median(their_cold)):>10} ({_format(min(their_cold)):>9})"
            f" {ratio_cold:>6.1f}x"
            f" {_format(statistics.median(our_warm)):>10}"
            f" {_format(statistics.median(their_warm)):>12}"
            f" {ratio_warm:>6.1f}x"
            f"  >= {question.target:g}x cold: {'PASS' if passed else 'FAIL'}"
        )
    print()
    if mismatches:
        print(f"FAIL: {mismatches} question(s) gave fractions that differ from icepool's")
    else:
        print("every answer is the same fractions as icepool's")
    print(f"targets: {'FAIL' if failures else 'PASS'}")
    if args.report_speed:
        return 1 if mismatches else 0
    return 1 if failures or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
