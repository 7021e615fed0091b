"""Tactical's pools as the GM reads them in the outcome and the log: a gain its maximum
holds back says so ("Brenna's poise stays 6 (already at its maximum 6)"), never a change
of nothing ("Brenna's poise: 6 -> 6 (gain)", as a GM walk-through read)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.engine.events import CommandId, Event
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.ruleset import TACTICAL

from .test_panel_pages import demo, viewers

HTMX = {"HX-Request": "true"}
OUTCOME = re.compile(r'<section class="outcome".*?</section>', re.S)


def _command(page: str, label: str) -> str:
    found = re.search(
        rf'<input type="hidden" name="command" value="([^"]+)">\s*'
        rf'<input type="hidden" name="expected_version" value="\d+">\s*'
        rf"<button type=\"submit\">{re.escape(label)}</button>",
        page,
    )
    assert found, f"no button {label!r}"
    return html.unescape(found[1])


def test_a_gain_held_at_the_maximum_says_the_pool_stays_full(
    client: TestClient, database_url: str
) -> None:
    found = demo(database_url, "tactical")
    gm = viewers(client, found)["gm"]
    page = gm.get(found.url).text
    assert "poise 6 / 6" in page, "Brenna's poise is full"
    version = re.search(r'data-table-version="(\d+)"', page)
    assert version
    done = gm.post(
        f"{found.url}/commands",
        data={"command": _command(page, "Brenna: Defend"), "expected_version": version[1]},
        headers=HTMX,
    )
    assert done.status_code == 200
    outcome = OUTCOME.search(done.text)
    assert outcome
    assert "Brenna&#39;s poise stays 6 (already at its maximum 6)" in outcome[0]
    assert "6 -&gt; 6" not in done.text


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"before": 6, "after": 6, "cause": "gain", "requested": 1},
         "Brenna's poise stays 6 (already at its maximum 6)"),
        ({"before": 5, "after": 6, "cause": "gain", "requested": 2},
         "Brenna's poise: 5 -> 6 (gain of 2, held at its maximum)"),
        ({"before": 6, "after": 6, "cause": "no_gain", "requested": 1},
         "Brenna gains no poise (cannot gain poise now)"),
        ({"before": 2, "after": 0, "cause": "damage", "requested": -3},
         "Brenna's poise: 2 -> 0 (damage of 3, down to nothing)"),
        ({"before": 6, "after": 4, "cause": "cost", "requested": -2},
         "Brenna's poise: 6 -> 4 (cost)"),
    ],
)  # fmt: skip
def test_a_pool_change_says_what_its_bounds_did(change: dict[str, Any], said: str) -> None:
    event = Event(
        sequence=1,
        command_id=CommandId("c1"),
        kind=ev.POOL_CHANGED,
        payload={"character": "brenna", "track": "poise", **change},
    )
    assert TACTICAL.words.event_sentence(event, {"brenna": "Brenna"}, GM_SIGHT) == said
