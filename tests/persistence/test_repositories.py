"""Repositories and units of work: round trips, and optimistic concurrency."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, func, select

from tablekeeper.engine.campaigns import Campaign, Encounter, Snapshot
from tablekeeper.engine.events import GM_ONLY, Event, LogRecord, Undone
from tablekeeper.engine.values import CommandId, ScopeId
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.models import LogRecordRow
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork

NewUow = Callable[[], UnitOfWork]


def _event(sequence: int, command: str = "c1", kind: str = "test.happened") -> Event:
    return Event(
        sequence=sequence,
        command_id=CommandId(command),
        kind=kind,
        payload={"n": sequence},
        scope=ScopeId("e1"),
    )


def _setup(new_uow: NewUow) -> None:
    with new_uow() as uow:
        uow.campaigns.add(Campaign(id="k1", name="Keep", ruleset="realtime", created_sequence=1))
        uow.encounters.add(
            Encounter(id="e1", campaign_id="k1", ruleset="realtime", initial_state={"a": 1})
        )
        uow.commit()


def _append_and_commit(uow: UnitOfWork, records: list[LogRecord]) -> None:
    """The SQL adapter refuses at the append, the fake at the commit: either is fine."""
    uow.encounters.append("e1", 0, records)
    uow.commit()


def test_campaigns_and_encounters_round_trip(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        assert [c.id for c in uow.campaigns.list()] == ["k1"]
        assert uow.campaigns.next_sequence() == 2
        assert uow.encounters.get("e1").initial_state == {"a": 1}
        assert [e.id for e in uow.encounters.list_for("k1")] == ["e1"]
        with pytest.raises(UnknownNameError, match="no campaign 'nope'"):
            uow.campaigns.get("nope")
        with pytest.raises(UnknownNameError, match="no encounter 'nope'"):
            uow.encounters.get("nope")


def test_records_round_trip_events_and_undo_records(new_uow: NewUow) -> None:
    _setup(new_uow)
    hidden = _event(2).model_copy(update={"visibility": GM_ONLY})
    records: list[LogRecord] = [
        _event(1),
        hidden,
        Undone(sequence=3, command_id=CommandId("c1"), events=(1, 2)),
    ]
    with new_uow() as uow:
        assert uow.encounters.append("e1", 0, records) == 3
        uow.encounters.add_snapshot(Snapshot(encounter_id="e1", sequence=3, state={"b": 2}))
        uow.commit()
    with new_uow() as uow:
        assert uow.encounters.records("e1") == records
        assert uow.encounters.records("e1", after=2) == records[2:]
        assert uow.encounters.get("e1").version == 3
        assert uow.encounters.snapshot_sequences("e1") == [3]
        assert uow.encounters.snapshot("e1", 3).state == {"b": 2}


def test_leaving_without_commit_writes_nothing(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        uow.encounters.append("e1", 0, [_event(1)])
    with new_uow() as uow:
        assert uow.encounters.records("e1") == []
        assert uow.encounters.get("e1").version == 0


def test_records_must_follow_the_expected_version(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow, pytest.raises(ValueError, match=r"numbered 1\.\.2"):
        uow.encounters.append("e1", 0, [_event(1), _event(3)])
    # Numbered after a log that moved on since the version was read: a stale write, 409
    # (issue 11's concurrency test: the encounter read before a writer committed, its log
    # after), not a 500.
    with new_uow() as uow, pytest.raises(StaleVersionError, match="expected version 0"):
        uow.encounters.append("e1", 0, [_event(2)])


def test_the_second_of_two_writers_at_one_version_gets_a_conflict(new_uow: NewUow) -> None:
    _setup(new_uow)
    first, second = new_uow(), new_uow()
    with first, second:
        assert first.encounters.get("e1").version == second.encounters.get("e1").version == 0
        first.encounters.append("e1", 0, [_event(1, "c1", "first")])
        first.commit()
        with pytest.raises(StaleVersionError, match="expected version 0") as raised:
            _append_and_commit(second, [_event(1, "c1", "second")])
        assert raised.value.field == "version"
    with new_uow() as uow:
        assert [r.kind for r in uow.encounters.records("e1") if isinstance(r, Event)] == ["first"]
        assert uow.encounters.get("e1").version == 1


def test_racing_threads_store_exactly_one_batch(engine: Engine) -> None:
    _setup(lambda: SqlUnitOfWork(engine))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(name: str) -> None:
        with SqlUnitOfWork(engine) as uow:
            version = uow.encounters.get("e1").version
            barrier.wait()
            try:
                uow.encounters.append("e1", version, [_event(1, "c1", name), _event(2, "c1", name)])
                uow.commit()
                outcomes.append("won")
            except StaleVersionError:
                outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["lost", "won"]
    with SqlUnitOfWork(engine) as uow:
        records = uow.encounters.records("e1")
        assert len(records) == 2
        assert len({r.kind for r in records if isinstance(r, Event)}) == 1
        assert uow.encounters.get("e1").version == 2
        assert uow.session.scalar(select(func.count()).select_from(LogRecordRow)) == 2


def test_a_sqlite_writer_kept_out_past_the_busy_timeout_gets_a_conflict(
    tmp_path: Path,
) -> None:
    # bench_api found it: a write waiting on SQLite's one writer longer than the busy
    # timeout was "database is locked", a 500; it is a write that lost a race (S-08).
    engine = make_engine(f"sqlite:///{tmp_path / 'locked.db'}")
    upgrade_to_head(engine)

    @event.listens_for(engine, "connect")
    def _impatient(connection: Any, _: Any) -> None:
        connection.execute("PRAGMA busy_timeout=50")

    _setup(lambda: SqlUnitOfWork(engine))
    engine.dispose()  # the next connections are impatient
    holder = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the database
    try:
        with (
            SqlUnitOfWork(engine) as uow,
            pytest.raises(StaleVersionError, match="it is at version 0"),
        ):
            uow.encounters.append("e1", 0, [_event(1)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with SqlUnitOfWork(engine) as uow:
        assert uow.encounters.records("e1") == []
    engine.dispose()
