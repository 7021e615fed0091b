"""The encounter page in a real browser (see conftest.py): the GM steps the realtime
clock, gives a creature's command from its button, and answers the reaction decision it
leads to, each through htmx swapping the table in place. Screenshots are saved."""

from __future__ import annotations

from typing import Any

from .browser import Screenshots


def test_the_gm_steps_commands_and_decides_in_the_browser(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/")
    page.get_by_label("Name").fill("Night watch")
    page.get_by_label("Ruleset").select_option("realtime")
    page.get_by_role("button", name="Create the campaign").click()
    page.get_by_role("link", name="Open the campaign").click()
    campaign = page.url.rstrip("/")
    for name, side, position in (("aliena", "party", "0, 0"), ("demilio", "foes", "0, 1")):
        made = page.request.post(
            f"{campaign}/characters",
            form={
                "id": name,
                "name": name.title(),
                "sheet.side": side,
                "sheet.hp": "16",
                "sheet.position": position,
                "sheet.characteristics": '{"melee": 12}',
            },
            max_redirects=0,
        )
        assert made.status == 303
    page.reload()
    page.get_by_label("Bring Aliena").check()
    page.get_by_label("Bring Demilio").check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()
    expect(page.get_by_role("heading", name="Second 1")).to_be_visible()
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    screenshots.take(page, "10-encounter")

    # Play runs the clock a second each second, and Pause stops it.
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("heading", name="Second 3")).to_be_visible(timeout=5_000)
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("[data-play-status]")).to_have_text("Paused.")
    paused_at = page.locator("#clock h2").inner_text()
    page.wait_for_timeout(1_500)  # a second and a half with no tick
    assert page.locator("#clock h2").inner_text() == paused_at

    # The GM picks whose commands to see; the choice outlives the table's refreshes.
    page.get_by_label("Show the commands of").select_option(label="Demilio")
    expect(page.get_by_role("button", name="Move Aliena to (1, 0)")).to_be_hidden()
    expect(page.get_by_role("button", name="Advance 1 s")).to_be_visible()
    page.get_by_role("button", name="Step one second").click()
    expect(page.get_by_role("heading", name="Second 1")).not_to_be_visible()
    expect(page.get_by_role("button", name="Move Aliena to (1, 0)")).to_be_hidden()
    expect(page.get_by_label("Show the commands of")).to_have_value("demilio")
    page.get_by_label("Show the commands of").select_option(label="everyone")
    expect(page.get_by_role("button", name="Move Aliena to (1, 0)")).to_be_visible()
    page.get_by_role("button", name="Move Demilio to (0, 2)").click()
    expect(page.locator("#creature-demilio")).to_contain_text("Move: 0 / 1 A.P.")
    page.get_by_role("button", name="Step one second").click()
    decision = page.locator("#decision")
    expect(decision).to_contain_text("Aliena must choose")
    screenshots.take(page, "11-decision")

    decision.get_by_role("button", name="Decline").click()
    expect(page.locator("#decision")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("Reaction declined")
    page.get_by_role("button", name="Undo the last command").click()
    expect(page.locator("#decision")).to_contain_text("Aliena must choose")
    expect(page.locator("#log")).to_contain_text("Undo of")
    screenshots.take(page, "12-undone")
    assert len(list(screenshots.folder.glob("*.png"))) == 3
