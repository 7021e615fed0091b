"""The tables, as typed SQLAlchemy 2 declarative models.

These rows are the adapter's own: the repositories map them to and from the engine's
values (:mod:`tablekeeper.engine.campaigns`, :class:`~tablekeeper.engine.events.Event`,
:class:`~tablekeeper.engine.events.Undone`); no domain class inherits from them. JSON
columns are ``JSON`` on SQLite and ``JSONB`` on PostgreSQL. The schema itself is created
by the Alembic revisions in ``migrations/``, which a test checks against these models.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

JSON_DATA = JSON().with_variant(JSONB(), "postgresql")
"""JSON data: ``JSON`` (text) on SQLite, ``JSONB`` on PostgreSQL."""

CAMPAIGN_SCOPE = text("encounter_id IS NULL")
"""The rows of a campaign's own log: records of no encounter."""

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The declarative base of every table, with named constraints (for migrations)."""

    metadata = MetaData(naming_convention=NAMING)


class CampaignRow(Base):
    """A campaign: bound to one ruleset and its options.

    ``version`` counts the records of its own log scope (the optimistic-concurrency
    version of that log); ``gm_secret_hash`` is the hash of the GM secret, if one is set.
    """

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)
    schema_version: Mapped[int] = mapped_column(Integer)
    created_sequence: Mapped[int] = mapped_column(Integer, unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    version: Mapped[int] = mapped_column(Integer, server_default="0")
    gm_secret_hash: Mapped[str | None] = mapped_column(String(64))


class PlayerRow(Base):
    """A player of a campaign, and the hash of their current join token."""

    __tablename__ = "players"
    __table_args__ = (Index("ix_players_token_hash", "campaign_id", "token_hash", unique=True),)

    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), primary_key=True)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str] = mapped_column(String(64))
    revoked: Mapped[bool] = mapped_column(Boolean)
    created_sequence: Mapped[int] = mapped_column(Integer)


class CharacterRow(Base):
    """A character or NPC stat block of a campaign; ``player`` is its owner, if any."""

    __tablename__ = "characters"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["players.campaign_id", "players.id"],
            name="fk_characters_player_players",
        ),
    )

    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), primary_key=True)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(8))
    player: Mapped[str | None] = mapped_column(String(40))
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)
    schema_version: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    created_sequence: Mapped[int] = mapped_column(Integer)


class EncounterRow(Base):
    """An encounter: its campaign, initial state and optimistic-concurrency version."""

    __tablename__ = "encounters"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), index=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    initial_state: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class LogRecordRow(Base):
    """One record of a campaign's append-only log, in an encounter's scope or its own.

    ``id`` orders the whole campaign log; ``sequence`` is the record's number in its
    scope (the encounter's, or with ``encounter_id`` NULL the campaign's own), unique
    there, so a duplicated write cannot be stored.
    """

    __tablename__ = "log_records"
    __table_args__ = (
        UniqueConstraint("encounter_id", "sequence"),
        Index(
            "ix_log_records_campaign_sequence",
            "campaign_id",
            "sequence",
            unique=True,
            sqlite_where=CAMPAIGN_SCOPE,
            postgresql_where=CAMPAIGN_SCOPE,
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), index=True)
    encounter_id: Mapped[str | None] = mapped_column(ForeignKey("encounters.id"))
    sequence: Mapped[int] = mapped_column(Integer)
    command_id: Mapped[str] = mapped_column(String(64))
    record_type: Mapped[str] = mapped_column(String(16))
    record: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)


class SnapshotRow(Base):
    """An encounter's state after record ``sequence``, what wrote it (``stamp``) and the
    log there (``log``: its frame and pending decision); both NULL on older rows."""

    __tablename__ = "snapshots"

    encounter_id: Mapped[str] = mapped_column(ForeignKey("encounters.id"), primary_key=True)
    sequence: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)
    stamp: Mapped[str | None] = mapped_column(String(64))
    log: Mapped[dict[str, Any] | None] = mapped_column(JSON_DATA)


class CommandKeyRow(Base):
    """An idempotency key a client sent with a write to an encounter, and the records
    that write stored (numbered ``after`` + 1 .. ``version``): a retry with the key is
    answered with them, and stores nothing."""

    __tablename__ = "command_keys"

    encounter_id: Mapped[str] = mapped_column(ForeignKey("encounters.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    after: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)


class DeletionRow(Base):
    """The audit record of one deletion (:class:`~tablekeeper.engine.campaigns.Deletion`).

    No foreign key: the row names its campaign by id and outlives it.
    """

    __tablename__ = "deletions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(String(64), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    contents: Mapped[dict[str, Any]] = mapped_column(JSON_DATA)
    deleted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
