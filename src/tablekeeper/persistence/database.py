"""Engines and migrations: nothing here runs at import time.

:func:`make_engine` builds an engine from a URL the caller gives (the service layer reads
``TABLEKEEPER_DATABASE_URL``); on SQLite it turns on WAL and foreign keys for every
connection. :func:`upgrade_to_head` applies the Alembic revisions in ``migrations/``,
configured in code rather than by an ``alembic.ini``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url

MIGRATIONS = Path(__file__).parent / "migrations"
"""The Alembic script directory."""

HEAD = "head"


def make_engine(url: str, **options: Any) -> Engine:
    """An engine for ``url``; SQLite connections get WAL, foreign keys and a busy timeout.

    A SQLite file's directory is created if missing.
    """
    location = make_url(url)
    if location.get_backend_name() == "sqlite" and location.database not in (None, "", ":memory:"):
        Path(location.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
    finally:
        cursor.close()


def alembic_config() -> Config:
    """Alembic's configuration, in code: the package's script directory, no ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade_to_head(engine: Engine) -> None:
    """Bring the database's schema to the newest revision (startup, and tests)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, HEAD)
