"""Game night's bugs in process (issue 13): each test failed before its fix.

Faces typed at the table reach the GM's forms that roll; the override form keeps what
was typed; minions keep their numbered names; the turn order reads as words; a form's
own examples are valid JSON.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from tablekeeper.api.deps import engine_of
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, characters, demo_campaigns, encounters, logs, views
from tablekeeper.services.access import GM_VIEWER, Viewer
from tablekeeper.services.rulesets import installed_rulesets, ruleset_named
from tablekeeper.web.forms import sheet_fields

from . import test_encounter_pages
from .card_html import card_of
from .test_encounter_pages import Table

table_fixture = pytest.fixture(name="table")(test_encounter_pages.table.__wrapped__)


def _input_value(page: str, input_id: str) -> str:
    found = re.search(rf'<input[^>]*id="{input_id}"[^>]*value="([^"]*)"', page)
    assert found, f"no input {input_id}"
    return found.group(1)


def test_the_heal_form_plays_back_the_faces_typed(table: Table) -> None:
    # Bug 1: the GM tools' Heal form dropped the faces (99 typed, 53 rolled).
    wounded = table.gm.post(
        f"{table.url}/overrides",
        data={"path": "creatures.demilio.hp", "value": "-4", "reason": "bled"},
    )
    assert wounded.status_code == 303
    heal = {"sheet.creature": "demilio", "sheet.amount": "6"}
    too_many = table.gm.post(f"{table.url}/gm/realtime.heal", data={**heal, "faces": "99, 99"})
    assert too_many.status_code == 422, "one face too many is refused, nothing is written"
    assert 'id="table-faces-error"' in too_many.text
    assert _input_value(too_many.text, "table-faces") == "99, 99"
    healed = table.gm.post(f"{table.url}/gm/realtime.heal", data={**heal, "faces": "99"})
    assert healed.status_code == 303, healed.text
    engine = table.gm.app.state.engine  # type: ignore[attr-defined]
    records = logs.encounter_log(SqlUnitOfWork(engine), table.encounter, viewer=GM_VIEWER)
    injuries = [record.payload for record in records if "critical_injury" in record.kind]
    assert [injury["outcome"]["die"] for injury in injuries] == [99]  # type: ignore[index]


@pytest.mark.parametrize(
    "data",
    [
        {"path": "creatures.nobody.hp", "value": "3", "reason": "x"},
        {"path": "creatures.demilio.hp", "value": "3"},
        {"path": "creatures.demilio.hp", "value": "lots", "reason": "x"},
    ],
)
def test_a_refused_override_keeps_what_was_typed(table: Table, data: dict[str, str]) -> None:
    # Bug 2: the override form wiped Path and Value on any error.
    refused = table.gm.post(f"{table.url}/overrides", data={"operation": "set_value", **data})
    assert refused.status_code == 422
    assert _input_value(refused.text, "override-path") == data["path"]
    assert _input_value(refused.text, "override-value") == data["value"]
    assert _input_value(refused.text, "override-reason") == data.get("reason", "")


@pytest.mark.parametrize("ruleset", sorted(demo_campaigns.demo_scenarios()))
def test_minions_keep_their_numbered_names_in_the_encounter(ruleset: str) -> None:
    # Bug 3: "Wolf 1" and "Wolf 2" of the campaign were both "Wolf" in the encounter
    # (cards, turn order, buttons), and the demos repeated "Goblin".
    from tablekeeper.persistence.memory import InMemoryUnitOfWork

    store = InMemoryUnitOfWork().store
    demo_campaigns.ensure_demo_campaigns(lambda: InMemoryUnitOfWork(store))
    uow = InMemoryUnitOfWork(store)
    campaign = next(c for c in campaigns.list_campaigns(uow) if c.ruleset == ruleset)
    cast = characters.list_characters(uow, campaign.id)
    names = [character.name for character in cast]
    assert len(set(names)) == len(names), f"the demo repeats a name: {names}"
    npc = next(character for character in cast if character.kind == "npc")
    minions = characters.duplicate_character(uow, campaign.id, npc.id, 2)
    assert [m.name for m in minions] == [f"{npc.name} 1", f"{npc.name} 2"]
    npcs = [character for character in cast if character.kind == "npc"]
    for minion, place in zip(minions, npcs, strict=False):
        if "position" in minion.sheet:  # one creature a square (tactical): the NPCs' own
            sheet = {**minion.sheet, "position": place.sheet["position"]}
            characters.edit_character(
                uow, campaign.id, minion.id, expected_version=minion.version, sheet=sheet
            )
    ids = [character.id for character in cast if character.kind == "pc"]
    ids += [m.id for m in minions]
    started = encounters.start_encounter(uow, campaign.id, characters=ids)
    _, document = views.encounter_as_seen(uow, started.encounter.id, GM_VIEWER)
    shown = {card["id"]: card["name"] for card in document["cards"]}
    assert shown[minions[0].id] == f"{npc.name} 1"
    assert shown[minions[1].id] == f"{npc.name} 2"
    assert len(set(shown.values())) == len(shown), shown


def test_the_turn_order_reads_as_words(client: TestClient) -> None:
    # Bug 4: the turn order rendered as "order 16 + 102 actions left".
    from .test_console_pages import create_campaign

    campaign_id, _ = create_campaign(client, "percentile")
    stats = {
        "characteristics": {"STR": 12, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 12, "POW": 10},
        "skills": {"Brawl": 50, "Dodge": 40},
        "hit_points": 12,
        "mov": 8,
    }
    engine = client.app.state.engine  # type: ignore[attr-defined]
    for name, side in (("brenna", "travellers"), ("wolf", "beasts")):
        sheet = {"side": side, "stats": {**stats, "name": name.title()}}
        sheet["stats"]["characteristics"] = {**stats["characteristics"], "CHA": 10}
        characters.create_character(
            SqlUnitOfWork(engine), campaign_id, id=name, name=name.title(), kind="npc", sheet=sheet
        )
    started = client.post(
        f"/campaigns/{campaign_id}/encounters", data={"character": ["brenna", "wolf"]}
    )
    url = started.headers["location"]
    start = json.dumps({"actor": "gm", "kind": "percentile.start", "payload": {}})
    assert client.post(f"{url}/commands", data={"command": start, "faces": "6, 3"}).status_code
    order = client.get(url).text.split('aria-label="Turn order">')[1].split("</ol>")[0]
    first = re.sub(r"<[^>]+>", "", order.split("</li>")[0])
    text = " ".join(first.split())
    assert text == "Brenna, turn order 19 (13 + 6), acting, 2 actions left", text


@pytest.mark.parametrize("ruleset", installed_rulesets())
def test_every_example_a_form_gives_is_valid_json(ruleset: str) -> None:
    # Bug 7: the character form's own example {'Dodge': 40} was not JSON.
    rules = ruleset_named(ruleset)
    schemas = [rules.Actor.model_json_schema()]
    schemas += [command.payload.model_json_schema() for command in rules.gm_commands()]
    for schema in schemas:
        for item in _items(sheet_fields(schema)):
            if getattr(item, "widget", None) != "json":
                continue
            for example in re.findall(r"[{\[][^{}\[\]]*[}\]]", getattr(item, "help", "")):
                if "..." in example:
                    continue
                try:
                    json.loads(example)
                except json.JSONDecodeError:
                    pytest.fail(f"{ruleset} {item.name}: the example {example} is not JSON")


def _items(items: tuple[object, ...]) -> list[object]:
    found: list[object] = []
    for item in items:
        found.append(item)
        found += _items(getattr(item, "children", ()))
    return found


def test_an_injury_the_table_does_not_name_is_refused_on_the_sheet(client: TestClient) -> None:
    # Bug 10: a realtime sheet took the injury "Sniffles" (refused only when an encounter
    # it joined began).
    from .test_console_pages import create_campaign

    campaign_id, _ = create_campaign(client, "realtime")
    made = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "brom",
            "name": "Brom",
            "kind": "npc",
            "sheet.side": "foes",
            "sheet.hp": "12",
            "sheet.injuries": "Sniffles",
        },
    )
    assert made.status_code == 422
    error = re.search(r'id="[^"]*injuries-error"[^>]*>([^<]*)<', made.text)
    assert error, made.text
    assert "no critical injury named &#39;Sniffles&#39;" in error.group(1)


def test_a_hit_location_the_combatant_does_not_have_is_refused() -> None:
    # Bug 10: the GM's damage took the hit location "tail" for a humanoid.
    from tablekeeper.dice.roller import FixedRoller
    from tablekeeper.engine.commands import Command
    from tablekeeper.errors import IllegalCommandError

    rules = ruleset_named("percentile")
    state = rules.new_encounter({})
    stats = {
        "name": "Brenna",
        "characteristics": {"STR": 12, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 12, "POW": 10},
        "skills": {"Brawl": 50},
        "hit_points": 12,
        "mov": 8,
    }
    spec = rules.actor_spec({"side": "a", "stats": stats}, id="brenna", name="Brenna")
    state = _play(rules, state, rules.add_actor(spec))
    for location in ("tail", "Tail"):
        damage = Command(
            actor="gm",
            kind="percentile.damage",
            payload={"combatant": "brenna", "amount": 2, "location": location},
        )
        with pytest.raises(IllegalCommandError, match=r"has no hit location"):
            rules.engine.submit(state, damage, FixedRoller([]))


def _play(rules: object, state: object, command: object) -> object:
    from tablekeeper.dice.roller import FixedRoller

    step = rules.engine.submit(state, command, FixedRoller([]))  # type: ignore[attr-defined]
    for event in step.events:
        state = rules.engine.apply(state, event)  # type: ignore[attr-defined]
    return state


def test_the_console_has_a_favicon(client: TestClient) -> None:
    # Issue 13, bug 12: every page's /favicon.ico was a 404.
    home = client.get("/")
    assert '<link rel="icon" href="/static/favicon.svg"' in home.text
    assert client.get("/static/favicon.svg").headers["content-type"].startswith("image/svg")
    assert client.get("/favicon.ico").headers["location"] == "/static/favicon.svg"


def test_players_are_named_and_the_dead_neither_react_nor_die_on(table: Table) -> None:
    # Issue 13, bug 12: players were shown by id ("played by ann-lee"); a dead creature
    # showed "Reaction ready" and "Dying for 175 s".
    assert "played by Ann Lee" in table.page()
    assert "You play as Ann Lee." in table.page(table.player)
    campaign = table.gm.get(f"/campaigns/{table.campaign}").text
    assert "<td>Ann Lee</td>" in campaign
    for path, value in (("hp", "-4"), ("seconds_negative", "175"), ("dead", "true")):
        made = table.gm.post(
            f"{table.url}/overrides",
            data={"path": f"creatures.demilio.{path}", "value": value, "reason": "the end"},
        )
        assert made.status_code == 303, made.text
    card = card_of(table.page(), "demilio")
    assert "dead" in card
    assert "<dt>Reaction</dt>" not in card
    assert "<dt>Dying for</dt>" not in card


def test_every_error_of_the_character_form_comes_at_once(client: TestClient) -> None:
    # Issue 13, bug 11: the errors came one round at a time (the JSON, then the id, then
    # the sheet's fields: three submits).
    from .test_console_pages import create_campaign

    campaign_id, _ = create_campaign(client, "realtime")
    made = client.post(
        f"/campaigns/{campaign_id}/characters",
        data={
            "id": "no spaces allowed",
            "name": "Brom",
            "kind": "npc",
            "sheet.side": "foes",
            "sheet.hp": "lots",
            "sheet.characteristics.0.skill": "melee",
            "sheet.characteristics.0.value": "99",
        },
    )
    assert made.status_code == 422
    errors = dict(re.findall(r'<[^>]+ id="([^"]+)-error"[^>]*>([^<]*)<', made.text))
    assert any(key.endswith("characteristics-0-value") for key in errors), errors
    assert any(key.endswith("hp") for key in errors), errors
    assert any(key.endswith("id") and not key.endswith("hp") for key in errors), errors
    assert client.get(f"/campaigns/{campaign_id}").text.count("Brom") == 0, "nothing written"


def test_a_player_never_reads_an_npcs_hidden_numbers_in_the_log(table: Table) -> None:
    # Issue 13, bug 8: a player read an NPC's negative HP and injury in the log, and the
    # value of a non-secret override of its HP.
    wounded = table.gm.post(
        f"{table.url}/overrides",
        data={"path": "creatures.demilio.hp", "value": "-7", "reason": "bled"},
    )
    assert wounded.status_code == 303
    heal = {"sheet.creature": "demilio", "sheet.amount": "8", "faces": "60"}
    assert table.gm.post(f"{table.url}/gm/realtime.heal", data=heal).status_code == 303
    engine = table.gm.app.state.engine  # type: ignore[attr-defined]
    records = logs.encounter_log(SqlUnitOfWork(engine), table.encounter, viewer=GM_VIEWER)
    rolled = next(r.payload for r in records if r.kind == "realtime.critical_injury_rolled")
    injury = rolled["outcome"]["injury"]  # type: ignore[index]
    gm_page = table.page()
    assert str(injury) in gm_page
    assert "-7" in gm_page
    player_page = table.page(table.player)
    assert "suffers a critical injury" in player_page
    player = Viewer(role="player", player="ann-lee", characters=frozenset({"aliena"}))
    shown = views.log_json(
        encounters.load_encounter(SqlUnitOfWork(engine), table.encounter),
        logs.encounter_log(SqlUnitOfWork(engine), table.encounter, viewer=player),
        player,
    )
    for text in (player_page, json.dumps(shown)):
        assert str(injury) not in text
        assert "-7" not in text
        assert "hp_before" not in text
        assert "negative_hp" not in text


def test_an_exported_campaign_imports_as_a_copy_on_its_own_server(table: Table) -> None:
    # Issue 13, bug 9: an export could not be imported on the server it came from (its
    # ids were taken).
    exported = table.gm.get(f"/campaigns/{table.campaign}/export")
    assert exported.status_code == 200
    text = exported.text
    again = table.gm.post("/campaigns/import", data={"document": text})
    assert again.status_code == 422
    assert "Import as a copy" in again.text
    copied = table.gm.post("/campaigns/import", data={"document": text, "as_copy": "on"})
    assert copied.status_code == 201, copied.text
    link = re.search(r"/campaigns/(?P<id>\w+)\?key=", copied.text)
    assert link
    assert link["id"] != table.campaign
    engine = table.gm.app.state.engine  # type: ignore[attr-defined]
    copy = campaigns.get_campaign(SqlUnitOfWork(engine), link["id"])
    assert copy.name == "Night watch (copy)"
    (encounter,) = campaigns.list_encounters(SqlUnitOfWork(engine), copy.id)
    assert encounter.id != table.encounter
    original = logs.encounter_log(SqlUnitOfWork(engine), table.encounter, viewer=GM_VIEWER)
    copied_log = logs.encounter_log(SqlUnitOfWork(engine), encounter.id, viewer=GM_VIEWER)
    assert [r.kind for r in copied_log] == [r.kind for r in original]
    assert {r.scope for r in copied_log if hasattr(r, "scope")} <= {encounter.id, None}
    page = table.gm.get(f"/campaigns/{copy.id}/encounters/{encounter.id}")
    assert page.status_code == 200
    assert "Demilio joins (foes)" in page.text


def test_odds_are_computed_once_per_state_version_and_read_in_one_line(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 13, odds at a glance: one compact line per command (the bars on demand), and
    # odds computed once per state version, not on every refresh.
    rules = type(ruleset_named("realtime"))
    original = rules.command_odds
    calls: list[str] = []

    def counting(self: object, state: object, command: object, sight: object) -> object:
        calls.append("odds")
        return original(self, state, command, sight)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "command_odds", counting)
    wounded = table.gm.post(
        f"{table.url}/overrides",
        data={"path": "creatures.demilio.hp", "value": "-4", "reason": "bled"},
    )
    assert wounded.status_code == 303
    calls.clear()
    page = table.page()
    first = len(calls)
    assert first > 0
    table.page()
    assert len(calls) == first, "a refresh of the same version asks again for free"
    line = re.search(r'<span class="odds-line">([^<]+)</span>', page)
    assert line, "each command's odds read in one line"
    assert re.fullmatch(r"[^·]+ \S+% (· [^·]+ \S+% ?)*", line.group(1).strip()), line.group(1)


def test_the_overrides_form_offers_each_creatures_values_from_the_state(table: Table) -> None:
    # Issue 13, forms: overrides pick a creature and a field from lists (read from the
    # state, not a guessed ".hp").
    page = table.page()
    offered = re.findall(r'<option value="(creatures\.[^"]+)">', page)
    assert "creatures.demilio" in offered
    assert "creatures.demilio.hp" in offered
    assert "creatures.demilio.reaction_ready_at" in offered
    assert "creatures.demilio.id" not in offered


def test_a_characters_id_is_made_from_its_name(client: TestClient) -> None:
    # Issue 13, forms: ids made from names (a second "Old Brom" is old-brom-2).
    from .test_console_pages import create_campaign

    campaign_id, _ = create_campaign(client, "realtime")
    for _ in range(2):
        made = client.post(
            f"/campaigns/{campaign_id}/characters",
            data={"name": "Old Brom", "kind": "npc", "sheet.side": "foes", "sheet.hp": "9"},
        )
        assert made.status_code == 303, made.text
    page = client.get(f"/campaigns/{campaign_id}").text
    assert 'id="character-old-brom"' in page
    assert 'id="character-old-brom-2"' in page


def test_a_demo_gm_link_opens_on_its_encounter_ready_to_play(client: TestClient) -> None:
    # Issue 13: "the demo campaigns open on an encounter ready to play"; the console
    # prints each demo's GM link to its encounter, and the key leaves the address bar.
    engine = engine_of(client.app)  # type: ignore[arg-type]
    made = demo_campaigns.ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    campaign, secret = next(pair for pair in made if pair[0].ruleset == "realtime")
    encounter = demo_campaigns.demo_encounter(SqlUnitOfWork(engine), campaign.id)
    url = f"/campaigns/{campaign.id}/encounters/{encounter}"
    client.cookies.clear()
    assert client.get(url).status_code == 401
    opened = client.get(f"{url}?key={secret}")
    assert (opened.status_code, opened.headers["location"]) == (303, url)
    page = client.get(url)
    assert page.status_code == 200
    assert "Demilio" in page.text
    assert campaign.name.removeprefix("Demo: ") in page.text
    assert client.get(f"{url}?key=wrong").status_code in (401, 403)
