"""What enters is bounded and storable (``services/safe_input.py``), and the use cases that
take documents from outside (character and campaign import) go through it.

Issue 11: a 610-byte YAML character import with 9**8 aliased leaves cost 78 s of CPU
before its 422; 100,000-deep JSON or YAML answered 500 (RecursionError); campaign ids
such as ``../../etc/passwd`` were stored; NUL, NaN and Infinity got in (a 500 later, on
PostgreSQL). Each is refused here with an InvalidInputError naming the field, before
anything is built or written. (The count of values is what bounds the work: no timing.)
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from tablekeeper.engine.events import Event
from tablekeeper.engine.values import CommandId
from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork
from tablekeeper.services import campaigns, characters, encounters, exports, safe_input, table
from tablekeeper.services.access import GM_VIEWER

from .tables import realtime_sheet


@pytest.fixture
def uow(engine: Engine) -> Callable[[], UnitOfWork]:
    """Units of work over a fresh database, on SQLite and on PostgreSQL: the same answer
    on both (each refusal is made before either database is asked)."""
    return lambda: SqlUnitOfWork(engine)


def billion_laughs(levels: int, width: int = 9) -> str:
    """A YAML document of ``width ** levels`` leaves in a few hundred bytes."""
    lines = ['a0: &a0 ["lol"]']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * width)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_a_yaml_alias_bomb_is_refused_unbuilt() -> None:
    bomb = billion_laughs(8)
    assert len(bomb) < 700
    with pytest.raises(InvalidInputError, match="aliases expanded") as refused:
        safe_input.load_yaml(bomb, "text", safe_input.CHARACTERS)
    assert refused.value.field == "text"
    # A few shared values are fine: aliases are bounded, not banned.
    small = safe_input.load_yaml(billion_laughs(2, 3), "text", safe_input.CHARACTERS)
    assert small["a2"] == [[["lol"]] * 3] * 3


def test_a_document_that_refers_to_itself_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="refers to itself"):
        safe_input.load_yaml("a: &a [*a]\n", "text", safe_input.CHARACTERS)


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deep_documents_are_refused_not_a_recursion_error(depth: int) -> None:
    with pytest.raises(InvalidInputError, match="nests more than 64 levels"):
        safe_input.load_json("[" * depth + "]" * depth, "document", safe_input.CAMPAIGN)
    with pytest.raises(InvalidInputError, match="nests more than 64 levels"):
        safe_input.load_yaml("[" * depth + "]" * depth, "text", safe_input.CHARACTERS)
    nested = "- " * 70 + "x"
    with pytest.raises(InvalidInputError, match="nests more than 64 levels"):
        safe_input.load_yaml(nested, "text", safe_input.CHARACTERS)


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ('{"name": "a\\u0000b"}', "text.name", "NUL"),
        ('{"a\\u0000": 1}', "text", "NUL"),
        ('{"hp": NaN}', "text", "NaN is not a JSON number"),
        ('{"hp": Infinity}', "text", "Infinity is not a JSON number"),
        ('{"hp": -Infinity}', "text", "Infinity is not a JSON number"),
        ('{"hp": 1e999}', "text", "too large"),
        ('{"name": "\\ud800"}', "text.name", "unpaired surrogate"),
        ('{"hp": ' + "9" * 5000 + "}", "text", "not valid JSON"),
    ],
)
def test_json_without_nul_nan_or_infinity(text: str, field: str, reason: str) -> None:
    with pytest.raises(InvalidInputError, match=reason) as refused:
        safe_input.load_json(text, "text", safe_input.CHARACTERS)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('name: "a\\0b"\n', "NUL"),
        ("hp: .nan\n", "finite"),
        ("hp: .inf\n", "finite"),
        ("hp: " + "9" * 5000 + "\n", "not valid YAML"),
        ("!!python/object:os.system {}\n", "not valid YAML"),
        ("\x1f", "special characters are not allowed"),  # Schemathesis found it: a 500
    ],
)
def test_yaml_without_nul_nan_or_infinity(text: str, reason: str) -> None:
    with pytest.raises(InvalidInputError, match=reason):
        safe_input.load_yaml(text, "text", safe_input.CHARACTERS)


def test_a_document_too_large_is_refused_unread() -> None:
    with pytest.raises(InvalidInputError, match="more than the 1,000,000 allowed"):
        safe_input.load_json(" " * 1_000_001, "text", safe_input.CHARACTERS)


@pytest.mark.parametrize(
    "identifier",
    ["../../etc/passwd", "a\r\nSet-Cookie: x=1", "j-odd id;x", "a/b", "", "é", "x" * 65],
)
def test_ids_travel_in_urls_and_cookie_names(identifier: str) -> None:
    with pytest.raises(InvalidInputError, match="an id is 1 to 64 letters") as refused:
        safe_input.check_id(identifier, "campaign_id")
    assert refused.value.field == "campaign_id"
    assert safe_input.check_id("Harrow-moor_2", "campaign_id") == "Harrow-moor_2"


def test_the_create_use_cases_refuse_odd_ids_nul_and_nan(uow: Callable[[], UnitOfWork]) -> None:
    with pytest.raises(InvalidInputError) as refused:
        campaigns.create_campaign(uow(), "X", "realtime", campaign_id="../../etc/passwd")
    assert refused.value.field == "campaign_id"
    with pytest.raises(InvalidInputError, match="NUL") as refused:
        campaigns.create_campaign(uow(), "Harrow\x00moor", "realtime")
    assert refused.value.field == "name"
    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime", campaign_id="h")
    with pytest.raises(InvalidInputError) as refused:
        encounters.start_encounter(uow(), campaign.id, encounter_id="a/b")
    assert refused.value.field == "encounter_id"
    sheet = realtime_sheet("party", 0, weight=float("nan"))
    with pytest.raises(InvalidInputError, match="finite") as refused:
        characters.create_character(
            uow(), campaign.id, id="aliena", name="Aliena", kind="npc", sheet=sheet
        )
    assert refused.value.field == "sheet.weight"
    assert campaigns.list_encounters(uow(), campaign.id) == []


def test_a_yaml_character_import_bomb_writes_nothing(uow: Callable[[], UnitOfWork]) -> None:
    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime")
    with pytest.raises(InvalidInputError, match="aliases expanded"):
        characters.import_characters(uow(), campaign.id, billion_laughs(8), format="yaml")
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(InvalidInputError, match="nests"):
        characters.import_characters(uow(), campaign.id, deep, format="json")
    assert characters.list_characters(uow(), campaign.id) == []


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("campaign", "id"), "../../etc/passwd"),
        (("campaign", "id"), "a\r\nSet-Cookie: x=1"),
        (("campaign", "id"), "j-odd id;x"),
        (("campaign", "name"), "Harrow\x00moor"),
        (("encounters", 0, "id"), "a/b"),
    ],
)
def test_a_campaign_import_refuses_what_the_rest_could_not_use(
    uow: Callable[[], UnitOfWork], where: tuple[str | int, ...], value: str
) -> None:
    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime", campaign_id="source")
    encounters.start_encounter(uow(), campaign.id, encounter_id="bridge")
    document = json.loads(json.dumps(exports.export_campaign(uow(), campaign.id)))
    target = document
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(InvalidInputError) as refused:
        exports.import_campaign(uow(), document)
    assert refused.value.field is not None
    assert refused.value.field.startswith("document.")
    assert [c.id for c in campaigns.list_campaigns(uow())] == ["source"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), "a\x00b", {"k\x00": 1}])
def test_what_no_database_stores_is_refused_at_every_append(
    uow: Callable[[], UnitOfWork], value: object
) -> None:
    # The backstop behind the entry checks (persistence/storable.py): a record built in
    # process, with NaN or NUL in its payload, is refused alike on SQLite and PostgreSQL
    # (and by the in-memory fake), and nothing is written.
    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime")
    encounters.start_encounter(uow(), campaign.id, encounter_id="bridge")
    before = encounters.get_encounter(uow(), "bridge").version
    record = Event(sequence=before + 1, command_id=CommandId("c9"), kind="x", payload={"v": value})
    for unit in (uow(), InMemoryUnitOfWork(InMemoryStore())):
        with unit, pytest.raises(InvalidInputError) as refused:
            unit.encounters.append("bridge", before, [record])
        assert (refused.value.field or "").startswith("payload.v")
    assert encounters.get_encounter(uow(), "bridge").version == before
    with pytest.raises(InvalidInputError, match="NUL"):
        table.add_note(uow(), campaign.id, GM_VIEWER, "a\x00b")
