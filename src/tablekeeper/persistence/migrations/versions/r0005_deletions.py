"""The audit record of deletions: what the GM deleted, kept after it is gone.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the ``deletions`` table (no foreign key: its rows outlive what they name)."""
    op.create_table(
        "deletions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("campaign_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("contents", sa.JSON().with_variant(JSONB(), "postgresql"), nullable=False),
        sa.Column(
            "deleted_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.now(),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name="pk_deletions"),
    )
    op.create_index("ix_deletions_campaign_id", "deletions", ["campaign_id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_deletions_campaign_id", "deletions")
    op.drop_table("deletions")
