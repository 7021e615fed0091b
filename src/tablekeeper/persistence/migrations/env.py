"""Alembic's environment: migrate over the connection ``upgrade_to_head`` hands in."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from tablekeeper.persistence.models import Base

connection: Connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
