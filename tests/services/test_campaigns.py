"""Campaign use cases, against SQLite, PostgreSQL and the in-memory fake."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.events import Event, Undone
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import ScopeId
from tablekeeper.errors import (
    IllegalCommandError,
    InvalidInputError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.persistence.database import make_engine
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork
from tablekeeper.rulesets.realtime.encounter.commands import add_creature, advance
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.ruleset import REALTIME
from tablekeeper.services import campaigns, encounters, logs, settings

NewUow = Callable[[], UnitOfWork]


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def new_uow(
    request: pytest.FixtureRequest, sql_databases: Callable[[str], Callable[[str], str]]
) -> Iterator[NewUow]:
    """Units of work over one database; each call is a fresh one, as after a restart
    (for SQL, a new engine on the same database)."""
    if request.param == "memory":
        store = InMemoryStore()
        yield lambda: InMemoryUnitOfWork(store)
        return
    url = sql_databases(request.param)("data")
    engines = [settings.open_database(url)]

    def fresh() -> UnitOfWork:
        engines.append(make_engine(url))
        return SqlUnitOfWork(engines[-1])

    yield fresh
    for engine in engines:
        engine.dispose()


def _realtime_encounter(new_uow: NewUow) -> str:
    campaign = campaigns.create_campaign(new_uow(), "The keep", "realtime", campaign_id="k1")
    encounter = encounters.start_encounter(new_uow(), campaign.id, encounter_id="e1")
    assert encounter.version == 0
    for creature in ("alice", "bob"):
        encounters.submit_command(
            new_uow(), "e1", add_creature(id=creature, side=creature, hp=10), roller=RandomRoller(1)
        )
    return "e1"


def test_campaigns_are_created_and_listed(new_uow: NewUow) -> None:
    first = campaigns.create_campaign(new_uow(), "One", "realtime", {"ap_per_second": 2})
    second = campaigns.create_campaign(new_uow(), "Two", "percentile")
    listed = campaigns.list_campaigns(new_uow())
    assert [c.id for c in listed] == [first.id, second.id]
    assert [c.created_sequence for c in listed] == [1, 2]
    assert listed[0].options["ap_per_second"] == 2
    assert listed[1].ruleset == "percentile"


def test_an_unknown_ruleset_is_named_and_nothing_is_written(new_uow: NewUow) -> None:
    with pytest.raises(UnknownNameError, match="no ruleset named 'realtme'") as raised:
        campaigns.create_campaign(new_uow(), "Bad", "realtme")
    assert raised.value.field == "ruleset"
    assert campaigns.list_campaigns(new_uow()) == []


def test_invalid_options_name_the_field_and_nothing_is_written(new_uow: NewUow) -> None:
    with pytest.raises(InvalidInputError, match=r"options\.ap_per_second") as raised:
        campaigns.create_campaign(new_uow(), "Bad", "realtime", {"ap_per_second": 0})
    assert raised.value.field == "options.ap_per_second"
    with pytest.raises(InvalidInputError, match=r"options\.no_such_ruling"):
        campaigns.create_campaign(new_uow(), "Bad", "realtime", {"no_such_ruling": 1})
    with pytest.raises(InvalidInputError, match=r"campaign\.name"):
        campaigns.create_campaign(new_uow(), "", "realtime")
    assert campaigns.list_campaigns(new_uow()) == []


def test_an_encounter_survives_a_restart(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    played = encounters.submit_command(new_uow(), encounter_id, advance(3))
    assert isinstance(played.state, RealtimeState)
    assert played.state.second == 4
    assert played.records
    assert all(isinstance(r, Event) for r in played.records)

    reloaded = encounters.load_encounter(new_uow(), encounter_id)  # a new engine, same file
    assert reloaded.state == played.state
    assert reloaded.version == played.version == len(logs.encounter_log(new_uow(), "e1"))
    assert [e.id for e in campaigns.list_encounters(new_uow(), "k1")] == ["e1"]


def test_a_refused_command_writes_nothing(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    before = encounters.load_encounter(new_uow(), encounter_id)
    with pytest.raises(IllegalCommandError):
        encounters.submit_command(new_uow(), encounter_id, add_creature(id="alice", side="x", hp=3))
    with pytest.raises(InvalidInputError, match=r"command\.actor"):
        encounters.submit_command(new_uow(), encounter_id, {"kind": "realtime.advance"})
    after = encounters.load_encounter(new_uow(), encounter_id)
    assert (after.version, after.state) == (before.version, before.state)


def test_a_stale_expected_version_is_a_conflict_with_nothing_written(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    seen = encounters.load_encounter(new_uow(), encounter_id).version
    encounters.submit_command(new_uow(), encounter_id, advance(1), expected_version=seen)
    with pytest.raises(StaleVersionError, match=f"expected version {seen}"):
        encounters.submit_command(new_uow(), encounter_id, advance(5), expected_version=seen)
    assert encounters.load_encounter(new_uow(), encounter_id).state.second == 2


def test_undo_and_redo_are_stored(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    played = encounters.submit_command(new_uow(), encounter_id, advance(2))
    undone = encounters.undo(new_uow(), encounter_id)
    assert isinstance(undone.records[0], Undone)
    assert encounters.load_encounter(new_uow(), encounter_id).state.second == 1
    redone = encounters.redo(new_uow(), encounter_id)
    assert redone.state == played.state
    reloaded = encounters.load_encounter(new_uow(), encounter_id)
    assert reloaded.state == played.state
    log = logs.encounter_log(new_uow(), encounter_id)
    assert len(log) == reloaded.version
    assert sum(isinstance(record, Undone) for record in log) == 1


def test_a_load_after_a_snapshot_folds_only_the_events_after_it(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    for _ in range(4):
        encounters.submit_command(new_uow(), encounter_id, advance(1), snapshot_every=5)
    with new_uow() as uow:
        snapshots = uow.encounters.snapshot_sequences(encounter_id)
        records = uow.encounters.records(encounter_id)
        initial = RealtimeState.model_validate(uow.encounters.get(encounter_id).initial_state)
    assert snapshots, "a snapshot was written"
    loaded = encounters.load_encounter(new_uow(), encounter_id)
    in_force = [e for e in EventLog(records).events if e.scope == ScopeId(encounter_id)]
    assert loaded.folded == sum(1 for e in in_force if e.sequence > snapshots[-1])
    assert loaded.folded < len(in_force)
    full = Session(
        REALTIME.engine, initial, roller=RandomRoller(0), log=EventLog(records), scope=ScopeId("e1")
    )
    assert loaded.state == full.state == replay(in_force, initial, full.apply)


def test_an_undo_past_a_snapshot_replays_without_it(new_uow: NewUow) -> None:
    encounter_id = _realtime_encounter(new_uow)
    encounters.submit_command(new_uow(), encounter_id, advance(3), snapshot_every=1)
    undone = encounters.undo(new_uow(), encounter_id, snapshot_every=0)
    assert undone.state.second == 1
    loaded = encounters.load_encounter(new_uow(), encounter_id)
    assert loaded.state == undone.state


def test_an_id_already_taken_is_refused(new_uow: NewUow) -> None:
    _realtime_encounter(new_uow)
    with pytest.raises(RulesError, match="campaign_id: 'k1' is already taken"):
        campaigns.create_campaign(new_uow(), "Again", "realtime", campaign_id="k1")
    with pytest.raises(RulesError, match="encounter_id: 'e1' is already taken"):
        encounters.start_encounter(new_uow(), "k1", encounter_id="e1")
    assert len(campaigns.list_campaigns(new_uow())) == 1
