"""The encounter page in a real browser (see conftest.py): the GM steps the realtime
clock, gives a creature's command from its button, and answers the reaction decision it
leads to, each through htmx swapping the table in place. Screenshots are saved."""

from __future__ import annotations

import re
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
    # Posted directly, as a form of the page would: with the page's token (web/csrf.py).
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    for name, side, position in (("aliena", "party", "0, 0"), ("demilio", "foes", "0, 1")):
        made = page.request.post(
            f"{campaign}/characters",
            form={
                "csrf_token": token or "",
                "id": name,
                "name": name.title(),
                "sheet.side": side,
                "sheet.hp": "16",
                "sheet.position.x": position.split(", ")[0],
                "sheet.position.y": position.split(", ")[1],
                "sheet.characteristics.0.skill": "melee",
                "sheet.characteristics.0.value": "12",
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
    # A second stepped just before the pause may still be on its way (htmx marks the form
    # sending it): it lands, and only then does the clock stay put.
    expect(page.locator("#table .htmx-request")).to_have_count(0)
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
    expect(page.locator("#card-demilio")).to_contain_text("Move 0 / 1 A.P.")
    page.get_by_role("button", name="Step one second").click()
    decision = page.locator("#decision")
    expect(decision).to_contain_text("Aliena must choose")
    screenshots.take(page, "11-decision")

    decision.get_by_role("button", name="Decline").click()
    expect(page.locator("#decision")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("declines to react")
    page.get_by_role("button", name=re.compile(r"^Undo")).click()
    expect(page.locator("#decision")).to_contain_text("Aliena must choose")
    expect(page.locator("#log")).to_contain_text("Undo: ")
    screenshots.take(page, "12-undone")
    assert len(list(screenshots.folder.glob("*.png"))) == 3


def test_the_gm_plays_back_the_faces_rolled_at_the_table(
    live_server: str, database_url: str, page: Any
) -> None:
    # Physical dice: the GM types the faces rolled at the table before the button that
    # rolls; htmx sends them with the command, and the log shows exactly those dice.
    from playwright.sync_api import expect

    from .test_table_roll_browser import percentile_table

    campaign, secret, encounter = percentile_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    page.get_by_label("Faces for the next command").fill("7, 3, 4")
    page.get_by_role("button", name="Start the encounter: roll turn orders").click()
    expect(page.locator("#table-faces-error")).to_contain_text("1 face was left over: 4")
    expect(page.get_by_label("Faces for the next command")).to_have_value("7, 3, 4")
    page.get_by_label("Faces for the next command").fill("7, 3")
    page.get_by_role("button", name="Start the encounter: roll turn orders").click()
    expect(page.locator("#log")).to_contain_text("turn order (start)")
    expect(page.locator("#record-4 .die")).to_have_text("7")
    expect(page.locator("#record-5 .die")).to_have_text("3")
    expect(page.get_by_label("Faces for the next command")).to_have_value("")
