"""Idempotency keys: a client retrying a command after a timeout cannot play it twice.

"idempotency keys on command submission so a client retrying after a timeout cannot
apply a command twice (tested with a retry after a killed connection)."
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlparse

import httpx
import pytest

from servers import served_in_thread
from tablekeeper.api.app import create_app
from tablekeeper.rulesets.realtime.encounter import advance

from .helpers import command

NewDatabase = Callable[[str], str]
ADVANCE = {"command": command(advance(1))}


@pytest.fixture
def server(new_database: NewDatabase) -> Iterator[tuple[str, str, str]]:
    """A served app, a campaign's GM secret and one encounter's id."""
    app = create_app(new_database("keys"))
    with served_in_thread(app) as base, httpx.Client(base_url=base) as http:
        made = http.post("/api/campaigns", json={"name": "Keys", "ruleset": "realtime"})
        assert made.status_code == 201, made.text
        campaign = made.json()
        gm = {"Authorization": f"Bearer {campaign['gm_secret']}"}
        started = http.post(
            f"/api/campaigns/{campaign['campaign']['id']}/encounters", json={}, headers=gm
        )
        assert started.status_code == 201, started.text
        yield base, campaign["gm_secret"], started.json()["encounter"]["id"]


def _version(base: str, secret: str, encounter: str) -> int:
    answer = httpx.get(
        f"{base}/api/encounters/{encounter}", headers={"Authorization": f"Bearer {secret}"}
    )
    version: int = answer.json()["encounter"]["version"]
    return version


def _post_and_hang_up(base: str, path: str, body: dict[str, Any], headers: dict[str, str]) -> None:
    """Send a POST and close the connection without reading the answer (a client whose
    request timed out)."""
    where = urlparse(base)
    data = json.dumps(body).encode()
    head = [f"POST {path} HTTP/1.1", f"Host: {where.netloc}", "Content-Type: application/json"]
    head += [f"{name}: {value}" for name, value in headers.items()]
    head.append(f"Content-Length: {len(data)}")
    with socket.create_connection((where.hostname, where.port)) as connection:
        connection.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        connection.shutdown(socket.SHUT_RDWR)


def test_a_retry_after_a_killed_connection_plays_the_command_once(
    server: tuple[str, str, str],
) -> None:
    base, secret, encounter = server
    headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": "k-1"}
    path = f"/api/encounters/{encounter}/commands"
    _post_and_hang_up(base, path, ADVANCE, headers)
    deadline = time.monotonic() + 10
    while _version(base, secret, encounter) == 0 and time.monotonic() < deadline:
        time.sleep(0.05)  # the server may finish the hung-up request, or drop it
    first = _version(base, secret, encounter)
    retried = httpx.post(base + path, json=ADVANCE, headers=headers)
    assert retried.status_code == 200, retried.text
    played = retried.json()
    assert played["encounter"]["version"] == _version(base, secret, encounter) > 0
    assert retried.headers.get("Idempotent-Replayed") == ("true" if first else None)
    again = httpx.post(base + path, json=ADVANCE, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["records"] == played["records"]
    log = httpx.get(
        f"{base}/api/encounters/{encounter}/log", headers={"Authorization": f"Bearer {secret}"}
    ).json()["records"]
    assert len({record["command_id"] for record in log}) == 1  # one command, played once


def test_racing_retries_with_one_key_play_it_once(server: tuple[str, str, str]) -> None:
    base, secret, encounter = server
    headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": "race"}
    answers: list[httpx.Response] = []

    def send() -> None:
        answers.append(
            httpx.post(f"{base}/api/encounters/{encounter}/commands", json=ADVANCE, headers=headers)
        )

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200] * 6
    assert sum(answer.headers.get("Idempotent-Replayed") == "true" for answer in answers) == 5
    assert len({json.dumps(answer.json()["records"]) for answer in answers}) == 1
    assert _version(base, secret, encounter) == len(answers[0].json()["records"])
