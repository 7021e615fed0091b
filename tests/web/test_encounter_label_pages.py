"""Named encounters with the GM's notes (issue 13): the name on the campaign's list and
on the table for everyone; the notes for the GM only, never in anything a player gets."""

from __future__ import annotations

import pytest

from . import test_encounter_pages
from .test_encounter_pages import Table

table_fixture = pytest.fixture(name="table")(test_encounter_pages.table.__wrapped__)

SECRET_NOTE = "zq-sentinel-7731: the bridge is rigged"
"""A note found nowhere else, so a test can prove a player never receives it."""


def _label(table: Table, name: str = "Ambush at the ford", notes: str = SECRET_NOTE) -> None:
    saved = table.gm.post(f"{table.url}/label", data={"name": name, "notes": notes})
    assert saved.status_code == 303, saved.text


def test_the_gm_names_an_encounter_and_keeps_notes_on_it(table: Table) -> None:
    _label(table)
    page = table.page()
    assert "<h1>Ambush at the ford" in page
    assert SECRET_NOTE in page
    listed = table.gm.get(f"/campaigns/{table.campaign}").text
    assert ">Ambush at the ford</a>" in listed
    assert SECRET_NOTE in listed
    log = table.gm.get(f"/campaigns/{table.campaign}/log").text
    # the naming ties the id to the name; every other line calls it by its name
    assert f"Encounter {table.encounter[:8]} named &#39;Ambush at the ford&#39;" in log
    assert f"Notes on Ambush at the ford: {SECRET_NOTE}" in log
    assert "Ambush at the ford begins" in log
    assert log.count(table.encounter[:8]) == 1


def test_a_renamed_encounter_is_called_by_its_new_name_and_the_renaming_says_the_old(
    table: Table,
) -> None:
    log_url = f"/campaigns/{table.campaign}/log"
    assert f"Encounter {table.encounter[:8]} begins" in table.gm.get(log_url).text  # unnamed
    _label(table, name="Ambush at the ford", notes="")
    _label(table, name="The ford, at dusk", notes="")
    log = table.gm.get(log_url).text
    assert f"Encounter {table.encounter[:8]} named &#39;Ambush at the ford&#39;" in log
    assert "Encounter &#39;Ambush at the ford&#39; renamed &#39;The ford, at dusk&#39;" in log
    assert "The ford, at dusk begins" in log
    _label(table, name="", notes="")
    log = table.gm.get(log_url).text
    assert "Encounter &#39;The ford, at dusk&#39; left without a name" in log
    assert f"Encounter {table.encounter[:8]} begins" in log


def test_saving_the_notes_alone_renames_nothing(table: Table) -> None:
    """A save records only what changed: the notes saved again under the same name log no
    renaming ("renamed 'Ambush at the ford' to 'Ambush at the ford'" was one)."""
    log_url = f"/campaigns/{table.campaign}/log"
    _label(table, name="Ambush at the ford", notes="first")
    _label(table, name="Ambush at the ford", notes="second")
    _label(table, name="Ambush at the ford", notes="second")
    log = table.gm.get(log_url).text
    assert "renamed" not in log
    assert log.count("named &#39;Ambush at the ford&#39;") == 1
    assert "Notes on Ambush at the ford: second" in log
    assert log.count("Notes on Ambush at the ford") == 2  # the third save changed nothing
    assert "second" in table.page()


def test_a_player_reads_the_name_and_never_the_notes(table: Table) -> None:
    _label(table)
    campaign = f"/campaigns/{table.campaign}"
    player = table.player
    seen = {
        "table": table.page(player),
        "fragment": player.get(f"{table.url}/table").text,
        "campaign": player.get(campaign).text,
        "campaign log": player.get(f"{campaign}/log").text,
        "api campaign log": player.get(f"/api{campaign}/log").text,
        "api encounter": player.get(f"/api/encounters/{table.encounter}").text,
    }
    assert "Ambush at the ford" in seen["table"]
    assert (
        f"Encounter {table.encounter[:8]} named &#39;Ambush at the ford&#39;"
        in seen["campaign log"]
    )
    assert ">Ambush at the ford</a>" in seen["campaign"]
    for name, text in seen.items():
        assert "zq-sentinel-7731" not in text, name
    assert 'id="encounter-notes"' not in seen["table"]


def test_a_player_may_not_label_an_encounter(table: Table) -> None:
    refused = table.player.post(f"{table.url}/label", data={"name": "Mine", "notes": "x"})
    assert refused.status_code == 403
    assert "Mine" not in table.page()


def test_a_name_too_long_is_refused_next_to_the_form(table: Table) -> None:
    refused = table.gm.post(f"{table.url}/label", data={"name": "x" * 201, "notes": ""})
    assert refused.status_code == 422
    assert 'id="label-error"' in refused.text
    assert "label.name" in refused.text or "200" in refused.text
