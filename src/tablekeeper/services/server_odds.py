"""Exact odds as a server answers them: never more time or memory than it allows.

Anyone may ask a server for odds (``GET /api/odds`` needs no login; every player types
into the dice tray), so each question passes three bounds before it costs anything:

1. the notation is at most ``parse.MAX_LENGTH`` characters (refused unparsed);
2. the cost model (:mod:`tablekeeper.dice.cost`) estimates the work, and the writing
   out of every exact probability, and refuses past :data:`SERVER_LIMITS`;
3. the work runs in a worker process under a hard budget (:mod:`.odds_worker`), killed
   past its time or memory, or when the client goes away.

Only what the cost model calls trivial (:data:`INLINE_SECONDS`) runs in the server's
own thread. Answers are cached by bytes (:data:`CACHE_BYTES`), not by count. A refusal
is :class:`TooCostlyError` (422 on every interface), with a Monte Carlo estimate of the
total when one is cheap to make: "too expensive to compute exactly: simulate instead".
"""

from __future__ import annotations

import math
import pickle
import statistics
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from tablekeeper.dice import cost
from tablekeeper.dice.batch import vectorisable
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.memo import SizedCache
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.syntax import Expression
from tablekeeper.dice.validate import validate
from tablekeeper.errors import OddsTooCostlyError, RulesError
from tablekeeper.services import odds_jobs
from tablekeeper.services.odds_worker import OddsCancelledError, OddsWorkers, OddsWorkersBusyError

R = TypeVar("R")

SERVER_LIMITS = RollLimits(max_odds_seconds=1.0, max_odds_bytes=192 << 20)
"""What a server computes exactly: work estimated at a second at most (the worker's
budget, 1.5 s, is the hard bound around it) and 192 MB (the worker may grow 256 MB)."""

WRITE_SECONDS_PER_BIT = 1e-7
"""Writing one outcome's exact probabilities (a fraction reduced, at least and at most
too) costs about this per bit of the total weight (``100d100``: 9,901 outcomes of 665
bits, 0.6 s)."""

INLINE_SECONDS = 0.005
"""Work estimated below this (and :data:`INLINE_BYTES`) runs in the server's own thread:
``2d6``, ``1d20+5``, ``8d8>=4``, ``4d6kh3``; the worker's round trip would cost more."""

INLINE_BYTES = 16 << 20

CACHE_BYTES = 64 << 20
"""How much memory the cache of answers may hold."""

SIMULATION_SECONDS = 0.8
"""The most a Monte Carlo estimate may take, after a refusal (a worker's first job,
started cold, takes about half a second of it)."""

SIMULATED_FACES = 2_000_000
"""The most dice a vectorised estimate rolls (in NumPy: a fraction of a second) ..."""

SIMULATED_ROLLS = 20_000
"""... and the most dice one roll at a time (explosions, rerolls, groups) rolls."""

SAMPLES = 10_000
"""The rolls an estimate makes at most; fewer than :data:`MIN_SAMPLES` is none."""

MIN_SAMPLES = 200

_answers: SizedCache[tuple[Hashable, Expression], Any] = SizedCache(CACHE_BYTES)


@dataclass(frozen=True, slots=True)
class Simulation:
    """A Monte Carlo estimate of an expression's total: ``samples`` rolls, their mean
    and standard deviation, the lowest and highest seen, and the 5th, 50th and 95th
    percentiles."""

    samples: int
    mean: float
    sd: float
    low: int
    high: int
    percentiles: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of the estimate (the API's ``error.simulation``)."""
        return {
            "samples": self.samples,
            "mean": round(self.mean, 4),
            "sd": round(self.sd, 4),
            "low": self.low,
            "high": self.high,
            "percentiles": dict(self.percentiles),
        }


class TooCostlyError(OddsTooCostlyError):
    """Odds too costly for the server, with a :class:`Simulation` when one was cheap."""

    def __init__(self, message: str, simulation: Simulation | None) -> None:
        super().__init__(message, field="expression")
        self.simulation = simulation


def exact(
    workers: OddsWorkers,
    expression: str,
    job: Callable[[Expression, RollLimits], R],
    *,
    cancelled: Callable[[], bool] = lambda: False,
) -> tuple[str, R]:
    """``job(tree, SERVER_LIMITS)`` for ``expression`` within the server's bounds (see
    the module docstring): its canonical notation and what the job made of its exact
    distribution (a JSON document, a chart). ``job`` is a module-level function, run
    in a worker unless trivial; answers are cached per job.

    Raises what parsing and validating raise, :class:`TooCostlyError`,
    :class:`~.odds_worker.OddsWorkersBusyError` and :class:`~.odds_worker.OddsCancelledError`.
    """
    started = time.monotonic()
    tree = parse(expression)
    canonical = render(tree)
    key = (_name(job), tree)
    answer: R | None = _answers.get(key)
    if answer is not None:
        return canonical, answer
    validate(tree, SERVER_LIMITS)
    what = f"the exact odds of '{canonical}'"
    try:
        estimate = cost.check(tree, SERVER_LIMITS)
        writing = estimate.outcomes * max(estimate.bits, 64) * WRITE_SECONDS_PER_BIT
        if estimate.seconds + writing > SERVER_LIMITS.max_odds_seconds:
            whole = cost.Cost(estimate.seconds + writing, estimate.bytes)
            raise cost.too_costly(canonical, whole, SERVER_LIMITS)
        if estimate.seconds + writing <= INLINE_SECONDS and estimate.bytes <= INLINE_BYTES:
            answer = job(tree, SERVER_LIMITS)
        else:
            answer = workers.run(what, job, tree, SERVER_LIMITS, cancelled=cancelled)
    except OddsTooCostlyError as error:
        left = SIMULATION_SECONDS if time.monotonic() - started < 0.5 else 0.0
        raise TooCostlyError(error.message, simulate(workers, tree, left, cancelled)) from None
    _answers.put(key, answer, len(pickle.dumps(answer)))
    return canonical, answer


def in_worker(
    workers: OddsWorkers,
    what: str,
    job: Callable[..., R],
    *args: Any,
    cancelled: Callable[[], bool] = lambda: False,
) -> R:
    """Any other odds job (a resolver's) in a worker, under the same budget."""
    return workers.run(what, job, *args, cancelled=cancelled)


def simulate(
    workers: OddsWorkers,
    tree: Expression,
    seconds: float,
    cancelled: Callable[[], bool] = lambda: False,
) -> Simulation | None:
    """A Monte Carlo estimate of ``tree``'s total in a worker, when one is cheap (a
    vectorised roll of at most :data:`SIMULATED_FACES` dice in all, or one roll at a
    time of at most :data:`SIMULATED_ROLLS`), in ``seconds`` at most; else ``None``."""
    if seconds <= 0:
        return None
    per_roll = max(1.0, cost.dice_per_roll(tree, SERVER_LIMITS.explode_depth))
    budget = SIMULATED_FACES if vectorisable(tree) else SIMULATED_ROLLS
    samples = min(SAMPLES, int(budget / per_roll))
    if samples < MIN_SAMPLES:
        return None
    try:
        totals = workers.run(
            "a simulation",
            odds_jobs.simulated_totals,
            tree,
            samples,
            None,
            cancelled=cancelled,
            seconds=seconds,
        )
    except (RulesError, OddsWorkersBusyError, OddsCancelledError):
        return None
    return summary(totals)


def summary(totals: list[int]) -> Simulation:
    """The :class:`Simulation` of some rolled totals."""
    ordered = sorted(totals)

    def at(fraction: float) -> int:
        return ordered[min(len(ordered) - 1, math.floor(fraction * len(ordered)))]

    return Simulation(
        samples=len(ordered),
        mean=statistics.fmean(ordered),
        sd=statistics.pstdev(ordered) if len(ordered) > 1 else 0.0,
        low=ordered[0],
        high=ordered[-1],
        percentiles={"5": at(0.05), "50": at(0.5), "95": at(0.95)},
    )


def clear_cache() -> None:
    """Forget every cached answer (tests, benchmarks)."""
    _answers.clear()


def _name(job: Callable[..., Any]) -> str:
    return f"{job.__module__}.{job.__qualname__}"
