"""Campaign export and import, and a human-readable session log.

:func:`export_campaign` turns a stored campaign into one JSON-ready document: the
campaign (id, name, ruleset, options); its players (id, name, revoked: never a token or
its hash, so an imported campaign's players need new tokens); its characters (id, name,
kind, player, sheet, version) in order; the campaign's own log (rolls, downtime, notes,
edits); and every encounter (id, ruleset, initial state, version) with every log record
in order, each as the persistence codec's type tag and JSON data. Snapshots are left
out: they are derivable from the log. A document without players, characters or
campaign log (the first shape) imports with none.

:func:`import_campaign` validates such a document (Pydantic; errors name the field path
under ``document``) and writes it back in one unit of work, so that exporting what was
imported gives the same document. A wrong ``schema_version``, a missing field, an unknown
ruleset, a log that could not have come from play, or a campaign or encounter id already
taken is refused, and nothing is written.

:func:`session_log_markdown` renders the campaign's encounters as a Markdown session log
for a viewer (the GM sees everything; a player only what the log's visibility filter
shows them).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.campaigns import ID_PATTERN, Campaign, Character, Encounter, Player
from tablekeeper.engine.cards import distinct_names
from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, ActorId, JsonObject, ScopeId, invalid_input
from tablekeeper.engine.words import kind_words
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.persistence.codec import RecordType, dump_record, load_record
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import safe_input
from tablekeeper.services.access import (
    GM_VIEWER,
    Viewer,
    as_viewer,
    hash_secret,
    new_secret,
    require_gm,
)
from tablekeeper.services.campaigns import refuse_taken
from tablekeeper.services.characters import validate_sheet
from tablekeeper.services.logs import encounter_log
from tablekeeper.services.rulesets import ruleset_named, state_of
from tablekeeper.services.views import public_payload, sight_for

EXPORT_SCHEMA_VERSION = 1
"""The shape of an exported campaign document."""

ROOT = "document"
"""The name error messages give the imported document's root."""


# --- the document, as Pydantic validates it --------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RecordDocument(_Strict):
    """One log record: the codec's type tag and JSON data."""

    type: RecordType
    data: JsonObject


class EncounterDocument(_Strict):
    """One encounter: where it started, how far it got, and every record it stored."""

    id: str = Field(min_length=1, max_length=64, pattern=ID_PATTERN)
    ruleset: str = Field(min_length=1, max_length=64)
    initial_state: JsonObject
    version: int = Field(ge=0)
    records: list[RecordDocument]


class CampaignDocument(_Strict):
    """The campaign itself: its id, name, ruleset and the options it plays by."""

    id: str = Field(min_length=1, max_length=64, pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    ruleset: str = Field(min_length=1, max_length=64)
    options: JsonObject


class PlayerDocument(_Strict):
    """A player: id, name, and whether revoked (no token: tokens never leave)."""

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    revoked: bool = False


class CharacterDocument(_Strict):
    """A character or NPC stat block, at its version."""

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["pc", "npc"]
    player: str | None = None
    sheet: JsonObject
    version: int = Field(default=1, ge=1)


class ExportDocument(_Strict):
    """A whole exported campaign."""

    schema_version: Literal[1]
    campaign: CampaignDocument
    players: list[PlayerDocument] = Field(default_factory=list)
    characters: list[CharacterDocument] = Field(default_factory=list)
    campaign_log: list[RecordDocument] = Field(default_factory=list)
    encounters: list[EncounterDocument]


# --- export ----------------------------------------------------------------------------


def export_campaign(
    uow: UnitOfWork, campaign_id: str, *, viewer: Viewer = GM_VIEWER
) -> dict[str, Any]:
    """The campaign as one JSON-ready document (see the module docstring); the GM only."""
    require_gm(viewer, "export the campaign")
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        players = uow.players.list_for(campaign.id)
        characters = uow.characters.list_for(campaign.id)
        campaign_log = uow.campaigns.records(campaign.id)
        encounters = [
            (encounter, uow.encounters.records(encounter.id))
            for encounter in uow.encounters.list_for(campaign.id)
        ]
    document = ExportDocument(
        schema_version=EXPORT_SCHEMA_VERSION,
        campaign=CampaignDocument(
            id=campaign.id,
            name=campaign.name,
            ruleset=campaign.ruleset,
            options=campaign.options,
        ),
        players=[
            PlayerDocument(id=player.id, name=player.name, revoked=player.revoked)
            for player in players
        ],
        characters=[
            CharacterDocument(
                id=character.id,
                name=character.name,
                kind=character.kind,
                player=character.player,
                sheet=character.sheet,
                version=character.version,
            )
            for character in characters
        ],
        campaign_log=[_record_document(record) for record in campaign_log],
        encounters=[
            EncounterDocument(
                id=encounter.id,
                ruleset=encounter.ruleset,
                initial_state=encounter.initial_state,
                version=encounter.version,
                records=[_record_document(record) for record in records],
            )
            for encounter, records in encounters
        ],
    )
    return document.model_dump(mode="json")


def _record_document(record: LogRecord) -> RecordDocument:
    tag, data = dump_record(record)
    return RecordDocument(type=tag, data=data)


# --- import ----------------------------------------------------------------------------


def import_campaign(uow: UnitOfWork, document: Any) -> Campaign:
    """Validate an exported ``document`` and store it; the stored campaign.

    Errors are :class:`~tablekeeper.errors.RulesError` subclasses naming the field path
    (``document.campaign.ruleset``, ``document.encounters.0.records.3.data.kind``, ...);
    a campaign or encounter id already stored is refused. Nothing is written unless all
    of it is right.
    """
    safe_input.check_document(document, ROOT, safe_input.CAMPAIGN)
    try:
        parsed = ExportDocument.model_validate(document)
    except ValidationError as error:
        raise invalid_input(error, prefix=ROOT) from None
    rules = ruleset_named(parsed.campaign.ruleset, field=f"{ROOT}.campaign.ruleset")
    try:
        options = rules.Options.model_validate(parsed.campaign.options)
    except ValidationError as error:
        raise invalid_input(error, prefix=f"{ROOT}.campaign.options") from None
    checked = [
        _checked_encounter(parsed.campaign.id, rules, index, encounter)
        for index, encounter in enumerate(parsed.encounters)
    ]
    _refuse_duplicates([encounter.id for encounter, _ in checked])
    _refuse_repeated([player.id for player in parsed.players], "players")
    _refuse_repeated([character.id for character in parsed.characters], "characters")
    sheets = _checked_characters(rules.name, parsed)
    table_log = _checked_campaign_log(parsed.campaign_log)
    with uow:
        refuse_taken(uow.campaigns.get, parsed.campaign.id, f"{ROOT}.campaign.id")
        for index, (encounter, _) in enumerate(checked):
            refuse_taken(uow.encounters.get, encounter.id, f"{ROOT}.encounters.{index}.id")
        try:
            campaign = Campaign(
                id=parsed.campaign.id,
                name=parsed.campaign.name,
                ruleset=rules.name,
                options=options.model_dump(mode="json"),
                created_sequence=uow.campaigns.next_sequence(),
            )
        except ValidationError as error:
            raise invalid_input(error, prefix=f"{ROOT}.campaign") from None
        uow.campaigns.add(campaign)
        for number, member in enumerate(parsed.players):
            player = Player(
                id=member.id,
                campaign_id=campaign.id,
                name=member.name,
                revoked=member.revoked,
                created_sequence=number + 1,
            )
            uow.players.add(player, hash_secret(new_secret()))  # no one knows this token
        for number, (sheet_of, sheet) in enumerate(zip(parsed.characters, sheets, strict=True)):
            uow.characters.add(
                Character(
                    id=sheet_of.id,
                    campaign_id=campaign.id,
                    name=sheet_of.name,
                    kind=sheet_of.kind,
                    player=sheet_of.player,
                    sheet=sheet,
                    version=sheet_of.version,
                    created_sequence=number + 1,
                )
            )
        if table_log:
            uow.campaigns.append(campaign.id, 0, table_log)
        for encounter, records in checked:
            uow.encounters.add(encounter)
            if records:
                uow.encounters.append(encounter.id, 0, records)
        uow.commit()
    return campaign


def _checked_characters(ruleset: str, document: ExportDocument) -> list[JsonObject]:
    """Each character's sheet once its ruleset accepts it and its player is one of the
    document's (errors name ``document.characters.<i>.<field>``)."""
    rules = ruleset_named(ruleset)
    players = {player.id for player in document.players}
    sheets: list[JsonObject] = []
    for index, entry in enumerate(document.characters):
        where = f"{ROOT}.characters.{index}"
        if entry.kind == "npc" and entry.player is not None:
            raise InvalidInputError("an NPC has no player", field=f"{where}.player")
        if entry.player is not None and entry.player not in players:
            raise InvalidInputError(
                f"no player {entry.player!r} in the document", field=f"{where}.player"
            )
        sheets.append(validate_sheet(rules, entry.id, entry.sheet, f"{where}.sheet"))
    return sheets


def _checked_campaign_log(entries: list[RecordDocument]) -> list[LogRecord]:
    """The campaign's own records, once they are numbered from 1, belong to no encounter
    and could have come from a log."""
    where = f"{ROOT}.campaign_log"
    records: list[LogRecord] = []
    for number, entry in enumerate(entries):
        try:
            record = load_record(entry.type, entry.data)
        except ValidationError as error:
            raise invalid_input(error, prefix=f"{where}.{number}.data") from None
        if record.sequence != number + 1:
            raise InvalidInputError(
                f"record {number} is numbered {record.sequence}, not {number + 1}",
                field=f"{where}.{number}.data.sequence",
            )
        if isinstance(record, Event) and record.scope is not None:
            raise InvalidInputError(
                f"a campaign log event belongs to no encounter, not {record.scope!r}",
                field=f"{where}.{number}.data.scope",
            )
        records.append(record)
    try:
        EventLog(records)
    except ValueError as error:
        raise InvalidInputError(f"the log is not a log: {error}", field=where) from None
    return records


def _refuse_repeated(ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for index, identifier in enumerate(ids):
        if identifier in seen:
            raise InvalidInputError(
                f"id {identifier!r} appears twice", field=f"{ROOT}.{what}.{index}.id"
            )
        seen.add(identifier)


def _checked_encounter(
    campaign_id: str, rules: Ruleset, index: int, document: EncounterDocument
) -> tuple[Encounter, list[LogRecord]]:
    """The encounter (at version 0) and its records, once they are known to replay."""
    where = f"{ROOT}.encounters.{index}"
    if document.ruleset != rules.name:
        raise InvalidInputError(
            f"the encounter plays {document.ruleset!r}, its campaign {rules.name!r}",
            field=f"{where}.ruleset",
        )
    try:
        initial = state_of(rules, document.initial_state)
    except ValidationError as error:
        raise invalid_input(error, prefix=f"{where}.initial_state") from None
    records: list[LogRecord] = []
    for number, entry in enumerate(document.records):
        try:
            records.append(load_record(entry.type, entry.data))
        except ValidationError as error:
            raise invalid_input(error, prefix=f"{where}.records.{number}.data") from None
    for number, record in enumerate(records):
        if record.sequence != number + 1:
            raise InvalidInputError(
                f"record {number} is numbered {record.sequence}, not {number + 1}",
                field=f"{where}.records.{number}.data.sequence",
            )
        if isinstance(record, Event) and record.scope != ScopeId(document.id):
            raise InvalidInputError(
                f"the event belongs to scope {record.scope!r}, not {document.id!r}",
                field=f"{where}.records.{number}.data.scope",
            )
    if document.version != len(records):
        raise InvalidInputError(
            f"version {document.version} does not match its {len(records)} records",
            field=f"{where}.version",
        )
    try:
        Session(
            rules.engine,
            initial,
            roller=RandomRoller(0),
            log=EventLog(records),
            scope=ScopeId(document.id),
        )
    except (RulesError, ValueError) as error:
        raise InvalidInputError(
            f"the log does not replay: {error}", field=f"{where}.records"
        ) from None
    try:
        encounter = Encounter(
            id=document.id,
            campaign_id=campaign_id,
            ruleset=rules.name,
            initial_state=initial.model_dump(mode="json"),
        )
    except ValidationError as error:
        raise invalid_input(error, prefix=where) from None
    return encounter, records


def _refuse_duplicates(ids: list[str]) -> None:
    seen: set[str] = set()
    for index, identifier in enumerate(ids):
        if identifier in seen:
            raise InvalidInputError(
                f"encounter id {identifier!r} appears twice",
                field=f"{ROOT}.encounters.{index}.id",
            )
        seen.add(identifier)


# --- the session log -------------------------------------------------------------------


def session_log_markdown(
    uow: UnitOfWork, campaign_id: str, *, viewer: Viewer | ActorId | str = GM
) -> str:
    """The campaign's session log in Markdown, as ``viewer`` may see it.

    A heading per encounter; then, per command, one line per event in the ruleset's words
    (:class:`~tablekeeper.engine.words.Words`, as that viewer may read them), numbered by
    the log, struck through when an undo took it back; an undo's audit record says what
    it took back. Bookkeeping events (those without a sentence) are left out, and so are
    events hidden from ``viewer`` (the filter of
    :func:`~tablekeeper.services.logs.encounter_log`).
    """
    who = as_viewer(viewer)
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        encounters = uow.encounters.list_for(campaign.id)
        # the names the table knows the campaign's characters by (read, not folded)
        names = distinct_names({c.id: c.name for c in uow.characters.list_for(campaign.id)})
    rules = ruleset_named(campaign.ruleset)
    lines = [f"# {_text(campaign.name)}", "", f"Ruleset: `{_code(campaign.ruleset)}`"]
    for encounter in encounters:
        records = encounter_log(uow, encounter.id, viewer=who)
        undone = {number for r in records if isinstance(r, Undone) for number in r.events}
        shown = {r.sequence for r in records if isinstance(r, Event)}
        lines += ["", f"## Encounter `{_code(encounter.id)}`", ""]
        written = [_line(rules, record, undone, shown, who, names) for record in records]
        lines += [line for line in written if line] or ["_No events._"]
    return "\n".join(lines) + "\n"


def _line(
    rules: Ruleset,
    record: LogRecord,
    undone: set[int],
    shown: set[int],
    viewer: Viewer,
    names: dict[str, str],
) -> str | None:
    if isinstance(record, Undone):
        taken = ", ".join(str(number) for number in record.events if number in shown)
        return f"- {record.sequence}. _undo_ of command `{_code(record.command_id)}` ({taken})"
    sentence = rules.words.event_sentence(record, names, sight_for([record], viewer))
    if sentence:
        said = _text(sentence)
    elif record.kind.startswith(f"{rules.name}."):
        return None  # the ruleset's bookkeeping: nothing a reader needs
    else:  # someone else's event (a GM's note): its kind in words and its fields
        payload = public_payload(record, viewer, rules)
        pairs = " ".join(f"`{_code(f'{key}={value}')}`" for key, value in sorted(payload.items()))
        said = (
            f"{_text(kind_words(record.kind))}: {pairs}"
            if pairs
            else _text(kind_words(record.kind))
        )
    text = f"{record.sequence}. {said} ({_code(record.command_id)})"
    if record.sequence in undone:
        return f"- ~~{text}~~ (undone)"
    return f"- {text}"


def _code(text: str) -> str:
    """Text safe inside a single-backtick code span, on one line."""
    return " ".join(text.replace("`", "'").split())


def _text(text: str) -> str:
    """Plain text with Markdown's inline markers escaped, on one line."""
    escaped = "".join("\\" + char if char in "\\`*_[]#~<>|" else char for char in text)
    return " ".join(escaped.split())
