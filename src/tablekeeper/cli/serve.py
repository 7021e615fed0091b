"""``tablekeeper serve``: the HTTP API (with its live WebSockets) under uvicorn.

The database is migrated once, here, before any worker starts, so workers never race to
create the schema. Each worker builds its own app with ``create_app()`` (uvicorn's
factory mode); the database URL reaches them through ``TABLEKEEPER_DATABASE_URL``, which
``--database-url`` overrides. Several workers need PostgreSQL: its ``LISTEN``/``NOTIFY``
carries live events between them, and SQLite has nothing like it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from tablekeeper.cli.errors import user_errors
from tablekeeper.errors import InvalidInputError

if TYPE_CHECKING:
    from sqlalchemy import Engine

# The server's stack (uvicorn, SQLAlchemy, Alembic, FastAPI) is imported by the commands
# that serve, not by every ``tablekeeper`` command: ``tablekeeper odds`` starts fast.

DATABASE_URL_VARIABLE = "TABLEKEEPER_DATABASE_URL"
"""``settings.DATABASE_URL_VARIABLE``, named here without importing the database layer."""

APP_FACTORY = "tablekeeper.api.app:create_app"
"""The app factory each worker imports and calls."""


Host = Annotated[str, typer.Option("--host", help="The address to listen on.")]
Port = Annotated[int, typer.Option("--port", min=0, max=65535, help="The port.")]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        help=f"The database (a SQLAlchemy URL); default ${DATABASE_URL_VARIABLE}, "
        "else a SQLite file in your data directory.",
    ),
]
"""The options ``serve`` and ``console`` share."""


def open_migrated(url: str) -> Engine:
    """The database at ``url``, migrated; one line naming ``database-url`` if it cannot be
    opened (inside :func:`~tablekeeper.cli.errors.user_errors`)."""
    from sqlalchemy.exc import ArgumentError, OperationalError

    from tablekeeper.services import settings

    try:
        return settings.open_database(url)
    except (ArgumentError, OperationalError) as error:
        raise InvalidInputError(
            f"cannot open {url!r}: {str(error).splitlines()[0]}", field="database-url"
        ) from None


def serve(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    database_url: DatabaseUrl = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Worker processes (more than 1: PostgreSQL).")
    ] = 1,
) -> None:
    """Serve the HTTP API and the live encounter WebSockets."""
    import uvicorn

    from tablekeeper.services import settings
    from tablekeeper.services.odds_worker import WARM_ODDS_VARIABLE

    with user_errors():
        url = database_url or settings.database_url()
        engine = open_migrated(url)
        backend = engine.dialect.name
        engine.dispose()
        if workers > 1 and backend != "postgresql":
            raise InvalidInputError(
                "several workers need PostgreSQL, whose LISTEN/NOTIFY carries live events "
                f"between them; this database is {backend}",
                field="workers",
            )
    os.environ[settings.DATABASE_URL_VARIABLE] = url
    os.environ[WARM_ODDS_VARIABLE] = "1"
    uvicorn.run(APP_FACTORY, factory=True, host=host, port=port, workers=workers)
