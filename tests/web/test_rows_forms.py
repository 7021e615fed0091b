"""The GM forms that made the GM type JSON are forms in the rules' words (issue 13): a
social encounter's parties and turn modifiers, a conflict's seats and scene elements, a
scene element placed, a seat moved into, a map's walls, a price's quantum. Each renders
without a JSON box, a filled form gives the command the rules expect, and every error
shows next to its field with what was typed kept."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from tablekeeper.api.deps import engine_of
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, encounters

from .test_json_free_forms import scenario_table

SOCIAL = "percentile.start_social"
OPEN = "fractal.open_conflict"


def gm_form(page: str, kind: str) -> str:
    """The GM form of ``kind`` on the page."""
    start = page.index(f'action="{page_base(page)}/gm/{kind}"')
    return page[start : page.index("</form>", start)]


def page_base(page: str) -> str:
    found = re.search(r'action="(/campaigns/[^"]+/encounters/[^"/]+)/undo"', page)
    assert found
    return found.group(1)


def error_of(page: str, input_id: str) -> str:
    found = re.search(rf'<p class="error" id="{input_id}-error">([^<]*)</p>', page)
    assert found, f"no error next to {input_id}"
    return html.unescape(found.group(1))


def value_of(page: str, input_id: str) -> str:
    found = re.search(rf'<input[^>]*id="{input_id}"[^>]*value="([^"]*)"', page)
    assert found, f"no input {input_id}"
    return html.unescape(found.group(1))


def state_of(client: TestClient, encounter: str) -> dict[str, Any]:
    engine = engine_of(client.app)  # type: ignore[arg-type]
    view = encounters.load_encounter(SqlUnitOfWork(engine), encounter)
    state: dict[str, Any] = view.state.model_dump(mode="json")
    return state


def test_the_social_parties_and_turn_modifiers_are_rows(client: TestClient) -> None:
    url, encounter = scenario_table(client, "percentile", "river_ambush")
    form = gm_form(client.get(url).text, SOCIAL)
    assert "<textarea" not in form
    assert "JSON" not in form
    assert 'name="sheet.parties.0.side"' in form
    assert 'list="f-percentile-start_social' in form
    assert '<option value="travellers">' in form  # the sides, offered from the cards
    assert 'name="sheet.turn_modifiers.0.key"' in form
    assert 'type="number"' in form
    assert 'min="-1000" max="1000"' in form
    assert "The goal is" in form
    assert "GM&#39;s adjustment" in form
    posted = {
        "sheet.opposition": "active",
        "sheet.parties.0.side": "travellers",
        "sheet.parties.0.goal": "pass the ford",
        "sheet.parties.0.goal_kind": "reasonable",
        "sheet.parties.1.side": "",  # a row left blank is dropped
        "sheet.parties.2.side": "ambushers",
        "sheet.parties.2.goal": "the toll",
        "sheet.parties.2.recent_events": "10",
        "sheet.turn_modifiers.0.key": "oswin",
        "sheet.turn_modifiers.0.value": "10",
        "sheet.turn_modifiers.1.key": "",
        "sheet.turn_modifiers.1.value": "",
    }
    started = client.post(f"{url}/gm/{SOCIAL}", data=posted)
    assert started.status_code == 303, started.text
    social = state_of(client, encounter)["social"]
    assert [party["side"] for party in social["parties"]] == ["travellers", "ambushers"]
    assert social["parties"][0]["goal"] == "pass the ford"


def test_a_social_party_row_shows_its_errors_next_to_its_inputs(client: TestClient) -> None:
    url, encounter = scenario_table(client, "percentile", "river_ambush")
    posted = {
        "sheet.parties.0.side": "travellers",
        "sheet.parties.3.side": "ambushers",
        "sheet.parties.3.recent_events": "5000",
        "sheet.turn_modifiers.0.key": "oswin",
        "sheet.turn_modifiers.0.value": "ten",
    }
    refused = client.post(f"{url}/gm/{SOCIAL}", data=posted)
    assert refused.status_code == 422
    page = refused.text
    row = "f-percentile-start_social-sheet-parties-3"
    assert "1000" in error_of(page, f"{row}-recent_events")  # the posted row's own input
    assert value_of(page, f"{row}-side") == "ambushers"  # what was typed is kept
    assert value_of(page, f"{row}-recent_events") == "5000"
    modifier = "f-percentile-start_social-sheet-turn_modifiers-0-value"
    assert "whole number" in error_of(page, modifier)  # every error at once
    assert "social" not in state_of(client, encounter) or not state_of(client, encounter)["social"]


def test_a_conflict_opens_with_its_seats_and_scene_elements_as_rows(client: TestClient) -> None:
    url, encounter = scenario_table(client, "fractal", "goblin_ambush")
    form = gm_form(client.get(url).text, OPEN)
    assert "<textarea" not in form
    assert "JSON" not in form
    assert re.search(r'name="sheet.seats.0.character">\s*<option value="">choose', form)
    assert '<option value="brenna">Brenna</option>' in form
    assert 'name="sheet.seats.0.position.x"' in form
    assert '<option value="obscured">obscured</option>' in form  # the scene elements' data
    posted = {
        "sheet.id": "bridge",
        "sheet.title": "On the bridge",
        "sheet.level": "micro",
        "sheet.tree": "combat",
        "sheet.seats.0.character": "brenna",
        "sheet.seats.0.position.x": "1",
        "sheet.seats.0.position.y": "2",
        "sheet.seats.1.character": "chief",
        "sheet.seats.1.side": "goblins",
        "sheet.seats.2.character": "",
        "sheet.scene_elements.0.element": "obscured",
        "sheet.scene_elements.0.severity": "2",
    }
    opened = client.post(f"{url}/gm/{OPEN}", data=posted)
    assert opened.status_code == 303, opened.text
    conflict = state_of(client, encounter)["conflicts"]["bridge"]
    seated = conflict["participants"]
    assert list(seated) == ["brenna", "chief"]
    assert seated["brenna"]["position"] == [1, 2]
    assert seated["chief"]["side"] == "goblins"
    assert [element["element"] for element in conflict["scene_elements"]] == ["obscured"]


def test_a_conflicts_rows_show_their_errors_next_to_their_inputs(client: TestClient) -> None:
    url, encounter = scenario_table(client, "fractal", "goblin_ambush")
    posted = {
        "sheet.id": "bridge",
        "sheet.level": "micro",
        "sheet.tree": "combat",
        "sheet.seats.0.character": "brenna",
        "sheet.seats.0.position.x": "1",
        "sheet.scene_elements.1.element": "obscured",
        "sheet.scene_elements.1.severity": "9",
    }
    refused = client.post(f"{url}/gm/{OPEN}", data=posted)
    assert refused.status_code == 422
    page = refused.text
    assert "give y too" in error_of(page, "f-fractal-open_conflict-sheet-seats-0-position-y")
    assert value_of(page, "f-fractal-open_conflict-sheet-seats-0-position-x") == "1"
    fixed = {**posted, "sheet.seats.0.position.y": "2"}
    refused = client.post(f"{url}/gm/{OPEN}", data=fixed)
    assert refused.status_code == 422
    severity = "f-fractal-open_conflict-sheet-scene_elements-1-severity"
    assert "4" in error_of(refused.text, severity)
    assert value_of(refused.text, severity) == "9"
    assert "bridge" not in state_of(client, encounter)["conflicts"]


def test_a_scene_element_is_picked_and_a_seat_is_a_form(client: TestClient) -> None:
    url, encounter = scenario_table(client, "fractal", "goblin_ambush")
    page = client.get(url).text
    place = gm_form(page, "fractal.place_element")
    assert '<option value="difficult">difficult</option>' in place
    join = gm_form(page, "fractal.join_conflict")
    assert 'name="sheet.seat.character"' in join
    assert 'name="sheet.seat.position.x"' in join
    conflict = "bridge"
    opened = client.post(
        f"{url}/gm/{OPEN}",
        data={
            "sheet.id": conflict,
            "sheet.level": "micro",
            "sheet.tree": "combat",
            "sheet.seats.0.character": "brenna",
        },
    )
    assert opened.status_code == 303, opened.text
    place = gm_form(client.get(url).text, "fractal.place_element")
    assert '<option value="bridge">bridge</option>' in place  # the open conflicts offered
    placed = client.post(
        f"{url}/gm/fractal.place_element",
        data={"sheet.conflict": conflict, "sheet.element": "difficult", "sheet.severity": "1"},
    )
    assert placed.status_code == 303, placed.text
    elements = state_of(client, encounter)["conflicts"][conflict]["scene_elements"]
    assert "difficult" in [element["element"] for element in elements]


def options_of(client: TestClient, name: str) -> dict[str, Any]:
    engine = engine_of(client.app)  # type: ignore[arg-type]
    found = [c for c in campaigns.list_campaigns(SqlUnitOfWork(engine)) if c.name == name]
    return dict(found[0].options)


def test_a_maps_walls_are_rows_of_squares(client: TestClient) -> None:
    fragment = client.get("/campaign-options", params={"ruleset": "tactical"}).text
    assert "<textarea" not in fragment
    assert 'name="options.battlefield.walls.0.x"' in fragment
    base = {"name": "Walled", "ruleset": "tactical", "options_for": "tactical"}
    squares = {
        "options.battlefield.width": "6",
        "options.battlefield.height": "4",
        "options.battlefield.walls.0.x": "2",
        "options.battlefield.walls.0.y": "1",
        "options.battlefield.walls.1.x": "",
        "options.battlefield.walls.1.y": "",
        "options.battlefield.walls.2.x": "3",
        "options.battlefield.walls.2.y": "1",
    }
    made = client.post("/campaigns", data={**base, **squares})
    assert made.status_code == 201, made.text
    assert options_of(client, "Walled")["battlefield"]["walls"] == [[2, 1], [3, 1]]
    refused = client.post(
        "/campaigns", data={**base, **squares, "options.battlefield.walls.2.y": ""}
    )
    assert refused.status_code == 422
    assert "give y too" in error_of(refused.text, "f-options-battlefield-walls-2-y")
    assert value_of(refused.text, "f-options-battlefield-walls-2-x") == "3"


def test_a_price_quantum_is_a_number_input(client: TestClient) -> None:
    fragment = client.get("/campaign-options", params={"ruleset": "realtime"}).text
    assert re.search(r'id="f-options-price_quantum"[^>]*type="number" step="any"', fragment)
    base = {"name": "Market", "ruleset": "realtime", "options_for": "realtime"}
    made = client.post("/campaigns", data={**base, "options.price_quantum": "0.05"})
    assert made.status_code == 201, made.text
    assert options_of(client, "Market")["price_quantum"] == "0.05"
    refused = client.post("/campaigns", data={**base, "options.price_quantum": "0"})
    assert refused.status_code == 422
    assert "greater than 0" in error_of(refused.text, "f-options-price_quantum")
    assert value_of(refused.text, "f-options-price_quantum") == "0"


def test_two_combatants_ruled_engaged_are_picked_from_the_table(client: TestClient) -> None:
    # Issue 13, "Forms in the rules' words": the game-night test typed "grask, tam" into
    # "Rule two combatants engaged"; each is now a picker of the encounter's combatants,
    # and one left unpicked is refused next to its own input, the other kept.
    url, encounter = scenario_table(client, "percentile", "river_ambush")
    form = gm_form(client.get(url).text, "percentile.engage")
    assert "Comma-separated" not in form
    assert 'name="sheet.pair.0"' in form
    assert 'name="sheet.pair.1"' in form
    assert "One combatant" in form
    assert "The other" in form
    assert '<option value="brenna">Brenna</option>' in form
    half = client.post(f"{url}/gm/percentile.engage", data={"sheet.pair.0": "brenna"})
    assert half.status_code == 422
    assert error_of(half.text, "f-percentile-engage-sheet-pair-1") == "choose the other"
    assert 'value="brenna" selected' in gm_form(half.text, "percentile.engage")
    posted = {"sheet.pair.0": "brenna", "sheet.pair.1": "knife", "sheet.distance": "short"}
    engaged = client.post(f"{url}/gm/percentile.engage", data=posted)
    assert engaged.status_code == 303, engaged.text
    (engagement,) = state_of(client, encounter)["engagements"]
    assert engagement["pair"] == ["brenna", "knife"]


def test_the_social_forms_help_says_the_rules_in_words() -> None:
    # A GM walk-through read bare rule codes ("P-SOC-02.") as the help of the social
    # encounter's form.
    from tablekeeper.rulesets.percentile.encounter.social.commands import StartSocial

    schema = StartSocial.model_json_schema()
    described = [
        node.get("description", "")
        for node in [
            *schema["properties"].values(),
            *schema["$defs"]["PartySetup"]["properties"].values(),
        ]
    ]
    assert described
    assert not [words for words in described if re.fullmatch(r"[A-Z]-[A-Z]+-\d+\.?", words)]
    assert "short about a minute" in schema["properties"]["time_scale"]["description"]
