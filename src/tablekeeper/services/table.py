"""The table's log: what happens in a campaign outside any encounter.

The campaign keeps a log of its own (ARCHITECTURE.md, idea 4: "downtime, healing and GM
edits between encounters are events too"): events of no encounter (``scope`` null),
numbered in the campaign's own sequence and appended with the same optimistic version
check as an encounter's (``uow.campaigns.append``). Its kinds:

- ``table.rolled``: a free-form expression rolled into the log (the issue: "roll a
  free-form expression into the table's log"), the roll document of
  :mod:`tablekeeper.services.dice` plus ``label`` and ``by``; a secret roll (the GM's
  only) is shown to the GM only;
- ``table.resolved``: a registered resolver run into the log. A check with a hidden
  modifier is logged twice: the GM's full outcome, shown to the GM only, and, when the
  outcome has a player view (``player_view()``), that view for everyone;
- ``campaign.downtime`` and ``campaign.note``: the GM's;
- ``campaign.character_edited``: written by :mod:`tablekeeper.services.characters`;
- ``campaign.encounter_started``: written by :mod:`tablekeeper.services.encounters` when
  an encounter begins, so the campaign's story has one order (``campaign_events``).

The campaign log has no undo (docs/rulings.md, "campaigns and roles"): what was rolled
at the table was rolled; a wrong note is corrected by another note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field, JsonValue, ValidationError

from tablekeeper.engine.events import GM_ONLY, PUBLIC, Event, EventDraft, LogRecord
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.values import GM, Frozen, JsonObject, invalid_input
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import Viewer, require_gm, require_gm_dice
from tablekeeper.services.campaigns import get_campaign
from tablekeeper.services.dice import roll_document, roll_expression
from tablekeeper.services.logs import visible_records
from tablekeeper.services.resolvers import resolve, with_campaign_options

ROLLED = "table.rolled"
RESOLVED = "table.resolved"
DOWNTIME = "campaign.downtime"
NOTE = "campaign.note"
CHARACTER_EDITED = "campaign.character_edited"
ENCOUNTER_STARTED = "campaign.encounter_started"


class Downtime(Frozen):
    """Days passing between encounters, and what the GM says of them."""

    days: int = Field(ge=1, le=36_500)
    note: str = Field(default="", max_length=2000)


class Note(Frozen):
    """A GM's note in the campaign log."""

    text: str = Field(min_length=1, max_length=2000)


class RollLabel(Frozen):
    """What a roll is for, as the person rolling says it."""

    label: str | None = Field(default=None, min_length=1, max_length=200)


def record_campaign_events(
    uow: UnitOfWork, campaign_id: str, drafts: Sequence[EventDraft]
) -> tuple[Event, ...]:
    """Number ``drafts`` as one command in the campaign's own log and append them (inside
    the caller's open unit of work; the caller commits). A campaign log moved on by
    someone else in between is :class:`~tablekeeper.persistence.errors.StaleVersionError`."""
    campaign = uow.campaigns.get(campaign_id)
    log = EventLog(uow.campaigns.records(campaign_id))
    events = log.number(drafts, scope=None)
    uow.campaigns.append(campaign_id, campaign.version, events)
    return events


class EncounterStarted(Frozen):
    """An encounter began here, in the campaign's own order."""

    encounter: str


def campaign_events(uow: UnitOfWork, campaign_id: str) -> list[Event]:
    """Every event in force of the campaign, every scope's, in campaign order: the
    campaign's own log, with each encounter's events where its ``encounter_started``
    record stands; an encounter without one (stored before the record existed) comes
    first, in the order encounters were made. Inside the caller's open unit of work."""
    own = EventLog(uow.campaigns.records(campaign_id)).events
    encounters = {e.id: e for e in uow.encounters.list_for(campaign_id)}

    def scope(encounter_id: str) -> list[Event]:
        records = uow.encounters.records(encounter_id)
        return [e for e in EventLog(records).events if e.scope == encounter_id]

    marked = {
        str(event.payload.get("encounter")) for event in own if event.kind == ENCOUNTER_STARTED
    }
    ordered: list[Event] = []
    for encounter_id in encounters:
        if encounter_id not in marked:
            ordered += scope(encounter_id)
    for event in own:
        ordered.append(event)
        started = str(event.payload.get("encounter"))
        if event.kind == ENCOUNTER_STARTED and started in encounters:
            ordered += scope(started)
    return ordered


def roll_into_log(
    uow: UnitOfWork,
    campaign_id: str,
    viewer: Viewer,
    expression: str,
    *,
    secret: bool = False,
    label: str | None = None,
    seed: int | None = None,
    dice: Sequence[int] | None = None,
) -> list[Event]:
    """Roll ``expression`` into the campaign log, by ``viewer``; a ``secret`` roll (the GM
    only: :class:`~tablekeeper.errors.ForbiddenError` for a player) is shown to the GM
    only. A bad expression or label writes nothing."""
    if secret:
        require_gm(viewer, "roll in secret")
    require_gm_dice(viewer, seed=seed, dice=dice)
    try:
        named = RollLabel(label=label)
    except ValidationError as error:
        raise invalid_input(error, prefix="roll") from None
    document = roll_document(roll_expression(expression, seed=seed, dice=dice))
    payload: JsonObject = {**document, "label": named.label, "by": _by(viewer)}
    draft = EventDraft(kind=ROLLED, payload=payload, visibility=GM_ONLY if secret else PUBLIC)
    return _commit(uow, campaign_id, [draft])


def resolve_into_log(
    uow: UnitOfWork,
    campaign_id: str,
    viewer: Viewer,
    resolver: str,
    input: Mapping[str, object],
    *,
    seed: int | None = None,
    dice: Sequence[int] | None = None,
) -> list[Event]:
    """Run the registered ``resolver`` on ``input`` into the campaign log, by ``viewer``.

    A resolver of the campaign's ruleset that takes the ruleset's options plays by the
    campaign's unless ``input`` gives its own (every ruling is reachable from the
    campaign). A check whose input or outcome holds something hidden (a hidden modifier)
    is logged for the GM only, followed by the outcome's player view (``player_view()``),
    when it has one, for everyone; anything else is one public event.
    """
    require_gm_dice(viewer, seed=seed, dice=dice)
    campaign = get_campaign(uow, campaign_id)
    input = with_campaign_options(resolver, input, campaign.ruleset, campaign.options)
    resolution = resolve(resolver, input, seed=seed, dice=dice)
    checked: JsonObject = resolution.input.model_dump(mode="json")
    outcome: JsonObject = resolution.outcome.model_dump(mode="json")
    faces: list[JsonValue] = list(resolution.faces)
    full: JsonObject = {
        "resolver": resolver,
        "input": checked,
        "outcome": outcome,
        "dice": faces,
        "by": _by(viewer),
    }
    if not (_has_hidden(checked) or _has_hidden(outcome)):
        return _commit(uow, campaign_id, [EventDraft(kind=RESOLVED, payload=full)])
    drafts = [EventDraft(kind=RESOLVED, payload=full, visibility=GM_ONLY)]
    view = _player_view(resolution.outcome)
    if view is not None:
        shown: JsonObject = {
            "resolver": resolver,
            "outcome": view.model_dump(mode="json"),
            "dice": faces,
            "by": _by(viewer),
        }
        drafts.append(EventDraft(kind=RESOLVED, payload=shown))
    return _commit(uow, campaign_id, drafts)


def record_downtime(
    uow: UnitOfWork, campaign_id: str, viewer: Viewer, days: int, note: str = ""
) -> Event:
    """The GM logs ``days`` of downtime between encounters."""
    require_gm(viewer, "record downtime")
    try:
        payload = Downtime(days=days, note=note)
    except ValidationError as error:
        raise invalid_input(error, prefix="downtime") from None
    return _commit(uow, campaign_id, [EventDraft.of(DOWNTIME, payload)])[0]


def add_note(uow: UnitOfWork, campaign_id: str, viewer: Viewer, text: str) -> Event:
    """The GM writes a note into the campaign log, for everyone to read."""
    require_gm(viewer, "write a note into the campaign log")
    try:
        payload = Note(text=text)
    except ValidationError as error:
        raise invalid_input(error, prefix="note") from None
    return _commit(uow, campaign_id, [EventDraft.of(NOTE, payload)])[0]


def campaign_log(
    uow: UnitOfWork, campaign_id: str, viewer: Viewer, *, after: int = 0
) -> list[LogRecord]:
    """The campaign's own log after ``after``, as ``viewer`` may see it, in order."""
    with uow:
        uow.campaigns.get(campaign_id)
        records = uow.campaigns.records(campaign_id)
    return visible_records(records, viewer, after=after)


def _commit(uow: UnitOfWork, campaign_id: str, drafts: Sequence[EventDraft]) -> list[Event]:
    with uow:
        events = record_campaign_events(uow, campaign_id, drafts)
        uow.commit()
    return list(events)


def _by(viewer: Viewer) -> str:
    return viewer.player if viewer.player is not None else GM


def _has_hidden(value: JsonValue) -> bool:
    """Whether JSON data holds a hidden contribution or a nonzero ``hidden_*`` field."""
    if isinstance(value, dict):
        if value.get("hidden") is True:
            return True
        return any(
            (key.startswith("hidden_") and item not in (0, None, False)) or _has_hidden(item)
            for key, item in value.items()
        )
    if isinstance(value, list):
        return any(_has_hidden(item) for item in value)
    return False


def _player_view(outcome: Any) -> BaseModel | None:
    view = getattr(outcome, "player_view", None)
    if not callable(view):
        return None
    shown = view()
    return shown if isinstance(shown, BaseModel) else None
