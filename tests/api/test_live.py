"""The live WebSocket: every client sees the same records in the same order, a reconnect
resumes without gap or repeat, a player never sees what is hidden from them, and workers
on one PostgreSQL database hear each other's announcements."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tablekeeper.api import live, live_feed
from tablekeeper.api.app import create_app
from tablekeeper.api.live import LiveHub
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings

NewDatabase = Callable[[str], str]
Message = dict[str, Any]


@dataclass
class Table:
    """A running app over a fresh database: one campaign, its GM and one player."""

    app: FastAPI
    client: TestClient
    encounter_id: str
    gm_secret: str
    player_token: str

    def uow(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.app.state.engine)

    def play(self, second: int, *, secret: bool = False, announce: bool = True) -> int:
        """Commit a GM override (setting the clock's second) and announce it."""
        command = set_value("clock.second", second, reason=f"to {second}", secret=secret)
        view = encounters.submit_command(self.uow(), self.encounter_id, command)
        if announce:
            self.app.state.broadcaster.announce(self.encounter_id, view.version)
        return view.version

    def live(self, token: str | None, *, after: int | None = None) -> Any:
        query = [f"{key}={value}" for key, value in (("token", token), ("after", after)) if value]
        path = f"/api/encounters/{self.encounter_id}/live"
        return self.client.websocket_connect(path + ("?" + "&".join(query) if query else ""))


def open_table(url: str) -> Iterator[Table]:
    app = create_app(url)
    with TestClient(app) as client:
        engine = settings.open_database(url)
        app.state.engine = engine

        def uow() -> SqlUnitOfWork:
            return SqlUnitOfWork(engine)

        campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime")
        secret = access.issue_gm_secret(uow(), campaign.id)
        _, token = access.add_player(uow(), campaign.id, "ann", "Ann")
        encounter = encounters.start_encounter(uow(), campaign.id, encounter_id="bridge")
        yield Table(app, client, encounter.encounter.id, secret, token)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from open_table(f"sqlite:///{tmp_path / 'live.db'}")


def receive(socket: WebSocketTestSession, timeout: float = 5.0) -> Message:
    """The next message, or a failure after ``timeout`` (never a hung test)."""

    async def within() -> Any:
        with anyio.fail_after(timeout):
            return await socket._send_rx.receive()

    message = socket.portal.call(within)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    document: Message = json.loads(message["text"])
    return document


def until_version(socket: WebSocketTestSession, version: int) -> list[Message]:
    """Every message up to and including the state message at ``version``."""
    messages: list[Message] = []
    while True:
        message = receive(socket)
        messages.append(message)
        if message["type"] == "state" and message["version"] >= version:
            assert message["version"] == version
            return messages


def records(messages: list[Message]) -> list[Message]:
    return [message for message in messages if message["type"] == "record"]


def sequences(messages: list[Message]) -> list[int]:
    return [message["sequence"] for message in messages if message["type"] == "record"]


def test_a_write_whose_announcement_was_lost_still_reaches_the_client(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "survives restarts and crashes without losing an acknowledged command": a worker
    # that dies between its commit and its announcement
    monkeypatch.setattr(live, "RECHECK_SECONDS", 0.1)
    with table.live(table.gm_secret) as socket:
        assert receive(socket)["version"] == 0
        version = table.play(2, announce=False)
        assert sequences(until_version(socket, version)) == [1]


def test_two_clients_see_the_same_records_in_the_same_order(table: Table) -> None:
    with table.live(table.gm_secret) as first, table.live(table.gm_secret) as second:
        assert receive(first) == {"type": "state", "version": 0, "pending": None}
        assert receive(second) == {"type": "state", "version": 0, "pending": None}
        table.play(2)
        table.play(3, announce=False)  # announced together with the next
        version = table.play(4)
        seen_first = until_version(first, version)
        seen_second = until_version(second, version)
    # How the records are batched between state messages may differ; the records and
    # where each client ends may not.
    assert records(seen_first) == records(seen_second)
    assert seen_first[-1] == seen_second[-1]
    assert sequences(seen_first) == [1, 2, 3]
    record = seen_first[0]["record"]
    assert record["sequence"] == 1
    assert record["payload"]["value"] == 2


def test_a_reconnecting_client_resumes_without_gap_or_repeat(table: Table) -> None:
    with table.live(table.gm_secret) as socket:
        receive(socket)
        version = table.play(2)
        table.play(3)
        first_visit = until_version(socket, version + 1)
    table.play(4)
    table.play(5)
    with table.live(table.gm_secret, after=2) as socket:
        second_visit = until_version(socket, 4)
    assert sequences(first_visit) == [1, 2]
    assert sequences(second_visit) == [3, 4]
    assert second_visit[-1] == {"type": "state", "version": 4, "pending": None}
    with table.live(table.gm_secret, after=4) as socket:
        assert receive(socket) == {"type": "state", "version": 4, "pending": None}


def test_a_client_joining_mid_stream_gets_every_record_once(table: Table) -> None:
    total = 25
    started = threading.Event()

    def play_on() -> None:
        for second in range(1, total + 1):
            table.play(second + 1)
            if second == 5:
                started.set()

    player = threading.Thread(target=play_on)
    player.start()
    started.wait(5)
    with table.live(table.gm_secret) as socket:
        seen = until_version(socket, total)
    player.join()
    assert sequences(seen) == list(range(1, total + 1))


def test_a_player_never_receives_a_gm_only_record(table: Table) -> None:
    with table.live(table.player_token) as player, table.live(table.gm_secret) as gm:
        receive(player)
        receive(gm)
        table.play(2)
        table.play(3, secret=True)
        version = table.play(4)
        seen_by_player = until_version(player, version)
        seen_by_gm = until_version(gm, version)
    assert sequences(seen_by_gm) == [1, 2, 3]
    assert sequences(seen_by_player) == [1, 3]
    assert "to 3" not in json.dumps(seen_by_player)
    with table.live(table.player_token, after=0) as player:
        assert sequences(until_version(player, version)) == [1, 3]


def test_the_token_may_come_as_a_bearer_header(table: Table) -> None:
    path = f"/api/encounters/{table.encounter_id}/live"
    headers = {"Authorization": f"Bearer {table.gm_secret}"}
    with table.client.websocket_connect(path, headers=headers) as socket:
        assert receive(socket)["type"] == "state"


@pytest.mark.parametrize(
    ("token", "after", "encounter", "code", "field"),
    [
        # An encounter the credential does not open is refused as one that does not exist
        # (issue 11: no existence oracle).
        (None, None, "bridge", 4404, "encounter"),
        ("not-a-token", None, "bridge", 4404, "encounter"),
        ("GM", "-1", "bridge", 4422, "after"),
        ("GM", None, "nowhere", 4404, "encounter"),
    ],
)
def test_a_refused_socket_gets_an_error_then_is_closed(
    table: Table, token: str | None, after: str | None, encounter: str, code: int, field: str
) -> None:
    query = {"token": table.gm_secret if token == "GM" else token, "after": after}
    table.encounter_id = encounter
    path = f"/api/encounters/{encounter}/live?" + "&".join(
        f"{key}={value}" for key, value in query.items() if value is not None
    )
    with table.client.websocket_connect(path) as socket:
        error = receive(socket)
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(socket)
    assert error["type"] == "error"
    assert error["error"]["field"] == field
    assert error["error"]["message"]
    assert closed.value.code == code


def test_the_hub_wakes_only_the_encounter_announced() -> None:
    hub = LiveHub()

    async def scenario() -> tuple[bool, bool]:
        with hub.watch("a") as a, hub.watch("b") as b:
            assert hub.watching("a") == 1
            hub.publish("a", 1)
            await anyio.sleep(0.01)
            return a.changed.is_set(), b.changed.is_set()

    # In a thread of its own: Playwright's sync API (the browser tests, same session)
    # keeps an event loop running in the main thread.
    with ThreadPoolExecutor(max_workers=1) as thread:
        assert thread.submit(anyio.run, scenario).result(timeout=10) == (True, False)
    assert hub.watching("a") == 0


def test_workers_on_one_postgres_database_hear_each_other(
    sql_databases: Callable[[str], NewDatabase],
) -> None:
    url = sql_databases("postgresql")("live")
    tables = open_table(url)
    first = next(tables)
    second_app = create_app(url)
    try:
        with TestClient(second_app) as second_client:
            path = f"/api/encounters/{first.encounter_id}/live?token={first.gm_secret}"
            with second_client.websocket_connect(path) as socket:
                receive(socket)
                assert second_app.state.hub.watching(first.encounter_id) == 1
                version = first.play(2)  # committed and announced by the first worker
                seen = until_version(socket, version)
    finally:
        tables.close()
    assert sequences(seen) == [1]


def test_one_read_per_commit_serves_every_watcher(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Live connections: one read per commit, shared by every watcher of that encounter
    # on the worker, each watcher sent only what its role may see."
    reads: list[int] = []
    real = live_feed.logs.log_tail

    def counted(uow: Any, encounter_id: str, *, after: int) -> Any:
        reads.append(after)
        return real(uow, encounter_id, after=after)

    monkeypatch.setattr(live_feed.logs, "log_tail", counted)
    tokens = [table.gm_secret, table.player_token] * 4
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(table.live(token)) for token in tokens]
        for socket in sockets:
            assert receive(socket)["type"] == "state"
        reads.clear()
        for commit in range(3):
            version = table.play(10 + commit, secret=commit == 1)
            seen = [until_version(socket, version) for socket in sockets]
            assert len(reads) == commit + 1  # one read, whoever is watching
        gm_sees, player_sees = sequences(seen[0]), sequences(seen[1])
    assert gm_sees == [3]
    assert player_sees == [3]
    assert reads == [0, 1, 2]  # each a read of the tail only


def test_a_watcher_far_behind_catches_up_from_its_last_record(table: Table) -> None:
    # a slow watcher holds no one back: it reads from the shared log when it is ready
    with table.live(table.gm_secret) as quick, table.live(table.gm_secret) as slow:
        assert receive(quick)["type"] == receive(slow)["type"] == "state"
        versions = [table.play(second) for second in range(2, 12)]
        assert sequences(until_version(quick, versions[-1])) == list(range(1, 11))
        assert sequences(until_version(slow, versions[-1])) == list(range(1, 11))
