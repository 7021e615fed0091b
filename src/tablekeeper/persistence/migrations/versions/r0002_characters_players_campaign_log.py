"""Characters, players, and the campaign's own log: its version, the GM secret's hash.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")

CAMPAIGN_SCOPE = sa.text("encounter_id IS NULL")


def upgrade() -> None:
    """Add the players and characters tables, the campaign log's version and index."""
    op.add_column(
        "campaigns", sa.Column("version", sa.Integer(), server_default="0", nullable=False)
    )
    op.add_column("campaigns", sa.Column("gm_secret_hash", sa.String(64), nullable=True))
    op.create_table(
        "players",
        sa.Column("campaign_id", sa.String(64), nullable=False),
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("revoked", sa.Boolean(), nullable=False),
        sa.Column("created_sequence", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name="fk_players_campaign_id_campaigns"
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name="pk_players"),
    )
    op.create_index("ix_players_token_hash", "players", ["campaign_id", "token_hash"], unique=True)
    op.create_table(
        "characters",
        sa.Column("campaign_id", sa.String(64), nullable=False),
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player", sa.String(40), nullable=True),
        sa.Column("sheet", JSON_DATA, nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_sequence", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name="fk_characters_campaign_id_campaigns"
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["players.campaign_id", "players.id"],
            name="fk_characters_player_players",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "id", name="pk_characters"),
    )
    op.create_index(
        "ix_log_records_campaign_sequence",
        "log_records",
        ["campaign_id", "sequence"],
        unique=True,
        sqlite_where=CAMPAIGN_SCOPE,
        postgresql_where=CAMPAIGN_SCOPE,
    )


def downgrade() -> None:
    """Drop what :func:`upgrade` added; campaign log records stay, as rows of no encounter."""
    op.drop_index("ix_log_records_campaign_sequence", table_name="log_records")
    op.drop_table("characters")
    op.drop_index("ix_players_token_hash", table_name="players")
    op.drop_table("players")
    op.drop_column("campaigns", "gm_secret_hash")
    op.drop_column("campaigns", "version")
