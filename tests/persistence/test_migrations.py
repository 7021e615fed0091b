"""Migrations create every table; the schema matches the models; SQLite runs in WAL."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.models import Base


def test_upgrade_creates_every_table_and_is_idempotent(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'nested' / 'campaigns.db'}")
    upgrade_to_head(engine)
    upgrade_to_head(engine)  # on startup, every time
    tables = set(inspect(engine).get_table_names())
    assert {"campaigns", "encounters", "log_records", "snapshots"} <= tables
    engine.dispose()


def test_migrated_schema_matches_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'campaigns.db'}")
    upgrade_to_head(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


def test_sqlite_runs_in_wal_with_foreign_keys(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'campaigns.db'}")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()
