"""Campaign use cases: one function per use case, each over a unit of work.

Every interface (CLI, API, console) calls these; they take a
:class:`~tablekeeper.persistence.unit_of_work.UnitOfWork` (SQL in production, the
in-memory fake in service tests) and commit once, at the end, or not at all.

Playing a stored encounter: load the encounter, its log records and its newest usable
snapshot; rebuild the :class:`~tablekeeper.engine.log.EventLog` from the records (cheap:
no rules run); fold with the ruleset engine's ``apply`` only the events after the
snapshot; run the command through a :class:`~tablekeeper.engine.session.Session`; append
the new records with the optimistic version check (a race's loser gets
:class:`~tablekeeper.persistence.errors.StaleVersionError` and nothing is written); and
write a snapshot every :data:`SNAPSHOT_EVERY` records.

Who asks matters (the issue's "Roles and hidden information"): the use cases that act in
an encounter take a :class:`~tablekeeper.services.access.Viewer` (the GM when none is
given) and refuse with :class:`~tablekeeper.errors.ForbiddenError`, before anything is
written, a player acting for a creature they do not control, answering someone else's
decision, or undoing.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy import Engine

from tablekeeper.dice.roller import FixedRoller, RandomRoller, Roller
from tablekeeper.engine.campaigns import Campaign, Encounter, Snapshot
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER, Answer, PendingDecision, pending_after
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.rulesets import Ruleset, load_ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, ActorId, JsonObject, ScopeId, invalid_input
from tablekeeper.errors import ConflictError, ForbiddenError, RulesError, UnknownNameError
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.rulesets.percentile import views as percentile_views
from tablekeeper.rulesets.percentile.encounter.commands import CombatantSpec, add_combatant
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import new_encounter as new_percentile_encounter
from tablekeeper.rulesets.realtime import views as realtime_views
from tablekeeper.rulesets.realtime.encounter.commands import ADD_CREATURE, CreatureSpec
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.ruleset import new_encounter as new_realtime_encounter
from tablekeeper.services import safe_input
from tablekeeper.services.access import (
    GM_VIEWER,
    Viewer,
    as_viewer,
    hash_secret,
    require_gm,
    require_gm_dice,
)

S = TypeVar("S")

DATABASE_URL_VARIABLE = "TABLEKEEPER_DATABASE_URL"
"""The environment variable naming the database (a SQLAlchemy URL)."""

SNAPSHOT_EVERY = 50
"""A snapshot is written each time an encounter's version passes a multiple of this."""


@dataclass(frozen=True)
class EncounterKind:
    """How a ruleset's encounters start and are seen.

    ``state`` is the model snapshots load into; ``start`` makes a new encounter from the
    campaign's options; ``creature`` is the spec a creature joins with (a character's
    sheet is that spec without its id) and ``add`` the GM's command adding one;
    ``player_state`` and ``public_event`` are what a player controlling some creatures
    may see of the state and of an event's (or command's) payload (the ruleset's
    ``views`` module).
    """

    state: type[BaseModel]
    start: Callable[[JsonObject], BaseModel]
    creature: type[BaseModel]
    add: Callable[[JsonObject], Command]
    player_state: Callable[[JsonObject, Set[str]], JsonObject]
    public_event: Callable[[str, JsonObject, Set[str]], JsonObject]


ENCOUNTER_KINDS: dict[str, EncounterKind] = {
    "realtime": EncounterKind(
        RealtimeState,
        lambda options: new_realtime_encounter(RealtimeOptions.model_validate(options)),
        CreatureSpec,
        lambda spec: Command.of(GM, ADD_CREATURE, CreatureSpec.model_validate(spec)),
        realtime_views.player_state,
        realtime_views.public_event,
    ),
    "percentile": EncounterKind(
        PercentileState,
        lambda options: new_percentile_encounter(PercentileOptions.model_validate(options)),
        CombatantSpec,
        lambda spec: add_combatant(**spec),
        percentile_views.player_state,
        percentile_views.public_event,
    ),
}
"""The rulesets whose encounters can be stored, by name."""


@dataclass(frozen=True)
class EncounterView:
    """An encounter after a use case: the stored encounter, its state and what changed.

    ``records`` are the log records this call appended (none for a load); ``folded`` is
    how many events the load folded with ``apply`` (fewer than the log when a snapshot
    was used).
    """

    encounter: Encounter
    state: Any
    pending: PendingDecision | None
    records: tuple[LogRecord, ...] = ()
    folded: int = 0

    @property
    def version(self) -> int:
        """The encounter's version: what the next write must expect."""
        return self.encounter.version


# --- the database --------------------------------------------------------------------


def data_directory() -> Path:
    """The user's data directory for Tablekeeper (XDG on Linux, the usual elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tablekeeper"


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """``TABLEKEEPER_DATABASE_URL``, or a SQLite file in the user's data directory."""
    environ = os.environ if environ is None else environ
    configured = environ.get(DATABASE_URL_VARIABLE, "").strip()
    if configured:
        return configured
    return f"sqlite:///{data_directory() / 'tablekeeper.db'}"


def open_database(url: str | None = None) -> Engine:
    """An engine for ``url`` (default :func:`database_url`), migrated to the newest schema."""
    engine = make_engine(url or database_url())
    upgrade_to_head(engine)
    return engine


# --- campaigns -------------------------------------------------------------------------


def create_campaign(
    uow: UnitOfWork,
    name: str,
    ruleset: str,
    options: Mapping[str, Any] | None = None,
    *,
    campaign_id: str | None = None,
    gm_secret: str | None = None,
) -> Campaign:
    """A new campaign bound to ``ruleset``, playing by ``options`` (validated by the
    ruleset's ``Options`` model; errors name ``options.<field>``), with ``gm_secret`` (if
    given; see :func:`~tablekeeper.services.access.issue_gm_secret`) stored hashed.
    Writes nothing if anything is wrong."""
    safe_input.check_entry(campaign_id, {"name": name, "options": dict(options or {})})
    rules = _ruleset(ruleset)
    try:
        chosen = rules.Options.model_validate(dict(options or {}))
    except ValidationError as error:
        raise invalid_input(error, prefix="options") from None
    with uow:
        try:
            campaign = Campaign(
                id=campaign_id or uuid.uuid4().hex,
                name=name,
                ruleset=rules.name,
                options=chosen.model_dump(mode="json"),
                created_sequence=uow.campaigns.next_sequence(),
            )
        except ValidationError as error:
            raise invalid_input(error, prefix="campaign") from None
        refuse_taken(uow.campaigns.get, campaign.id, "campaign_id")
        uow.campaigns.add(campaign)
        if gm_secret is not None:
            uow.campaigns.set_gm_secret_hash(campaign.id, hash_secret(gm_secret))
        uow.commit()
    return campaign


def get_campaign(uow: UnitOfWork, campaign_id: str) -> Campaign:
    """The campaign ``campaign_id`` (:class:`~tablekeeper.errors.UnknownNameError` if none)."""
    with uow:
        return uow.campaigns.get(campaign_id)


def list_campaigns(uow: UnitOfWork) -> list[Campaign]:
    """Every campaign, oldest first."""
    with uow:
        return uow.campaigns.list()


def list_encounters(uow: UnitOfWork, campaign_id: str) -> list[Encounter]:
    """The encounters of a campaign."""
    with uow:
        uow.campaigns.get(campaign_id)
        return uow.encounters.list_for(campaign_id)


# --- encounters ------------------------------------------------------------------------


def start_encounter(
    uow: UnitOfWork,
    campaign_id: str,
    *,
    characters: Sequence[str] = (),
    encounter_id: str | None = None,
    roller: Roller | None = None,
) -> EncounterView:
    """A new encounter in the campaign, from its ruleset's ``new_encounter``, with the
    campaign's ``characters`` (ids) added by the GM in that order, one command each,
    all in one transaction: an unknown character or a sheet the rules refuse writes
    nothing."""
    safe_input.check_entry(encounter_id, {}, field="encounter_id")
    with uow:
        campaign = uow.campaigns.get(campaign_id)
        kind = _kind(campaign.ruleset)
        state = kind.start(campaign.options)
        encounter = Encounter(
            id=encounter_id or uuid.uuid4().hex,
            campaign_id=campaign.id,
            ruleset=campaign.ruleset,
            initial_state=state.model_dump(mode="json"),
        )
        refuse_taken(uow.encounters.get, encounter.id, "encounter_id")
        commands = [
            _add_command(kind, uow, campaign.id, character, index)
            for index, character in enumerate(characters)
        ]
        uow.encounters.add(encounter)
        if not commands:
            uow.commit()
            return EncounterView(encounter=encounter, state=state, pending=None)
        stored, session = _load(uow, encounter.id, roller or RandomRoller())
        for command in commands:
            session.submit(command)
        return _store(uow, stored, session, 0, SNAPSHOT_EVERY)


def _add_command(
    kind: EncounterKind, uow: UnitOfWork, campaign_id: str, character_id: str, index: int
) -> Command:
    """The GM's command adding a stored character to an encounter (its sheet plus its id;
    the character's name when the sheet names none)."""
    try:
        character = uow.characters.get(campaign_id, character_id)
    except UnknownNameError as error:
        raise UnknownNameError(error.message, field=f"characters.{index}") from None
    spec: dict[str, Any] = {**character.sheet, "id": character.id}
    if "name" in kind.creature.model_fields and spec.get("name") is None:
        spec["name"] = character.name
    try:
        return kind.add(spec)
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
        encounter, session = _load(uow, encounter_id, RandomRoller(0))
    return _view(encounter, session)


def submit_command(
    uow: UnitOfWork,
    encounter_id: str,
    command: Command | Mapping[str, Any],
    *,
    roller: Roller | None = None,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    viewer: Viewer = GM_VIEWER,
) -> EncounterView:
    """Play ``command`` in the encounter and store what it caused.

    ``expected_version`` (what the caller last saw) makes the check explicit; either way,
    a command stored by someone else in between raises :class:`StaleVersionError` and
    this one writes nothing. A command the rules refuse writes nothing either, nor one
    whose actor ``viewer`` does not control (:class:`~tablekeeper.errors.ForbiddenError`:
    "submit commands only for their own character").
    """
    checked = _command(command)
    if not viewer.controls(checked.actor):
        raise ForbiddenError(
            f"a player submits commands only for their own character, not for {checked.actor}",
            field="command.actor",
        )
    require_gm_dice(viewer, dice=roller)  # a roller given is dice chosen (C-11)
    with uow:
        encounter, session = _load(uow, encounter_id, roller or RandomRoller())
        _expect(encounter, expected_version)
        before = len(session.log)
        session.submit(checked)
        _played_back(session.roller)
        return _store(uow, encounter, session, before, snapshot_every)


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
) -> EncounterView:
    """Answer the pending decision ``decision_id`` with ``option``, as its chooser.

    The GM may answer any decision (for its chooser); a player only one whose chooser
    they control (:class:`~tablekeeper.errors.ForbiddenError` otherwise). A decision
    already answered, not pending, or an option not offered is a
    :class:`~tablekeeper.errors.DecisionError`. Nothing is written on any refusal.
    """
    require_gm_dice(viewer, dice=roller)  # a roller given is dice chosen (C-11)
    with uow:
        encounter, session = _load(uow, encounter_id, roller or RandomRoller())
        pending = session.pending
        chooser = pending.chooser if pending is not None and pending.id == decision_id else GM
        if pending is not None and pending.id == decision_id and not viewer.controls(chooser):
            raise ForbiddenError(
                f"decision {decision_id} is {chooser}'s to make; a player answers only "
                "their own decisions",
                field="decision",
            )
        _expect(encounter, expected_version)
        try:
            answer = Answer.model_validate({"decision": decision_id, "option": option})
        except ValidationError as error:
            raise invalid_input(error, prefix="answer") from None
        before = len(session.log)
        # a decision not pending (answered already, or never raised) is the session's
        # DecisionError, whoever asks
        session.submit(Command.of(chooser, ANSWER, answer))
        _played_back(session.roller)
        return _store(uow, encounter, session, before, snapshot_every)


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
    with uow:
        encounter, session = _load(uow, encounter_id, RandomRoller())
        _expect(encounter, expected_version)
        before = len(session.log)
        session.undo()
        return _store(uow, encounter, session, before, snapshot_every)


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
    with uow:
        encounter, session = _load(uow, encounter_id, RandomRoller())
        _expect(encounter, expected_version)
        before = len(session.log)
        session.redo()
        return _store(uow, encounter, session, before, snapshot_every)


def encounter_log(
    uow: UnitOfWork,
    encounter_id: str,
    *,
    viewer: Viewer | ActorId | str = GM_VIEWER,
    after: int = 0,
) -> list[LogRecord]:
    """The encounter's log records after ``after`` that ``viewer`` may see (the GM sees
    all; an actor id stands for a player controlling that one creature), in order. An
    undo's audit record is shown when one of the events it took back is."""
    who = as_viewer(viewer)
    with uow:
        uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id)
    return visible_records(records, who, after=after)


@dataclass(frozen=True)
class LogUpdate:
    """What a live viewer is sent after a write: the encounter's ``version``, the records
    after the viewer's last that they may see (none past ``version``), and the decision
    play waits on."""

    version: int
    records: list[LogRecord]
    pending: PendingDecision | None


def log_update(
    uow: UnitOfWork, encounter_id: str, *, viewer: Viewer | ActorId | str, after: int
) -> LogUpdate:
    """:class:`LogUpdate` for ``viewer`` after record ``after``, read without running the
    rules: the pending decision comes from the decision events in force, so each live
    connection woken by a write costs a read, not a fold."""
    with uow:
        encounter = uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id)
    # Each read may see a later commit than the one before it (SQLite reads outside a
    # transaction): keep what the version read covers, the rest waits for its announcement.
    covered = [record for record in records if record.sequence <= encounter.version]
    in_force = [e for e in EventLog(covered).events if e.scope == ScopeId(encounter_id)]
    return LogUpdate(
        encounter.version,
        visible_records(covered, as_viewer(viewer), after=after),
        pending_after(in_force),
    )


def visible_records(
    records: Sequence[LogRecord], viewer: Viewer, *, after: int = 0
) -> list[LogRecord]:
    """The records after ``after`` that ``viewer`` may see (see :func:`encounter_log`)."""
    shown = {r.sequence for r in records if isinstance(r, Event) and viewer.sees(r.visibility)}
    return [
        record
        for record in records
        if record.sequence > after
        and (
            record.sequence in shown
            or (isinstance(record, Undone) and any(number in shown for number in record.events))
        )
    ]


# --- the machinery ---------------------------------------------------------------------


class _StoredSession(Session[S]):
    """A session whose replay starts from a snapshot while the snapshot is still true."""

    def __init__(
        self,
        engine: EncounterEngine[S],
        initial_state: S,
        *,
        roller: Roller,
        log: EventLog,
        scope: ScopeId,
        start: tuple[int, S] | None,
    ) -> None:
        self._start = start
        self.folded = 0
        super().__init__(engine, initial_state, roller=roller, log=log, scope=scope)

    def replay(self) -> S:
        """The fold of the events in force, from the snapshot when it still holds."""
        events = self._events()
        state = self.initial_state
        if self._start is not None and _usable(self.log.records, self._start[0]):
            after, state = self._start
            events = [event for event in events if event.sequence > after]
        self.folded = len(events)
        return replay(events, state, self.apply)


def _usable(records: Sequence[LogRecord], sequence: int) -> bool:
    """Whether a snapshot after record ``sequence`` is the fold of the events in force up
    to it: no later undo took back an event at or before it."""
    return all(
        min(record.events) > sequence
        for record in records
        if isinstance(record, Undone) and record.sequence > sequence
    )


def _load(
    uow: UnitOfWork, encounter_id: str, roller: Roller
) -> tuple[Encounter, _StoredSession[Any]]:
    encounter = uow.encounters.get(encounter_id)
    kind = _kind(encounter.ruleset)
    rules = _ruleset(encounter.ruleset)
    records = uow.encounters.records(encounter_id)
    log = EventLog(records)
    start: tuple[int, Any] | None = None
    for sequence in reversed(uow.encounters.snapshot_sequences(encounter_id)):
        if sequence <= encounter.version and _usable(records, sequence):
            snapshot = uow.encounters.snapshot(encounter_id, sequence)
            start = (sequence, kind.state.model_validate(snapshot.state))
            break
    session: _StoredSession[Any] = _StoredSession(
        rules.engine,
        kind.state.model_validate(encounter.initial_state),
        roller=roller,
        log=log,
        scope=ScopeId(encounter_id),
        start=start,
    )
    return encounter, session


def _store(
    uow: UnitOfWork,
    encounter: Encounter,
    session: _StoredSession[Any],
    before: int,
    snapshot_every: int,
) -> EncounterView:
    new = tuple(session.log.records[before:])
    version = uow.encounters.append(encounter.id, encounter.version, new)
    if snapshot_every > 0 and version // snapshot_every > encounter.version // snapshot_every:
        uow.encounters.add_snapshot(
            Snapshot(
                encounter_id=encounter.id,
                sequence=version,
                state=session.state.model_dump(mode="json"),
            )
        )
    uow.commit()
    stored = encounter.model_copy(update={"version": version})
    return EncounterView(stored, session.state, session.pending, new, session.folded)


def _view(encounter: Encounter, session: _StoredSession[Any]) -> EncounterView:
    return EncounterView(encounter, session.state, session.pending, (), session.folded)


def _played_back(roller: Roller) -> None:
    """Faces typed in from the table must all be used: a face left over (a strict
    :class:`FixedRoller`) is a :class:`~tablekeeper.errors.DiceSupplyError` and nothing
    is stored, as it almost always means one die too many was typed."""
    if isinstance(roller, FixedRoller):
        roller.finish()


def refuse_taken(get: Callable[[str], object], identifier: str, field: str) -> None:
    """Refuse an id ``get`` finds: a :class:`~tablekeeper.errors.ConflictError` naming
    ``field`` (409 over HTTP), so a second creation never overwrites the first."""
    try:
        get(identifier)
    except UnknownNameError:
        return
    raise ConflictError(f"{identifier!r} is already taken", field=field)


def _expect(encounter: Encounter, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != encounter.version:
        raise StaleVersionError(encounter.id, expected_version, encounter.version)


def _command(command: Command | Mapping[str, Any]) -> Command:
    if isinstance(command, Command):
        return command
    try:
        return Command.model_validate(dict(command))
    except ValidationError as error:
        raise invalid_input(error, prefix="command") from None


def _ruleset(name: str) -> Ruleset:
    try:
        rules = load_ruleset(name)
    except UnknownNameError as error:
        raise UnknownNameError(error.message, field="ruleset") from None
    if rules.name not in ENCOUNTER_KINDS:
        raise RulesError(
            f"ruleset {rules.name!r} cannot be stored in a campaign yet "
            f"(campaign rulesets: {', '.join(sorted(ENCOUNTER_KINDS))})",
            field="ruleset",
        )
    return rules


def _kind(ruleset: str) -> EncounterKind:
    _ruleset(ruleset)
    return ENCOUNTER_KINDS[ruleset]
