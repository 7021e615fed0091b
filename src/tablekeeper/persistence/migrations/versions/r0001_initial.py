"""The first schema: campaigns, encounters, the append-only log, snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("options", JSON_DATA, nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("created_sequence", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.now(),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name="pk_campaigns"),
        sa.UniqueConstraint("created_sequence", name="uq_campaigns_created_sequence"),
    )
    op.create_table(
        "encounters",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("campaign_id", sa.String(64), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("initial_state", JSON_DATA, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.now(),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name="fk_encounters_campaign_id_campaigns"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_encounters"),
    )
    op.create_index("ix_encounters_campaign_id", "encounters", ["campaign_id"])
    op.create_table(
        "log_records",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("campaign_id", sa.String(64), nullable=False),
        sa.Column("encounter_id", sa.String(64), nullable=True),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("command_id", sa.String(64), nullable=False),
        sa.Column("record_type", sa.String(16), nullable=False),
        sa.Column("record", JSON_DATA, nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name="fk_log_records_campaign_id_campaigns"
        ),
        sa.ForeignKeyConstraint(
            ["encounter_id"], ["encounters.id"], name="fk_log_records_encounter_id_encounters"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_log_records"),
        sa.UniqueConstraint("encounter_id", "sequence", name="uq_log_records_encounter_id"),
    )
    op.create_index("ix_log_records_campaign_id", "log_records", ["campaign_id"])
    op.create_table(
        "snapshots",
        sa.Column("encounter_id", sa.String(64), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("state", JSON_DATA, nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"], ["encounters.id"], name="fk_snapshots_encounter_id_encounters"
        ),
        sa.PrimaryKeyConstraint("encounter_id", "sequence", name="pk_snapshots"),
    )


def downgrade() -> None:
    """Drop every table."""
    op.drop_table("snapshots")
    op.drop_index("ix_log_records_campaign_id", table_name="log_records")
    op.drop_table("log_records")
    op.drop_index("ix_encounters_campaign_id", table_name="encounters")
    op.drop_table("encounters")
    op.drop_table("campaigns")
