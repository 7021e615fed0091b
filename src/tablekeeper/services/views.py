"""What a viewer may see of an encounter and of a log: the JSON every interface sends.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9; the issue:
"hidden modifiers, NPC stat blocks and secret GM rolls never reach a player's REST
response or WebSocket message"). The GM sees everything as stored. A player sees:

- the state with every creature they do not control reduced to its public part (the
  ruleset's ``views`` module: ``player_state``);
- the log without the events not shown to them (:meth:`Viewer.sees`), and with the
  payloads that would tell another creature's stat block or HP reduced
  (``public_event``); a decision put to someone else shows who must choose, not the
  prompt or the options;
- the pending decision in full only when they control its chooser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import DECISION_REQUESTED, PendingDecision
from tablekeeper.engine.events import Event, LogRecord
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.values import GM, ActorId, JsonObject
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import Viewer
from tablekeeper.services.campaigns import ENCOUNTER_KINDS, EncounterView, visible_records


def encounter_for(
    view: EncounterView, viewer: Viewer, owners: Mapping[str, str | None] | None = None
) -> dict[str, Any]:
    """The encounter as ``viewer`` may see it: the encounter (id, campaign, ruleset,
    version), its state, the pending decision (:func:`pending_for`), the commands the
    viewer may submit now, and ``players``: which player plays which creature (from
    ``owners``, character id to player id)."""
    kind = ENCOUNTER_KINDS[view.encounter.ruleset]
    state: JsonObject = view.state.model_dump(mode="json")
    if not viewer.is_gm:
        state = kind.player_state(state, viewer.characters)
    encounter = view.encounter
    return {
        "encounter": {
            "id": encounter.id,
            "campaign_id": encounter.campaign_id,
            "ruleset": encounter.ruleset,
            "version": encounter.version,
        },
        "state": state,
        "pending": pending_for(view.pending, viewer),
        "legal_commands": [
            command.model_dump(mode="json") for command in legal_commands(view, viewer)
        ],
        "players": {
            creature: player
            for creature, player in (owners or {}).items()
            if player is not None and creature in _creatures(state)
        },
    }


def encounter_document(uow: UnitOfWork, view: EncounterView, viewer: Viewer) -> dict[str, Any]:
    """:func:`encounter_for`, with who plays whom read from the campaign's characters."""
    with uow:
        characters = uow.characters.list_for(view.encounter.campaign_id)
    return encounter_for(view, viewer, {c.id: c.player for c in characters})


def pending_for(pending: PendingDecision | None, viewer: Viewer) -> dict[str, Any] | None:
    """The pending decision in full for its chooser and the GM; for anyone else only its
    id and who must choose."""
    if pending is None:
        return None
    if viewer.controls(pending.chooser) and viewer.sees(pending.visibility):
        return pending.model_dump(mode="json")
    return {"id": pending.id, "chooser": pending.chooser}


def legal_commands(view: EncounterView, viewer: Viewer) -> list[Command]:
    """What ``viewer`` may submit now: the answers to a pending decision they control, or
    the rules' legal commands of each actor they control (the GM: the GM's own)."""
    if view.pending is not None:
        if not viewer.controls(view.pending.chooser):
            return []
        return [view.pending.answer(option) for option in view.pending.option_ids]
    engine = load_ruleset(view.encounter.ruleset).engine
    actors = [GM] if viewer.is_gm else sorted(viewer.characters & _creatures_of(view))
    return [
        command for actor in actors for command in engine.legal_commands(view.state, ActorId(actor))
    ]


def legal_commands_for(view: EncounterView, actor: str) -> list[Command]:
    """The rules' legal commands of one ``actor`` now (none while a decision is pending):
    what the GM, who may act for any creature, is offered for each of them."""
    if view.pending is not None:
        return []
    engine = load_ruleset(view.encounter.ruleset).engine
    return list(engine.legal_commands(view.state, ActorId(actor)))


def records_for(
    records: Iterable[LogRecord], viewer: Viewer, *, after: int = 0
) -> list[JsonObject]:
    """The log records after ``after`` that ``viewer`` may see, as JSON, with the payloads
    they may not read in full reduced (see the module docstring)."""
    return records_json(visible_records(list(records), viewer, after=after), viewer)


def records_json(records: Iterable[LogRecord], viewer: Viewer) -> list[JsonObject]:
    """Records already chosen for ``viewer`` (by :func:`~tablekeeper.services.campaigns.
    encounter_log` or :func:`~tablekeeper.services.table.campaign_log`), as JSON, with the
    payloads they may not read in full reduced.

    Never filter a slice of the log again with :func:`records_for`: an undo's audit
    record is shown by the events it took back, which a slice may not hold.
    """
    return [_record_json(record, viewer) for record in records]


def _record_json(record: LogRecord, viewer: Viewer) -> JsonObject:
    data: JsonObject = record.model_dump(mode="json")
    if viewer.is_gm or not isinstance(record, Event):
        return data
    data["payload"] = public_payload(record, viewer)
    return data


def public_payload(event: Event, viewer: Viewer) -> JsonObject:
    """An event's payload as ``viewer`` may read it."""
    if viewer.is_gm:
        return event.payload
    if event.kind == DECISION_REQUESTED:
        chooser = event.payload.get("chooser")
        if isinstance(chooser, str) and viewer.controls(chooser):
            return event.payload
        return {"chooser": chooser}
    kind = ENCOUNTER_KINDS.get(event.kind.partition(".")[0])
    if kind is None:
        return event.payload
    return kind.public_event(event.kind, event.payload, viewer.characters)


def _creatures(state: JsonObject) -> set[str]:
    found = state.get("creatures", state.get("combatants"))
    return set(found) if isinstance(found, dict) else set()


def _creatures_of(view: EncounterView) -> frozenset[str]:
    return frozenset(_creatures(view.state.model_dump(mode="json")))
