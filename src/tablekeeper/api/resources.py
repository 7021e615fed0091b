"""Request and response bodies of the campaign routes: one schema family per resource.

Each resource has its ``...Create`` (or ``...In``) body, its ``...Public`` answer and,
where it can be changed, its ``...Update``; the stateless dice and resolver routes keep
theirs in :mod:`tablekeeper.api.schemas`. Ids in bodies follow :data:`ID_PATTERN`, the
same rule the path parameters follow, so no input reaches the store unchecked.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Depends, Path, Query, Request
from fastapi.security import HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.api.deps import unit_of_work, viewer_for, viewer_for_encounter
from tablekeeper.engine.roll_modes import RollMode
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services.access import Viewer

ID_PATTERN = r"^[A-Za-z0-9_-]+$"
"""What an id may contain: letters, digits, ``_`` and ``-``."""

ID_LENGTH = 64
"""The longest id a path or body may name (a character's or player's is at most 40)."""

MAX_NUMBER = 2**31 - 1
"""The largest version, sequence number or count a request may give (a database integer)."""

MAX_DICE = 1000
"""The most faces rolled at the table one request may hand over."""


class _In(BaseModel):
    """A request body: unknown fields are refused, naming the field. (What no field may
    hold, a NUL character, NaN or Infinity, is refused for every JSON body before it is
    parsed into one: ``api/limits.py``.)"""

    model_config = ConfigDict(extra="forbid")


def _id(description: str, *, max_length: int = ID_LENGTH, optional: bool = False) -> Any:
    """A field holding an id; ``optional``: it may be left out (``None``)."""
    return Field(
        default=None if optional else ...,
        min_length=1,
        max_length=max_length,
        pattern=ID_PATTERN,
        description=description,
    )


# --- who is asking ----------------------------------------------------------------------


class ViewerPublic(BaseModel):
    """Who a GM secret or player token speaks for."""

    role: Literal["gm", "player"]
    player: str | None = Field(description="The player's id; none for the GM.")
    characters: list[str] = Field(description="The characters the player owns.")


# --- campaigns --------------------------------------------------------------------------


class CampaignCreate(_In):
    """A new campaign: its name, its ruleset and the options (rulings) it plays by."""

    name: str = Field(min_length=1, max_length=200)
    ruleset: str = Field(
        min_length=1, max_length=64, description="An installed ruleset: GET /api/rulesets."
    )
    options: dict[str, Any] = Field(
        default_factory=dict, description="The ruleset's Options; what is left out: defaults."
    )
    id: str | None = _id("The campaign's id; default: a fresh one.", optional=True)


class CampaignSummary(BaseModel):
    """One campaign of the list."""

    id: str
    name: str
    ruleset: str


class CampaignPublic(CampaignSummary):
    """A campaign: its ruleset, its options and the version of its own log."""

    options: dict[str, Any]
    version: int = Field(description="Records in the campaign's own log (not encounters').")


class CampaignDetail(CampaignPublic):
    """A campaign as one viewer reads it, with who the viewer is."""

    viewer: ViewerPublic


class CampaignCreated(BaseModel):
    """A created (or imported) campaign and its GM secret, shown this once."""

    campaign: CampaignPublic
    gm_secret: str = Field(description="The GM's bearer token; stored only hashed.")


# --- players ----------------------------------------------------------------------------


class PlayerCreate(_In):
    """A player joining the table."""

    id: str = _id("The player's id in this campaign.", max_length=40)
    name: str = Field(min_length=1, max_length=200)


class PlayerPublic(BaseModel):
    """A player (never their token)."""

    id: str
    name: str
    revoked: bool


class PlayerToken(BaseModel):
    """A player and their join token, shown this once."""

    player: PlayerPublic
    token: str = Field(description="The player's bearer token; stored only hashed.")


# --- characters -------------------------------------------------------------------------


class CharacterCreate(_In):
    """A character (a ``pc``, owned by a player) or an NPC stat block (``npc``)."""

    id: str = _id("The character's id; also its creature id in encounters.", max_length=40)
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["pc", "npc"] = "pc"
    player: str | None = _id("The owning player's id (a pc only).", max_length=40, optional=True)
    sheet: dict[str, Any] = Field(
        description="The ruleset's actor spec without its id (GET /api/rulesets/{name} "
        "gives its schema)."
    )


class CharacterUpdate(_In):
    """An edit: the fields given change; ``expected_version`` is the version last read."""

    expected_version: int = Field(ge=1, le=MAX_NUMBER)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    player: str | None = _id("The new owner; null: no owner.", max_length=40, optional=True)
    sheet: dict[str, Any] | None = None
    reason: str = Field(default="", max_length=500, description="Why, for the campaign log.")


class CharacterPublic(BaseModel):
    """A character as a viewer may read it (another player's sheet is left empty)."""

    id: str
    name: str
    kind: Literal["pc", "npc"]
    player: str | None
    sheet: dict[str, Any]
    schema_version: int
    version: int


class CharacterDocument(BaseModel):
    """Characters as text: what an export answers and an import takes."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["json", "yaml"] = "json"
    text: str = Field(max_length=2_000_000)


# --- encounters -------------------------------------------------------------------------


class EncounterCreate(_In):
    """A new encounter, with the characters who join it, in order."""

    characters: list[str] = Field(default_factory=list, max_length=200)
    id: str | None = _id("The encounter's id; default: a fresh one.", optional=True)


class EncounterPublic(BaseModel):
    """An encounter: its campaign, its ruleset and its version."""

    id: str
    campaign_id: str
    ruleset: str
    version: int = Field(description="Records in its log: what the next write expects.")


class EncounterState(BaseModel):
    """An encounter as one viewer may see it: the state (others' numbers left out for a
    player), the pending decision (its options only for whoever must choose) and the
    commands the viewer may give now."""

    encounter: EncounterPublic
    state: dict[str, Any]
    pending: dict[str, Any] | None
    cards: list[dict[str, Any]] = Field(
        description="One card per actor as the viewer may see it: id, name, side, life, "
        "defeated, acting, summary, gauges, facts, conditions, controller."
    )
    clock: str = Field(description="Where the encounter stands, in the ruleset's words.")
    ended: str | None = Field(description="How the encounter ended, or null while it goes on.")
    legal_commands: list[dict[str, Any]] = Field(
        description="The commands the viewer may submit now, as {actor, kind, payload}."
    )
    players: dict[str, str] = Field(description="Which player plays which creature.")


class EventPublic(BaseModel):
    """An event as a viewer may see it (a payload they may not read in full reduced), with
    its sentence in the ruleset's words as that viewer may read it."""

    sequence: int
    command_id: str
    kind: str
    payload: dict[str, Any]
    visibility: dict[str, Any]
    scope: str | None
    text: str | None = Field(
        default=None, description="The event in words (null: bookkeeping, or not an encounter's)."
    )


class UndonePublic(BaseModel):
    """The audit record of an undo: which command's events it took back."""

    sequence: int
    command_id: str
    events: list[int]


RecordPublic = EventPublic | UndonePublic
"""One log record: an event, or the audit record of an undo."""


class LogPublic(BaseModel):
    """Log records after the one asked for, in order, that the viewer may see; the last
    one's ``sequence`` is where the next read starts (``after``)."""

    records: list[RecordPublic]


class EncounterStep(EncounterState):
    """An encounter after a write, with the records the write stored that the viewer
    may see."""

    records: list[RecordPublic]


class CommandIn(_In):
    """A command for the encounter, and the dice it may roll."""

    command: dict[str, Any] = Field(description="{actor, kind, payload}.")
    expected_version: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
    seed: int | None = Field(default=None, ge=0, description="Makes the roll repeatable.")
    dice: list[int] | None = Field(
        default=None, max_length=MAX_DICE, description="Faces rolled at the table."
    )
    at_table: bool = Field(
        default=False,
        description="Rolled at the table die by die: dice are the faces so far (C-22).",
    )
    roll_mode: RollMode | None = Field(
        default=None,
        description="The GM's choice: public, dice_only or gm_only (C-16, C-20); null: the "
        "creature's.",
    )


class DecisionIn(_In):
    """An answer to the pending decision, and the dice it may roll."""

    option: str = Field(min_length=1, max_length=200)
    expected_version: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
    seed: int | None = Field(default=None, ge=0, description="Makes the roll repeatable.")
    dice: list[int] | None = Field(
        default=None, max_length=MAX_DICE, description="Faces rolled at the table."
    )
    at_table: bool = Field(
        default=False,
        description="Rolled at the table die by die: dice are the faces so far (C-22).",
    )
    roll_mode: RollMode | None = Field(
        default=None,
        description="The GM's choice: public, dice_only or gm_only (C-16, C-20); null: the "
        "creature's.",
    )


class VersionIn(_In):
    """An undo or redo, checked against the version last read."""

    expected_version: int | None = Field(default=None, ge=0, le=MAX_NUMBER)


# --- the table log ----------------------------------------------------------------------


class TableRollIn(_In):
    """A free-form roll into the campaign log; only the GM may roll in secret."""

    expression: str = Field(min_length=1, max_length=500)
    secret: bool = False
    label: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, description="Makes the roll repeatable.")
    dice: list[int] | None = Field(
        default=None, max_length=MAX_DICE, description="Faces rolled at the table."
    )


class TableResolveIn(_In):
    """A resolver run into the campaign log: its input, and a seed or the faces rolled."""

    input: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, description="Makes the roll repeatable.")
    dice: list[int] | None = Field(
        default=None, max_length=MAX_DICE, description="Faces rolled at the table."
    )


class DowntimeIn(_In):
    """Days that pass between sessions, and what happened."""

    days: int = Field(ge=1, le=36_500)
    note: str = Field(default="", max_length=2000)


class NoteIn(_In):
    """A note in the campaign log."""

    text: str = Field(min_length=1, max_length=2000)


class TableRecords(BaseModel):
    """What a table write stored that the viewer may see."""

    records: list[RecordPublic]


# --- path and query parameters ----------------------------------------------------------

CampaignIdPath = Annotated[
    str, Path(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN, description="A campaign.")
]
EncounterIdPath = Annotated[
    str, Path(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN, description="An encounter.")
]
CharacterIdPath = Annotated[
    str, Path(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN, description="A character.")
]
PlayerIdPath = Annotated[
    str, Path(min_length=1, max_length=ID_LENGTH, pattern=ID_PATTERN, description="A player.")
]
DecisionIdPath = Annotated[
    str,
    Path(
        min_length=1,
        max_length=ID_LENGTH,
        pattern=ID_PATTERN,
        description="The pending decision: the id of the command that raised it.",
    ),
]
ResolverNamePath = Annotated[
    str,
    Path(
        min_length=1,
        max_length=ID_LENGTH,
        pattern=r"^[A-Za-z0-9_.-]+$",
        description="A registered resolver.",
    ),
]
AfterQuery = Annotated[
    int, Query(ge=0, le=MAX_NUMBER, description="Only the records after this sequence number.")
]


# --- who is asking, and where -----------------------------------------------------------

BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="token",
    description="The campaign's GM secret, or a player's join token.",
)
"""The bearer scheme every campaign route declares; :func:`authenticate
<tablekeeper.services.access.authenticate>` checks it (401 without a valid one)."""


def campaign_viewer(request: Request, campaign_id: CampaignIdPath) -> Viewer:
    """The viewer behind the request's token in the campaign the path names."""
    return viewer_for(request, campaign_id)


def encounter_viewer(request: Request, encounter_id: EncounterIdPath) -> Viewer:
    """The viewer behind the request's token in the campaign of the encounter the path
    names."""
    return viewer_for_encounter(request, encounter_id)


UnitOfWorkDep = Annotated[SqlUnitOfWork, Depends(unit_of_work)]
CampaignViewer = Annotated[Viewer, Depends(campaign_viewer)]
EncounterViewer = Annotated[Viewer, Depends(encounter_viewer)]
