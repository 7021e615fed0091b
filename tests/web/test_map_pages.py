"""The encounter table's map in the console (issue 13, "A map"): tokens as the viewer may
see them, the one move form (what a drag or the arrow keys fill in) submitted through the
usual command path, its refusals shown on the map, distances per pair where there is no
grid, and no map where a ruleset places no one."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from console_tokens import sending_tokens
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import characters, demo_campaigns, encounters, settings

from .map_table import MapTable, map_table

HTMX = {"HX-Request": "true"}


def gm(client: TestClient, table: MapTable) -> TestClient:
    assert client.get(f"/campaigns/{table.campaign}?key={table.secret}").status_code == 303
    return client


def player(client: TestClient, table: MapTable) -> TestClient:
    ann = sending_tokens(TestClient(client.app, follow_redirects=False))
    assert ann.get(table.join).status_code == 303
    return ann


def map_of(page: str) -> str:
    found = re.search(r'<section class="panel map".*?</section>', page, re.S)
    assert found, "no map on the page"
    return found[0]


def token_square(page: str, actor: str) -> tuple[int, int] | None:
    found = re.search(
        rf'data-x="(-?\d+)" data-y="(-?\d+)"[^>]*>\s*<button[^>]*id="map-token-{actor}"', page
    )
    return (int(found[1]), int(found[2])) if found else None


def move(client: TestClient, table: MapTable, actor: str, x: object, y: object, **headers: str):  # type: ignore[no-untyped-def]
    return client.post(
        f"{table.url}/map/moves", data={"actor": actor, "x": str(x), "y": str(y)}, headers=headers
    )


def test_the_gm_sees_every_token_on_the_battlefield_with_the_acting_one_marked(
    client: TestClient, database_url: str
) -> None:
    table = map_table(database_url)
    shown = map_of(gm(client, table).get(table.url).text)
    assert '<h2 id="map-heading">Map: The battlefield</h2>' in shown
    assert 'aria-label="The battlefield, 12 by 8 paces"' in shown
    assert token_square(shown, "brenna") == (1, 1)
    assert token_square(shown, "grask") == (6, 3)
    assert token_square(shown, "lurker") == (9, 6)  # hidden from the heroes, not the GM
    assert 'aria-label="Brenna Vale (heroes) at (1, 1), acting"' in shown
    assert ">BV</button>" in shown
    assert ">GR</button>" in shown
    assert 'class="map-token map-side-0 acting"' in shown
    assert '<option value="brenna" selected>Brenna Vale</option>' in shown
    assert "<td>Brenna Vale</td><td>Grask</td><td>5 paces</td>" in shown  # Chebyshev (G-S-E1)


def test_a_player_sees_no_hidden_enemy_and_moves_only_their_own(
    client: TestClient, database_url: str
) -> None:
    table = map_table(database_url)
    gm(client, table)
    ann = player(client, table)
    shown = map_of(ann.get(table.url).text)
    assert token_square(shown, "lurker") is None
    assert "Lurker" not in shown  # nor in the distances
    assert token_square(shown, "grask") == (6, 3)
    assert "Grask (foes) at (6, 3), not yours to move" in shown
    assert re.findall(r'<option value="(\w+)"', shown) == ["brenna"]
    # The same refusal for a visible enemy and a hidden one: nothing told of the lurker.
    for other in ("grask", "lurker"):
        refused = move(ann, table, other, 2, 2)
        assert refused.status_code == 403
        assert f"not {other}" in refused.text


def test_a_refused_move_says_why_on_the_map_and_stores_nothing(
    client: TestClient, database_url: str
) -> None:
    table = map_table(database_url)
    gm(client, table)
    before = client.get(table.url).text
    version = re.search(r'data-table-version="(\d+)"', before)
    assert version
    refused = move(client, table, "brenna", 2, 2, **HTMX)
    assert refused.status_code == 200
    error = re.search(r'<p class="error" role="alert" id="map-error">(.*?)</p>', refused.text)
    assert error
    assert "no movement is left: use a maneuver that is not slow<sup" in error[1]
    assert 'title="rule S-TYPE-05"' in error[1]
    assert f'data-table-version="{version[1]}"' in refused.text
    assert token_square(refused.text, "brenna") == (1, 1)
    plain = move(client, table, "brenna", 2, 2)
    assert plain.status_code == 422
    bad = move(client, table, "brenna", "two", 2, **HTMX)
    assert "x must be a whole number" in bad.text
    unknown = move(client, table, "nobody", 0, 0, **HTMX)
    assert "nobody cannot be moved on the tactical map" in unknown.text


def test_a_move_is_the_rulesets_command_logged_and_undone_like_any_other(
    client: TestClient, database_url: str
) -> None:
    table = map_table(database_url)
    gm(client, table)
    engine = settings.open_database(database_url)
    encounters.submit_command(
        SqlUnitOfWork(engine),
        table.encounter,
        {
            "actor": "brenna",
            "kind": "tactical.use_skill",
            "payload": {"character": "brenna", "skill": "dash"},
        },
    )
    engine.dispose()
    ann = player(client, table)
    moved = move(ann, table, "brenna", 3, 2)
    assert moved.status_code == 303
    page = client.get(table.url).text
    assert token_square(map_of(page), "brenna") == (3, 2)
    assert "Brenna Vale moves" in page  # the log, in the ruleset's words
    undone = client.post(f"{table.url}/undo", headers=HTMX)
    assert token_square(map_of(undone.text), "brenna") == (1, 1)


def test_percentile_shows_distances_per_pair_and_the_duel_no_map(
    client: TestClient, database_url: str
) -> None:
    engine = settings.open_database(database_url)
    made = {
        campaign.ruleset: (campaign, secret)
        for campaign, secret in demo_campaigns.ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    }
    pages = {}
    for ruleset in ("percentile", "duel"):
        campaign, secret = made[ruleset]
        cast = [c.id for c in characters.list_characters(SqlUnitOfWork(engine), campaign.id)]
        started = encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, characters=cast)
        if ruleset == "percentile":
            empty = client.get(f"/campaigns/{campaign.id}?key={secret}")
            assert empty.status_code == 303
            url = f"/campaigns/{campaign.id}/encounters/{started.encounter.id}"
            assert "No distances to show yet." in map_of(client.get(url).text)
            encounters.submit_command(
                SqlUnitOfWork(engine),
                started.encounter.id,
                {
                    "actor": "gm",
                    "kind": "percentile.engage",
                    "payload": {"pair": cast[:2], "distance": "short"},
                },
            )
        assert client.get(f"/campaigns/{campaign.id}?key={secret}").status_code == 303
        pages[ruleset] = client.get(
            f"/campaigns/{campaign.id}/encounters/{started.encounter.id}"
        ).text
    engine.dispose()
    shown = map_of(pages["percentile"])
    assert '<h2 id="map-heading">Distances: Engagements</h2>' in shown
    assert "<caption>Who is how far from whom</caption>" in shown
    assert "engaged in melee at short distance</td>" in shown
    assert 'role="grid"' not in shown
    assert 'id="map"' not in pages["duel"]


def test_a_tactical_card_offers_the_catalogues_conditions(
    client: TestClient, database_url: str
) -> None:
    # Issue 13: "Values that the ruleset's data defines are chosen from it"; a GM
    # walk-through typed "on fire" on a card, which tactical's traits never read.
    table = map_table(database_url)
    page = gm(client, table).get(table.url).text
    card_input = re.search(r'<input type="text" id="card-grask-condition"[^>]*>', page)
    assert card_input
    assert 'list="conditions-offered"' in card_input.group(0)
    offered = re.search(r'<datalist id="conditions-offered">(.*?)</datalist>', page)
    assert offered
    assert '<option value="knocked_down">knocked-down</option>' in offered.group(1)
    assert 'list="conditions-offered"' not in player(client, table).get(table.url).text


def test_a_refused_move_reads_as_a_sentence_and_marks_the_square_it_names(
    client: TestClient, database_url: str
) -> None:
    """The rules name the move's square ``to``: a word for the code. The GM reads a
    sentence at the top of the map, and the square's inputs are marked invalid."""
    table = map_table(database_url)
    gm(client, table)
    refused = move(client, table, "brenna", 2, 2, **HTMX)
    error = re.search(r'<p class="error" role="alert" id="map-error">(.*?)</p>', refused.text)
    assert error
    assert error[1] == (
        "Cannot move there: no movement is left: use a maneuver that is not slow"
        '<sup class="rule-ref" title="rule S-TYPE-05" aria-label="rule S-TYPE-05">§</sup>'
    )
    assert "to: " not in map_of(refused.text)
    for name in ("x", "y"):
        square = re.search(rf'<input id="map-{name}"[^>]*>', refused.text)
        assert square
        assert 'aria-invalid="true" aria-describedby="map-error"' in square[0]
    actor = re.search(r'<select id="map-actor"[^>]*>', refused.text)
    assert actor
    assert "aria-invalid" not in actor[0]
    bad = move(client, table, "brenna", "two", 2, **HTMX)
    assert "Cannot move there: x must be a whole number" in bad.text
    x = re.search(r'<input id="map-x"[^>]*>', bad.text)
    assert x
    assert 'aria-invalid="true"' in x[0]
