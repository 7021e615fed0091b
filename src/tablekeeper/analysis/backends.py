"""Backends: where a simulation's trials are played.

Trials are cut into chunks (a few per worker, so progress moves and a slow chunk does not
hold the rest); each chunk is one call of :func:`~.trials.play_trials`, which needs only
the pickled plan and its seeds. Results are put back in trial order, so the backend and
the number of workers never change the result, only the time it takes. A run may be
stopped between chunks (``stop``): it returns what was played so far. The chunks are
queued point by point, each point's in trial order, so with one worker a stopped run
has played the first points whole, the next one's first trials, and none of the rest.

- ``local``: a process pool of ``workers`` processes (the machine's cores by default);
  with one worker, this process plays every trial itself (no pool to start).
- ``dask``: a ``distributed`` cluster: the scheduler at ``scheduler`` (``tcp://host:8786``)
  or, without one, a ``LocalCluster`` of ``workers`` started for the run. Install
  ``dask[distributed]`` on every worker with the same Tablekeeper and rulesets.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Literal

from tablekeeper.analysis.trials import Trial, TrialPlan, play_trials
from tablekeeper.errors import InvalidInputError

BackendName = Literal["local", "dask"]
BACKENDS: tuple[BackendName, ...] = ("local", "dask")

Progress = Callable[[int], None]
"""Called with the number of trials a chunk just finished."""

Stop = Callable[[], bool]
"""Asked after each chunk whether to play no more: true ends the run with the chunks
played so far (the rest are not started; on a pool or a cluster, the chunks already
playing are let go)."""

CHUNKS_PER_WORKER = 4

MAX_CHUNK = 50
"""The most trials of one chunk: progress moves at least every 50 trials (a tactical
skirmish plays a few trials a second), even with one worker."""

CONNECT_SECONDS = 20
"""How long to wait for a Dask scheduler to answer before giving up."""


@dataclass(frozen=True)
class Chunk:
    """Trials ``first``.. of ``plan``, one per seed; ``point`` says which variation."""

    point: int
    plan: TrialPlan
    first: int
    seeds: tuple[int, ...]


def chunks(plans: Sequence[TrialPlan], seeds: Sequence[int], workers: int) -> list[Chunk]:
    """Every plan's trials, cut so that each worker gets a few chunks of each."""
    size = max(1, min(MAX_CHUNK, len(seeds) // max(1, workers * CHUNKS_PER_WORKER)))
    return [
        Chunk(point, plan, first, tuple(seeds[first : first + size]))
        for point, plan in enumerate(plans)
        for first in range(0, len(seeds), size)
    ]


def default_workers() -> int:
    """The machine's cores."""
    return os.cpu_count() or 1


def _play(chunk: Chunk) -> tuple[int, list[Trial]]:
    return chunk.point, play_trials(chunk.plan, chunk.first, chunk.seeds)


def run_chunks(
    work: Sequence[Chunk],
    *,
    backend: BackendName = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
) -> list[list[Trial]]:
    """Play every chunk on ``backend``; each point's trials, in trial order (stopped by
    ``stop``: those played, which need not be each point's first ones on a pool)."""
    if backend not in BACKENDS:
        raise InvalidInputError(
            f"no backend {backend!r}: choose {', '.join(BACKENDS)}", field="backend"
        )
    if workers is not None and workers < 1:
        raise InvalidInputError("at least one worker", field="workers")
    if scheduler is not None and backend != "dask":
        raise InvalidInputError("a scheduler address is for --backend dask", field="scheduler")
    count = workers or default_workers()
    done = (
        _dask(work, count, scheduler, progress, stop)
        if backend == "dask"
        else _local(work, count, progress, stop)
    )
    points = 1 + max((chunk.point for chunk in work), default=-1)
    found: list[list[Trial]] = [[] for _ in range(points)]
    for point, trials in done:
        found[point].extend(trials)
    for trials in found:
        trials.sort(key=lambda trial: trial.index)
    return found


def _local(
    work: Sequence[Chunk], workers: int, progress: Progress | None, stop: Stop | None
) -> list[tuple[int, list[Trial]]]:
    done = []
    if workers == 1 or len(work) == 1:
        for chunk in work:
            done.append(_play(chunk))
            if progress is not None:
                progress(len(chunk.seeds))
            if stop is not None and stop():
                break
        return done
    with ProcessPoolExecutor(max_workers=min(workers, len(work))) as pool:
        futures = [pool.submit(_play, chunk) for chunk in work]
        for future in as_completed(futures):
            point, trials = future.result()
            done.append((point, trials))
            if progress is not None:
                progress(len(trials))
            if stop is not None and stop():
                pool.shutdown(wait=False, cancel_futures=True)
                break
    return done


def _dask(
    work: Sequence[Chunk],
    workers: int,
    scheduler: str | None,
    progress: Progress | None,
    stop: Stop | None,
) -> list[tuple[int, list[Trial]]]:
    try:
        import distributed as found
    except ImportError:  # pragma: no cover (dask is a dependency)
        raise InvalidInputError(
            "the dask backend needs dask[distributed] installed", field="backend"
        ) from None
    distributed: Any = found  # untyped: the calls below are checked by the tests
    cluster: Any = None
    client: Any
    if scheduler is None:
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=workers > 1, dashboard_address=":0"
        )
        client = distributed.Client(cluster)
    else:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_SECONDS)
        except OSError as error:
            raise InvalidInputError(
                f"cannot reach the Dask scheduler at {scheduler}: {error}", field="scheduler"
            ) from None
    try:
        futures = client.map(_play, list(work), pure=False)
        done = []
        for future in distributed.as_completed(futures):
            point, trials = future.result()
            done.append((point, trials))
            if progress is not None:
                progress(len(trials))
            if stop is not None and stop():
                client.cancel(futures)
                break
        return done
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
