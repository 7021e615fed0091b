"""Fixtures: units of work over a migrated database on each SQL backend, or over memory.

The databases themselves (SQLite, PostgreSQL) come from ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine

from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork

NewDatabase = Callable[[str], str]


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def new_uow(
    request: pytest.FixtureRequest, sql_databases: Callable[[str], NewDatabase]
) -> Iterator[Callable[[], UnitOfWork]]:
    """Makes units of work over one database: SQLite, PostgreSQL, or the in-memory fake."""
    if request.param == "memory":
        store = InMemoryStore()
        yield lambda: InMemoryUnitOfWork(store)
        return
    engine: Engine = make_engine(sql_databases(request.param)("campaigns"))
    upgrade_to_head(engine)
    yield lambda: SqlUnitOfWork(engine)
    engine.dispose()
