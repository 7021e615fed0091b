"""The hard budget around exact odds (``services/odds_worker.py``, ``services/server_odds.py``):
a worker that runs out of time or memory, or whose caller gave up, is killed and replaced;
and what the server answers for an expression too costly to compute.

No assertion here is a timing: the budget is what the worker is killed at, and a test
only checks that a job past it was refused and its worker gone (its process no longer
alive), not how long that took (``tests/reliability`` bounds the answers' times).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest

from tablekeeper.errors import DiceSyntaxError, OddsTooCostlyError
from tablekeeper.services import odds_jobs, server_odds
from tablekeeper.services.odds_worker import (
    Budget,
    OddsCancelledError,
    OddsWorkers,
    OddsWorkersBusyError,
)


def forever() -> int:
    """A job that never ends."""
    while True:
        time.sleep(0.01)


def hungry() -> int:
    """A job that wants 2 GB."""
    blocks = [bytearray(64 << 20) for _ in range(32)]
    return len(blocks)


def pid() -> int:
    return os.getpid()


def refuse() -> int:
    raise DiceSyntaxError("expected a die", expression="4d", position=2)


@pytest.fixture
def workers() -> Iterator[OddsWorkers]:
    pool = OddsWorkers(Budget(seconds=1.0, memory_bytes=128 << 20, workers=1))
    yield pool
    pool.close()


def alive(process_id: int) -> bool:
    try:
        os.kill(process_id, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead too
        with open(f"/proc/{process_id}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_job_past_its_time_is_refused_and_its_worker_killed(workers: OddsWorkers) -> None:
    first = workers.run("a pid", pid)
    with pytest.raises(OddsTooCostlyError, match="took longer than the 1 s the server allows"):
        workers.run("the exact odds of 'forever'", forever)
    assert not alive(first)
    assert workers.run("a pid", pid) != first  # a fresh worker took its place


def test_a_job_past_its_memory_is_refused(workers: OddsWorkers) -> None:
    with pytest.raises(OddsTooCostlyError, match="more than the 128 MB of memory"):
        workers.run("the exact odds of 'hungry'", hungry)
    assert workers.run("a pid", pid) > 0


def test_a_job_whose_caller_gave_up_is_killed(workers: OddsWorkers) -> None:
    first = workers.run("a pid", pid)
    gave_up = threading.Event()
    threading.Timer(0.2, gave_up.set).start()
    with pytest.raises(OddsCancelledError):
        workers.run("the exact odds of 'forever'", forever, cancelled=gave_up.is_set)
    assert not alive(first)


def test_the_jobs_own_refusal_comes_back_as_it_was(workers: OddsWorkers) -> None:
    with pytest.raises(DiceSyntaxError) as refused:
        workers.run("a refusal", refuse)
    assert (refused.value.field, refused.value.position) == ("expression", 2)
    assert workers.run("a pid", pid) > 0  # the worker lives on


def occupy(pool: OddsWorkers) -> None:
    """Keep the pool's one worker busy until it is killed."""
    with pytest.raises(OddsTooCostlyError):
        pool.run("forever", forever)


def test_every_worker_busy_for_the_whole_budget_says_so() -> None:
    pool = OddsWorkers(Budget(seconds=1.0, workers=1))
    try:
        busy = threading.Thread(target=occupy, args=(pool,))
        busy.start()
        time.sleep(0.1)
        with pytest.raises(OddsWorkersBusyError, match="busy"):
            pool.run("a pid", pid, seconds=0.2)  # gives up long before the other is killed
        busy.join()
    finally:
        pool.close()


def test_a_worker_holds_none_of_the_servers_files() -> None:
    pool = OddsWorkers()
    try:
        with open(__file__) as held:  # the server's file: not the worker's
            worker = pool.run("a pid", pid)
            descriptors = {int(n) for n in os.listdir(f"/proc/{worker}/fd")}
            assert held.fileno() not in descriptors or held.fileno() <= 2
    finally:
        pool.close()


def test_the_server_answers_odds_in_a_worker_and_caches_them() -> None:
    pool = OddsWorkers()
    try:
        server_odds.clear_cache()
        canonical, document = server_odds.exact(pool, "100d6 + 5", odds_jobs.odds_json)
        assert canonical == "100d6 + 5"
        assert b'"expression":"100d6 + 5"' in document
        again = server_odds.exact(pool, "100d6+5", odds_jobs.odds_json)[1]
        assert again is document  # from the cache
    finally:
        pool.close()


@pytest.mark.parametrize(
    ("expression", "simulated"),
    [
        ("1000d1000!>1", False),  # 11,000 dice a roll, one roll at a time: not cheap
        ("1000d1000kh500", True),
        ("100d1000kh50", True),
        ("1000d6", True),  # cheap to compute, but 21 MB of exact fractions to write
    ],
)
def test_too_costly_odds_say_so_with_an_estimate_where_cheap(
    expression: str, simulated: bool
) -> None:
    pool = OddsWorkers()
    try:
        with pytest.raises(server_odds.TooCostlyError, match="simulate instead") as refused:
            server_odds.exact(pool, expression, odds_jobs.odds_json)
        estimate = refused.value.simulation
        assert (estimate is not None) == simulated
        if estimate is not None:
            assert estimate.samples >= server_odds.MIN_SAMPLES
            assert estimate.low <= estimate.percentiles["50"] <= estimate.high
    finally:
        pool.close()
