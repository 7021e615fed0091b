"""What a viewer may see of an encounter and of a log: the one query every interface sends.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9). The GM sees
everything as stored. A player sees what the encounter's ruleset says a player
controlling their characters may see (the ruleset's ``player_view``, ``public_payload``,
``cards`` and ``words``, each told the viewer's :class:`~tablekeeper.engine.sight.Sight`):

- the state with every actor they do not control reduced to its public part;
- a card per actor, reduced likewise;
- the log without the events not shown to them (:meth:`Viewer.sees`), with the payloads
  that would tell another actor's hidden numbers reduced, and each event's sentence in
  the ruleset's words as they may read it; a decision put to someone else shows who must
  choose, not the prompt or the options;
- the pending decision in full only when they control its chooser;
- of a roll made in the "dice only" mode (its events' ``targets_hidden``), its dice and
  outcome without its targets: the payload through the ruleset's ``hide_targets``, the
  sentence read with :func:`sight_for` (docs/rulings.md, C-20).

:func:`encounter_as_seen` is the one service query the API and the console share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tablekeeper.engine.cards import ActorCard, distinct_names, names_of
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED, PendingDecision
from tablekeeper.engine.events import Event, LogRecord
from tablekeeper.engine.overrides import SET_VALUE
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.values import GM, ActorId, JsonObject
from tablekeeper.engine.words import answer_sentence
from tablekeeper.errors import RulesError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import Viewer
from tablekeeper.services.encounter_store import EncounterView
from tablekeeper.services.encounters import load_encounter
from tablekeeper.services.logs import visible_records
from tablekeeper.services.rulesets import ruleset_named


def cards_for(
    view: EncounterView, viewer: Viewer, owners: Mapping[str, str | None] | None = None
) -> tuple[ActorCard, ...]:
    """Each actor's card as ``viewer`` may see it, with the player who plays it."""
    cards = view.ruleset.cards(view.state, viewer.sight)
    owners = owners or {}
    return tuple(
        card.model_copy(update={"controller": owners.get(card.id)}) if owners.get(card.id) else card
        for card in cards
    )


def names_for(cards: Sequence[ActorCard]) -> dict[str, str]:
    """Actor id to the name the table knows it by, two actors never sharing one."""
    return distinct_names(names_of(list(cards)))


def encounter_for(
    view: EncounterView, viewer: Viewer, owners: Mapping[str, str | None] | None = None
) -> dict[str, Any]:
    """The encounter as ``viewer`` may see it: the encounter (id, campaign, ruleset,
    version), its state, a card per actor, the clock in words, how it ended (if it did),
    the pending decision (:func:`pending_for`), the commands the viewer may submit now, and
    ``players``: which player plays which actor (from ``owners``, character id to player
    id)."""
    rules = view.ruleset
    cards = cards_for(view, viewer, owners)
    encounter = view.encounter
    actors = {card.id for card in cards}
    return {
        "encounter": {
            "id": encounter.id,
            "campaign_id": encounter.campaign_id,
            "ruleset": encounter.ruleset,
            "version": encounter.version,
        },
        "state": rules.player_view(view.state, viewer.sight),
        "cards": [card.model_dump(mode="json") for card in cards],
        "clock": rules.words.clock(view.state),
        "ended": rules.ended(view.state),
        "pending": pending_for(view.pending, viewer),
        "legal_commands": [
            command.model_dump(mode="json") for command in legal_commands(view, viewer)
        ],
        "players": {
            creature: player
            for creature, player in (owners or {}).items()
            if player is not None and creature in actors
        },
    }


def player_names(uow: UnitOfWork, campaign_id: str) -> dict[str, str]:
    """Each player's name by id: how the table says who plays whom (the names are no
    secret at the table; the ids are the console's)."""
    with uow:
        return {player.id: player.name for player in uow.players.list_for(campaign_id)}


def owners_of(uow: UnitOfWork, campaign_id: str) -> dict[str, str | None]:
    """Which player plays each of the campaign's characters."""
    with uow:
        characters = uow.characters.list_for(campaign_id)
    return {character.id: character.player for character in characters}


def encounter_document(uow: UnitOfWork, view: EncounterView, viewer: Viewer) -> dict[str, Any]:
    """:func:`encounter_for`, with who plays whom read from the campaign's characters."""
    return encounter_for(view, viewer, owners_of(uow, view.encounter.campaign_id))


def encounter_as_seen(
    uow: UnitOfWork, encounter_id: str, viewer: Viewer
) -> tuple[EncounterView, dict[str, Any]]:
    """The encounter now and its document as ``viewer`` may see it: the one query the API
    and the console share."""
    view = load_encounter(uow, encounter_id)
    return view, encounter_document(uow, view, viewer)


def pending_for(pending: PendingDecision | None, viewer: Viewer) -> dict[str, Any] | None:
    """The pending decision in full for its chooser and the GM; for anyone else only its
    id and who must choose."""
    if pending is None:
        return None
    if viewer.controls(pending.chooser) and viewer.sees(pending.visibility):
        return pending.model_dump(mode="json")
    return {"id": pending.id, "chooser": pending.chooser}


def actors_of(view: EncounterView) -> list[str]:
    """Every actor of the encounter, in the table's order (from the ruleset's cards)."""
    return [card.id for card in view.ruleset.cards(view.state, GM_SIGHT)]


def legal_commands(view: EncounterView, viewer: Viewer) -> list[Command]:
    """What ``viewer`` may submit now: the answers to a pending decision they control, or
    the rules' legal commands of each actor they control (the GM: the GM's own)."""
    if view.pending is not None:
        if not viewer.controls(view.pending.chooser):
            return []
        return [view.pending.answer(option) for option in view.pending.option_ids]
    engine = view.ruleset.engine
    actors = [GM] if viewer.is_gm else sorted(viewer.characters & set(actors_of(view)))
    return [
        command for actor in actors for command in engine.legal_commands(view.state, ActorId(actor))
    ]


def legal_commands_for(view: EncounterView, actor: str) -> list[Command]:
    """The rules' legal commands of one ``actor`` now (none while a decision is pending):
    what the GM, who may act for any creature, is offered for each of them."""
    if view.pending is not None:
        return []
    return list(view.ruleset.engine.legal_commands(view.state, ActorId(actor)))


def log_json(view: EncounterView, records: Iterable[LogRecord], viewer: Viewer) -> list[JsonObject]:
    """An encounter's records already chosen for ``viewer``, as JSON with each event's
    sentence in the ruleset's words (the names from the viewer's cards)."""
    names = names_for(cards_for(view, viewer))
    return records_json(records, viewer, ruleset=view.ruleset, names=names)


def records_for(
    records: Iterable[LogRecord],
    viewer: Viewer,
    *,
    after: int = 0,
    ruleset: Ruleset | None = None,
    names: Mapping[str, str] | None = None,
) -> list[JsonObject]:
    """The log records after ``after`` that ``viewer`` may see, as JSON (see
    :func:`records_json`)."""
    chosen = visible_records(list(records), viewer, after=after)
    return records_json(chosen, viewer, ruleset=ruleset, names=names)


def records_json(
    records: Iterable[LogRecord],
    viewer: Viewer,
    *,
    ruleset: Ruleset | None = None,
    names: Mapping[str, str] | None = None,
) -> list[JsonObject]:
    """Records already chosen for ``viewer`` (by :func:`~tablekeeper.services.logs.
    encounter_log` or :func:`~tablekeeper.services.table.campaign_log`), as JSON, with the
    payloads they may not read in full reduced and, for an encounter's events (given its
    ``ruleset``), ``text``: the event's sentence as the viewer may read it.

    Never filter a slice of the log again with :func:`records_for`: an undo's audit
    record is shown by the events it took back, which a slice may not hold.
    """
    chosen = list(records)
    asked = {
        str(record.command_id): record
        for record in chosen
        if isinstance(record, Event) and record.kind == DECISION_REQUESTED
    }
    return [_record_json(record, viewer, ruleset, names or {}, asked) for record in chosen]


def _record_json(
    record: LogRecord,
    viewer: Viewer,
    ruleset: Ruleset | None,
    names: Mapping[str, str],
    asked: Mapping[str, Event],
) -> JsonObject:
    data: JsonObject = record.model_dump(mode="json")
    if not isinstance(record, Event):
        return data
    if not viewer.is_gm:
        data["payload"] = public_payload(record, viewer, ruleset)
    if ruleset is None:
        return data
    sight = sight_for([record], viewer)
    question = asked.get(str(record.payload.get("decision")))
    if record.kind == DECISION_ANSWERED and question is not None:
        data["text"] = answer_sentence(record, question, names, sight)  # its option's label
    else:
        data["text"] = ruleset.words.event_sentence(record, names, sight)
    return data


def sight_for(events: Iterable[Event], viewer: Viewer) -> Sight:
    """The sight ``viewer`` reads ``events`` with (one event's sentence, or a command's
    summary): theirs, without the targets when one of them was rolled "dice only"."""
    if any(event.visibility.targets_hidden for event in events):
        return viewer.sight.hiding_targets()
    return viewer.sight


def public_payload(event: Event, viewer: Viewer, ruleset: Ruleset | None = None) -> JsonObject:
    """An event's payload as ``viewer`` may read it (the ruleset named by the event's kind
    when none is given; the campaign's own events are shown as stored), without its
    targets when it was rolled "dice only" (the ruleset's ``hide_targets``)."""
    if viewer.is_gm:
        return event.payload
    shown = _public_payload(event, viewer, ruleset)
    if not event.visibility.targets_hidden:
        return shown
    rules = ruleset or _ruleset_of_kind(event.kind)
    return shown if rules is None else rules.hide_targets(event.kind, shown)


def _public_payload(event: Event, viewer: Viewer, ruleset: Ruleset | None) -> JsonObject:
    if event.kind == DECISION_REQUESTED:
        chooser = event.payload.get("chooser")
        if isinstance(chooser, str) and viewer.controls(chooser):
            return event.payload
        return {"chooser": chooser}
    if event.kind == SET_VALUE:
        return public_override(event.payload, viewer)
    rules = ruleset or _ruleset_of_kind(event.kind)
    if rules is None:
        return event.payload
    return rules.public_payload(event.kind, event.payload, viewer.sight)


def public_override(payload: JsonObject, viewer: Viewer) -> JsonObject:
    """A GM's "set a value" as ``viewer`` may read it: in full when its path names one of
    their own characters, else without the value, which may be a number the cards hide
    from them (``creatures.balthazar.hp = -5``): the sentence says as much
    (``engine/words.override_sentence``)."""
    path = str(payload.get("path", ""))
    if viewer.is_gm or any(part in viewer.characters for part in path.split(".")):
        return payload
    return {key: value for key, value in payload.items() if key != "value"}


def _ruleset_of_kind(kind: str) -> Ruleset | None:
    """The ruleset whose kinds start with the prefix of ``kind``, if one is installed."""
    prefix = kind.partition(".")[0]
    try:
        return ruleset_named(prefix)
    except RulesError:  # the engine's own kinds (decision., override.) and the table's
        return None
