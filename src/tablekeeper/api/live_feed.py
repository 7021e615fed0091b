"""One encounter's live feed in this worker: one read per commit, shared by its watchers.

The :class:`~tablekeeper.api.live.LiveHub` keeps a :class:`Feed` per watched encounter.
An announcement ("encounter E is now at version V") raises the feed's ``announced``; the
first watcher woken reads the records after the feed's version (a tail read, in the
thread pool, under the feed's lock) while the others wait on the lock without a thread,
then each takes from the shared log what its viewer may see after its own last record
(:func:`batch_for`). A watcher that is slow to send only falls behind on its own: it
reads from the shared log, from its last sequence, when it is ready again, and never
holds back a read or another watcher.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from tablekeeper.engine.decisions import PendingDecision, pending_after
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.values import JsonObject, ScopeId
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import logs, views
from tablekeeper.services.access import Viewer

FRESH_SECONDS = 1.0
"""A recheck (no announcement heard for a while) reads again only when the feed's last
read is older than this: one read serves every watcher rechecking at once."""


@dataclass(frozen=True)
class Batch:
    """What a viewer is shown of an encounter at one read: the records after what they
    had (none past ``version``, as JSON filtered for them), the version and the pending
    decision."""

    records: tuple[JsonObject, ...]
    version: int
    pending: dict[str, Any] | None

    def messages(self) -> list[dict[str, Any]]:
        """The record messages, then the state message."""
        sent: list[dict[str, Any]] = [
            {"type": "record", "sequence": record["sequence"], "record": record}
            for record in self.records
        ]
        sent.append({"type": "state", "version": self.version, "pending": self.pending})
        return sent


class Feed:
    """The encounter's log as this worker has read it, and what was announced since."""

    def __init__(self, encounter_id: str) -> None:
        self.encounter_id = encounter_id
        self.log = EventLog()
        self.version = 0
        self.announced = 0
        self.pending: PendingDecision | None = None
        self.reads = 0
        self._read_at: float | None = None
        self._lock: asyncio.Lock | None = None

    def announce(self, version: int) -> None:
        """The encounter is at ``version`` now (from any thread)."""
        self.announced = max(self.announced, version)

    async def catch_up(self, new_uow: Callable[[], UnitOfWork], *, recheck: bool = False) -> None:
        """Read what was announced and is not read yet (on a ``recheck``, whatever is
        stored, unless the last read is fresh), once for every watcher."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            now = time.monotonic()
            if self._read_at is not None:
                fresh = now - self._read_at < FRESH_SECONDS
                if (recheck and fresh) or (not recheck and self.version >= self.announced):
                    return
            tail = await run_in_threadpool(
                logs.log_tail, new_uow(), self.encounter_id, after=self.version
            )
            self.reads += 1
            self._read_at = now
            if tail.records:
                self.log.extend(tail.records)
                scope = ScopeId(self.encounter_id)
                self.pending = pending_after(e for e in self.log.events if e.scope == scope)
            self.version = max(self.version, tail.version)


def batch_for(feed: Feed, viewer: Viewer, after: int) -> Batch:
    """The viewer's batch from the feed after their record ``after``."""
    records = logs.visible_since(feed.log.records[: feed.version], viewer, after=after)
    return Batch(
        tuple(views.records_json(records, viewer)),
        feed.version,
        views.pending_for(feed.pending, viewer),
    )
