"""Announcements of committed encounter writes: "encounter E is now at version V".

A use case commits first and announces after; whoever watches the encounter then reads
the new records from the database, so an announcement carries no events, only the news
that there are some. A :class:`Broadcaster` hands each announcement to a ``deliver``
callback in every process that serves the database:

- :class:`LocalBroadcaster`: one process (SQLite, tests); ``announce`` delivers at once.
- :class:`PostgresBroadcaster`: several workers on one PostgreSQL database; ``announce``
  is a ``NOTIFY`` on :data:`CHANNEL`, and a listener thread (``LISTEN``) in each worker
  delivers what arrives, its own announcements included.

``deliver`` may be called from any thread; it must be thread-safe.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import psycopg

from tablekeeper.persistence.database import database_location

CHANNEL = "tablekeeper_encounters"
"""The PostgreSQL notification channel every worker listens on."""

Deliver = Callable[[str, int], None]
"""Receives ``(encounter_id, version)`` for each announcement; must be thread-safe."""

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Announcement:
    """The news that an encounter's log grew: it is now at ``version``."""

    encounter_id: str
    version: int

    def to_json(self) -> str:
        """The notification payload."""
        return json.dumps({"encounter": self.encounter_id, "version": self.version})

    @classmethod
    def from_json(cls, payload: str) -> Announcement | None:
        """The announcement in a notification payload, or ``None`` if it is not one."""
        try:
            document = json.loads(payload)
            encounter_id, version = document["encounter"], document["version"]
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(encounter_id, str) or type(version) is not int:
            return None
        return cls(encounter_id, version)


class Broadcaster(Protocol):
    """Carries announcements to every process that serves the database."""

    def announce(self, encounter_id: str, version: int) -> None:
        """Tell every process that ``encounter_id`` is now at ``version``."""

    def start(self) -> None:
        """Begin delivering announcements made elsewhere."""

    def stop(self) -> None:
        """Stop delivering; no thread or connection is left behind."""


class LocalBroadcaster:
    """Announcements within one process: ``announce`` calls ``deliver`` directly."""

    def __init__(self, deliver: Deliver) -> None:
        self._deliver = deliver

    def announce(self, encounter_id: str, version: int) -> None:
        """Deliver the announcement in this process."""
        self._deliver(encounter_id, version)

    def start(self) -> None:
        """Nothing to start: there is no other process."""

    def stop(self) -> None:
        """Nothing to stop."""


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL (``postgresql+psycopg://...``) as libpq understands it."""
    location = database_location(url).set(drivername="postgresql")
    return location.render_as_string(hide_password=False)


class PostgresBroadcaster:
    """Announcements between workers through PostgreSQL's ``LISTEN``/``NOTIFY``.

    ``start`` runs a daemon thread holding its own autocommit connection that listens on
    :data:`CHANNEL` and calls ``deliver`` for each announcement; if the connection
    drops it reconnects and then calls ``on_listening`` (announcements sent meanwhile
    are lost, so a watcher should re-read then). ``announce`` sends through a second
    connection, opened on first use and reopened after a failure.
    """

    def __init__(
        self,
        url: str,
        deliver: Deliver,
        *,
        on_listening: Callable[[], None] | None = None,
        poll_seconds: float = 0.5,
        retry_seconds: float = 1.0,
    ) -> None:
        self._conninfo = libpq_url(url)
        self._deliver = deliver
        self._on_listening = on_listening
        self._poll_seconds = poll_seconds
        self._retry_seconds = retry_seconds
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None
        self._sender: psycopg.Connection[tuple[object, ...]] | None = None
        self._sender_lock = threading.Lock()

    def announce(self, encounter_id: str, version: int) -> None:
        """``NOTIFY`` every worker (this one too) that the encounter is at ``version``."""
        payload = Announcement(encounter_id, version).to_json()
        with self._sender_lock:
            try:
                self._send(payload)
            except psycopg.OperationalError:
                self._close_sender()
                self._send(payload)

    def start(self, *, timeout: float = 10.0) -> None:
        """Start listening; returns once ``LISTEN`` is in force (or after ``timeout``)."""
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._listen, name="tablekeeper-listen", daemon=True)
        self._thread.start()
        self._listening.wait(timeout)

    def stop(self) -> None:
        """Stop the listener thread and close both connections."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._listening.clear()
        with self._sender_lock:
            self._close_sender()

    def _send(self, payload: str) -> None:
        if self._sender is None or self._sender.closed:
            self._sender = psycopg.connect(self._conninfo, autocommit=True)
        self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    def _close_sender(self) -> None:
        if self._sender is not None:
            self._sender.close()
            self._sender = None

    def _listen(self) -> None:
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if self._on_listening is not None:
                        self._on_listening()
                    while not self._stopping.is_set():
                        for notification in connection.notifies(timeout=self._poll_seconds):
                            self._forward(notification.payload)
            except psycopg.Error:
                logger.warning("lost the notification connection; reconnecting", exc_info=True)
                self._stopping.wait(self._retry_seconds)

    def _forward(self, payload: str) -> None:
        announcement = Announcement.from_json(payload)
        if announcement is None:
            logger.warning("ignoring a notification that is not an announcement: %r", payload)
            return
        self._deliver(announcement.encounter_id, announcement.version)


def broadcaster_for(
    url: str, deliver: Deliver, *, on_listening: Callable[[], None] | None = None
) -> Broadcaster:
    """The broadcaster a database needs: PostgreSQL's ``NOTIFY`` when ``url`` names
    PostgreSQL (several workers may share it), in-process otherwise."""
    if database_location(url).get_backend_name() == "postgresql":
        return PostgresBroadcaster(url, deliver, on_listening=on_listening)
    return LocalBroadcaster(deliver)
