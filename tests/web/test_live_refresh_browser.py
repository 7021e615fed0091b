"""The live table in a real browser: the GM's own command swaps the table in once. The
WebSocket then tells of the version the page already shows, and no second fetch of the
table follows (it closed a GM tool the GM had just opened, and doubled every command's
page weight)."""

from __future__ import annotations

from typing import Any

from .game_night import version
from .test_game_night_browser import _realtime_table


def test_the_gms_own_command_is_not_fetched_again(
    live_server: str, database_url: str, page: Any
) -> None:
    from playwright.sync_api import expect

    campaign, secret, encounter = _realtime_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    table = page.locator("#table")
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "live")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.get_by_role("button", name="Step one second").click()
    expect(page.get_by_role("heading", name="Second 2")).to_be_visible()
    stepped = version(page)
    expect(table).to_have_attribute("data-live-version", str(stepped))  # the socket told
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert [url for url in fetched if url.endswith("/table")] == []
