"""PostgreSQL in particular: the migrated schema, JSONB, and racing submissions.

Every SQL test runs on PostgreSQL too (see ``tests/conftest.py``); these are the proofs that
only mean something there. They need ``TABLEKEEPER_TEST_POSTGRES_URL`` (skipped without it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import JSON, Engine, inspect
from sqlalchemy.dialects.postgresql import JSONB

from tablekeeper.engine.events import Event, LogRecord
from tablekeeper.persistence.database import backend_name, make_engine, upgrade_to_head
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.models import Base
from tablekeeper.persistence.repositories import EncounterRepository
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.realtime.encounter.commands import add_creature, advance
from tablekeeper.services import campaigns, encounters, logs

RACERS = 4


@pytest.fixture
def postgres(sql_databases: Callable[[str], Callable[[str], str]]) -> Iterator[Engine]:
    """A migrated, empty PostgreSQL database."""
    engine = make_engine(sql_databases("postgresql")("campaigns"))
    upgrade_to_head(engine)
    yield engine
    engine.dispose()


def test_a_plain_postgresql_url_gets_the_psycopg_driver() -> None:
    for url in ("postgresql://u:p@db/x", "postgres://u:p@db/x"):
        engine = make_engine(url)
        assert (backend_name(engine), engine.dialect.driver) == ("postgresql", "psycopg")
        assert engine.pool._pre_ping  # type: ignore[attr-defined]
        engine.dispose()


def test_the_migrated_schema_matches_the_models(postgres: Engine) -> None:
    assert backend_name(postgres) == "postgresql"
    upgrade_to_head(postgres)  # on startup, every time
    assert set(Base.metadata.tables) <= set(inspect(postgres).get_table_names())
    with postgres.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_json_columns_are_jsonb(postgres: Engine) -> None:
    inspector = inspect(postgres)
    json_columns = [
        (table.name, column.name)
        for table in Base.metadata.tables.values()
        for column in table.columns
        if isinstance(column.type, JSON)
    ]
    assert json_columns, "the models have JSON columns"
    for table, column in json_columns:
        stored = {found["name"]: found["type"] for found in inspector.get_columns(table)}
        assert isinstance(stored[column], JSONB), f"{table}.{column} is {stored[column]!r}"


class _WaitBeforeAppend:
    """An encounter repository that holds every caller at a barrier before it appends, so
    racers have all read the same version when they write."""

    def __init__(self, inner: EncounterRepository, barrier: threading.Barrier) -> None:
        self._inner = inner
        self._barrier = barrier

    def append(self, encounter_id: str, expected_version: int, records: Sequence[LogRecord]) -> int:
        self._barrier.wait(timeout=30)
        return self._inner.append(encounter_id, expected_version, records)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _RacingUnitOfWork(SqlUnitOfWork):
    def __init__(self, engine: Engine, barrier: threading.Barrier) -> None:
        super().__init__(engine)
        self._barrier = barrier

    def __enter__(self) -> _RacingUnitOfWork:
        super().__enter__()
        self.encounters = _WaitBeforeAppend(self.encounters, self._barrier)  # type: ignore[assignment]
        return self


def _encounter(engine: Engine) -> int:
    campaigns.create_campaign(SqlUnitOfWork(engine), "Keep", "realtime", campaign_id="k1")
    encounters.start_encounter(SqlUnitOfWork(engine), "k1", encounter_id="e1")
    view = encounters.submit_command(
        SqlUnitOfWork(engine), "e1", add_creature(id="a", side="a", hp=10)
    )
    return view.version


def _race(engine: Engine, expected_version: int | None) -> list[str]:
    barrier = threading.Barrier(RACERS)
    outcomes: list[str] = []

    def submit(seconds: int) -> None:
        try:
            encounters.submit_command(
                _RacingUnitOfWork(engine, barrier),
                "e1",
                advance(seconds),
                expected_version=expected_version,
            )
            outcomes.append(f"won {seconds}")
        except StaleVersionError as error:
            outcomes.append(f"lost on {error.field}")

    threads = [threading.Thread(target=submit, args=(n,)) for n in range(1, RACERS + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.mark.parametrize("expected_version", ["seen", None])
def test_racing_submissions_have_one_winner_and_lose_nothing(
    postgres: Engine, expected_version: str | None
) -> None:
    before = _encounter(postgres)
    outcomes = _race(postgres, before if expected_version else None)
    winners = [outcome for outcome in outcomes if outcome.startswith("won ")]
    assert len(winners) == 1, outcomes
    assert sorted(outcomes)[: RACERS - 1] == ["lost on version"] * (RACERS - 1)
    won_seconds = int(winners[0].removeprefix("won "))
    view = encounters.load_encounter(SqlUnitOfWork(postgres), "e1")
    log = logs.encounter_log(SqlUnitOfWork(postgres), "e1")
    assert [record.sequence for record in log] == list(range(1, view.version + 1))
    added = [r for r in log[before:] if isinstance(r, Event)]
    assert added, "the winner's events are stored"
    assert {r.command_id for r in added} == {added[0].command_id}
    assert view.state.second == 1 + won_seconds
