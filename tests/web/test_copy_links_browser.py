"""Copy buttons for the GM link and a player's join link, in a real browser: the
clipboard API where the browser gives it, else the link selected and a word how to copy
it (issue 13)."""

from __future__ import annotations

from typing import Any

from .browser import Screenshots

NO_CLIPBOARD = "Object.defineProperty(navigator, 'clipboard', {value: undefined});"


def _create(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.locator("input[name=name]").fill("Copy night")
    page.get_by_role("button", name="Create the campaign").click()


def test_the_gm_link_is_copied_to_the_clipboard(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    _create(page, live_server)
    link = page.locator("#gm-link").input_value()
    assert "?key=" in link
    page.get_by_role("button", name="Copy the GM link").click()
    expect(page.locator("#gm-link-copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    screenshots.take(page, "gm-link-copied")


def test_a_join_link_is_copied_and_without_a_clipboard_selected(
    live_server: str, page: Any
) -> None:
    from playwright.sync_api import expect

    page.add_init_script(NO_CLIPBOARD)
    _create(page, live_server)
    page.get_by_role("button", name="Copy the GM link").click()
    expect(page.locator("#gm-link-copied")).to_contain_text("selected")
    page.get_by_role("link", name="Open the campaign").click()
    page.get_by_label("Player's name").fill("Ann Lee")
    page.get_by_role("button", name="Add a player").click()
    button = page.get_by_role("button", name="Copy the join link for Ann Lee")
    button.click()
    expect(page.locator("#join-link-copied")).to_contain_text("press Ctrl+C")
    selected = page.evaluate(
        "(() => { const i = document.getElementById('join-link');"
        " return [document.activeElement === i, i.selectionStart, i.selectionEnd,"
        " i.value.length]; })()"
    )
    assert selected[0] is True
    assert selected[1:3] == [0, selected[3]]
    assert "/join/" in page.locator("#join-link").input_value()
