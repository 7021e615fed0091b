"""Campaigns and their encounters as stored values: what persistence keeps, in domain terms.

A campaign is the unit of history (ARCHITECTURE.md, idea 4): it is bound to one ruleset
and that ruleset's options; each encounter is a scope inside it, with the state it
started from and a ``version`` (the number of log records in its scope) that makes every
write an optimistic compare-and-set. The campaign keeps a log of its own too (rolls at the
table, downtime, notes), versioned the same way. A campaign's characters (player
characters and NPC stat blocks) and its players (people who joined with a token) are
kept beside it. These are plain frozen values: the persistence
adapter maps them to and from its tables, and never the other way round.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from tablekeeper.engine.values import Frozen, JsonObject

CAMPAIGN_SCHEMA_VERSION = 1
"""The shape of a stored campaign; a later shape is an Alembic migration plus a bump."""

CHARACTER_SCHEMA_VERSION = 1
"""The shape of a stored character sheet; a later shape is a migration plus a bump."""

ID_PATTERN = r"^[A-Za-z0-9_-]+$"
"""What a character or player id may contain: it travels in URLs and command actors."""


class Campaign(Frozen):
    """A campaign: its id, name, ruleset and the options (rulings) it plays by.

    ``created_sequence`` orders campaigns by creation without reading a clock;
    ``version`` is the number of records in the campaign's own log scope (records of no
    encounter), so the next one's sequence number is ``version + 1``.
    """

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    ruleset: str = Field(min_length=1, max_length=64)
    options: JsonObject = Field(default_factory=dict)
    schema_version: int = CAMPAIGN_SCHEMA_VERSION
    created_sequence: int = Field(ge=1)
    version: int = Field(default=0, ge=0)


class Character(Frozen):
    """A character (kind ``"pc"``, owned by a player) or an NPC stat block (``"npc"``).

    ``sheet`` is the ruleset's creature spec without the id (the spec its encounter's
    "add" command takes): the character's ``id`` is that creature's id when it joins an
    encounter. ``version`` starts at 1 and every edit bumps it, so an edit is an
    optimistic compare-and-set; ``created_sequence`` orders a campaign's characters.
    """

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN)
    campaign_id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["pc", "npc"]
    player: str | None = Field(default=None, min_length=1, max_length=40, pattern=ID_PATTERN)
    sheet: JsonObject
    schema_version: int = CHARACTER_SCHEMA_VERSION
    version: int = Field(default=1, ge=1)
    created_sequence: int = Field(ge=1)

    @model_validator(mode="after")
    def _only_a_pc_has_a_player(self) -> Character:
        if self.kind == "npc" and self.player is not None:
            raise ValueError("an NPC has no player; only a pc is owned by one")
        return self


class Player(Frozen):
    """A person at the table who joined with a token (no accounts).

    The token itself is never part of the value: persistence keeps only its hash, and a
    revoked player keeps their id (and their characters) but no longer gets in.
    """

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN)
    campaign_id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    revoked: bool = False
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
    stamp: str | None = Field(default=None, max_length=64)
    """What wrote it (the snapshot format, the ruleset, its fold version and the shape of
    its state): a load uses a snapshot only when the stamp is today's. ``None``: written
    before stamps, read the old way (the whole log, folded from the snapshot)."""
    log: JsonObject | None = None
    """The log at ``sequence`` (a :class:`~tablekeeper.engine.log.LogFrame`) and the
    decision pending there, so a load reads only the records after it."""


DeletedKind = Literal["campaign", "character", "player", "encounter"]
"""What the GM may delete: a whole campaign, or one character, player or encounter of it."""


class Deletion(Frozen):
    """The audit record of one deletion: what went, its name, and how much went with it.

    It outlives what it records (a deleted campaign's too): the row names the campaign by
    id only, with no reference that the deletion would break.
    """

    campaign_id: str = Field(min_length=1, max_length=64)
    kind: DeletedKind
    target_id: str = Field(min_length=1, max_length=64)
    name: str = Field(max_length=200)
    contents: dict[str, int] = Field(default_factory=dict)
    """What went with it, counted: encounters, records, characters, players."""
    sequence: int = Field(default=0, ge=0)
    """Its number among the audit records (0 until stored)."""
