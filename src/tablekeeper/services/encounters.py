"""Encounter use cases: start one, play commands and answers, undo and redo.

Every interface (CLI, API, console) calls these; each takes a
:class:`~tablekeeper.persistence.unit_of_work.UnitOfWork` and commits once, at the end,
or not at all (``encounter_store.py`` loads and stores). A ruleset is reached only
through its contract (``add_actor``, ``actor_spec``, ``new_encounter``, ``engine``).

Who asks matters: every use case takes a :class:`~tablekeeper.services.access.Viewer`
(the GM when none is given) and refuses with :class:`~tablekeeper.errors.ForbiddenError`,
before anything is written, a player starting an encounter, acting for a creature they
do not control, answering someone else's decision, or undoing.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import ValidationError

from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.engine.campaigns import Encounter
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER, Answer
from tablekeeper.engine.events import EventDraft
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, invalid_input
from tablekeeper.errors import ForbiddenError, RulesError, UnknownNameError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import safe_input
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm, require_gm_dice
from tablekeeper.services.campaigns import refuse_taken
from tablekeeper.services.encounter_store import (
    SNAPSHOT_EVERY,
    EncounterView,
    StoredSession,
    expect,
    load,
    played,
    played_back,
    store,
    view_of,
)
from tablekeeper.services.roll_modes import mode_for
from tablekeeper.services.rulesets import options_of, ruleset_named
from tablekeeper.services.table import (
    ENCOUNTER_STARTED,
    EncounterStarted,
    campaign_events,
    record_campaign_events,
)

__all__ = [
    "SNAPSHOT_EVERY",
    "EncounterView",
    "answer_decision",
    "character_command",
    "get_encounter",
    "load_encounter",
    "redo",
    "start_encounter",
    "submit_command",
    "undo",
]


def start_encounter(
    uow: UnitOfWork,
    campaign_id: str,
    *,
    characters: Sequence[str] = (),
    encounter_id: str | None = None,
    roller: Roller | None = None,
    viewer: Viewer = GM_VIEWER,
) -> EncounterView:
    """A new encounter in the campaign, from its ruleset's ``new_encounter``, with the
    campaign's ``characters`` (ids) added by the GM in that order, one command each, each
    carrying what the campaign's story left it (the ruleset's ``campaign_state`` and
    ``carry``), all in one transaction with a ``campaign.encounter_started`` record in the
    campaign's own log: an unknown character or a sheet the rules refuse writes nothing.
    Only the GM starts an encounter."""
    require_gm(viewer, "start an encounter")
    safe_input.check_entry(encounter_id, {}, field="encounter_id")
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        rules = ruleset_named(campaign.ruleset)
        state = rules.new_encounter(options_of(rules, campaign.options))
        try:
            encounter = Encounter(
                id=encounter_id or uuid.uuid4().hex,
                campaign_id=campaign.id,
                ruleset=campaign.ruleset,
                initial_state=state.model_dump(mode="json"),
            )
        except ValidationError as error:
            raise invalid_input(error, prefix="encounter") from None
        refuse_taken(uow.encounters.get, encounter.id, "encounter_id")
        carried = rules.campaign_state(campaign_events(uow, campaign.id))
        commands = [
            character_command(rules, uow, campaign.id, character, index, carried)
            for index, character in enumerate(characters)
        ]
        uow.encounters.add(encounter)
        started = EncounterStarted(encounter=encounter.id)
        record_campaign_events(uow, campaign.id, [EventDraft.of(ENCOUNTER_STARTED, started)])
        if not commands:
            uow.commit()
            return EncounterView(encounter=encounter, state=state, pending=None)
        stored, session = load(uow, encounter.id, roller or RandomRoller())
        for command in commands:
            session.submit(command)
        return store(uow, stored, session, 0, SNAPSHOT_EVERY)


def character_command(
    rules: Ruleset,
    uow: UnitOfWork,
    campaign_id: str,
    character_id: str,
    index: int,
    carried: Any,
) -> Command:
    """The GM's command adding a stored character to an encounter (its sheet, its id and
    its name, as the ruleset's ``actor_spec`` joins them, with what the campaign carries
    for it: ``carry``)."""
    try:
        character = uow.characters.get(campaign_id, character_id)
    except UnknownNameError as error:
        raise UnknownNameError(error.message, field=f"characters.{index}") from None
    try:
        spec = rules.actor_spec(character.sheet, id=character.id, name=character.name)
        return rules.add_actor(rules.carry(spec, carried))
    except (ValidationError, RulesError) as error:
        raise RulesError(
            f"character {character.id!r} cannot join: {error}", field=f"characters.{index}"
        ) from None


def get_encounter(uow: UnitOfWork, encounter_id: str) -> Encounter:
    """The stored encounter (its campaign, ruleset and version) without folding its log:
    what a caller needs to find whose it is, or whether anything changed."""
    with uow:
        return uow.encounters.get(encounter_id)


def load_encounter(uow: UnitOfWork, encounter_id: str) -> EncounterView:
    """The encounter's state now (from its newest usable snapshot and the events after)."""
    with uow:
        encounter, session = load(uow, encounter_id, RandomRoller(0))
    return view_of(encounter, session)


def submit_command(
    uow: UnitOfWork,
    encounter_id: str,
    command: Command | Mapping[str, Any],
    *,
    roller: Roller | None = None,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    viewer: Viewer = GM_VIEWER,
    idempotency_key: str | None = None,
    roll_mode: str | None = None,
) -> EncounterView:
    """Play ``command`` in the encounter and store what it caused, its rolls seen as
    ``roll_mode`` says (the GM's choice; by default the actor's, C-16).

    A command sent again with the ``idempotency_key`` of one already stored (a client
    retrying after a timeout) is not played again: the view answers what that one stored
    (``replayed``). Keys are the encounter's, kept for good (ruling L-02).

    ``expected_version`` (what the caller last saw) makes the check explicit; either way,
    a command stored by someone else in between raises
    :class:`~tablekeeper.persistence.errors.StaleVersionError` and this one writes
    nothing. A command the rules refuse writes nothing either, nor one whose actor
    ``viewer`` does not control (:class:`~tablekeeper.errors.ForbiddenError`).
    """
    checked = _command(command)
    key = safe_input.idempotency_key(idempotency_key)
    if not viewer.controls(checked.actor):
        raise ForbiddenError(
            f"a player submits commands only for their own character, not for {checked.actor}",
            field="command.actor",
        )
    require_gm_dice(viewer, dice=roller)  # a roller given is dice chosen (C-11)

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        expect(encounter, expected_version)
        mode = mode_for(uow, encounter.campaign_id, checked.actor, roll_mode, viewer)
        session.submit(checked, roll_mode=mode)
        played_back(session.roller)

    with uow:
        return played(
            uow,
            encounter_id,
            roller or RandomRoller(),
            act,
            snapshot_every,
            whole=lambda session: _answers_elsewhere(session, checked),
            key=key,
        )


def answer_decision(
    uow: UnitOfWork,
    encounter_id: str,
    decision_id: str,
    option: str,
    *,
    viewer: Viewer = GM_VIEWER,
    roller: Roller | None = None,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    idempotency_key: str | None = None,
    roll_mode: str | None = None,
) -> EncounterView:
    """Answer the pending decision ``decision_id`` with ``option``, as its chooser
    (``idempotency_key`` and ``roll_mode`` as for :func:`submit_command`, the chooser's).

    The GM may answer any decision (for its chooser); a player only one whose chooser
    they control (:class:`~tablekeeper.errors.ForbiddenError` otherwise). A decision
    already answered, not pending, or an option not offered is a
    :class:`~tablekeeper.errors.DecisionError`. Nothing is written on any refusal.
    """
    require_gm_dice(viewer, dice=roller)  # a roller given is dice chosen (C-11)
    key = safe_input.idempotency_key(idempotency_key)

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        pending = session.pending
        chooser = pending.chooser if pending is not None and pending.id == decision_id else GM
        if pending is not None and pending.id == decision_id and not viewer.controls(chooser):
            raise ForbiddenError(
                f"decision {decision_id} is {chooser}'s to make; a player answers only "
                "their own decisions",
                field="decision",
            )
        expect(encounter, expected_version)
        try:
            answer = Answer.model_validate({"decision": decision_id, "option": option})
        except ValidationError as error:
            raise invalid_input(error, prefix="answer") from None
        # a decision not pending (answered already, or never raised) is the session's
        # DecisionError, whoever asks
        mode = mode_for(uow, encounter.campaign_id, chooser, roll_mode, viewer)
        session.submit(Command.of(chooser, ANSWER, answer), roll_mode=mode)
        played_back(session.roller)

    with uow:
        return played(
            uow,
            encounter_id,
            roller or RandomRoller(),
            act,
            snapshot_every,
            whole=lambda session: not _is_pending(session, decision_id),
            key=key,
        )


def undo(
    uow: UnitOfWork,
    encounter_id: str,
    *,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    viewer: Viewer = GM_VIEWER,
) -> EncounterView:
    """Take back the encounter's last command (its audit record is stored); the GM only."""
    require_gm(viewer, "undo a command")
    return _through_history(uow, encounter_id, "undo", expected_version, snapshot_every)


def redo(
    uow: UnitOfWork,
    encounter_id: str,
    *,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    viewer: Viewer = GM_VIEWER,
) -> EncounterView:
    """Play the last undone command's events again (stored under fresh numbers); the GM
    only."""
    require_gm(viewer, "redo a command")
    return _through_history(uow, encounter_id, "redo", expected_version, snapshot_every)


def _through_history(
    uow: UnitOfWork,
    encounter_id: str,
    move: Literal["undo", "redo"],
    expected_version: int | None,
    snapshot_every: int,
) -> EncounterView:
    """Undo or redo (``move``) in the stored encounter, and store the records it appends."""

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        expect(encounter, expected_version)
        if move == "undo":
            session.undo()  # the stored session's: the decision pending at its start counts
        else:
            session.redo()

    with uow:
        return played(uow, encounter_id, RandomRoller(), act, snapshot_every)


def _is_pending(session: Session[Any], decision_id: str) -> bool:
    return session.pending is not None and session.pending.id == decision_id


def _answers_elsewhere(session: Session[Any], command: Command) -> bool:
    """Whether ``command`` answers a decision that is not the pending one: its error says
    whether it was answered already, which only the whole log knows."""
    if command.kind != ANSWER:
        return False
    decision = command.payload.get("decision")
    return not isinstance(decision, str) or not _is_pending(session, decision)


def _command(command: Command | Mapping[str, Any]) -> Command:
    if isinstance(command, Command):
        return command
    try:
        return Command.model_validate(dict(command))
    except ValidationError as error:
        raise invalid_input(error, prefix="command") from None
