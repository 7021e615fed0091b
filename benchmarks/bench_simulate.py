"""Encounter simulations per second for each shipped scenario: the fast paths against the
reference path, measured in the same run.

Each scenario is played to its end as ``tablekeeper simulate`` plays a trial
(``analysis.trials.play_trials``: the script when due, each decision answered by the
ruleset's ``policy()``, else ``ScenarioRun.next_command``) with seeds 1, 2, 3..., one
core, timed in CPU seconds (best of alternated runs), in chunks as a ``simulate`` worker
plays them: up to ``backends.MAX_CHUNK`` trials per call, each chunk with its plan sent
afresh (a pickled copy, as a process pool sends it, so what a plan keeps, its parsed
scenario and its start, is made once per chunk). The reference is the same loop
inside ``engine.fast_paths.reference()`` (every value validated, every event folded by
the session, no memo: the code as it was before the fast paths), so the ratio is the fast
paths' own gain on this machine, whatever its load. The issue's target is 10x; the script
prints each ratio and exits 1 when one is under ``--target``, unless ``--report-speed``.
Both paths must reach the same results (checked: a difference always fails). Realtime's
and tactical's fast paths remember the steps trials played before (``engine/step_memory.py``),
so their first measure also fills those memories, as the first few hundred trials of a
``simulate`` run do; the later repeats, and a long run, play warm (``--quick`` measures
once, 0.3 s, and so reports them lower).

Run: ``.venv/bin/python benchmarks/bench_simulate.py [--quick] [--report-speed]``.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time

from tablekeeper.analysis.backends import MAX_CHUNK
from tablekeeper.analysis.trials import RESTARTS_FROM, Trial, TrialPlan, play_trials
from tablekeeper.engine import fast_paths
from tablekeeper.services import lab

TARGET_RATIO = 10.0


def rate(plan: TrialPlan, seconds: float) -> tuple[float, list[Trial]]:
    """Encounters per second of CPU time over about ``seconds`` (CPU time, not the wall
    clock: the machine is shared), and the trials played, seeds 1, 2, 3..., in chunks
    as the module docstring says: each chunk as long as the time left allows at the rate
    measured so far, from ``RESTARTS_FROM`` (the fewest a call restarts from one start)
    to ``MAX_CHUNK`` trials."""
    played: list[Trial] = []
    sent = pickle.dumps(plan)
    size = RESTARTS_FROM
    start = time.process_time()
    while time.process_time() - start < seconds or not played:
        first = len(played)
        played.extend(play_trials(pickle.loads(sent), first, range(first + 1, first + size + 1)))
        spent = time.process_time() - start
        fit = int((seconds - spent) * len(played) / spent) if spent > 0 else MAX_CHUNK
        size = max(RESTARTS_FROM, min(MAX_CHUNK, fit))
    return len(played) / (time.process_time() - start), played


def rates(plan: TrialPlan, seconds: float, repeats: int) -> tuple[float, float, bool]:
    """The best reference and fast rates of ``repeats`` alternated runs, and whether both
    paths played the same trials."""
    slow = fast = 0.0
    same = True
    for _ in range(repeats):
        with fast_paths.reference():
            reference_rate, reference_trials = rate(plan, seconds)
        fast_rate, fast_trials = rate(plan, seconds)
        common = min(len(reference_trials), len(fast_trials))
        same = same and reference_trials[:common] == fast_trials[:common]
        slow, fast = max(slow, reference_rate), max(fast, fast_rate)
    return slow, fast, same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="0.3 s of CPU per measure, 1 repeat")
    parser.add_argument("--report-speed", action="store_true", help="report, never fail")
    parser.add_argument("--target", type=float, default=TARGET_RATIO)
    args = parser.parse_args()
    seconds, repeats = (0.3, 1) if args.quick else (2.0, 3)
    print(f"{'scenario':32} {'reference/s':>12} {'fast/s':>10} {'ratio':>7}")
    short = []
    for ruleset, name in lab.shipped_scenarios():
        source = lab.scenario_source(name, ruleset=ruleset)
        plan = TrialPlan(ruleset, source.data, source.source)
        slow, fast, same = rates(plan, seconds, repeats)
        if not same:
            print(f"{ruleset}/{name}: the fast path's trials differ from the reference's")
            return 1
        ratio = fast / slow
        print(f"{ruleset + '/' + name:32} {slow:12.1f} {fast:10.1f} {ratio:6.2f}x")
        if ratio < args.target:
            short.append(f"{ruleset}/{name} {ratio:.2f}x")
    if short:
        print(f"under the {args.target:g}x target: {', '.join(short)}")
        if not args.report_speed:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
