"""Named encounters with the GM's notes: kept in the campaign's own log (ruling C-14).

The GM names an encounter (``campaign.encounter_named``, public: the table reads the
name) and keeps notes on it (``campaign.encounter_notes``, GM only: the log's visibility
filter keeps them from every player, on every interface that reads the log); the latest
of each stands. In the log, they travel with the campaign's export and come back with
its import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pydantic import Field, ValidationError

from tablekeeper.engine.events import GM_ONLY, Event, EventDraft, LogRecord
from tablekeeper.engine.values import Frozen, invalid_input
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm
from tablekeeper.services.logs import visible_records
from tablekeeper.services.table import record_campaign_events

ENCOUNTER_NAMED = "campaign.encounter_named"
ENCOUNTER_NOTES = "campaign.encounter_notes"


class EncounterNamed(Frozen):
    """The name the GM gave an encounter (empty: none)."""

    encounter: str
    name: str = Field(max_length=200)


class EncounterNotes(Frozen):
    """The GM's notes on an encounter, for the GM's eyes only."""

    encounter: str
    notes: str = Field(max_length=5000)


class Label(Frozen):
    """What an encounter is called and, for the GM, the notes on it (``None``: not
    the viewer's to read)."""

    name: str = ""
    notes: str | None = None


def label_encounter(
    uow: UnitOfWork,
    campaign_id: str,
    encounter_id: str,
    *,
    name: str,
    notes: str,
    viewer: Viewer = GM_VIEWER,
) -> Label:
    """Name the encounter and keep notes on it (one command in the campaign log); the GM
    only. Errors name ``label.name`` or ``label.notes``."""
    require_gm(viewer, "name an encounter or keep notes on it")
    try:
        named = EncounterNamed(encounter=encounter_id, name=name.strip())
        noted = EncounterNotes(encounter=encounter_id, notes=notes.strip())
    except ValidationError as error:
        raise invalid_input(error, prefix="label") from None
    with uow:
        if uow.encounters.get(encounter_id).campaign_id != campaign_id:
            raise UnknownNameError(f"no encounter {encounter_id!r}", field="encounter")
        now = labels_in(uow.campaigns.records(campaign_id), GM_VIEWER).get(encounter_id)
        now = now or Label(notes="")
        drafts = []  # only what changed: saving the notes alone renames nothing
        if named.name != now.name:
            drafts.append(EventDraft.of(ENCOUNTER_NAMED, named))
        if noted.notes != now.notes:
            drafts.append(EventDraft.of(ENCOUNTER_NOTES, noted, GM_ONLY))
        if drafts:
            record_campaign_events(uow, campaign_id, drafts)
            uow.commit()
    return Label(name=named.name, notes=noted.notes)


def encounter_labels(
    uow: UnitOfWork, campaign_id: str, *, viewer: Viewer = GM_VIEWER
) -> Mapping[str, Label]:
    """Each labelled encounter's name, and its notes if ``viewer`` is the GM."""
    with uow:
        records = uow.campaigns.records(campaign_id)
    return labels_in(records, viewer)


def labels_in(records: Sequence[LogRecord], viewer: Viewer) -> dict[str, Label]:
    """:func:`encounter_labels` read from the campaign's ``records``, in order."""
    visible = visible_records(records, viewer)
    names, _ = names_in(visible)
    notes = {
        str(record.payload.get("encounter")): str(record.payload.get("notes", ""))
        for record in visible
        if isinstance(record, Event) and record.kind == ENCOUNTER_NOTES
    }
    return {
        encounter: Label(
            name=names.get(encounter, ""),
            notes=notes.get(encounter, "") if viewer.is_gm else None,
        )
        for encounter in {**names, **notes}
    }


def names_in(records: Iterable[LogRecord]) -> tuple[dict[str, str], dict[int, str]]:
    """Each encounter's latest name among ``records`` (in order), and each renaming's
    sequence with the name it replaced: how the campaign log calls its encounters."""
    names: dict[str, str] = {}
    replaced: dict[int, str] = {}
    for record in records:
        if isinstance(record, Event) and record.kind == ENCOUNTER_NAMED:
            encounter = str(record.payload.get("encounter"))
            if names.get(encounter):
                replaced[record.sequence] = names[encounter]
            names[encounter] = str(record.payload.get("name", ""))
    return names, replaced


def label_of(uow: UnitOfWork, campaign_id: str, encounter_id: str, viewer: Viewer) -> Label:
    """The encounter's label as ``viewer`` may read it (no name yet: an empty one)."""
    found = encounter_labels(uow, campaign_id, viewer=viewer).get(encounter_id)
    return found or Label(notes="" if viewer.is_gm else None)
