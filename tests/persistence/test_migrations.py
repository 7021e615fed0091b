"""Migrations create every table; the schema matches the models; SQLite runs in WAL; a
database of an older schema (r0001) upgrades through every migration and reads back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.database import alembic_config, make_engine, upgrade_to_head
from tablekeeper.persistence.models import Base
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, encounters, exports, settings


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


DATA = Path(__file__).parent / "data"


def test_a_database_of_schema_r0001_is_upgraded_through_every_migration(tmp_path: Path) -> None:
    # release-r0001.db was written by the code of commit 3845c63 (schema r0001, the last
    # before the characters and players of r0002; data/make_release_database.py), with its
    # export beside it: two migrations behind, where test_previous_release.py's 0.1.0 file
    # is one. Opened now, it is migrated to head, and every campaign, encounter and record
    # reads back as that code exported it; play goes on from where it stopped.
    database = tmp_path / "campaigns.db"
    shutil.copyfile(DATA / "release-r0001.db", database)
    written = json.loads((DATA / "release-r0001.json").read_text())
    engine = settings.open_database(f"sqlite:///{database}")
    try:
        with engine.connect() as connection:
            revision = MigrationContext.configure(connection).get_current_revision()
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
        assert revision == ScriptDirectory.from_config(alembic_config()).get_current_head()
        uow = lambda: SqlUnitOfWork(engine)  # noqa: E731
        assert [c.id for c in campaigns.list_campaigns(uow())] == list(written)
        for campaign_id, old in written.items():
            now = exports.export_campaign(uow(), campaign_id)
            assert now["campaign"] == old["campaign"]
            assert now["encounters"] == old["encounters"]
            assert (now["players"], now["characters"], now["campaign_log"]) == ([], [], [])
        view = encounters.load_encounter(uow(), "bridge")
        assert view.version == written["harrowmoor"]["encounters"][0]["version"]
        after = encounters.submit_command(
            uow(), "bridge", set_value("clock.second", 4, reason="on")
        )
        assert after.version == view.version + 1
    finally:
        engine.dispose()
