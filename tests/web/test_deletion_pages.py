"""Deleting at the console (issue 13, bug 9): a confirmation page naming what goes, then
the deletion, kept in the campaign's record; players reach neither."""

from __future__ import annotations

import json

import pytest

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import deletions

from . import test_encounter_pages
from .test_encounter_pages import Table

table_fixture = pytest.fixture(name="table")(test_encounter_pages.table.__wrapped__)


def test_the_campaign_page_links_each_deletion_to_its_confirmation(table: Table) -> None:
    page = table.gm.get(f"/campaigns/{table.campaign}").text
    base = f"/campaigns/{table.campaign}/delete"
    for link in (
        f"{base}/character/demilio",
        f"{base}/player/ann-lee",
        f"{base}/encounter/{table.encounter}",
        f"{base}/campaign/{table.campaign}",
    ):
        assert f'href="{link}"' in page, link
    assert "/delete/" not in table.player.get(f"/campaigns/{table.campaign}").text


def test_the_confirmation_names_what_goes_and_deletes_nothing(table: Table) -> None:
    confirm = table.gm.get(f"/campaigns/{table.campaign}/delete/encounter/{table.encounter}")
    assert confirm.status_code == 200
    assert f"Delete the encounter {table.encounter}?" in confirm.text
    assert "records</li>" in confirm.text
    assert (
        f'action="/campaigns/{table.campaign}/delete/encounter/{table.encounter}"' in confirm.text
    )
    assert table.gm.get(table.url).status_code == 200


def test_the_gm_deletes_an_encounter_and_the_campaign_page_keeps_the_record(
    table: Table,
) -> None:
    done = table.gm.post(f"/campaigns/{table.campaign}/delete/encounter/{table.encounter}")
    assert done.status_code == 303
    assert table.gm.get(table.url).status_code == 404
    page = table.gm.get(f"/campaigns/{table.campaign}").text
    deleted = page.split('id="deleted"')[1]
    assert f"Encounter {table.encounter}" in deleted


def test_a_player_reaches_no_confirmation_and_deletes_nothing(table: Table) -> None:
    path = f"/campaigns/{table.campaign}/delete/character/aliena"
    assert table.player.get(path).status_code == 403
    assert table.player.post(path).status_code == 403
    assert table.gm.get(f"/campaigns/{table.campaign}/characters/aliena/edit").status_code == 200


def test_a_deleted_campaign_comes_back_from_its_export(table: Table) -> None:
    table.gm.post(f"{table.url}/label", data={"name": "The ford", "notes": "rigged"})
    exported = table.gm.get(f"/campaigns/{table.campaign}/export").json()
    confirm = table.gm.get(f"/campaigns/{table.campaign}/delete/campaign/{table.campaign}")
    assert "1 encounter</li>" in confirm.text
    assert "2 characters</li>" in confirm.text
    done = table.gm.post(f"/campaigns/{table.campaign}/delete/campaign/{table.campaign}")
    assert (done.status_code, done.headers["location"]) == (303, "/")
    assert table.gm.get(table.url).status_code in (401, 404)
    engine = table.gm.app.state.engine  # type: ignore[attr-defined]
    kept = deletions.deleted_campaigns(SqlUnitOfWork(engine))
    assert [d.campaign_id for d in kept] == [table.campaign]
    home = table.gm.get("/").text
    listed = home.split('id="deleted-campaigns"')[1].split("</section>")[0]
    assert table.campaign in listed
    assert "1 encounter," in listed
    assert "restored" not in listed
    restored = table.gm.post("/campaigns/import", data={"document": json.dumps(exported)})
    assert restored.status_code == 201, restored.text
    assert table.gm.get(f"/campaigns/{table.campaign}/export").json() == exported
    assert "restored</span>" in table.gm.get("/").text.split('id="deleted-campaigns"')[1]
    assert len(exported["encounters"]) == 1
    for encounter in exported["encounters"]:
        url = f"/campaigns/{table.campaign}/encounters/{encounter['id']}"
        page = table.gm.get(url).text
        assert "Demilio" in page
        assert "<h1>The ford" in page
        assert "rigged</textarea>" in page
