"""Live updates in a real browser (Playwright driving Chromium, see conftest.py).

The GM and a player, each in their own browser context holding the cookie their link
set, watch the same encounter page. A command committed by another client (the HTTP
API, which calls the services and announces) shows on both pages within a second; a
secret one only on the GM's. Then the connection drops: the page says so, keeps trying,
and when it gets through it catches up on what it missed, without a reload.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings

from .browser import Screenshots

# Every WebSocket the page opens is kept in window.__sockets; while window.__blockLive
# is true, a new one is pointed at a closed port, so it fails as a dropped server would.
TRACK_SOCKETS = """
window.__sockets = [];
window.__blockLive = false;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(window.__blockLive ? "ws://127.0.0.1:9/" : url, protocols);
    window.__sockets.push({url: String(url), socket: this});
  }
};
"""


@dataclass
class Scene:
    """A realtime campaign with its GM and one player, and an encounter in it."""

    server: str
    campaign_id: str
    encounter_id: str
    gm_secret: str
    player_token: str

    def page_url(self) -> str:
        return f"{self.server}/campaigns/{self.campaign_id}/encounters/{self.encounter_id}"

    def override(self, second: int, reason: str, *, secret: bool = False) -> None:
        """The GM sets the clock's second through the HTTP API (which announces it)."""
        command = set_value("clock.second", second, reason=reason, secret=secret)
        answer = httpx.post(
            f"{self.server}/api/encounters/{self.encounter_id}/commands",
            json={"command": command.model_dump(mode="json")},
            headers={"Authorization": f"Bearer {self.gm_secret}"},
            timeout=10,
        )
        assert answer.status_code == 200, answer.text


@pytest.fixture
def scene(live_server: str, database_url: str) -> Iterator[Scene]:
    engine = settings.open_database(database_url)

    def uow() -> SqlUnitOfWork:
        return SqlUnitOfWork(engine)

    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(uow(), campaign.id)
    _, token = access.add_player(uow(), campaign.id, "ann", "Ann")
    encounter = encounters.start_encounter(uow(), campaign.id, encounter_id="bridge")
    yield Scene(live_server, campaign.id, encounter.encounter.id, secret, token)
    engine.dispose()


@pytest.fixture
def two_pages(browser: Any, scene: Scene) -> Iterator[tuple[Any, Any]]:
    """The GM's and the player's pages, each in its own context, on the encounter."""
    contexts = []
    pages = []
    for link in (
        f"{scene.server}/campaigns/{scene.campaign_id}?key={scene.gm_secret}",
        f"{scene.server}/join/{scene.campaign_id}/{scene.player_token}",
    ):
        context = browser.new_context(viewport={"width": 820, "height": 1100})
        context.set_default_timeout(10_000)
        context.add_init_script(TRACK_SOCKETS)
        page = context.new_page()
        page.goto(link)  # sets the cookie, then lands on the campaign page
        page.goto(scene.page_url())
        contexts.append(context)
        pages.append(page)
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def status(page: Any) -> Any:
    return page.locator("[data-live-status]")


def test_both_pages_follow_the_encounter_and_recover_from_a_dropped_connection(
    scene: Scene, two_pages: tuple[Any, Any], screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    gm, player = two_pages
    for page in (gm, player):
        expect(status(page)).to_have_text("live")
        expect(status(page)).to_have_attribute("role", "status")
        assert page.evaluate("window.__sockets.length") == 1
        assert page.evaluate("window.__sockets[0].url").endswith(
            f"/api/encounters/{scene.encounter_id}/live?after=0"
        )

    # A command committed elsewhere shows on both pages within a second.
    scene.override(3, "The bell tolls")
    committed = time.monotonic()
    for page in (gm, player):
        expect(page.locator("#table")).to_contain_text("The bell tolls", timeout=1_000)
    assert time.monotonic() - committed < 1.0
    # A secret one only on the GM's.
    scene.override(4, "Hidden sniper", secret=True)
    scene.override(5, "Second bell")
    expect(gm.locator("#table")).to_contain_text("Hidden sniper")
    expect(player.locator("#table")).to_contain_text("Second bell")
    assert "Hidden sniper" not in player.content()
    screenshots.take(player, "live-player")

    # The connection drops, and reconnecting fails for a while (the server is away).
    for page in (gm, player):
        page.evaluate("window.__blockLive = true; window.__sockets.at(-1).socket.close()")
        expect(status(page)).to_have_text("reconnecting")
    scene.override(6, "While you were away")
    time.sleep(0.5)
    for page in (gm, player):
        expect(page.locator("#table")).not_to_contain_text("While you were away")
    gm.wait_for_function("window.__sockets.length > 3")  # it keeps trying, with backoff

    # The server is back: the pages reconnect from their last record and catch up.
    for page in (gm, player):
        page.evaluate("window.__blockLive = false")
    for page in (gm, player):
        expect(page.locator("#table")).to_contain_text("While you were away", timeout=8_000)
        expect(status(page)).to_have_text("live")
        resumed = page.evaluate("window.__sockets.at(-1).url")
        assert resumed.endswith("?after=3"), resumed  # three records before the drop
    assert "Hidden sniper" not in player.content()
    screenshots.take(gm, "live-gm-reconnected")


def test_a_page_whose_link_was_revoked_goes_offline(
    scene: Scene, two_pages: tuple[Any, Any], database_url: str
) -> None:
    from playwright.sync_api import expect

    _, player = two_pages
    expect(status(player)).to_have_text("live")
    engine = settings.open_database(database_url)
    try:
        access.revoke_player(SqlUnitOfWork(engine), scene.campaign_id, "ann")
    finally:
        engine.dispose()
    player.evaluate("window.__sockets.at(-1).socket.close()")
    expect(status(player)).to_contain_text("offline")


def test_news_waits_while_the_gm_fills_in_a_form_of_the_table(
    scene: Scene, two_pages: tuple[Any, Any]
) -> None:
    # A live refresh swaps the whole table: it must not throw away what the GM is typing
    # into one of its forms; the news waits, says so, and comes in when asked or when the
    # form is left.
    from playwright.sync_api import expect

    gm, _ = two_pages
    expect(status(gm)).to_have_text("live")
    gm.get_by_text("Override the rules").click()
    gm.get_by_label("Reason").fill("half-typed ruling")
    scene.override(7, "News while typing")
    expect(status(gm)).to_have_attribute("data-state", "held")
    expect(gm.get_by_label("Reason")).to_have_value("half-typed ruling")
    expect(gm.locator("#table")).not_to_contain_text("News while typing")
    gm.get_by_role("button", name="Show them now").click()
    expect(gm.locator("#table")).to_contain_text("News while typing")
    expect(status(gm)).to_have_text("live")

    # Focus in an untouched field holds the news only until the focus leaves it.
    gm.get_by_text("Override the rules").click()
    gm.get_by_label("Reason").focus()
    scene.override(8, "News after a glance")
    expect(status(gm)).to_have_attribute("data-state", "held")
    gm.locator("h1").click()  # the focus leaves the form, nothing was typed
    expect(gm.locator("#table")).to_contain_text("News after a glance")
    expect(status(gm)).to_have_text("live")


def test_a_players_campaign_page_shows_the_gms_public_roll_without_a_reload(
    browser: Any, scene: Scene
) -> None:
    # Issue 13: "The campaign log is live too" (L-04: a poll of the campaign's version).
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(10_000)
    from playwright.sync_api import expect

    page = context.new_page()
    page.goto(f"{scene.server}/join/{scene.campaign_id}/{scene.player_token}")
    log = page.locator("#campaign-log")
    expect(log).to_contain_text("Encounter bridge begins")
    expect(log).not_to_contain_text("Wind over the moor")
    rolled = httpx.post(
        f"{scene.server}/api/campaigns/{scene.campaign_id}/rolls",
        json={"expression": "1d6", "label": "Wind over the moor", "dice": [5]},
        headers={"Authorization": f"Bearer {scene.gm_secret}"},
        timeout=10,
    )
    assert rolled.status_code in (200, 201), rolled.text
    expect(log).to_contain_text("Wind over the moor", timeout=12_000)
    context.close()
