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
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy import Engine

from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.engine.campaigns import Campaign, Encounter, Snapshot
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import Event, LogRecord, Undone
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.rulesets import Ruleset, load_ruleset
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM, ActorId, JsonObject, ScopeId, invalid_input
from tablekeeper.errors import RulesError, UnknownNameError
from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import new_encounter as new_percentile_encounter
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.ruleset import new_encounter as new_realtime_encounter

S = TypeVar("S")

DATABASE_URL_VARIABLE = "TABLEKEEPER_DATABASE_URL"
"""The environment variable naming the database (a SQLAlchemy URL)."""

SNAPSHOT_EVERY = 50
"""A snapshot is written each time an encounter's version passes a multiple of this."""


@dataclass(frozen=True)
class EncounterKind:
    """How a ruleset's encounters start, and the state model their snapshots load into."""

    state: type[BaseModel]
    start: Callable[[JsonObject], BaseModel]


ENCOUNTER_KINDS: dict[str, EncounterKind] = {
    "realtime": EncounterKind(
        RealtimeState,
        lambda options: new_realtime_encounter(RealtimeOptions.model_validate(options)),
    ),
    "percentile": EncounterKind(
        PercentileState,
        lambda options: new_percentile_encounter(PercentileOptions.model_validate(options)),
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
) -> Campaign:
    """A new campaign bound to ``ruleset``, playing by ``options`` (validated by the
    ruleset's ``Options`` model; errors name ``options.<field>``). Writes nothing if
    anything is wrong."""
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
        _refuse_taken(uow.campaigns.get, campaign.id, "campaign_id")
        uow.campaigns.add(campaign)
        uow.commit()
    return campaign


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
    uow: UnitOfWork, campaign_id: str, *, encounter_id: str | None = None
) -> EncounterView:
    """A new, empty encounter in the campaign, from its ruleset's ``new_encounter``."""
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
        _refuse_taken(uow.encounters.get, encounter.id, "encounter_id")
        uow.encounters.add(encounter)
        uow.commit()
    return EncounterView(encounter=encounter, state=state, pending=None)


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
) -> EncounterView:
    """Play ``command`` in the encounter and store what it caused.

    ``expected_version`` (what the caller last saw) makes the check explicit; either way,
    a command stored by someone else in between raises :class:`StaleVersionError` and
    this one writes nothing. A command the rules refuse writes nothing either.
    """
    checked = _command(command)
    with uow:
        encounter, session = _load(uow, encounter_id, roller or RandomRoller())
        _expect(encounter, expected_version)
        before = len(session.log)
        session.submit(checked)
        return _store(uow, encounter, session, before, snapshot_every)


def undo(
    uow: UnitOfWork,
    encounter_id: str,
    *,
    expected_version: int | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
) -> EncounterView:
    """Take back the encounter's last command (its audit record is stored)."""
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
) -> EncounterView:
    """Play the last undone command's events again (stored under fresh numbers)."""
    with uow:
        encounter, session = _load(uow, encounter_id, RandomRoller())
        _expect(encounter, expected_version)
        before = len(session.log)
        session.redo()
        return _store(uow, encounter, session, before, snapshot_every)


def encounter_log(
    uow: UnitOfWork, encounter_id: str, *, viewer: ActorId | str = GM
) -> list[LogRecord]:
    """The encounter's log records that ``viewer`` may see (the GM sees all), in order."""
    with uow:
        uow.encounters.get(encounter_id)
        records = uow.encounters.records(encounter_id)
    shown = {r.sequence for r in records if isinstance(r, Event) and r.visibility.shown_to(viewer)}
    return [
        record
        for record in records
        if record.sequence in shown
        or (isinstance(record, Undone) and any(number in shown for number in record.events))
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


def _refuse_taken(get: Callable[[str], object], identifier: str, field: str) -> None:
    try:
        get(identifier)
    except UnknownNameError:
        return
    raise RulesError(f"{identifier!r} is already taken", field=field)


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
