"""Live encounters: a WebSocket per encounter that pushes each committed record, in order.

A committed write is announced as "encounter E is now at version V" (``deps.announce``;
across workers by the :class:`~tablekeeper.persistence.notifications.Broadcaster`). The
:class:`LiveHub` keeps, per encounter, the connected watchers and wakes them. A woken
connection never trusts the announcement for content: it reads the records after the
last one it covered from the database, filtered for its viewer, sends them in sequence
order and then the encounter's state line. The catch-up at connect (from the client's
``after``) goes through the same read, so whatever the interleaving there is no gap and
no repeat, and a client reconnecting with ``after=N`` gets record N+1 onwards.

Messages, as JSON text::

    {"type": "record", "sequence": 7, "record": {...}}   one per record the viewer may see
    {"type": "state", "version": 7, "pending": {...} | null}   after each batch
    {"type": "error", "error": {"field": ..., "message": ...}}   then the socket closes
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from tablekeeper.api import deps
from tablekeeper.api.errors import rules_error_body
from tablekeeper.engine.values import JsonObject
from tablekeeper.errors import (
    AuthenticationError,
    ForbiddenError,
    InvalidInputError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import encounters, logs, views
from tablekeeper.services.access import Viewer

CLOSE_CODES: tuple[tuple[type[RulesError], int], ...] = (
    (AuthenticationError, 4401),
    (ForbiddenError, 4403),
    (UnknownNameError, 4404),
    (InvalidInputError, 4422),
)
"""The WebSocket close code for each refusal (4000 + the HTTP status); 4400 otherwise."""

RECHECK_SECONDS = 5.0
"""How long a live connection waits for an announcement before it looks at the stored
version itself."""


@dataclass(eq=False)
class Watcher:
    """One live connection's doorbell: set when its encounter may have news."""

    encounter_id: str
    loop: asyncio.AbstractEventLoop
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def wake(self) -> None:
        """Ring the bell, from any thread."""
        with suppress(RuntimeError):  # the connection's loop has already closed
            self.loop.call_soon_threadsafe(self.changed.set)


class LiveHub:
    """Who is watching each encounter in this process, and waking them on news.

    :meth:`publish` is thread-safe: a broadcaster's listener thread or a route in the
    thread pool may call it; each watcher is woken on its own event loop.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watchers: dict[str, set[Watcher]] = {}

    @contextmanager
    def watch(self, encounter_id: str) -> Iterator[Watcher]:
        """Watch an encounter for as long as the block runs (inside an event loop)."""
        watcher = Watcher(encounter_id, asyncio.get_running_loop())
        with self._lock:
            self._watchers.setdefault(encounter_id, set()).add(watcher)
        try:
            yield watcher
        finally:
            with self._lock:
                watchers = self._watchers.get(encounter_id, set())
                watchers.discard(watcher)
                if not watchers:
                    self._watchers.pop(encounter_id, None)

    def publish(self, encounter_id: str, version: int) -> None:
        """The encounter is now at ``version``: wake everyone watching it."""
        for watcher in self._snapshot(encounter_id):
            watcher.wake()

    def publish_all(self) -> None:
        """Wake every watcher (announcements may have been missed: they re-read)."""
        for watcher in self._snapshot(None):
            watcher.wake()

    def watching(self, encounter_id: str) -> int:
        """How many connections watch the encounter now."""
        return len(self._snapshot(encounter_id))

    def _snapshot(self, encounter_id: str | None) -> list[Watcher]:
        with self._lock:
            if encounter_id is None:
                return [w for watchers in self._watchers.values() for w in watchers]
            return list(self._watchers.get(encounter_id, ()))


@dataclass(frozen=True)
class Batch:
    """What a viewer is shown of an encounter at one read: the records after what they
    had (none past ``version``, as JSON filtered for them), the version and the pending
    decision."""

    records: tuple[JsonObject, ...]
    version: int
    pending: dict[str, Any] | None

    def messages(self) -> Iterator[dict[str, Any]]:
        """The record messages, then the state message."""
        for record in self.records:
            yield {"type": "record", "sequence": record["sequence"], "record": record}
        yield {"type": "state", "version": self.version, "pending": self.pending}


def read_batch(uow: UnitOfWork, encounter_id: str, viewer: Viewer, after: int) -> Batch:
    """The viewer's batch after record ``after``: the version, the records and the pending
    decision read in one transaction (no rules run), so every record sent is covered by
    the version sent; a record committed after that read waits for its own announcement."""
    update = logs.log_update(uow, encounter_id, viewer=viewer, after=after)
    records = tuple(views.records_json(update.records, viewer))
    return Batch(records, update.version, views.pending_for(update.pending, viewer))


def _after(websocket: WebSocket) -> int:
    raw = websocket.query_params.get("after", "0")
    if not raw.isdigit():
        raise InvalidInputError(f"must be a whole number at least 0, not {raw!r}", field="after")
    return int(raw)


def _close_code(error: RulesError) -> int:
    for kind, code in CLOSE_CODES:
        if isinstance(error, kind):
            return code
    return 4400


async def _refuse(websocket: WebSocket, error: RulesError) -> None:
    with suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json({"type": "error", **rules_error_body(error)})
        await websocket.close(code=_close_code(error), reason=error.message[:120])


async def _until_disconnect(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return


async def _send(websocket: WebSocket, messages: Sequence[dict[str, Any]]) -> None:
    for message in messages:
        await websocket.send_json(message)


async def follow(websocket: WebSocket, encounter_id: str) -> None:
    """Serve one live connection: authenticate, catch up from ``after``, then follow."""
    await websocket.accept()
    hub: LiveHub = websocket.app.state.hub
    try:
        after = _after(websocket)
        viewer = await run_in_threadpool(deps.viewer_for_encounter, websocket, encounter_id)
    except RulesError as error:
        await _refuse(websocket, error)
        return
    with hub.watch(encounter_id) as watcher:
        leaving = asyncio.ensure_future(_until_disconnect(websocket))
        try:
            await _follow(websocket, encounter_id, viewer, after, watcher, leaving)
        except RulesError as error:
            await _refuse(websocket, error)
        except (WebSocketDisconnect, OSError):
            pass  # the client went while we were sending
        finally:
            leaving.cancel()


async def _follow(
    websocket: WebSocket,
    encounter_id: str,
    viewer: Viewer,
    after: int,
    watcher: Watcher,
    leaving: asyncio.Future[None],
) -> None:
    covered, sent_version = after, -1
    while True:
        # Clear before reading: news committed during the read rings the bell again.
        watcher.changed.clear()
        uow = deps.unit_of_work(websocket)
        batch = await run_in_threadpool(read_batch, uow, encounter_id, viewer, covered)
        if batch.version != sent_version:
            await _send(websocket, list(batch.messages()))
            sent_version = batch.version
        covered = max(covered, batch.version)
        if not await _news(websocket, encounter_id, watcher, leaving, sent_version):
            return


async def _news(
    websocket: WebSocket,
    encounter_id: str,
    watcher: Watcher,
    leaving: asyncio.Future[None],
    version: int,
) -> bool:
    """Wait for news: the bell (True), or the client leaving (False). Every
    :data:`RECHECK_SECONDS` without a bell, the stored version is looked at (cheaply, no
    fold), so a write whose announcement was lost (a worker that crashed between its
    commit and its announcement) still reaches every client."""
    while True:
        ringing: asyncio.Future[Any] = asyncio.ensure_future(watcher.changed.wait())
        await asyncio.wait(
            (ringing, leaving), timeout=RECHECK_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if leaving.done():
            ringing.cancel()
            return False
        if ringing.done():
            return True
        ringing.cancel()
        uow = deps.unit_of_work(websocket)
        stored = await run_in_threadpool(encounters.get_encounter, uow, encounter_id)
        if stored.version != version:
            return True


def build_router() -> APIRouter:
    """The live route: ``/api/encounters/{encounter_id}/live``."""
    router = APIRouter(prefix="/api")
    router.add_api_websocket_route("/encounters/{encounter_id}/live", follow)
    return router
