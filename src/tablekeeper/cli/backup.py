"""``tablekeeper backup FILE`` and ``tablekeeper restore FILE``: the database, copied and
checked (``services/backups.py``). SQLite only; for PostgreSQL they print the ``pg_dump``
or ``pg_restore`` command to run instead (``docs/server.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tablekeeper.cli.errors import user_errors
from tablekeeper.cli.serve import DatabaseUrl

out = Console(highlight=False, soft_wrap=True)

File = Annotated[Path, typer.Argument(help="The backup file.", dir_okay=False)]


def backup(
    file: File,
    database_url: DatabaseUrl = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
) -> None:
    """Copy the database to FILE, consistent even while the server runs, and check it."""
    from tablekeeper.services import backups, settings

    with user_errors():
        made = backups.backup(database_url or settings.database_url(), file, overwrite=force)
    out.print(
        f"Backed up {made.campaigns} campaign(s) (schema {made.revision}, "
        f"{made.bytes:,} bytes) to {made.path}"
    )


def restore(file: File, database_url: DatabaseUrl = None) -> None:
    """Replace the database with the backup FILE, once it checks out (stop the server
    first); the database it replaces is kept beside it."""
    from tablekeeper.services import backups, settings

    with user_errors():
        done = backups.restore(database_url or settings.database_url(), file)
    kept = f"; the database it replaced is kept as {done.kept}" if done.kept else ""
    out.print(f"Restored {done.campaigns} campaign(s) from {file} (schema {done.revision}){kept}")
