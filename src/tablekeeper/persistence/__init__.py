"""Persistence: campaigns, encounters and their append-only log, in SQL (ARCHITECTURE.md).

- ``models``: typed SQLAlchemy 2 tables (campaigns, encounters, log_records, snapshots,
  characters, players), mapped to and from the engine's values
  (``tablekeeper.engine.campaigns``, ``Event``, ``Undone``); no domain class inherits
  from them.
- ``database``: ``make_engine(url)`` (SQLite in WAL with foreign keys on) and
  ``upgrade_to_head(engine)``, the Alembic revisions in ``migrations/`` configured in code.
- ``repositories`` / ``roster`` / ``unit_of_work``: ``SqlUnitOfWork(engine)`` with
  ``campaigns``, ``encounters``, ``characters`` and ``players``; appending to an
  encounter's log or the campaign's own (``append(id, expected_version, records)``) and
  editing a character are optimistic compare-and-sets (``errors.StaleVersionError``), in
  the same transaction as what they write.
- ``memory``: the in-memory fakes service tests run against.

Nothing here builds an engine or reads the environment at import time.
"""
