"""The dice routes, fuzzed against a real server: every answer within 2 s, a result or a
refusal, never a 5xx, and the server's memory (its workers' included) under 1 GB
(issue 11's reliability suite).

The expressions are the issue's (each ran for seconds to minutes, or held gigabytes,
before), then generated ones of large dice, pools, explosions, keeps and sums, sent to
``GET /api/odds``, ``POST /api/rolls`` and ``POST /api/resolve/dice.roll/odds``. The
bounds are this test's own measurements: the time of each answer, and the proportional
memory (PSS) of the server's process and every process it forked, after each answer.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bombs import ISSUE_EXPRESSIONS
from servers import serving

from .processes import alive, children, memory_bytes

ANSWER_SECONDS = 2.0
KILL_SECONDS = 10.0
MEMORY_BYTES = 1 << 30

ISSUE = [
    *ISSUE_EXPRESSIONS,
    "(" * 400 + "1" + ")" * 400,
    "+".join(["1"] * 400),
    "1d6" * 1000,
]

sides = st.sampled_from([2, 6, 10, 20, 100, 1000, 10_000]) | st.integers(2, 10_000)
modifiers = st.sampled_from(
    ["", "!", "!!", "!p", "!>1", "!>=2", ">=4", ">1", "f1", "r1", "ro<3", "mi2", "ma5", "k2"]
)


@st.composite
def terms(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 1000))
    term = f"{count}d{draw(sides)}{draw(modifiers)}"
    if draw(st.booleans()):
        kept = draw(st.integers(1, count))
        term += draw(st.sampled_from(["kh", "kl", "dh", "dl"])) + str(kept)
    return term


@st.composite
def expressions(draw: st.DrawFn) -> str:
    parts = draw(st.lists(terms(), min_size=1, max_size=3))
    if len(parts) > 1 and draw(st.booleans()):
        return "{" + ", ".join(parts) + "}" + draw(st.sampled_from(["kh1", "kl1", ">=10", ""]))
    return draw(st.sampled_from([" + ", " - ", " * "])).join(parts)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    folder = tmp_path_factory.mktemp("fuzz")
    url = f"sqlite:///{folder / 'fuzz.db'}"
    with serving("--database-url", url, log=folder / "server.log") as (base, process):
        yield base, process.pid


def ask(client: httpx.Client, pid: int, expression: str) -> list[str]:
    """Each dice route with ``expression``; what broke a bound, if anything."""
    broken = []
    requests: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", "/api/odds", {"params": {"expr": expression}}),
        ("POST", "/api/rolls", {"json": {"expression": expression}}),
        ("POST", "/api/resolve/dice.roll/odds", {"json": {"input": {"expression": expression}}}),
    ]
    for method, path, options in requests:
        started = time.monotonic()
        answer = client.request(method, path, **options)
        seconds = time.monotonic() - started
        held = memory_bytes(pid)
        if answer.status_code >= 500 or answer.status_code not in (200, 422, 503):
            broken.append(f"{method} {path} {expression!r}: {answer.status_code} {answer.text}")
        if seconds > ANSWER_SECONDS:
            broken.append(f"{method} {path} {expression!r}: {seconds:.2f} s")
        if held > MEMORY_BYTES:
            broken.append(f"{method} {path} {expression!r}: {held >> 20} MB held")
    return broken


def test_the_issues_expressions_are_answered_in_time_and_memory(server: tuple[str, int]) -> None:
    base, pid = server
    with httpx.Client(base_url=base, timeout=30) as client:
        broken = [problem for expression in ISSUE for problem in ask(client, pid, expression)]
    assert broken == []


def test_generated_expressions_are_answered_in_time_and_memory(server: tuple[str, int]) -> None:
    base, pid = server
    broken: list[str] = []
    with httpx.Client(base_url=base, timeout=30) as client:

        @given(expression=expressions())
        @settings(
            max_examples=40,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def answered(expression: str) -> None:
            broken.extend(ask(client, pid, expression))

        answered()
    assert broken == []


def test_odds_stop_when_the_client_goes_away(server: tuple[str, int]) -> None:
    base, pid = server
    with httpx.Client(base_url=base, timeout=30) as client:
        assert client.get("/api/odds", params={"expr": "30d30"}).status_code == 200
        before = children(pid)
        assert before  # the idle workers, one of which takes the next job
        # 100d100's exact odds take about 0.3 s in a warm worker, hardly more than the 0.2 s
        # this client once waited: the job could end before its client was missed (a
        # flaky failure). It leaves at 0.05 s now.
        with pytest.raises(httpx.ReadTimeout):
            client.get("/api/odds", params={"expr": "100d100"}, timeout=0.05)
        # The workers now, the one on the job among them should the pool have started one
        # for it: missing the client and killing the worker takes a tenth of a second.
        during = children(pid)
    watched = before | during
    # A killed worker stays dead, so waiting longer can only let a slow kill be seen.
    deadline = time.monotonic() + KILL_SECONDS
    while all(alive(worker) for worker in watched) and time.monotonic() < deadline:
        time.sleep(0.05)
    # The one that took it was killed, not left to finish (an idle worker lives on).
    assert not all(alive(worker) for worker in watched), (before, during, children(pid))
