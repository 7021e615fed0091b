"""Snapshots say what wrote them and keep the log's frame, so a load reads only the tail.

Revision ID: 0003
Revises: 0002

Rows written before this revision keep NULL in both columns: they are read the old way
(the whole log, folded from the snapshot), and new snapshots are written with both.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Add ``snapshots.stamp`` and ``snapshots.log``."""
    op.add_column("snapshots", sa.Column("stamp", sa.String(64), nullable=True))
    op.add_column("snapshots", sa.Column("log", JSON_DATA, nullable=True))


def downgrade() -> None:
    """Drop them (the snapshots stay, as the previous release read them)."""
    op.drop_column("snapshots", "log")
    op.drop_column("snapshots", "stamp")
