"""Backups a GM can trust: a consistent copy while the server runs, and a restore that
checks the copy before it replaces anything, and keeps what it replaced.

SQLite (the embedded default) is copied with its online backup API
(``sqlite3.Connection.backup``): page by page under SQLite's own locks, so the copy is
one consistent state of the database even while a server writes to it (a command is in
the copy whole, or not at all), WAL included. A copy is checked before it counts: it is
written beside its destination, ``PRAGMA integrity_check`` must answer ``ok``, its schema
must be one this release knows, and only then is it renamed into place.

A restore checks the file the same way (and refuses one written by a newer release),
copies the current database aside (``<file>.before-restore-<UTC time>``), copies the
backup over it with the same API, then migrates it to this release's schema. Stop the
server first: a running server would go on from the state it had cached.

PostgreSQL is backed up with its own tools, ``pg_dump`` and ``pg_restore``
(``docs/server.md``); :func:`backup` and :func:`restore` say so, with the command.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import make_url

from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence.database import alembic_config, database_location
from tablekeeper.services import settings


@dataclass(frozen=True, slots=True)
class Backup:
    """A checked copy: where it is, its schema revision, its campaigns and its size; for
    a restore, also where the database it replaced was kept."""

    path: Path
    revision: str
    campaigns: int
    bytes: int
    kept: Path | None = None


def backup(url: str, destination: Path, *, overwrite: bool = False) -> Backup:
    """Copy the SQLite database at ``url`` to ``destination``, checked (see the module
    docstring); a file already there is refused unless ``overwrite``."""
    source = sqlite_file(url, "backup")
    if not source.exists():
        raise InvalidInputError(f"there is no database at {source}", field="database-url")
    if destination.exists() and not overwrite:
        raise InvalidInputError(f"{destination} exists already (--force replaces it)", field="FILE")
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        _copy(source, partial)
        checked = check(partial)
        partial.replace(destination)
    finally:
        partial.unlink(missing_ok=True)
    return Backup(destination, checked.revision, checked.campaigns, destination.stat().st_size)


def restore(url: str, source: Path) -> Backup:
    """Replace the SQLite database at ``url`` with the backup ``source``, once it checks
    out; the database it replaces is kept beside it. Stop the server first."""
    target = sqlite_file(url, "restore")
    checked = check(source)
    kept = None
    if target.exists():
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        kept = target.with_name(f"{target.name}.before-restore-{stamp}")
        _copy(target, kept)
    target.parent.mkdir(parents=True, exist_ok=True)
    _copy(source, target)
    settings.open_database(url).dispose()  # migrated to this release's schema
    return Backup(target, checked.revision, checked.campaigns, target.stat().st_size, kept)


def check(path: Path) -> Backup:
    """``path`` when it is a whole SQLite database of a schema this release knows."""
    if not path.is_file():
        raise InvalidInputError(f"there is no file {path}", field="FILE")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if not {"alembic_version", "campaigns"} <= tables:
                raise InvalidInputError(
                    f"{path} is an SQLite database, but not a Tablekeeper one", field="FILE"
                )
            revision = db.execute("SELECT version_num FROM alembic_version").fetchone()[0]
            count = db.execute("SELECT count(*) FROM campaigns").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise InvalidInputError(
            f"{path} is not a readable database: {error}", field="FILE"
        ) from None
    if integrity != "ok":
        raise InvalidInputError(f"{path} is damaged: {integrity}", field="FILE")
    known = {
        script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()
    }
    if revision not in known:
        raise InvalidInputError(
            f"{path} has schema {revision!r}, which this release does not know (a newer "
            "release wrote it)",
            field="FILE",
        )
    return Backup(path, str(revision), int(count), path.stat().st_size)


def sqlite_file(url: str, what: str) -> Path:
    """The file of a SQLite ``url``; for PostgreSQL, the refusal saying what to run."""
    location = database_location(url)
    if location.get_backend_name() == "postgresql":
        plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=True)
        command = (
            f"pg_dump --format=custom --file FILE '{plain}'"
            if what == "backup"
            else f"pg_restore --clean --if-exists --dbname '{plain}' FILE"
        )
        raise InvalidInputError(
            f"a PostgreSQL database is backed up with its own tools: {command} "
            "(docs/server.md, Backups)",
            field="database-url",
        )
    if location.get_backend_name() != "sqlite" or location.database in (None, "", ":memory:"):
        raise InvalidInputError(f"cannot {what} {url!r}: not a database file", field="database-url")
    return Path(location.database)


def _copy(source: Path, destination: Path) -> None:
    """``source`` copied onto ``destination`` with SQLite's online backup API."""
    with (
        contextlib.closing(sqlite3.connect(source)) as reading,
        contextlib.closing(sqlite3.connect(destination)) as writing,
    ):
        reading.backup(writing)
