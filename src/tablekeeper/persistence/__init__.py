"""Persistence: campaigns, encounters and their append-only log, in SQL (ARCHITECTURE.md).

- ``models``: typed SQLAlchemy 2 tables (campaigns, encounters, log_records, snapshots),
  mapped to and from the engine's values (``tablekeeper.engine.campaigns``, ``Event``,
  ``Undone``); no domain class inherits from them.
- ``database``: ``make_engine(url)`` (SQLite in WAL with foreign keys on) and
  ``upgrade_to_head(engine)``, the Alembic revisions in ``migrations/`` configured in code.
- ``repositories`` / ``unit_of_work``: ``SqlUnitOfWork(engine)`` with ``campaigns`` and
  ``encounters``; ``append(encounter_id, expected_version, records)`` is an optimistic
  compare-and-set (``errors.StaleVersionError``) in the same transaction as the records.
- ``memory``: the in-memory fakes service tests run against.

Nothing here builds an engine or reads the environment at import time.
"""
