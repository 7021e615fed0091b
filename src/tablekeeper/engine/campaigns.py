"""Campaigns and their encounters as stored values: what persistence keeps, in domain terms.

A campaign is the unit of history (ARCHITECTURE.md, idea 4): it is bound to one ruleset
and that ruleset's options; each encounter is a scope inside it, with the state it
started from and a ``version`` (the number of log records in its scope) that makes every
write an optimistic compare-and-set. These are plain frozen values: the persistence
adapter maps them to and from its tables, and never the other way round.
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.engine.values import Frozen, JsonObject

CAMPAIGN_SCHEMA_VERSION = 1
"""The shape of a stored campaign; a later shape is an Alembic migration plus a bump."""


class Campaign(Frozen):
    """A campaign: its id, name, ruleset and the options (rulings) it plays by.

    ``created_sequence`` orders campaigns by creation without reading a clock.
    """

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    ruleset: str = Field(min_length=1, max_length=64)
    options: JsonObject = Field(default_factory=dict)
    schema_version: int = CAMPAIGN_SCHEMA_VERSION
    created_sequence: int = Field(ge=1)


class Encounter(Frozen):
    """An encounter: a scope of its campaign's log, with the state it started from.

    ``version`` is the number of log records in the encounter's scope, so the next
    record's sequence number is ``version + 1``.
    """

    id: str = Field(min_length=1, max_length=64)
    campaign_id: str = Field(min_length=1, max_length=64)
    ruleset: str = Field(min_length=1, max_length=64)
    initial_state: JsonObject
    version: int = Field(default=0, ge=0)


class Snapshot(Frozen):
    """An encounter's state after its record ``sequence``: a fold a load need not redo."""

    encounter_id: str = Field(min_length=1, max_length=64)
    sequence: int = Field(ge=1)
    state: JsonObject
