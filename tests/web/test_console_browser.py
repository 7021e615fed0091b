"""The console in a real browser: Playwright driving Debian's Chromium (see conftest.py).

One walk through the GM's first minutes, kept short (the machine is shared): create a
campaign, see its GM link, add a character through the ruleset's sheet form, see each bad
input's error next to its field, fix them, and find the character listed. Screenshots of
each page are saved (``TABLEKEEPER_SCREENSHOTS=dir`` copies them there).
"""

from __future__ import annotations

from typing import Any

from .browser import Screenshots


def test_a_gm_creates_a_campaign_and_adds_a_character(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/")
    screenshots.take(page, "01-campaigns")
    page.get_by_label("Name").fill("Night watch")
    page.get_by_label("Ruleset").select_option("realtime")
    page.get_by_role("button", name="Create the campaign").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Night watch is ready")
    expect(page.get_by_label("GM link", exact=True)).to_have_value(
        f"{live_server}/campaigns/"
        + page.get_by_label("GM link", exact=True).input_value().split("/campaigns/")[1]
    )
    assert "?key=" in page.get_by_label("GM link", exact=True).input_value()
    screenshots.take(page, "02-created")

    page.get_by_role("link", name="Open the campaign").click()
    expect(page.get_by_text("You are the GM.")).to_be_visible()
    page.get_by_role("link", name="Add or import characters").click()

    form = page.locator("#character-form")
    form.get_by_label("Id", exact=True).fill("aliena")
    form.get_by_label("Name (required)").fill("Aliena")
    form.get_by_label("Side (required)").fill("party")
    form.get_by_label("Maximum HP").fill("0")
    form.get_by_role("button", name="Create the character").click()
    expect(page.locator("#f-sheet-hp-error")).to_contain_text("Field required")
    expect(page.locator("#f-sheet-max_hp-error")).to_contain_text("at least 1")
    expect(page.locator("#f-sheet-hp")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#f-sheet-max_hp")).to_have_value("0")
    screenshots.take(page, "03-character-error")

    page.locator("#f-sheet-hp").fill("20")
    page.locator("#f-sheet-max_hp").fill("20")
    page.get_by_role("button", name="Create the character").click()
    expect(page.get_by_role("heading", name="Characters", exact=True)).to_be_visible()
    expect(page.get_by_role("cell", name="Aliena aliena")).to_be_visible()
    screenshots.take(page, "04-campaign")
    assert len(list(screenshots.folder.glob("*.png"))) == 4
