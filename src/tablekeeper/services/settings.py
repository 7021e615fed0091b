"""Settings: the one composition root of what the environment decides.

Everything a deployment chooses (which database; later, limits) is read here, once, from
the environment (``TABLEKEEPER_*`` variables) with pydantic-settings, and nowhere else:
the API's app factory, the console and the CLI commands ask :func:`current_settings` and
pass the values down. The pure core never reads the environment.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy import Engine

from tablekeeper.persistence.database import make_engine, upgrade_to_head

DATABASE_URL_VARIABLE = "TABLEKEEPER_DATABASE_URL"
"""The environment variable naming the database (a SQLAlchemy URL)."""


def data_directory(environ: Mapping[str, str] | None = None) -> Path:
    """The user's data directory for Tablekeeper (XDG on Linux, the usual elsewhere)."""
    environ = os.environ if environ is None else environ
    if sys.platform == "win32":
        base = Path(environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tablekeeper"


class Settings(BaseSettings):
    """What the environment decides, each read from ``TABLEKEEPER_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="TABLEKEEPER_", extra="ignore")

    database_url: str = Field(
        default="",
        description="The database, a SQLAlchemy URL; empty: a SQLite file in the user's "
        "data directory.",
    )
    snapshot_every: int = Field(
        default=50,
        ge=0,
        description="A snapshot is written each time an encounter's version passes a "
        "multiple of this (0: never).",
    )

    def database(self, environ: Mapping[str, str] | None = None) -> str:
        """The database URL: the one configured, or the SQLite file of the data directory."""
        configured = self.database_url.strip()
        if configured:
            return configured
        return f"sqlite:///{data_directory(environ) / 'tablekeeper.db'}"


def current_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings the environment (``os.environ`` unless given) gives now."""
    if environ is None:
        return Settings()
    prefix = "TABLEKEEPER_"
    fields = {
        key.removeprefix(prefix).lower(): value
        for key, value in environ.items()
        if key.startswith(prefix)
    }
    return Settings.model_validate({k: v for k, v in fields.items() if k in Settings.model_fields})


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """``TABLEKEEPER_DATABASE_URL``, or a SQLite file in the user's data directory."""
    return current_settings(environ).database(environ)


def open_database(url: str | None = None) -> Engine:
    """An engine for ``url`` (default :func:`database_url`), migrated to the newest schema."""
    engine = make_engine(url or database_url())
    upgrade_to_head(engine)
    return engine
