"""Engines and migrations: nothing here runs at import time.

:func:`make_engine` builds an engine from a URL the caller gives (the service layer reads
``TABLEKEEPER_DATABASE_URL``). Two backends are supported: SQLite, the embedded default,
where every connection gets WAL and foreign keys; and PostgreSQL, through the psycopg 3
driver (a plain ``postgresql://`` or ``postgres://`` URL selects it), where the pool checks a
connection before handing it out. :func:`upgrade_to_head` applies the Alembic revisions in
``migrations/``, configured in code rather than by an ``alembic.ini``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Engine, create_engine, event, make_url

MIGRATIONS = Path(__file__).parent / "migrations"
"""The Alembic script directory."""

HEAD = "head"

POSTGRESQL_DRIVER = "postgresql+psycopg"
"""The dialect and driver a PostgreSQL URL without a driver gets: psycopg 3."""


def database_location(url: str) -> URL:
    """``url`` as SQLAlchemy reads it, with a PostgreSQL URL bound to the psycopg 3 driver.

    ``postgres://`` (the form many hosts hand out) and ``postgresql://`` both become
    ``postgresql+psycopg://``; a URL that names its driver is kept as it is.
    """
    location = make_url(url)
    if location.drivername in ("postgres", "postgresql"):
        location = location.set(drivername=POSTGRESQL_DRIVER)
    return location


def make_engine(url: str, **options: Any) -> Engine:
    """An engine for ``url``, SQLite or PostgreSQL.

    SQLite connections get WAL, foreign keys and a busy timeout, and a SQLite file's
    directory is created if missing. A PostgreSQL engine uses psycopg 3 (see
    :func:`database_location`) and pings each pooled connection before use, so a server
    restart costs a reconnect rather than an error.
    """
    location = database_location(url)
    backend = location.get_backend_name()
    if backend == "sqlite" and location.database not in (None, "", ":memory:"):
        Path(location.database).parent.mkdir(parents=True, exist_ok=True)
    if backend == "postgresql":
        options.setdefault("pool_pre_ping", True)
    engine = create_engine(location, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def backend_name(engine: Engine) -> str:
    """The engine's database: ``"sqlite"`` or ``"postgresql"``."""
    return engine.dialect.name


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
