"""Announcements reach every process: in-process, and between workers through PostgreSQL."""

from __future__ import annotations

import queue
import uuid
from collections.abc import Callable

import pytest

from tablekeeper.persistence.notifications import (
    Announcement,
    LocalBroadcaster,
    PostgresBroadcaster,
    broadcaster_for,
    libpq_url,
)

NewDatabase = Callable[[str], str]
Heard = queue.Queue[tuple[str, int]]


def heard_for(encounter_id: str, heard: Heard, timeout: float = 5.0) -> list[int]:
    """The versions heard for one encounter (others' tests may share the channel)."""
    versions: list[int] = []
    while True:
        try:
            got, version = heard.get(timeout=timeout)
        except queue.Empty:
            return versions
        if got == encounter_id:
            versions.append(version)
            timeout = 0.3  # anything else would follow at once


def test_an_announcement_survives_its_payload() -> None:
    announcement = Announcement("fight-1", 7)
    assert Announcement.from_json(announcement.to_json()) == announcement


@pytest.mark.parametrize(
    "payload",
    [
        "",
        "not json",
        "[1]",
        '{"encounter": 1, "version": 2}',
        '{"encounter": "e", "version": true}',
    ],
)
def test_a_payload_that_is_not_an_announcement_is_refused(payload: str) -> None:
    assert Announcement.from_json(payload) is None


def test_the_local_broadcaster_delivers_at_once() -> None:
    heard: list[tuple[str, int]] = []
    broadcaster = LocalBroadcaster(lambda encounter, version: heard.append((encounter, version)))
    broadcaster.start()
    broadcaster.announce("fight-1", 3)
    broadcaster.stop()
    assert heard == [("fight-1", 3)]


def test_the_database_url_picks_the_broadcaster() -> None:
    def ignore(encounter: str, version: int) -> None:
        return None

    assert isinstance(broadcaster_for("sqlite:///x.db", ignore), LocalBroadcaster)
    for url in ("postgresql://u:p@h/db", "postgresql+psycopg://u:p@h/db", "postgres://u:p@h/db"):
        assert isinstance(broadcaster_for(url, ignore), PostgresBroadcaster)


def test_libpq_gets_the_url_without_the_driver_and_with_the_password() -> None:
    url = "postgresql+psycopg://tk:secret@127.0.0.1:5432/db?options=-csearch_path%3Ds1"
    assert libpq_url(url) == "postgresql://tk:secret@127.0.0.1:5432/db?options=-csearch_path%3Ds1"


def test_an_announcement_reaches_every_worker_through_postgres(
    sql_databases: Callable[[str], NewDatabase],
) -> None:
    url = sql_databases("postgresql")("notifications")
    encounter_id = f"fight-{uuid.uuid4().hex}"
    first_heard: Heard = queue.Queue()
    second_heard: Heard = queue.Queue()
    first = PostgresBroadcaster(url, lambda e, v: first_heard.put((e, v)), poll_seconds=0.1)
    second = PostgresBroadcaster(url, lambda e, v: second_heard.put((e, v)), poll_seconds=0.1)
    first.start()
    second.start()
    try:
        first.announce(encounter_id, 1)
        first.announce(encounter_id, 2)
        assert heard_for(encounter_id, second_heard) == [1, 2]
        assert heard_for(encounter_id, first_heard) == [1, 2]
    finally:
        first.stop()
        second.stop()


def test_a_stopped_listener_hears_nothing_more(
    sql_databases: Callable[[str], NewDatabase],
) -> None:
    url = sql_databases("postgresql")("notifications")
    encounter_id = f"fight-{uuid.uuid4().hex}"
    heard: Heard = queue.Queue()
    listener = PostgresBroadcaster(url, lambda e, v: heard.put((e, v)), poll_seconds=0.1)
    sender = PostgresBroadcaster(url, lambda e, v: None)
    listener.start()
    listener.stop()
    try:
        sender.announce(encounter_id, 1)
        assert heard_for(encounter_id, heard, timeout=0.5) == []
    finally:
        sender.stop()
