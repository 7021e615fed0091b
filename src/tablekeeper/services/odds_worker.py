"""Exact odds under a hard budget: worker processes, killed past their time or memory.

The cost model (:mod:`tablekeeper.dice.cost`) refuses what it estimates too costly
before any work starts, but an estimate is an estimate. So a server never computes
odds in its own process (but the trivial, see :mod:`.server_odds`): :class:`OddsWorkers`
sends each job to one of a few worker processes and waits at most
:attr:`Budget.seconds` for the answer. A worker whose job ran out of time, or whose
caller gave up (the client went away), is killed (``SIGKILL``) and replaced; the job is
answered with :class:`~tablekeeper.errors.OddsTooCostlyError`.

Each worker runs under an address-space limit (``RLIMIT_AS``) of its own size plus
:attr:`Budget.memory_bytes`, so a job that would grow past it gets a ``MemoryError``
(answered alike) instead of the machine's memory, and under a CPU-time limit
(``RLIMIT_CPU``) of a few budgets per job, so that even a worker whose server died
mid-job stops by itself. Workers are forked from the server (a new one is ready in
milliseconds, with every module loaded); a worker closes the server's files and
sockets it inherited, leaves the server's signal handlers, and uses no lock the
server's threads may have held at the fork (it computes without the caches).

A job is a module-level function and its arguments (both pickled to the worker, so
the function is found by name there); what it returns comes back pickled, and a
:class:`~tablekeeper.errors.RulesError` it raises is raised again here, unchanged.
When every worker is busy past the budget, :class:`OddsWorkersBusyError` says so (the API
answers 503, to try again).
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import queue
import resource
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from tablekeeper.errors import OddsTooCostlyError, RulesError

T = TypeVar("T")

POLL_SECONDS = 0.02
"""How often a waiting caller looks whether its client went away."""

WARM_ODDS_VARIABLE = "TABLEKEEPER_WARM_ODDS"
"""Set to 1 (``tablekeeper serve`` and ``console`` do) for an app to start its workers with
the server (:meth:`OddsWorkers.warm`) rather than on the first question."""

CPU_SECONDS_PER_JOB = 10
"""The CPU time one job may use before the kernel stops its worker (``SIGXCPU``): the
backstop when no server is left to kill it."""


@dataclass(frozen=True, slots=True)
class Budget:
    """What one job may take: ``seconds`` of wall-clock time (waiting for a free worker
    included) and ``memory_bytes`` of address space beyond the worker's own; and how
    many ``workers`` run jobs at once."""

    seconds: float = 1.5
    memory_bytes: int = 256 << 20
    workers: int = 2


class OddsWorkersBusyError(Exception):
    """Every worker stayed busy for the whole budget: try again in a moment."""


class OddsCancelledError(Exception):
    """The caller gave up on the job (its client went away); the worker was killed."""


class _Worker:
    def __init__(self, context: Any, memory_bytes: int) -> None:
        parent, child = context.Pipe()
        self.connection: Connection = parent
        self.process: BaseProcess = context.Process(
            target=_serve,
            args=(child, memory_bytes),
            daemon=True,
            name="tablekeeper-odds",
        )
        self.process.start()
        child.close()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.connection.close()


class OddsWorkers:
    """A few worker processes that run odds jobs under :class:`Budget` (started when
    first needed; :meth:`close` stops them)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._running = 0
        self._closed = False
        self._context: Any = None

    def run(
        self,
        what: str,
        job: Callable[..., T],
        *args: Any,
        cancelled: Callable[[], bool] = lambda: False,
        seconds: float | None = None,
    ) -> T:
        """``job(*args)`` in a worker, within the budget (``seconds``: a shorter time).
        ``what`` names the job in the refusal (``the exact odds of '1d1000!>1'``);
        ``cancelled`` is asked every :data:`POLL_SECONDS` whether the caller still wants
        the answer.

        Raises :class:`~tablekeeper.errors.OddsTooCostlyError` past the time or memory,
        :class:`OddsCancelledError` when ``cancelled()`` says so, :class:`OddsWorkersBusyError`
        when no worker came free in time, and what the job itself raised."""
        allowed = self.budget.seconds if seconds is None else min(seconds, self.budget.seconds)
        deadline = time.monotonic() + allowed
        worker = self._acquire(deadline, allowed, cancelled)
        reusable = False
        try:
            worker.connection.send((job, args))
            while not worker.connection.poll(POLL_SECONDS):
                if cancelled():
                    raise OddsCancelledError(what)
                if time.monotonic() > deadline:
                    raise OddsTooCostlyError(
                        f"{what} took longer than the {allowed:g} s the server "
                        "allows: too expensive to compute exactly, simulate instead",
                        field="expression",
                    )
                if not worker.process.is_alive():
                    break
            try:
                tag, value = worker.connection.recv()
            except (EOFError, OSError):
                tag, value = "memory", None  # died: the kernel's OOM killer, or a crash
            if tag == "memory":
                raise OddsTooCostlyError(
                    f"{what} needed more than the {self.budget.memory_bytes >> 20} MB of "
                    "memory the server allows: too expensive to compute exactly, "
                    "simulate instead",
                    field="expression",
                )
            reusable = True
            if tag == "error":
                raise _rebuilt(value)
            result: T = value
            return result
        finally:
            self._release(worker, reusable)

    def warm(self) -> None:
        """Start every worker now, in the background, each running a first small job (a
        forked worker's first job pays for the pages it copies from the server): what a
        server does when it starts, so that no request waits for it."""

        def start() -> None:
            with contextlib.suppress(Exception):
                for _ in range(self.budget.workers):
                    self.run("a first job", _first_job, seconds=30.0)

        threading.Thread(target=start, daemon=True, name="tablekeeper-odds-warm").start()

    def close(self) -> None:
        """Stop every worker (a job running now is killed)."""
        with self._lock:
            self._closed = True
        while True:
            try:
                self._idle.get_nowait().kill()
            except queue.Empty:
                break

    def _acquire(self, deadline: float, allowed: float, cancelled: Callable[[], bool]) -> _Worker:
        while True:
            try:
                return self._idle.get_nowait()
            except queue.Empty:
                pass
            with self._lock:
                if self._closed:
                    raise OddsWorkersBusyError("the server is shutting down")
                if self._running < self.budget.workers:
                    self._running += 1
                    break
            if cancelled():
                raise OddsCancelledError("waiting for a worker")
            if time.monotonic() > deadline:
                raise OddsWorkersBusyError(
                    f"all {self.budget.workers} odds workers stayed busy for "
                    f"{allowed:g} s: try again in a moment"
                )
            try:
                return self._idle.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
        try:
            return _Worker(self._process_context(), self.budget.memory_bytes)
        except BaseException:
            with self._lock:
                self._running -= 1
            raise

    def _release(self, worker: _Worker, reusable: bool) -> None:
        if reusable and not self._closed:
            self._idle.put(worker)
            return
        worker.kill()
        with self._lock:
            self._running -= 1

    def _process_context(self) -> Any:
        if self._context is None:
            # The odds modules are loaded before the first fork, so no worker imports them.
            from tablekeeper.services import odds_jobs  # noqa: F401

            self._context = multiprocessing.get_context("fork")
        return self._context


def _first_job() -> int:
    """Touch what every job uses: a vectorised roll and a small exact distribution."""
    from tablekeeper.services import odds_jobs

    return len(odds_jobs.simulated_totals(odds_jobs.parse_tree("4d6kh3 + 2d10!"), 100, 1))


def _serve(connection: Connection, memory_bytes: int) -> None:
    """A worker: run each job sent, send back ``("ok", result)``, ``("error", error)``
    for a :class:`RulesError`, or ``("memory", None)`` (and stop) when it ran out."""
    _leave_the_server(connection.fileno())
    _limit_memory(memory_bytes)
    from tablekeeper.dice.odds import clear_caches

    while True:
        try:
            job, args = connection.recv()
        except (EOFError, OSError):
            return
        used = resource.getrusage(resource.RUSAGE_SELF)
        spent = math.ceil(used.ru_utime + used.ru_stime)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        resource.setrlimit(resource.RLIMIT_CPU, (spent + CPU_SECONDS_PER_JOB, hard))
        try:
            answer: tuple[str, Any] = ("ok", job(*args))
        except RulesError as error:
            # Sent as its class and state: not every error's __init__ takes its args back.
            answer = ("error", (type(error), error.args, dict(vars(error))))
        except MemoryError:
            answer = ("memory", None)
        finally:
            clear_caches()  # the caller keeps the results; keep the worker small
        try:
            connection.send(answer)
        except MemoryError:
            answer = ("memory", None)
            connection.send(answer)
        if answer[0] == "memory":
            return


def _rebuilt(sent: tuple[type[RulesError], tuple[Any, ...], dict[str, Any]]) -> RulesError:
    """The error a worker's job raised, rebuilt from its class and state."""
    kind, args, state = sent
    error = kind.__new__(kind)
    error.args = args
    vars(error).update(state)
    return error


def _leave_the_server(keep: int) -> None:
    """Close what the fork inherited from the server (its sockets, its database files,
    the other end of this worker's pipe) and give SIGINT and SIGTERM back their default
    actions: a worker must not keep a port open after its server died."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for name in os.listdir("/proc/self/fd"):
        descriptor = int(name)
        if descriptor > 2 and descriptor != keep:
            with contextlib.suppress(OSError):
                os.close(descriptor)


def _limit_memory(extra: int) -> None:
    """Let this process's address space grow by ``extra`` bytes at most."""
    page = os.sysconf("SC_PAGE_SIZE")
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * page
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + extra
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
