"""The console's pages in process (TestClient): they render, forms validate with each
error next to its field, and the GM secret or a player's token travels in a cookie."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tablekeeper.web.access import cookie_name

LINK = re.compile(r'value="(?P<url>http://testserver/campaigns/(?P<id>\w+)\?key=(?P<key>[^"]+))"')
JOIN = re.compile(r'value="http://testserver(?P<path>/join/\w+/[^"]+)"')


def error_after(html: str, input_id: str) -> str:
    """The error message shown for the input ``input_id`` (its ``-error`` paragraph)."""
    found = re.search(rf'<p class="error" id="{re.escape(input_id)}-error">([^<]*)</p>', html)
    assert found, f"no error shown for {input_id}"
    return found.group(1)


def create_campaign(client: TestClient, ruleset: str = "realtime") -> tuple[str, str]:
    """A campaign made through the form: its id and GM secret (now held in a cookie)."""
    response = client.post("/campaigns", data={"name": "Night watch", "ruleset": ruleset})
    assert response.status_code == 201
    link = LINK.search(response.text)
    assert link, response.text
    return link["id"], link["key"]


def test_home_lists_rulesets_and_links_the_assets(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<option value="percentile"' in page.text
    assert '<option value="realtime"' in page.text
    assert '<label for="f-name">' in page.text
    assert "/static/vendor/htmx.min.js" in page.text
    assert client.get("/static/vendor/htmx.min.js").status_code == 200
    assert client.get("/static/console.css").status_code == 200


def test_a_bad_campaign_shows_its_errors_next_to_the_fields(client: TestClient) -> None:
    page = client.post("/campaigns", data={"name": "", "ruleset": "realtime"})
    assert page.status_code == 422
    assert "Traceback" not in page.text
    assert "at least 1 character" in error_after(page.text, "f-name")


def test_an_unknown_ruleset_is_named_next_to_its_select(client: TestClient) -> None:
    page = client.post("/campaigns", data={"name": "Chess night", "ruleset": "chess"})
    assert page.status_code in (404, 422)
    assert "chess" in error_after(page.text, "f-ruleset")


def test_the_gm_link_sets_a_cookie_and_later_pages_need_no_key(client: TestClient) -> None:
    campaign_id, secret = create_campaign(client)
    client.cookies.clear()
    assert client.get(f"/campaigns/{campaign_id}").status_code == 401
    visit = client.get(f"/campaigns/{campaign_id}?key={secret}")
    assert visit.status_code == 303
    assert visit.headers["location"] == f"/campaigns/{campaign_id}"
    cookie = visit.headers["set-cookie"]
    assert cookie.startswith(f"{cookie_name(campaign_id)}=")
    assert "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    page = client.get(f"/campaigns/{campaign_id}")
    assert page.status_code == 200
    assert "You are the GM." in page.text
    assert "Add a player" in page.text


def test_a_wrong_key_is_an_error_page_not_a_traceback(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client)
    page = client.get(f"/campaigns/{campaign_id}?key=not-the-secret")
    assert page.status_code == 401
    assert "This page needs your link" in page.text
    assert client.get("/campaigns/nope").status_code in (401, 404)


def test_the_character_form_comes_from_the_ruleset_model(client: TestClient) -> None:
    realtime, _ = create_campaign(client, "realtime")
    form = client.get(f"/campaigns/{realtime}/characters/new").text
    for name in (
        "sheet.side",
        "sheet.hp",
        "sheet.max_hp",
        "sheet.characteristics.0.skill",
        "sheet.injuries",
    ):
        assert f'name="{name}"' in form
    assert '<label for="f-sheet-hp">' in form
    percentile, _ = create_campaign(client, "percentile")
    form = client.get(f"/campaigns/{percentile}/characters/new").text
    assert 'name="sheet.stats.hit_points"' in form
    assert 'name="sheet.stats.characteristics.DEX"' in form
    assert '<option value="discorporate"' in form


def test_bad_sheet_input_shows_each_error_next_to_its_field(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "percentile")
    page = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "brenna",
            "name": "Brenna",
            "sheet.side": "party",
            "sheet.stats.name": "Brenna",
            "sheet.stats.hit_points": "lots",
            "sheet.stats.skills.0.skill": "Dodge",
            "sheet.stats.skills.0.value": "some",
            "sheet_json": "{not json",
        },
    )
    assert page.status_code == 422
    assert "a whole number" in error_after(page.text, "f-sheet-stats-skills-0-value")
    assert "not valid JSON" in error_after(page.text, "f-sheet_json")
    page = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "brenna",
            "name": "Brenna",
            "sheet.side": "party",
            "sheet.stats.name": "Brenna",
            "sheet.stats.hit_points": "lots",
        },
    )
    assert page.status_code == 422
    assert "a whole number" in error_after(page.text, "f-sheet-stats-hit_points")
    assert "Field required" in error_after(page.text, "f-sheet-stats-mov")
    assert 'aria-invalid="true"' in page.text
    assert 'value="lots"' in page.text, "what was typed is kept"
    page = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={"id": "bad id!", "name": "Brenna", "sheet.side": "party"},
    )
    assert "pattern" in error_after(page.text, "f-id")


def test_a_good_character_is_stored_and_listed(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "realtime")
    response = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "aliena",
            "name": "Aliena",
            "kind": "pc",
            "sheet.side": "party",
            "sheet.hp": "20",
            "sheet.position.x": "1",
            "sheet.position.y": "2",
        },
    )
    assert response.status_code == 303
    page = client.get(f"/campaigns/{campaign_id}").text
    assert "Aliena" in page
    # The checkboxes pick who a new encounter brings, not who is in one (a GM
    # walk-through read "In the encounter" over unticked boxes of those who were).
    assert '<th scope="col">Bring into a new encounter</th>' in page
    again = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={"id": "aliena", "name": "Twin", "sheet.side": "party", "sheet.hp": "3"},
    )
    assert again.status_code == 422
    assert "already taken" in error_after(again.text, "f-id")


def test_htmx_gets_the_form_back_as_a_partial(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "realtime")
    headers = {"HX-Request": "true"}
    bad = client.post(f"/campaigns/{campaign_id}/characters", data={"id": "x"}, headers=headers)
    assert bad.status_code == 422
    assert bad.text.lstrip().startswith('<section aria-labelledby="create-heading"')
    good = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={"id": "x", "name": "X", "sheet.side": "a", "sheet.hp": "5"},
        headers=headers,
    )
    assert good.headers["hx-redirect"] == f"/campaigns/{campaign_id}"


def test_import_stores_characters_and_shows_errors_next_to_the_document(
    client: TestClient,
) -> None:
    campaign_id, _ = create_campaign(client, "realtime")
    document = """
schema_version: 1
kind: tablekeeper.characters
ruleset: realtime
characters:
  - {id: demilio, name: Demilio, kind: npc, sheet: {side: foes, hp: 16}}
  - {id: aliena, name: Aliena, sheet: {side: party, hp: nope}}
"""
    url = f"/campaigns/{campaign_id}/characters/import"
    bad = client.post(url, data={"document": document, "format": "yaml"})
    assert bad.status_code == 422
    assert "characters.1.sheet.hp" in error_after(bad.text, "f-document")
    good = client.post(url, data={"document": document.replace("nope", "20"), "format": "yaml"})
    assert good.status_code == 303
    page = client.get(f"/campaigns/{campaign_id}").text
    assert "Demilio" in page
    assert "Aliena" in page


def test_start_an_encounter_from_checked_characters(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "realtime")
    for name, side in (("aliena", "party"), ("demilio", "foes")):
        client.post(
            f"/campaigns/{campaign_id}/characters",
            data={"id": name, "name": name.title(), "sheet.side": side, "sheet.hp": "12"},
        )
    started = client.post(
        f"/campaigns/{campaign_id}/encounters", data={"character": ["aliena", "demilio"]}
    )
    assert started.status_code == 303
    page = client.get(started.headers["location"])
    assert page.status_code == 200
    assert "aliena" in page.text
    assert "demilio" in page.text
    assert "Encounter" in client.get(f"/campaigns/{campaign_id}").text


@pytest.fixture
def player_client(client: TestClient) -> tuple[TestClient, str, str]:
    """A campaign with a PC for the player Ann; the GM's client, campaign id, Ann's join path."""
    campaign_id, _ = create_campaign(client, "realtime")
    added = client.post(f"/campaigns/{campaign_id}/players", data={"player_name": "Ann Lee"})
    assert added.status_code == 201
    join = JOIN.search(added.text)
    assert join, added.text
    client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "aliena",
            "name": "Aliena",
            "player": "ann-lee",
            "sheet.side": "party",
            "sheet.hp": "20",
        },
    )
    client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "demilio",
            "name": "Demilio",
            "kind": "npc",
            "sheet.side": "foes",
            "sheet.hp": "16",
        },
    )
    return client, campaign_id, join["path"]


def test_a_join_link_gives_a_player_cookie_and_no_gm_controls(
    player_client: tuple[TestClient, str, str],
) -> None:
    client, campaign_id, join = player_client
    client.cookies.clear()
    joined = client.get(join)
    assert joined.status_code == 303
    assert f"{cookie_name(campaign_id)}=" in joined.headers["set-cookie"]
    page = client.get(f"/campaigns/{campaign_id}")
    assert page.status_code == 200
    assert "You play as Ann Lee." in page.text
    assert "Aliena" in page.text
    assert "Demilio" not in page.text, "a player never sees an NPC"
    for gm_only in ("Add a player", "Start an encounter", "Add or import characters"):
        assert gm_only not in page.text
    assert client.get(f"/campaigns/{campaign_id}/characters/new").status_code == 403
    refused = client.post(f"/campaigns/{campaign_id}/players", data={"player_name": "Eve"})
    assert refused.status_code == 403


def test_a_player_name_already_taken_shows_next_to_the_name(
    player_client: tuple[TestClient, str, str],
) -> None:
    client, campaign_id, _ = player_client
    again = client.post(f"/campaigns/{campaign_id}/players", data={"player_name": "Ann Lee"})
    assert again.status_code == 422
    assert "already taken" in error_after(again.text, "f-player_name")
