"""Live encounters: a WebSocket per encounter that pushes each committed record, in order.

A committed write is announced as "encounter E is now at version V" (``deps.announce``;
across workers by the :class:`~tablekeeper.persistence.notifications.Broadcaster`). The
:class:`LiveHub` keeps, per encounter, the connected watchers and their shared
:class:`~tablekeeper.api.live_feed.Feed`, and wakes them. A woken connection never
trusts the announcement for content: the feed reads the records after its own version
from the database, once per commit for every watcher of this worker, and each
connection sends what its viewer may see after the last record it covered, in sequence
order, then the encounter's state line. The catch-up at connect (from the client's
``after``) goes through the same feed, so whatever the interleaving there is no gap and
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
from tablekeeper.api.live_feed import Batch, Feed, batch_for
from tablekeeper.errors import (
    AuthenticationError,
    ForbiddenError,
    InvalidInputError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.services.access import Viewer

__all__ = ["Batch", "LiveHub", "Watcher", "build_router", "follow"]

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
    feed: Feed
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
        self._feeds: dict[str, Feed] = {}

    @contextmanager
    def watch(self, encounter_id: str) -> Iterator[Watcher]:
        """Watch an encounter for as long as the block runs (inside an event loop); the
        encounter's feed is shared by its watchers and dropped with the last."""
        with self._lock:
            feed = self._feeds.setdefault(encounter_id, Feed(encounter_id))
            watcher = Watcher(encounter_id, asyncio.get_running_loop(), feed)
            self._watchers.setdefault(encounter_id, set()).add(watcher)
        try:
            yield watcher
        finally:
            with self._lock:
                watchers = self._watchers.get(encounter_id, set())
                watchers.discard(watcher)
                if not watchers:
                    self._watchers.pop(encounter_id, None)
                    self._feeds.pop(encounter_id, None)

    def publish(self, encounter_id: str, version: int) -> None:
        """The encounter is now at ``version``: wake everyone watching it."""
        with self._lock:
            feed = self._feeds.get(encounter_id)
        if feed is not None:
            feed.announce(version)
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
    covered, sent_version, recheck = after, -1, True  # a new connection looks first
    while True:
        # Clear before reading: news committed during the read rings the bell again.
        watcher.changed.clear()
        await watcher.feed.catch_up(lambda: deps.unit_of_work(websocket), recheck=recheck)
        batch = batch_for(watcher.feed, viewer, covered)
        if batch.version != sent_version:
            await _send(websocket, batch.messages())
            sent_version = batch.version
        covered = max(covered, batch.version)
        news = await _news(watcher, leaving)
        if news is None:
            return
        recheck = news == "recheck"


async def _news(watcher: Watcher, leaving: asyncio.Future[None]) -> str | None:
    """Wait for news: the bell (``"bell"``), :data:`RECHECK_SECONDS` without one
    (``"recheck"``: the feed looks at what is stored, so a write whose announcement was
    lost, by a worker that crashed between its commit and its announcement, still
    reaches every client), or the client leaving (``None``)."""
    ringing: asyncio.Future[Any] = asyncio.ensure_future(watcher.changed.wait())
    await asyncio.wait(
        (ringing, leaving), timeout=RECHECK_SECONDS, return_when=asyncio.FIRST_COMPLETED
    )
    if leaving.done():
        ringing.cancel()
        return None
    if ringing.done():
        return "bell"
    ringing.cancel()
    return "recheck"


def build_router() -> APIRouter:
    """The live route: ``/api/encounters/{encounter_id}/live``."""
    router = APIRouter(prefix="/api")
    router.add_api_websocket_route("/encounters/{encounter_id}/live", follow)
    return router
