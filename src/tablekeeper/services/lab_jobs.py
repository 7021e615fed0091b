"""The console's balance lab runs: a simulation or a sweep played in the background, its
progress read while it plays, its result kept for the charts and the download.

A run is a thread of the server's process (one worker: the trials are played in order
in that thread, so the server needs no process pool of its own); the console polls
:func:`run_of` for its progress. The server's limits (docs/rulings.md, "the balance
lab", B-01..B-04): at most :data:`MAX_CONSOLE_TRIALS` trials a point and
:data:`MAX_CONSOLE_POINTS` points a run, :data:`MAX_RUNNING` runs at once (another is
refused until one ends: 503 in the console), and the latest :data:`KEPT_RUNS` runs kept
in memory only: a restart forgets them (the CLI's ``simulate --save`` keeps a result).

A running simulation can be stopped (:func:`stop`, the console's Stop button): it ends
after the batch of trials it is playing (a chunk: at most 50 trials), marked stopped,
with the result of the trials it played (``stopped``, ``played``, ``planned``: see
:mod:`tablekeeper.analysis.simulation`). The console plays with one worker, the points
one after another: a stopped run has played the first points whole, the next one's first
trials in seed order, and none of the rest. A sweep computes its exact odds at once and
is not stopped.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tablekeeper.analysis.simulation import MAX_TRIALS
from tablekeeper.errors import ConflictError, InvalidInputError, RulesError, UnknownNameError
from tablekeeper.services import lab

MAX_CONSOLE_TRIALS = 2_000
"""The most trials a point the console plays (the CLI goes to ``MAX_TRIALS``)."""

MAX_CONSOLE_POINTS = 25
"""The most grid points one console run plays or sweeps."""

MAX_RUNNING = 1
"""How many runs the server plays at once."""

KEPT_RUNS = 20
"""How many finished runs the server remembers."""

Kind = Literal["simulation", "sweep"]


@dataclass
class LabRun:
    """One run: what was asked, how far it is, and its result or its error."""

    id: str
    kind: Kind
    title: str
    total: int
    done: int = 0
    result: dict[str, Any] | None = None
    error: RulesError | None = None
    finished: bool = False
    asked: Mapping[str, Any] = field(default_factory=dict)
    points: int = 1
    """How many grid points it plays (``total`` is ``points`` times the trials a point)."""
    stopping: bool = False
    """Asked to stop (:func:`stop`): it ends after the batch of trials it plays."""
    stopped: bool = False
    """Ended by :func:`stop` before it played everything: its result is of the trials
    played so far."""

    @property
    def stoppable(self) -> bool:
        """Whether a Stop is offered: a simulation still playing (a sweep is quick)."""
        return self.kind == "simulation" and not self.finished

    @property
    def percent(self) -> int:
        """How much is played, in whole percent."""
        return 100 if self.finished else min(99, self.done * 100 // max(1, self.total))


_runs: OrderedDict[str, LabRun] = OrderedDict()
_lock = threading.Lock()


def run_of(run_id: str) -> LabRun:
    """The run ``run_id``; an unknown (or forgotten) one is an error naming it."""
    with _lock:
        found = _runs.get(run_id)
    if found is None:
        raise UnknownNameError(
            f"no lab run {run_id!r} (the server keeps its latest {KEPT_RUNS} runs)", field="run"
        )
    return found


def running() -> LabRun | None:
    """The run the server plays now, if any (the one a refused run waits for)."""
    with _lock:
        return next((run for run in _runs.values() if not run.finished), None)


def stop(run_id: str) -> LabRun:
    """Ask the run ``run_id`` to stop after the batch of trials it plays; a run already
    ended is left as it is."""
    run = run_of(run_id)
    if run.stoppable:
        run.stopping = True
    return run


def start_simulation(
    scenario: str, *, ruleset: str | None, trials: int, seed: int, vary: Sequence[str]
) -> LabRun:
    """Start simulating ``scenario``: checked first (a bad field is refused at once)."""
    if not 1 <= trials <= MAX_CONSOLE_TRIALS:
        raise InvalidInputError(
            f"trials must be 1 to {MAX_CONSOLE_TRIALS:,} per grid point in the console "
            f"(tablekeeper simulate, in a terminal, plays up to {MAX_TRIALS:,})",
            field="trials",
        )
    if seed < 0:
        raise InvalidInputError("the seed is a number from 0", field="seed")
    # a misspelt field is named before the grid's size, then every point is checked
    lab.check_simulation(scenario, ruleset=ruleset, vary=vary, first_point=True)
    points = _points(vary, "plays")
    lab.check_simulation(scenario, ruleset=ruleset, vary=vary)
    choice = f"{ruleset}/{scenario}" if ruleset else scenario
    asked = {"scenario": choice, "trials": trials, "seed": seed, "vary": list(vary)}

    def play(run: LabRun) -> dict[str, Any]:
        def progress(finished: int) -> None:
            run.done += finished

        return lab.simulate(
            scenario,
            ruleset=ruleset,
            trials=trials,
            seed=seed,
            vary=vary,
            workers=1,
            progress=progress,
            stop=lambda: run.stopping,
        )

    named = lab.scenario_title(ruleset, scenario) if ruleset else scenario
    each = f" at each of {points} points" if points > 1 else ""
    title = f"{named} ({choice}): {trials:,} trials{each}"
    return _start("simulation", title, trials * points, asked, play, points)


def start_sweep(resolver: str, raw_input: Mapping[str, Any], vary: Sequence[str]) -> LabRun:
    """Start sweeping ``resolver``'s exact odds over the grid ``vary`` makes."""
    lab.check_sweep(resolver, raw_input, vary, first_point=True)  # a misspelt field first
    points = _points(vary, "works out")
    lab.check_sweep(resolver, raw_input, vary)  # a refused point is named by its field now
    asked = {"resolver": resolver, "input": dict(raw_input), "vary": list(vary)}

    def play(run: LabRun) -> dict[str, Any]:
        return lab.sweep(resolver, raw_input, vary)

    return _start("sweep", f"{resolver}: exact odds", points, asked, play, points)


def _points(vary: Sequence[str], doing: str) -> int:
    """How many points the grid ``vary`` makes, refused past what the console ``doing``
    ("plays": a simulation's; "works out": a sweep's)."""
    points = len(lab.grid_points(vary))
    if points > MAX_CONSOLE_POINTS:
        raise InvalidInputError(
            f"the grid has {points} points; the console {doing} at most {MAX_CONSOLE_POINTS}",
            field="vary",
        )
    return points


def _start(
    kind: Kind,
    title: str,
    total: int,
    asked: Mapping[str, Any],
    play: Callable[[LabRun], dict[str, Any]],
    points: int,
) -> LabRun:
    with _lock:
        if sum(not r.finished for r in _runs.values()) >= MAX_RUNNING:
            raise ConflictError(
                "the lab is busy with another run: try again when it ends", field="run"
            )
        run = LabRun(secrets.token_urlsafe(8), kind, title, total, asked=asked, points=points)
        _runs[run.id] = run
        while len(_runs) > KEPT_RUNS:
            oldest = next(iter(_runs))
            if not _runs[oldest].finished:
                break
            del _runs[oldest]
    threading.Thread(target=_play, args=(run, play), daemon=True, name=f"lab-{run.id}").start()
    return run


def _play(run: LabRun, play: Callable[[LabRun], dict[str, Any]]) -> None:
    try:
        run.result = play(run)
        run.stopped = bool(run.result.get("stopped"))
    except RulesError as error:
        run.error = error
    finally:
        if run.stopped and run.result is not None:
            run.done = run.result["played"]
        else:
            run.done = run.total
        run.finished = True
