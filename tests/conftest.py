"""Databases for the tests that store something: SQLite, and PostgreSQL when one is given.

Every such test runs once per backend. SQLite is a file under the test's temporary
directory. PostgreSQL is the server ``TABLEKEEPER_TEST_POSTGRES_URL`` names
(``scripts/postgres-for-tests`` starts one and prints its URL; ``make test`` sets the
variable from it). Without that variable the PostgreSQL runs are skipped, with the reason;
with ``TABLEKEEPER_REQUIRE_POSTGRES=1`` (as in ``.ci/run``) they fail instead.

Isolation on PostgreSQL: each database a test asks for is a new, empty schema of its own,
selected through the URL's ``search_path``, and dropped after the test. So every test
starts from nothing, migrates it like a real start-up does, and two test runs against one
server (or two workers) never see each other's rows.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import Engine, make_url, text

from tablekeeper.persistence.database import make_engine, upgrade_to_head

# Speed is measured by the benchmarks, never by a test (the house rule): Hypothesis's
# per-example deadline failed examples at random on the shared CI machine's first, cold
# call. Each test's own `deadline=` still applies where it sets one.
settings.register_profile("tablekeeper", deadline=None)
settings.load_profile("tablekeeper")

POSTGRES_URL_VARIABLE = "TABLEKEEPER_TEST_POSTGRES_URL"
REQUIRE_POSTGRES_VARIABLE = "TABLEKEEPER_REQUIRE_POSTGRES"
SQL_BACKENDS = ("sqlite", "postgresql")

NewDatabase = Callable[[str], str]
"""Makes an empty database on the test's backend; takes a name, returns its URL."""

TIMED = "timed"
"""The mark of the tests that wait on a clock: the browser tests (Playwright's timeouts)
and ``tests/reliability`` (answers within 2 s, servers killed and restarted)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{TIMED}: waits on a clock; make test runs these alone, after the rest"
    )


@pytest.hookimpl(tryfirst=True)  # before -m reads the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that waits on a clock, so ``make test`` can run the others on
    every core (``-m 'not timed'``) and then these alone, in one process, on a machine
    with nothing else to do: beside a worker playing simulations, a click's answer took
    over 10 s on CI's two cores."""
    for item in items:
        uses_browser = "browser" in getattr(item, "fixturenames", ())
        if uses_browser or "tests/reliability/" in item.nodeid:
            item.add_marker(getattr(pytest.mark, TIMED))


class PostgresServer:
    """The test server: makes and drops one schema per database a test asks for."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.admin = make_engine(url)
        self.prefix = f"tk_{os.getpid()}_{secrets.token_hex(3)}"
        self.numbers = count(1)

    def create_schema(self) -> str:
        schema = f"{self.prefix}_{next(self.numbers)}"
        with self.admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        return schema

    def url_for(self, schema: str) -> str:
        """The server's URL with ``schema`` first on every connection's search path."""
        scoped = self.url.update_query_dict({"options": f"-csearch_path={schema}"})
        return scoped.render_as_string(hide_password=False)

    def drop_schema(self, schema: str) -> None:
        with self.admin.begin() as connection:
            connection.execute(text("SET LOCAL lock_timeout = '10s'"))
            connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))


def _no_postgres(reason: str) -> None:
    if os.environ.get(REQUIRE_POSTGRES_VARIABLE, "").strip() == "1":
        pytest.fail(f"{REQUIRE_POSTGRES_VARIABLE}=1 but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The PostgreSQL server named by ``TABLEKEEPER_TEST_POSTGRES_URL`` (or a skip)."""
    url = os.environ.get(POSTGRES_URL_VARIABLE, "").strip()
    if not url:
        _no_postgres(
            f"{POSTGRES_URL_VARIABLE} is not set (scripts/postgres-for-tests starts a "
            "server and prints one; `make test` does this)"
        )
    server = PostgresServer(url)
    try:
        with server.admin.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as error:  # a URL given but no server behind it is a failure
        server.admin.dispose()
        pytest.fail(f"{POSTGRES_URL_VARIABLE} names no reachable server: {error}", pytrace=False)
    yield server
    server.admin.dispose()


@pytest.fixture
def sql_databases(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[str], NewDatabase]]:
    """Makes empty databases on a named backend: ``sql_databases(backend)(name) -> url``.

    Not parametrized itself: fixtures that run over several backends (and the in-memory
    fake) pick one with it.
    """
    schemas: list[tuple[PostgresServer, str]] = []

    def on(backend: str) -> NewDatabase:
        if backend == "sqlite":
            return lambda name: f"sqlite:///{tmp_path / name / 'tablekeeper.db'}"
        if backend != "postgresql":
            raise ValueError(f"no such test backend: {backend}")
        server: PostgresServer = request.getfixturevalue("postgres_server")

        def new(_name: str) -> str:
            schema = server.create_schema()
            schemas.append((server, schema))
            return server.url_for(schema)

        return new

    yield on
    for server, schema in schemas:
        server.drop_schema(schema)


@pytest.fixture(params=SQL_BACKENDS)
def sql_backend(request: pytest.FixtureRequest) -> str:
    """Each SQL backend in turn: ``"sqlite"``, ``"postgresql"``."""
    backend: str = request.param
    return backend


@pytest.fixture
def new_database(sql_backend: str, sql_databases: Callable[[str], NewDatabase]) -> NewDatabase:
    """Makes empty databases on the test's SQL backend (each test runs on every one)."""
    return sql_databases(sql_backend)


@pytest.fixture
def engine(new_database: NewDatabase) -> Iterator[Engine]:
    """A migrated, empty database on each SQL backend in turn."""
    made = make_engine(new_database("campaigns"))
    upgrade_to_head(made)
    yield made
    made.dispose()
