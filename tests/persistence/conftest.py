"""Fixtures: a migrated SQLite file, and units of work over it (or over memory)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    made = make_engine(f"sqlite:///{tmp_path / 'campaigns.db'}")
    upgrade_to_head(made)
    yield made
    made.dispose()


@pytest.fixture(params=["sql", "memory"])
def new_uow(request: pytest.FixtureRequest, engine: Engine) -> Callable[[], UnitOfWork]:
    """Makes units of work over one database: SQLite, or the in-memory fake."""
    if request.param == "sql":
        return lambda: SqlUnitOfWork(engine)
    store = InMemoryStore()
    return lambda: InMemoryUnitOfWork(store)
