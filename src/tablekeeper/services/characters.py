"""Characters and NPC stat blocks: create, edit, read, import and export them.

A character's ``sheet`` is its ruleset's actor spec (``Ruleset.Actor``) without the id,
validated by that model with the character's id (errors name ``sheet.<field>``), so that
starting an encounter from characters is the GM adding each sheet as an actor
(ARCHITECTURE.md, idea 4: "characters outlive encounters").

Who may see what (the issue: "a player may read their own character in full"): the GM
reads everything; a player reads their own characters in full, sees every other player
character by name without its sheet, and no NPC at all (docs/rulings.md, "campaigns and
roles"). Only the GM creates, edits, duplicates, imports and exports; every edit is a
``campaign.character_edited`` event in the campaign log.

Import and export (the issue: "YAML and JSON import/export with a ``schema_version``"):
one character is ``{"schema_version": 1, "kind": "tablekeeper.character", "ruleset":
..., "character": {...}}``; several are ``{"schema_version": 1, "kind":
"tablekeeper.characters", "ruleset": ..., "characters": [...]}``. An import is validated
whole before anything is written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from types import EllipsisType
from typing import Any, Literal

import annotated_types
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablekeeper.engine.campaigns import CHARACTER_SCHEMA_VERSION, ID_PATTERN, Character
from tablekeeper.engine.events import GM_ONLY, EventDraft, Visibility
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.values import JsonObject, invalid_input
from tablekeeper.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    UnknownNameError,
)
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import safe_input
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm
from tablekeeper.services.problems import Problems
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.services.table import CHARACTER_EDITED, record_campaign_events

Format = Literal["json", "yaml"]
"""The text formats characters are imported from and exported to."""

DOCUMENT_KIND = "tablekeeper.character"
COLLECTION_KIND = "tablekeeper.characters"
ROOT = "document"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CharacterEntry(_Strict):
    """A character as a document carries it: everything but its campaign and bookkeeping."""

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["pc", "npc"] = "pc"
    player: str | None = None
    sheet: JsonObject


class CharacterDocument(_Strict):
    """One exported character."""

    schema_version: Literal[1]
    kind: Literal["tablekeeper.character"]
    ruleset: str
    character: CharacterEntry


class CharactersDocument(_Strict):
    """Several exported characters, in campaign order."""

    schema_version: Literal[1]
    kind: Literal["tablekeeper.characters"]
    ruleset: str
    characters: list[CharacterEntry]


class CharacterEdited(_Strict):
    """The payload of ``campaign.character_edited``: who, which fields, why, new version."""

    character: str
    fields: tuple[str, ...]
    reason: str = Field(default="", max_length=500)
    version: int


# --- create, edit, read ----------------------------------------------------------------


def create_character(
    uow: UnitOfWork,
    campaign_id: str,
    *,
    id: str,
    name: str,
    kind: Literal["pc", "npc"] = "pc",
    player: str | None = None,
    sheet: JsonObject,
    viewer: Viewer = GM_VIEWER,
    dry_run: bool = False,
) -> Character:
    """A new character (or NPC stat block) of the campaign; the GM only.

    The sheet is validated by the ruleset's creature spec (errors name ``sheet.<field>``);
    a pc's player must be one of the campaign's; an id already taken is refused; every
    problem is told at once. Nothing is written unless all of it is right, nor ever with
    ``dry_run`` (a form with an unreadable input still hears of everything else).
    """
    require_gm(viewer, "create a character")
    if not id.strip() and name.strip():  # made from the name: "Old Brom" -> old-brom
        id = _free_id(uow, campaign_id, name)
    problems = Problems()
    entry = problems.check(
        lambda: _entry({"id": id, "name": name, "kind": kind, "player": player, "sheet": sheet})
    )
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        rules = ruleset_named(campaign.ruleset)
        if entry is None:  # the sheet's own problems are told too, all at once
            problems.check(lambda: validate_sheet(rules, _ANY_ID, sheet))
            problems.raise_any()
        assert entry is not None
        character = _checked(uow, campaign.id, rules, entry, "", set(), problems=problems)
        if dry_run:
            return character
        uow.characters.add(character)
        uow.commit()
    return character


def edit_character(
    uow: UnitOfWork,
    campaign_id: str,
    character_id: str,
    *,
    expected_version: int,
    name: str | None = None,
    player: str | EllipsisType | None = ...,
    sheet: JsonObject | None = None,
    reason: str = "",
    viewer: Viewer = GM_VIEWER,
) -> Character:
    """The character with ``name``, ``player`` (``None`` clears it; ``...`` keeps it) or
    ``sheet`` replaced; the GM only. ``expected_version`` is the version the GM edited:
    a character changed since is :class:`~tablekeeper.persistence.errors.StaleVersionError`.
    The edit is logged in the campaign log as ``campaign.character_edited`` (which fields,
    and ``reason``): shown to the GM and the character, the GM only for an NPC."""
    require_gm(viewer, "edit a character")
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        stored = uow.characters.get(campaign_id, character_id)
        if stored.version != expected_version:
            raise StaleVersionError(
                character_id, expected_version, stored.version, what="character"
            )
        wanted = {
            "id": stored.id,
            "name": stored.name if name is None else name,
            "kind": stored.kind,
            "player": stored.player if isinstance(player, EllipsisType) else player,
            "sheet": stored.sheet if sheet is None else sheet,
        }
        entry = _entry(wanted)
        edited = _checked(
            uow, campaign.id, ruleset_named(campaign.ruleset), entry, "", set(), stored
        )
        changed = tuple(
            field
            for field in ("name", "player", "sheet")
            if getattr(edited, field) != getattr(stored, field)
        )
        if not changed:
            return stored
        edited = edited.model_copy(update={"version": stored.version + 1})
        try:
            payload = CharacterEdited(
                character=stored.id, fields=changed, reason=reason, version=edited.version
            )
        except ValidationError as error:
            raise invalid_input(error, prefix="edit") from None
        uow.characters.update(edited, expected_version)
        visibility = GM_ONLY if stored.kind == "npc" else Visibility.for_player(stored.id)
        record_campaign_events(
            uow, campaign.id, [EventDraft.of(CHARACTER_EDITED, payload, visibility)]
        )
        uow.commit()
    return edited


MAX_MINIONS = 50
"""The most minions one duplication makes."""

_ID_MAX_LENGTH = next(
    rule.max_length
    for rule in CharacterEntry.model_fields["id"].metadata
    if isinstance(rule, annotated_types.MaxLen)
)


def duplicate_character(
    uow: UnitOfWork,
    campaign_id: str,
    character_id: str,
    count: int,
    *,
    viewer: Viewer = GM_VIEWER,
) -> list[Character]:
    """``count`` copies of an NPC, a group of minions; the GM only.

    The copies of ``orc`` (named ``Orc``) are ``orc-1`` ... ``orc-<count>``, named ``Orc 1``
    ... ``Orc <count>``, each with the NPC's sheet (a ``name`` the sheet gives the creature
    becomes the minion's). ``count`` is from 1 to :data:`MAX_MINIONS`; only an NPC is
    duplicated (a player character belongs to one player). No number is skipped: an id
    already taken is a :class:`~tablekeeper.errors.ConflictError` naming it, and nothing is
    written unless every copy is right.
    """
    require_gm(viewer, "duplicate an NPC")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MINIONS:
        raise InvalidInputError(
            f"the number of minions is from 1 to {MAX_MINIONS}, not {count!r}", field="count"
        )
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        source = uow.characters.get(campaign_id, character_id)
        if source.kind != "npc":
            raise InvalidInputError(
                f"only an NPC is duplicated into minions; {source.name} ({source.id}) is a "
                "player character",
                field="character",
            )
        last = f"{source.id}-{count}"
        if len(last) > _ID_MAX_LENGTH:
            raise InvalidInputError(
                f"the minions' ids ({source.id}-1 ... {last}) would be longer than "
                f"{_ID_MAX_LENGTH} characters",
                field="count",
            )
        rules = ruleset_named(campaign.ruleset)
        taken: set[str] = set()
        minions: list[Character] = []
        for number in range(1, count + 1):
            name = f"{source.name} {number}"
            entry = _entry(
                {"id": f"{source.id}-{number}", "name": name, "kind": "npc", "sheet": source.sheet}
            )
            if _exists(uow, campaign.id, entry.id):
                raise ConflictError(
                    f"character id {entry.id!r} is already taken: {count} minions of "
                    f"{source.id} need {source.id}-1 ... {last} free",
                    field="count",
                )
            minions.append(_checked(uow, campaign.id, rules, entry, "", taken))
            taken.add(entry.id)
        for minion in minions:
            uow.characters.add(minion)
        uow.commit()
    return minions


def get_character(
    uow: UnitOfWork, campaign_id: str, character_id: str, viewer: Viewer = GM_VIEWER
) -> Character:
    """The character in full: the GM reads any; a player only their own
    (:class:`~tablekeeper.errors.ForbiddenError` otherwise, NPCs included).

    A player asking for an id the campaign does not have gets the same refusal as for
    an NPC, so the answer never tells a player which NPC ids exist.
    """
    with uow:
        uow.campaigns.get(campaign_id)
        try:
            character: Character | None = uow.characters.get(campaign_id, character_id)
        except UnknownNameError:
            if viewer.is_gm:
                raise
            character = None
    if character is None or not _owns(viewer, character):
        raise ForbiddenError(
            f"a player reads only their own characters in full, not {character_id}",
            field="character",
        )
    return character


def list_characters(
    uow: UnitOfWork, campaign_id: str, viewer: Viewer = GM_VIEWER
) -> list[Character]:
    """The campaign's characters in order: all of them for the GM; for a player, every
    player character (another player's with an empty sheet) and no NPC."""
    with uow:
        uow.campaigns.get(campaign_id)
        characters = uow.characters.list_for(campaign_id)
    if viewer.is_gm:
        return characters
    return [
        character if _owns(viewer, character) else character.model_copy(update={"sheet": {}})
        for character in characters
        if character.kind == "pc"
    ]


def _owns(viewer: Viewer, character: Character) -> bool:
    return viewer.is_gm or (character.player is not None and character.player == viewer.player)


# --- documents -------------------------------------------------------------------------


def character_document(character: Character, ruleset: str) -> dict[str, Any]:
    """One character as an export document."""
    return CharacterDocument(
        schema_version=CHARACTER_SCHEMA_VERSION,
        kind=DOCUMENT_KIND,
        ruleset=ruleset,
        character=_as_entry(character),
    ).model_dump(mode="json")


def export_characters(
    uow: UnitOfWork,
    campaign_id: str,
    ids: Sequence[str] | None = None,
    *,
    format: Format = "json",
    viewer: Viewer = GM_VIEWER,
) -> str:
    """The campaign's characters (all, or ``ids`` in that order) as one document in JSON
    or YAML text; the GM only."""
    require_gm(viewer, "export characters")
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        if ids is None:
            chosen = uow.characters.list_for(campaign_id)
        else:
            chosen = [uow.characters.get(campaign_id, identifier) for identifier in ids]
    document = CharactersDocument(
        schema_version=CHARACTER_SCHEMA_VERSION,
        kind=COLLECTION_KIND,
        ruleset=campaign.ruleset,
        characters=[_as_entry(character) for character in chosen],
    ).model_dump(mode="json")
    if format == "yaml":
        return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def import_characters(
    uow: UnitOfWork,
    campaign_id: str,
    text: str,
    *,
    format: Format = "json",
    viewer: Viewer = GM_VIEWER,
) -> list[Character]:
    """Store the characters of a document (one or several) in the campaign; the GM only.

    Errors name the path under ``document`` (``document.characters.2.sheet.hp``); a
    document of another ruleset or ``schema_version``, an unknown player, or an id taken
    (in the campaign or twice in the document) is refused, and nothing is written
    unless every character is right.
    """
    require_gm(viewer, "import characters")
    data = _parse(text, format)
    entries, where = _entries(data)
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        if data.get("ruleset") != campaign.ruleset:
            raise InvalidInputError(
                f"the document is for ruleset {data.get('ruleset')!r}, the campaign plays "
                f"{campaign.ruleset!r}",
                field=f"{ROOT}.ruleset",
            )
        rules = ruleset_named(campaign.ruleset)
        taken: set[str] = set()
        characters: list[Character] = []
        for entry, path in zip(entries, where, strict=True):
            characters.append(_checked(uow, campaign.id, rules, entry, f"{path}.", taken))
            taken.add(entry.id)
        for character in characters:
            uow.characters.add(character)
        uow.commit()
    return characters


def _parse(text: str, format: Format) -> dict[str, Any]:
    # Bounded: size, nesting and values (YAML aliases expanded), no NUL, NaN or Infinity.
    load = safe_input.load_yaml if format == "yaml" else safe_input.load_json
    data = load(text, "text", safe_input.CHARACTERS)
    if not isinstance(data, dict):
        raise InvalidInputError("the document must be an object", field=ROOT)
    return data


def _entries(data: dict[str, Any]) -> tuple[list[CharacterEntry], list[str]]:
    """The document's characters, each with its path for error messages."""
    model: type[CharacterDocument | CharactersDocument]
    model = CharacterDocument if data.get("kind") == DOCUMENT_KIND else CharactersDocument
    try:
        document = model.model_validate(data)
    except ValidationError as error:
        raise invalid_input(error, prefix=ROOT) from None
    if isinstance(document, CharacterDocument):
        return [document.character], [f"{ROOT}.character"]
    paths = [f"{ROOT}.characters.{index}" for index in range(len(document.characters))]
    return list(document.characters), paths


def _as_entry(character: Character) -> CharacterEntry:
    return CharacterEntry(
        id=character.id,
        name=character.name,
        kind=character.kind,
        player=character.player,
        sheet=character.sheet,
    )


# --- validation ------------------------------------------------------------------------


def id_from_name(name: str) -> str:
    """An id for a character named ``name``: its letters and digits, lower case, words
    joined by ``-`` (``"Old Brom"`` -> ``"old-brom"``), ``character`` if none is left.

    >>> id_from_name("Knife-fighter #2"), id_from_name("Ælfric"), id_from_name("!!")
    ('knife-fighter-2', 'lfric', 'character')
    """
    words = re.findall(r"[a-z0-9]+", name.lower())
    return "-".join(words)[: _ID_MAX_LENGTH - 4].strip("-") or "character"


def _free_id(uow: UnitOfWork, campaign_id: str, name: str) -> str:
    """:func:`id_from_name`, numbered (``wolf-2``) when the campaign already has it."""
    base = id_from_name(name)
    with uow:
        taken = {character.id for character in uow.characters.list_for(campaign_id)}
    number, found = 1, base
    while found in taken:
        number += 1
        found = f"{base}-{number}"
    return found


_ANY_ID = "any"
"""The id a sheet is checked under when the character's own is refused (so the sheet's
problems are told with the id's)."""


def _entry(data: dict[str, Any]) -> CharacterEntry:
    try:
        return CharacterEntry.model_validate(data)
    except ValidationError as error:
        raise _invalid(error, "") from None


def _invalid(error: ValidationError, prefix: str) -> InvalidInputError:
    """:func:`~tablekeeper.engine.values.invalid_input`, where an empty ``prefix`` names
    the fields bare (``name``, ``sheet.hp``): a use case's own arguments."""
    if prefix:
        return invalid_input(error, prefix=prefix.rstrip("."))
    marker = "\x00"
    named = invalid_input(error, prefix=marker)
    return InvalidInputError(
        named.message.replace(f"{marker}.", ""),
        field=(named.field or "").removeprefix(f"{marker}."),
    )


def validate_sheet(
    rules: Ruleset, character_id: str, sheet: JsonObject, field: str = "sheet"
) -> JsonObject:
    """The sheet as stored, once the ruleset's actor spec accepts it with the character's
    id (what was given, normalized; errors name ``<field>.<name>``)."""
    if "id" in sheet:
        raise InvalidInputError(
            "the sheet has no id of its own: the character's id is the creature's",
            field=f"{field}.id",
        )
    safe_input.check_document(sheet, field)
    try:
        spec = rules.Actor.model_validate({**sheet, "id": character_id})
    except ValidationError as error:
        raise _invalid(error, field) from None
    return spec.model_dump(mode="json", exclude={"id"}, exclude_unset=True)


def _checked(
    uow: UnitOfWork,
    campaign_id: str,
    rules: Ruleset,
    entry: CharacterEntry,
    prefix: str,
    taken: set[str],
    stored: Character | None = None,
    *,
    problems: Problems | None = None,
) -> Character:
    """The character ``entry`` describes, once its sheet, player and id are known good;
    every problem found is told at once (with those already in ``problems``).

    ``prefix`` starts every field path (``"document.characters.0."``, or ``""``);
    ``taken`` are ids already claimed by the same import; ``stored`` is the character an
    edit replaces (its id is its own, not taken)."""
    problems = problems or Problems()
    sheet = problems.check(lambda: validate_sheet(rules, entry.id, entry.sheet, f"{prefix}sheet"))
    if entry.kind == "npc" and entry.player is not None:
        problems.add(InvalidInputError("an NPC has no player", field=f"{prefix}player"))
    elif entry.player is not None:
        try:
            uow.players.get(campaign_id, entry.player)
        except UnknownNameError as error:
            problems.add(UnknownNameError(error.message, field=f"{prefix}player"))
    if stored is None and (entry.id in taken or _exists(uow, campaign_id, entry.id)):
        problems.add(
            ConflictError(f"character id {entry.id!r} is already taken", field=f"{prefix}id")
        )
    problems.raise_any()
    assert sheet is not None
    try:
        return Character(
            id=entry.id,
            campaign_id=campaign_id,
            name=entry.name,
            kind=entry.kind,
            player=entry.player,
            sheet=sheet,
            version=stored.version if stored is not None else 1,
            created_sequence=(
                stored.created_sequence
                if stored is not None
                else uow.characters.next_sequence(campaign_id) + len(taken)
            ),
        )
    except ValidationError as error:
        raise _invalid(error, prefix) from None


def _exists(uow: UnitOfWork, campaign_id: str, character_id: str) -> bool:
    try:
        uow.characters.get(campaign_id, character_id)
    except UnknownNameError:
        return False
    return True
