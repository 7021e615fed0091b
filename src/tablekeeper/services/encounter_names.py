"""Named encounters with the GM's notes: kept in the campaign's own log (ruling C-14).

The GM names an encounter (``campaign.encounter_named``, public: the table reads the
name) and keeps notes on it (``campaign.encounter_notes``, GM only: the log's visibility
filter keeps them from every player, on every interface that reads the log); the latest
of each stands. In the log, they travel with the campaign's export and come back with
its import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
        drafts = [
            EventDraft.of(ENCOUNTER_NAMED, named),
            EventDraft.of(ENCOUNTER_NOTES, noted, GM_ONLY),
        ]
        record_campaign_events(uow, campaign_id, drafts)
        uow.commit()
    return Label(name=named.name, notes=noted.notes)


def encounter_labels(
    uow: UnitOfWork, campaign_id: str, *, viewer: Viewer = GM_VIEWER
) -> Mapping[str, Label]:
    """Each labelled encounter's name, and its notes if ``viewer`` is the GM."""
    with uow:
        records = uow.campaigns.records(campaign_id)
    labels: dict[str, Label] = {}
    for record in visible_records(records, viewer):
        if not isinstance(record, Event) or record.kind not in (ENCOUNTER_NAMED, ENCOUNTER_NOTES):
            continue
        encounter = str(record.payload.get("encounter"))
        label = labels.get(encounter, Label(notes="" if viewer.is_gm else None))
        if record.kind == ENCOUNTER_NAMED:
            label = label.model_copy(update={"name": str(record.payload.get("name", ""))})
        else:
            label = label.model_copy(update={"notes": str(record.payload.get("notes", ""))})
        labels[encounter] = label
    return labels


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
