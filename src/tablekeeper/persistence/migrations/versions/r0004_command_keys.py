"""Idempotency keys of encounter writes: a retried command is answered, not played twice.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the ``command_keys`` table."""
    op.create_table(
        "command_keys",
        sa.Column("encounter_id", sa.String(64), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"], ["encounters.id"], name="fk_command_keys_encounter_id_encounters"
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name="pk_command_keys"),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("command_keys")
