"""Campaign export, import and the Markdown session log, on SQLite, PostgreSQL and the fake."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.events import GM_ONLY, Event
from tablekeeper.engine.values import CommandId, ScopeId
from tablekeeper.errors import InvalidInputError, RulesError, UnknownNameError
from tablekeeper.persistence.database import make_engine
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork
from tablekeeper.rulesets.realtime.encounter.commands import add_creature, advance, damage
from tablekeeper.services import campaigns, encounters, logs, settings
from tablekeeper.services.exports import (
    EXPORT_SCHEMA_VERSION,
    export_campaign,
    import_campaign,
    session_log_markdown,
)

NewUow = Callable[[], UnitOfWork]


def _sql(url: str) -> Iterator[NewUow]:
    engines = [settings.open_database(url)]

    def fresh() -> UnitOfWork:
        engines.append(make_engine(url))
        return SqlUnitOfWork(engines[-1])

    yield fresh
    for engine in engines:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def databases(
    request: pytest.FixtureRequest, sql_databases: Callable[[str], Callable[[str], str]]
) -> Iterator[tuple[NewUow, NewUow]]:
    """Two separate databases of one kind: one to export from, one to import into."""
    if request.param == "memory":
        first, second = InMemoryStore(), InMemoryStore()
        yield (lambda: InMemoryUnitOfWork(first)), (lambda: InMemoryUnitOfWork(second))
        return
    new_database = sql_databases(request.param)
    source, target = _sql(new_database("source")), _sql(new_database("target"))
    yield next(source), next(target)
    for generator in (source, target):
        next(generator, None)


@pytest.fixture
def new_uow(databases: tuple[NewUow, NewUow]) -> NewUow:
    return databases[0]


def _played(new_uow: NewUow) -> str:
    """A realtime campaign ``k1`` whose encounter ``e1`` saw commands, an undo, a redo."""
    campaigns.create_campaign(
        new_uow(), "The keep", "realtime", {"ap_per_second": 2}, campaign_id="k1"
    )
    encounters.start_encounter(new_uow(), "k1", encounter_id="e1")
    for creature in ("alice", "bob"):
        encounters.submit_command(
            new_uow(), "e1", add_creature(id=creature, side=creature, hp=10), roller=RandomRoller(1)
        )
    encounters.submit_command(new_uow(), "e1", advance(2))
    encounters.submit_command(new_uow(), "e1", damage("bob", 3))
    encounters.undo(new_uow(), "e1")
    encounters.redo(new_uow(), "e1")
    encounters.submit_command(new_uow(), "e1", advance(1), snapshot_every=2)
    return "k1"


def test_an_export_imports_back_to_the_same_document(
    databases: tuple[NewUow, NewUow],
) -> None:
    source, target = databases
    exported = export_campaign(source(), _played(source))
    assert exported["schema_version"] == EXPORT_SCHEMA_VERSION == 1
    assert exported["campaign"] == {
        "id": "k1",
        "name": "The keep",
        "ruleset": "realtime",
        "options": campaigns.list_campaigns(source())[0].options,
    }
    [encounter] = exported["encounters"]
    assert encounter["version"] == len(encounter["records"])
    assert [r["data"]["sequence"] for r in encounter["records"]] == list(
        range(1, encounter["version"] + 1)
    )
    assert "undone" in {r["type"] for r in encounter["records"]}
    assert "snapshots" not in json.dumps(exported)
    json.dumps(exported)  # JSON-ready

    imported = import_campaign(target(), copy.deepcopy(exported))
    assert (imported.id, imported.name, imported.ruleset) == ("k1", "The keep", "realtime")
    assert export_campaign(target(), imported.id) == exported

    original = encounters.load_encounter(source(), "e1")
    reloaded = encounters.load_encounter(target(), "e1")
    assert reloaded.version == original.version
    assert reloaded.state == original.state
    encounters.submit_command(target(), "e1", advance(1))  # the imported log plays on


def test_a_taken_campaign_id_is_refused_and_nothing_is_written(new_uow: NewUow) -> None:
    exported = export_campaign(new_uow(), _played(new_uow))
    with pytest.raises(RulesError, match=r"document\.campaign\.id: 'k1' is already taken"):
        import_campaign(new_uow(), exported)
    assert len(campaigns.list_campaigns(new_uow())) == 1


def test_a_taken_encounter_id_is_refused(new_uow: NewUow) -> None:
    exported = export_campaign(new_uow(), _played(new_uow))
    exported["campaign"]["id"] = "k2"
    with pytest.raises(RulesError, match=r"document\.encounters\.0\.id: 'e1' is already taken"):
        import_campaign(new_uow(), exported)
    assert [c.id for c in campaigns.list_campaigns(new_uow())] == ["k1"]


def _broken(exported: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    document = copy.deepcopy(exported)
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "error", "field"),
    [
        (lambda d: d.update(schema_version=2), InvalidInputError, "document.schema_version"),
        (lambda d: d["campaign"].pop("name"), InvalidInputError, "document.campaign.name"),
        (lambda d: d.pop("encounters"), InvalidInputError, "document.encounters"),
        (
            lambda d: d["campaign"].update(ruleset="realtme"),
            UnknownNameError,
            "document.campaign.ruleset",
        ),
        (
            lambda d: d["campaign"]["options"].update(ap_per_second=0),
            InvalidInputError,
            "document.campaign.options.ap_per_second",
        ),
        (
            lambda d: d["encounters"][0].update(version=1),
            InvalidInputError,
            "document.encounters.0.version",
        ),
        (
            lambda d: d["encounters"][0]["records"][0]["data"].pop("kind"),
            InvalidInputError,
            "document.encounters.0.records.0.data.kind",
        ),
        (
            lambda d: d["encounters"][0]["records"].pop(0),
            InvalidInputError,
            "document.encounters.0.records.0.data.sequence",
        ),
        (
            lambda d: d["encounters"][0]["initial_state"].update(second="soon"),
            InvalidInputError,
            "document.encounters.0.initial_state.second",
        ),
    ],
)
def test_a_bad_document_names_the_field_and_writes_nothing(
    databases: tuple[NewUow, NewUow],
    change: Callable[[dict[str, Any]], None],
    error: type[RulesError],
    field: str,
) -> None:
    source, target = databases
    exported = export_campaign(source(), _played(source))
    with pytest.raises(error) as raised:
        import_campaign(target(), _broken(exported, change))
    assert raised.value.field == field
    assert field in str(raised.value)
    assert campaigns.list_campaigns(target()) == []


def test_a_document_that_is_not_an_object_is_refused(new_uow: NewUow) -> None:
    with pytest.raises(InvalidInputError, match="document"):
        import_campaign(new_uow(), ["not", "a", "campaign"])


def test_the_session_log_marks_undone_events_and_hides_gm_only_ones(new_uow: NewUow) -> None:
    campaigns.create_campaign(new_uow(), "The keep", "realtime", campaign_id="k1")
    encounters.start_encounter(new_uow(), "k1", encounter_id="e1")
    encounters.submit_command(new_uow(), "e1", add_creature(id="alice", side="pcs", hp=10))
    encounters.submit_command(new_uow(), "e1", advance(2))
    encounters.undo(new_uow(), "e1")
    with new_uow() as uow:
        version = uow.encounters.get("e1").version
        secret = Event(
            sequence=version + 1,
            command_id=CommandId("c99"),
            kind="gm.note",
            payload={"text": "the door is trapped", "dc": 15},
            visibility=GM_ONLY,
            scope=ScopeId("e1"),
        )
        uow.encounters.append("e1", version, [secret])
        uow.commit()
    log = logs.encounter_log(new_uow(), "e1")

    gm = session_log_markdown(new_uow(), "k1")
    player = session_log_markdown(new_uow(), "k1", viewer="alice")

    assert gm.startswith("# The keep\n")
    assert "## Encounter `e1`" in gm
    lines = [line for line in gm.splitlines() if line.startswith("- ")]
    first = log[0]
    assert isinstance(first, Event)
    # one sentence per event in the ruleset's words, numbered by the log, with its command
    assert lines[0] == "- 1. Alice joins (pcs) (c1)"
    undone_lines = [line for line in lines if line.endswith("(undone)")]
    assert undone_lines
    assert all(line.startswith("- ~~") for line in undone_lines)
    assert any("_undo_ of command" in line for line in lines)
    # the seconds' bookkeeping says nothing a reader needs; another kind says its fields
    assert not any("second_ending" in line or "Second ending" in line for line in lines)
    assert lines[-1] == f"- {secret.sequence}. Note: `dc=15` `text=the door is trapped` (c99)"

    assert "Note:" not in player
    assert "trapped" not in player
    assert player.count("\n- ") == len(lines) - 1
    assert "(undone)" in player


def test_an_import_keeps_the_encounters_in_the_order_they_were_started(
    databases: tuple[NewUow, NewUow],
) -> None:
    # Found by the game-night browser test: an import stores every encounter in one
    # transaction, so they shared one creation time and were listed by id.
    source, target = databases
    campaigns.create_campaign(source(), "The keep", "realtime", campaign_id="k1")
    for started in ("e3", "e1", "e2"):  # ids out of their order
        encounters.start_encounter(source(), "k1", encounter_id=started)
    exported = export_campaign(source(), "k1")
    assert [encounter["id"] for encounter in exported["encounters"]] == ["e3", "e1", "e2"]
    import_campaign(target(), copy.deepcopy(exported))
    listed = campaigns.list_encounters(target(), "k1")
    assert [encounter.id for encounter in listed] == ["e3", "e1", "e2"]
