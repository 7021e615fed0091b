"""A campaign written on SQLite moves to PostgreSQL and back, odd characters and all.

Issue 11: NUL, NaN and Infinity got into SQLite and were a 500 on PostgreSQL, so a SQLite
export could not move. What is refused now is refused on both (``test_safe_input.py``);
everything else, however odd (emoji, right-to-left text, combining marks, line and
paragraph separators, quotes, backslashes, markup, SQL, the longest names allowed), is
stored alike by both and comes back byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tablekeeper.engine.overrides import set_value
from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, characters, encounters, exports, settings, table

NewDatabase = Callable[[str], str]

ODD = (
    "Dragon 🐉 مرحبا e\u0301te\u0301 \u200d\u2028\u2029 \"quoted\" 'single' back\\slash "
    "<script>alert(1)</script> '; DROP TABLE campaigns; -- \t tab \n newline ☃ \U0001f9d9"
)


def stocked(url: str) -> str:
    """A realtime campaign whose every text holds :data:`ODD`; its id."""
    engine = settings.open_database(url)
    uow = lambda: SqlUnitOfWork(engine)  # noqa: E731
    try:
        campaign = campaigns.create_campaign(
            uow(), ODD[:200], "realtime", campaign_id="odd-Campaign_1"
        )
        access.add_player(uow(), campaign.id, "ann-1", ODD[:200])
        characters.create_character(
            uow(),
            campaign.id,
            id="aliena_2",
            name=ODD[:80],  # the longest a creature's name may be
            player="ann-1",
            sheet={"side": ODD[:40], "hp": 20, "position": [0, 0]},
        )
        table.add_note(uow(), campaign.id, access.GM_VIEWER, ODD)
        roll = table.roll_into_log
        roll(uow(), campaign.id, access.GM_VIEWER, "4d6kh3", label=ODD[:60], dice=[6, 1, 5, 4])
        encounters.start_encounter(
            uow(), campaign.id, characters=["aliena_2"], encounter_id="bridge-1"
        )
        encounters.submit_command(uow(), "bridge-1", set_value("clock.second", 3, reason=ODD))
        return campaign.id
    finally:
        engine.dispose()


def exported(url: str, campaign_id: str) -> dict[str, Any]:
    engine = settings.open_database(url)
    try:
        document: dict[str, Any] = exports.export_campaign(SqlUnitOfWork(engine), campaign_id)
        return document
    finally:
        engine.dispose()


def imported(url: str, document: dict[str, Any]) -> None:
    engine = settings.open_database(url)
    try:
        exports.import_campaign(SqlUnitOfWork(engine), document)
    finally:
        engine.dispose()


def strings(value: Any) -> list[str]:
    """Every string in JSON data."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def test_a_sqlite_export_moves_to_postgresql_and_back(
    sql_databases: Callable[[str], NewDatabase],
) -> None:
    sqlite = sql_databases("sqlite")("source")
    postgresql = sql_databases("postgresql")("target")
    campaign_id = stocked(sqlite)
    document = exported(sqlite, campaign_id)
    assert ODD in strings(document)  # the note and the override's reason, whole
    # Through JSON text, as a file would carry it.
    carried = json.loads(json.dumps(document, ensure_ascii=False))
    imported(postgresql, carried)
    assert exported(postgresql, campaign_id) == document
    back = sql_databases("sqlite")("back")
    imported(back, json.loads(json.dumps(exported(postgresql, campaign_id))))
    assert exported(back, campaign_id) == document


def test_what_postgresql_cannot_store_is_refused_by_name_not_a_500(
    sql_databases: Callable[[str], NewDatabase],
) -> None:
    # An export from a SQLite file that took a NUL or a NaN before issue 11 (edited into
    # the document here): PostgreSQL answered a DataError; now the import names the field.
    sqlite = sql_databases("sqlite")("source")
    postgresql = sql_databases("postgresql")("target")
    campaign_id = stocked(sqlite)
    for path, value in (
        (("campaign_log", 0, "data", "payload", "text"), "a\x00b"),
        (("encounters", 0, "records", -1, "data", "payload", "reason"), "a\x00b"),
        (("campaign", "name"), "Harrow\x00moor"),
        (("characters", 0, "sheet", "side"), "a\x00b"),
        (("encounters", 0, "records", -1, "data", "payload", "value"), float("nan")),
    ):
        document = exported(sqlite, campaign_id)
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        engine = settings.open_database(postgresql)
        try:
            with pytest.raises(InvalidInputError) as refused:
                exports.import_campaign(SqlUnitOfWork(engine), document)
        finally:
            engine.dispose()
        assert (refused.value.field or "").startswith("document."), (path, refused.value)
    engine = settings.open_database(postgresql)
    assert campaigns.list_campaigns(SqlUnitOfWork(engine)) == []
    engine.dispose()
