"""The encounter page in process (TestClient): the table for the GM and for a player, the
commands as buttons, decisions, undo and redo, overrides, the GM's forms, a lost race,
and a realtime encounter played to its end through the page's POSTs."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient

from console_tokens import sending_tokens

from .card_html import card_of
from .test_console_pages import JOIN, create_campaign

COMMAND = re.compile(r'<input type="hidden" name="command" value="(?P<json>[^"]+)">')
VERSION = re.compile(r'data-table-version="(?P<version>\d+)"')
AP = '<abbr title="Action Points">A.P.</abbr>'
"""Realtime's A.P. as the log and the outcome show it: its words spelled out on hover."""


@dataclass
class Table:
    """A realtime encounter: Aliena (Ann's PC) beside Demilio (an NPC)."""

    gm: TestClient
    player: TestClient
    campaign: str
    encounter: str

    @property
    def url(self) -> str:
        return f"/campaigns/{self.campaign}/encounters/{self.encounter}"

    def page(self, client: TestClient | None = None) -> str:
        response = (client or self.gm).get(self.url)
        assert response.status_code == 200, response.text
        return response.text

    def version(self, client: TestClient | None = None) -> int:
        found = VERSION.search(self.page(client))
        assert found
        return int(found["version"])

    def command(self, label: str, client: TestClient | None = None) -> str:
        """The JSON behind the button labelled ``label``."""
        text = self.page(client)
        for match in COMMAND.finditer(text):
            after = text[match.end() : match.end() + 300]
            if f">{label}</button>" in after.split("</form>")[0]:
                return html.unescape(match["json"])
        raise AssertionError(f"no button {label!r}")

    def submit(self, label: str, client: TestClient | None = None) -> None:
        who = client or self.gm
        response = who.post(
            f"{self.url}/commands",
            data={"command": self.command(label, who), "expected_version": self.version(who)},
        )
        assert response.status_code == 303, response.text


@pytest.fixture
def table(client: TestClient) -> Table:
    campaign_id, _ = create_campaign(client, "realtime")
    added = client.post(f"/campaigns/{campaign_id}/players", data={"player_name": "Ann Lee"})
    join = JOIN.search(added.text)
    assert join
    for name, side, position, player in (
        ("aliena", "party", "0, 0", "ann-lee"),
        ("demilio", "foes", "0, 1", ""),
    ):
        made = client.post(
            f"/campaigns/{campaign_id}/characters",
            data={
                "id": name,
                "name": name.title(),
                "kind": "pc" if player else "npc",
                "player": player,
                "sheet.side": side,
                "sheet.hp": "16",
                "sheet.position.x": position.split(", ")[0],
                "sheet.position.y": position.split(", ")[1],
                "sheet.characteristics.0.skill": "melee",
                "sheet.characteristics.0.value": "12",
            },
        )
        assert made.status_code == 303, made.text
    started = client.post(
        f"/campaigns/{campaign_id}/encounters", data={"character": ["aliena", "demilio"]}
    )
    encounter_id = started.headers["location"].rsplit("/", 1)[1]
    player = sending_tokens(TestClient(client.app, follow_redirects=False))
    assert player.get(join["path"]).status_code == 303
    return Table(client, player, campaign_id, encounter_id)


def test_the_gm_sees_the_whole_table(table: Table) -> None:
    page = table.page()
    assert f'data-live-encounter="{table.encounter}"' in page
    assert f'hx-get="{table.url}/table"' in page
    assert "Second 1" in page
    assert page.count("HP 16 / 16</span>") == 2, "the GM sees every creature's HP on its card"
    assert "<dd>16 / 16</dd>" not in page, "the panel lists no creature again (issue 13)"
    for button in ("Advance 1 s", "Aliena: start Complex Spell*", "Move Demilio to (1, 1)"):
        assert f">{button}</button>" in page
    for tool in ("GM tools", "Undo: Demilio joins (foes)", "Deal damage", "Override the rules"):
        assert tool in page
    assert "Demilio joins (foes)" in page  # the log in the ruleset's words
    # A whole creature in the log folds away under its name, so the log stays readable.
    assert '<details class="payload-more"><summary>Demilio: ' in page
    assert "/static/encounter.css" in page
    assert table.gm.get("/static/encounter.js").status_code == 200
    fragment = table.gm.get(f"{table.url}/table")
    assert fragment.status_code == 200
    assert "<html" not in fragment.text
    assert 'id="clock"' in fragment.text


def test_a_player_never_sees_the_npc_hp_or_the_gm_tools(table: Table) -> None:
    page = table.page(table.player)
    assert "You play as Ann Lee." in page
    assert page.count("HP 16 / 16</span>") == 1, "only Aliena's HP, on her card"
    assert "Demilio" in page
    for hidden in (
        "GM tools",
        f'action="{table.url}/undo"',
        "Deal damage",
        "Advance 1 s",
        "table-faces",
    ):
        assert hidden not in page
    assert ">Move Aliena to (1, 0)</button>" in page
    assert "Move Demilio" not in page
    assert '"hp": 16' not in page

    refused = table.player.post(f"{table.url}/undo", data={})
    assert refused.status_code == 403
    damage = table.player.post(
        f"{table.url}/gm/realtime.damage", data={"sheet.creature": "demilio", "sheet.amount": "9"}
    )
    assert damage.status_code == 403
    foreign = table.command("Move Demilio to (1, 1)")
    assert table.player.post(f"{table.url}/commands", data={"command": foreign}).status_code == 403


def test_a_command_button_submits_and_the_log_shows_it(table: Table) -> None:
    table.submit("Move Aliena to (1, 0)", table.player)
    page = table.page(table.player)
    assert "Aliena starts charging Move" in page
    assert "Aliena: give up Move" in page or "give up" in page
    headers = {"HX-Request": "true"}
    step = table.gm.post(
        f"{table.url}/commands",
        data={"command": table.command("Advance 1 s"), "expected_version": table.version()},
        headers=headers,
    )
    assert step.status_code == 200
    assert "<html" not in step.text
    assert "Second 2" in step.text
    assert "moves to" in step.text


def test_a_bad_command_shows_at_the_top_of_the_commands(table: Table) -> None:
    page = table.gm.post(f"{table.url}/commands", data={"command": "{not json"})
    assert page.status_code == 422
    assert 'id="commands-error"' in page.text
    refused = table.gm.post(
        f"{table.url}/commands",
        data={"command": json.dumps({"actor": "gm", "kind": "realtime.damage", "payload": {}})},
    )
    assert refused.status_code == 422
    assert "creature" in refused.text.split('id="commands-error">')[1].split("</p>")[0]


def test_a_refusal_naming_a_commands_field_reads_as_its_reason_alone(table: Table) -> None:
    # The rules name the field they refuse (``to``) for the code; a GM walk-through read
    # it pasted in front of the reason: "to: demilio already stands on (0, 1)".
    move = json.loads(table.command("Move Demilio to (1, 1)"))
    move["payload"]["to"] = [0, 1]  # where Demilio stands
    refused = table.gm.post(
        f"{table.url}/commands", data={"command": json.dumps(move)}, headers={"HX-Request": "true"}
    )
    error = re.search(r'<p class="error" role="alert" id="commands-error">(.*?)</p>', refused.text)
    assert error
    assert error[1] == "demilio already stands on (0, 1)"


def test_a_decision_is_offered_to_its_chooser_only(table: Table) -> None:
    table.submit("Move Demilio to (0, 2)")
    table.submit("Advance 1 s")
    mine = table.page(table.player)
    assert "Aliena must choose" in mine
    assert "Opportunity Attack (cooldown 8 s)" in mine
    gm = table.page()
    assert "As the GM you may answer for Aliena." in gm
    decision = re.search(r'/decisions/(?P<id>\w+)"', mine)
    assert decision
    answered = table.player.post(
        f"{table.url}/decisions/{decision['id']}",
        data={"option": "decline", "expected_version": table.version()},
    )
    assert answered.status_code == 303
    after = table.page(table.player)
    assert "Aliena must choose" not in after
    assert "Aliena declines to react" in after


def test_a_player_sees_who_must_decide_not_the_options(table: Table) -> None:
    table.submit("Move Aliena to (0, -1)")
    table.submit("Advance 1 s")
    gm = table.page()
    assert "Demilio must choose" in gm
    assert "Opportunity Attack" in gm
    theirs = table.page(table.player)
    assert "Waiting for Demilio to decide." in theirs
    assert "/decisions/" not in theirs
    decision = re.search(r'/decisions/(?P<id>\w+)"', gm)
    assert decision
    refused = table.player.post(
        f"{table.url}/decisions/{decision['id']}", data={"option": "decline"}
    )
    assert refused.status_code == 403
    answered = table.gm.post(
        f"{table.url}/decisions/{decision['id']}", data={"option": "react:opportunity_attack"}
    )
    assert answered.status_code == 303
    assert "uses Opportunity Attack against" in table.page()


def test_undo_strikes_the_records_through_and_redo_plays_them_again(table: Table) -> None:
    table.submit("Aliena: start Complex Spell*")
    assert "Complex Spell* 0 / 3 A.P." in card_of(table.page(), "aliena")
    undone = table.gm.post(f"{table.url}/undo", data={"expected_version": table.version()})
    assert undone.status_code == 303
    page = table.page()
    assert "Complex Spell*" not in card_of(page, "aliena")  # she charges nothing now
    assert f"<s>Aliena starts charging Complex Spell* (3 {AP})</s>" in page
    assert f"Undo: Aliena starts charging Complex Spell* (3 {AP})" in page
    redone = table.gm.post(f"{table.url}/redo", data={"expected_version": table.version()})
    assert redone.status_code == 303
    assert "Complex Spell* 0 / 3 A.P." in card_of(table.page(), "aliena")
    nothing = table.gm.post(f"{table.url}/redo", data={})
    assert nothing.status_code == 422
    assert 'id="history-error"' in nothing.text


def test_a_stale_version_reloads_the_table_with_a_message(table: Table) -> None:
    seen = table.version()
    command = table.command("Advance 1 s")
    table.submit("Move Aliena to (1, 0)")
    late = table.gm.post(
        f"{table.url}/commands", data={"command": command, "expected_version": seen}
    )
    assert late.status_code == 409
    assert "Someone else moved first: the table was reloaded." in late.text
    assert f'data-table-version="{seen + 1}"' in late.text
    swapped = table.gm.post(
        f"{table.url}/commands",
        data={"command": command, "expected_version": seen},
        headers={"HX-Request": "true"},
    )
    assert swapped.status_code == 200
    assert "Someone else moved first" in swapped.text


def test_overrides_need_a_reason_and_a_secret_one_stays_hidden(table: Table) -> None:
    missing = table.gm.post(
        f"{table.url}/overrides",
        data={"operation": "set_value", "path": "creatures.demilio.hp", "value": "3"},
    )
    assert missing.status_code == 422
    assert "needs a reason" in missing.text
    assert 'value="creatures.demilio.hp"' in missing.text, "what was typed is kept"
    secret = table.gm.post(
        f"{table.url}/overrides",
        data={
            "operation": "set_value",
            "path": "creatures.demilio.hp",
            "value": "3",
            "reason": "wounded earlier",
            "secret": "on",
        },
    )
    assert secret.status_code == 303
    assert "3 / 16" in table.page()
    assert "wounded earlier" in table.page()
    assert "wounded earlier" not in table.page(table.player)
    added = table.gm.post(
        f"{table.url}/overrides",
        data={
            "operation": "add_condition",
            "path": "creatures.aliena",
            "value": "prone",
            "reason": "tripped",
        },
    )
    assert added.status_code == 303
    assert '<span class="tag condition">prone</span>' in card_of(table.page(table.player), "aliena")
    removed = table.gm.post(
        f"{table.url}/overrides",
        data={
            "operation": "remove_condition",
            "path": "creatures.aliena",
            "value": "prone",
            "reason": "stood up",
        },
    )
    assert removed.status_code == 303
    assert "<dt>Conditions</dt>" not in table.page()


def test_a_gm_form_error_shows_next_to_its_field(table: Table) -> None:
    page = table.gm.post(
        f"{table.url}/gm/realtime.damage",
        data={"sheet.creature": "demilio", "sheet.amount": "lots"},
    )
    assert page.status_code == 422
    found = re.search(
        r'<p class="error" id="gm-realtime-damage-amount-error">([^<]*)</p>', page.text
    )
    assert found
    assert "valid integer" in found.group(1)
    assert table.gm.post(f"{table.url}/gm/realtime.nothing", data={}).status_code == 404


def test_a_realtime_encounter_is_played_to_its_end_through_the_page(table: Table) -> None:
    table.submit("Aliena: start Complex Technique*")
    for _ in range(3):
        table.submit("Advance 1 s")
    page = table.page()
    assert "Aliena completes Complex Technique*" in page
    decision = re.search(r'/decisions/(?P<id>\w+)"', page)
    assert decision, "Demilio may react to the Complex Technique completed beside him"
    declined = table.gm.post(f"{table.url}/decisions/{decision['id']}", data={"option": "decline"})
    assert declined.status_code == 303
    dealt = table.gm.post(
        f"{table.url}/gm/realtime.damage",
        data={
            "sheet.creature": "demilio",
            "sheet.amount": "20",
            "sheet.source": "a falling beam",
            "expected_version": table.version(),
        },
    )
    assert dealt.status_code == 303
    page = table.page()
    assert 'id="card-demilio" data-card="demilio" data-life="dying"' in page
    assert "Demilio takes 20 damage (a falling beam): -4 HP" in page
    theirs = table.page(table.player)
    assert "dying" in card_of(theirs, "demilio")
    assert "hp before" not in theirs, "a player never reads the NPC's HP in the log"
    assert "hp before" in page
    healed = table.gm.post(
        f"{table.url}/gm/realtime.heal",
        data={"sheet.creature": "aliena", "sheet.amount": "1", "expected_version": table.version()},
    )
    assert healed.status_code == 303
    finished = table.gm.post(
        f"{table.url}/gm/realtime.damage",
        data={
            "sheet.creature": "demilio",
            "sheet.amount": "200",
            "expected_version": table.version(),
        },
    )
    assert finished.status_code == 303
    table.submit("Advance 1 s")
    page = table.page()
    foes = card_of(page, "demilio")
    assert "dying" in foes or "dead" in foes, "the foes' side is down"
    assert "conscious" in card_of(page, "aliena")


def test_a_percentile_encounter_starts_from_its_button(client: TestClient) -> None:
    campaign_id, _ = create_campaign(client, "percentile")
    stats = {
        "characteristics": {
            "STR": 12,
            "CON": 12,
            "SIZ": 11,
            "DEX": 14,
            "INT": 12,
            "POW": 10,
            "CHA": 10,
        },
        "skills": {"Brawl": 50, "Dodge": 40},
        "hit_points": 12,
        "mov": 8,
    }
    document = {
        "schema_version": 1,
        "kind": "tablekeeper.characters",
        "ruleset": "percentile",
        "characters": [
            {
                "id": name,
                "name": name.title(),
                "kind": "pc",
                "sheet": {"side": side, "stats": {**stats, "name": name.title()}},
            }
            for name, side in (("brenna", "travellers"), ("wolf", "beasts"))
        ],
    }
    imported = client.post(
        f"/campaigns/{campaign_id}/characters/import",
        data={"document": json.dumps(document), "format": "json"},
    )
    assert imported.status_code == 303, imported.text
    started = client.post(
        f"/campaigns/{campaign_id}/encounters", data={"character": ["brenna", "wolf"]}
    )
    url = started.headers["location"]
    page = client.get(url).text
    assert ">Start the encounter: roll turn orders</button>" in page
    for form in ("Deal damage by ruling", "Rule two combatants engaged", "End the encounter"):
        assert form in page
    start = next(
        html.unescape(found["json"])
        for found in COMMAND.finditer(page)
        if "roll turn orders</button>" in page[found.end() : found.end() + 200]
    )
    assert 'hx-include="#table-faces"' in page
    # The GM plays back the faces rolled at the table; one too many is refused, named next
    # to the field with what was typed kept, and nothing is written.
    refused = client.post(f"{url}/commands", data={"command": start, "faces": "7, 3, 4"})
    assert refused.status_code == 422
    assert '<span class="error" id="table-faces-error">1 face was left over: 4' in refused.text
    assert 'value="7, 3, 4"' in refused.text
    assert "turn order (start)" not in refused.text
    played = client.post(f"{url}/commands", data={"command": start, "faces": "7, 3"})
    assert played.status_code == 303
    page = client.get(url).text
    assert "Brenna&#39;s turn order (start): 13 + 1D10 (7) = 20" in page
    for who, face in (("brenna", 7), ("wolf", 3)):  # each rolled its die in order
        assert re.search(rf'{who}</dd>.{{0,400}}<span class="die">{face}</span>', page, re.S)
    ended = client.post(f"{url}/gm/percentile.end", data={})
    assert ended.status_code == 303
    page = client.get(url).text
    assert "The encounter ends: the GM ended it" in page
    assert "no one stands" not in page  # Brenna and the wolf both still stand
