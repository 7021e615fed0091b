"""The campaign's own log: records of no encounter, numbered and versioned on their own."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, inspect

from tablekeeper.engine.campaigns import Campaign, Encounter
from tablekeeper.engine.events import GM_ONLY, Event, LogRecord
from tablekeeper.engine.values import CommandId, ScopeId
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.database import alembic_config, make_engine, upgrade_to_head
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork

NewUow = Callable[[], UnitOfWork]


def _roll(sequence: int, kind: str = "table.rolled") -> Event:
    return Event(sequence=sequence, command_id=CommandId("r1"), kind=kind, payload={"n": sequence})


def _encounter_event(sequence: int) -> Event:
    return Event(
        sequence=sequence,
        command_id=CommandId("c1"),
        kind="test.happened",
        scope=ScopeId("e1"),
    )


def _setup(new_uow: NewUow) -> None:
    with new_uow() as uow:
        uow.campaigns.add(Campaign(id="k1", name="Keep", ruleset="realtime", created_sequence=1))
        uow.encounters.add(
            Encounter(id="e1", campaign_id="k1", ruleset="realtime", initial_state={})
        )
        uow.commit()


def _append_and_commit(uow: UnitOfWork, records: list[LogRecord]) -> None:
    """The SQL adapter refuses at the append, the fake at the commit: either is fine."""
    uow.campaigns.append("k1", 0, records)
    uow.commit()


def test_campaign_records_append_and_the_version_survives_a_reload(new_uow: NewUow) -> None:
    _setup(new_uow)
    secret = _roll(2).model_copy(update={"visibility": GM_ONLY})
    records: list[LogRecord] = [_roll(1), secret]
    with new_uow() as uow:
        assert uow.campaigns.get("k1").version == 0
        assert uow.campaigns.append("k1", 0, records) == 2
        assert uow.campaigns.get("k1").version == 2
        uow.commit()
    with new_uow() as uow:
        assert uow.campaigns.get("k1").version == 2
        assert [c.version for c in uow.campaigns.list()] == [2]
        assert uow.campaigns.records("k1") == records
        assert uow.campaigns.records("k1", after=1) == [secret]
        assert uow.campaigns.append("k1", 2, [_roll(3, "campaign.note")]) == 3
        uow.commit()
    with new_uow() as uow:
        assert [r.sequence for r in uow.campaigns.records("k1")] == [1, 2, 3]
        assert uow.campaigns.get("k1").version == 3


def test_campaign_and_encounter_records_never_mix(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        uow.encounters.append("e1", 0, [_encounter_event(1), _encounter_event(2)])
        uow.campaigns.append("k1", 0, [_roll(1)])  # sequence 1 again, in another scope
        uow.commit()
    with new_uow() as uow:
        assert uow.campaigns.records("k1") == [_roll(1)]
        assert uow.encounters.records("e1") == [_encounter_event(1), _encounter_event(2)]
        assert uow.campaigns.get("k1").version == 1
        assert uow.encounters.get("e1").version == 2


def test_records_must_follow_the_campaign_version(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        with pytest.raises(ValueError, match=r"campaign k1 at version 0 must be numbered 1\.\.2"):
            uow.campaigns.append("k1", 0, [_roll(1), _roll(3)])
        # Numbered after a log that moved on since the version was read: stale, a 409.
        with pytest.raises(StaleVersionError, match="campaign k1 changed"):
            uow.campaigns.append("k1", 0, [_roll(2)])
        with pytest.raises(ValueError, match="at least one record"):
            uow.campaigns.append("k1", 0, [])
        with pytest.raises(StaleVersionError, match="campaign nope changed"):
            uow.campaigns.append("nope", 0, [_roll(1)])


def test_the_second_of_two_writers_at_one_campaign_version_writes_nothing(
    new_uow: NewUow,
) -> None:
    _setup(new_uow)
    first, second = new_uow(), new_uow()
    with first, second:
        assert first.campaigns.get("k1").version == second.campaigns.get("k1").version == 0
        first.campaigns.append("k1", 0, [_roll(1, "first")])
        first.commit()
        with pytest.raises(StaleVersionError, match="campaign k1 changed: expected version 0"):
            _append_and_commit(second, [_roll(1, "second"), _roll(2, "second")])
    with new_uow() as uow:
        assert [r.kind for r in uow.campaigns.records("k1") if isinstance(r, Event)] == ["first"]
        assert uow.campaigns.get("k1").version == 1


def test_leaving_without_commit_leaves_the_campaign_log_alone(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        uow.campaigns.append("k1", 0, [_roll(1)])
    with new_uow() as uow:
        assert uow.campaigns.records("k1") == []
        assert uow.campaigns.get("k1").version == 0


def test_the_gm_secret_hash_is_set_and_read_back(new_uow: NewUow) -> None:
    _setup(new_uow)
    with new_uow() as uow:
        assert uow.campaigns.gm_secret_hash("k1") is None
        uow.campaigns.set_gm_secret_hash("k1", "a" * 64)
        uow.commit()
    with new_uow() as uow:
        assert uow.campaigns.gm_secret_hash("k1") == "a" * 64
        uow.campaigns.set_gm_secret_hash("k1", "b" * 64)
        assert uow.campaigns.gm_secret_hash("k1") == "b" * 64
        for call in (
            lambda: uow.campaigns.set_gm_secret_hash("nope", "c"),
            lambda: uow.campaigns.gm_secret_hash("nope"),
        ):
            with pytest.raises(UnknownNameError) as raised:
                call()
            assert raised.value.field == "campaign"


def test_racing_threads_store_exactly_one_campaign_batch(engine: Engine) -> None:
    _setup(lambda: SqlUnitOfWork(engine))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(name: str) -> None:
        with SqlUnitOfWork(engine) as uow:
            version = uow.campaigns.get("k1").version
            barrier.wait()
            try:
                uow.campaigns.append("k1", version, [_roll(1, name), _roll(2, name)])
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
        records = uow.campaigns.records("k1")
        assert len(records) == 2
        assert len({r.kind for r in records if isinstance(r, Event)}) == 1
        assert uow.campaigns.get("k1").version == 2


def test_downgrade_to_the_first_revision_and_back_on_sqlite(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'campaigns.db'}")
    upgrade_to_head(engine)
    _setup(lambda: SqlUnitOfWork(engine))
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    schema = inspect(engine)
    assert not {"characters", "players"} & set(schema.get_table_names())
    assert "version" not in {column["name"] for column in schema.get_columns("campaigns")}
    upgrade_to_head(engine)
    with SqlUnitOfWork(engine) as uow:
        assert uow.campaigns.get("k1").version == 0  # the server default fills old rows
        assert uow.characters.list_for("k1") == []
    engine.dispose()
