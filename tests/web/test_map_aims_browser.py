"""Tactical's targeting on the map, in a real browser (issue 13: one grid): choosing a
skill lights up on the map the squares it can be aimed at, pointing at one says whom it
would take, and a click, or the arrow keys and Enter, plays it (the event in the log)."""

from __future__ import annotations

from typing import Any

from .map_table import map_table

KICK = (
    ("brenna", "Brenna Vale", "heroes", [1, 1], {}),
    ("grask", "Grask", "foes", [2, 1], {}),
)
"""Brenna (Ann's) acts first, Grask stands next to her: her Kick reaches him."""


def square(page: Any, x: int, y: int) -> Any:
    return page.locator(f'#map .map-sq[data-x="{x}"][data-y="{y}"]')


def test_the_gm_aims_a_skill_on_the_map_by_clicking(
    live_server: str, database_url: str, page: Any
) -> None:
    from playwright.sync_api import expect

    table = map_table(database_url, cast=KICK)
    page.goto(f"{live_server}/campaigns/{table.campaign}?key={table.secret}")
    page.goto(f"{live_server}{table.url}")
    expect(page.locator(".tk-grid")).to_have_count(0)  # one grid: the map's
    kick = page.locator("#map").get_by_role("button", name="Kick (attack)")
    kick.click()
    expect(kick).to_have_attribute("aria-pressed", "true")
    expect(square(page, 2, 1)).to_contain_class("aim-point")
    expect(square(page, 2, 1)).to_contain_class("aim-reach")
    expect(page.locator("#map .map-sq.aim-point")).to_have_count(1)
    expect(page.locator("#map-status")).to_contain_text("Kick: 1 square to aim at")
    square(page, 2, 1).hover()
    expect(page.locator("#map-status")).to_contain_text("Kick at (2, 1): Grask")
    expect(square(page, 2, 1)).to_contain_class("aim-hit")
    square(page, 2, 1).click()
    expect(page.locator("#log")).to_contain_text("Kick")
    expect(page.locator("#decision")).to_contain_text("Grask")  # the defense to choose
    expect(page.locator("#map-token-grask")).to_have_attribute("aria-pressed", "false")


def test_a_player_aims_a_skill_with_the_keys(
    live_server: str, database_url: str, page: Any
) -> None:
    from playwright.sync_api import expect

    table = map_table(database_url, cast=KICK)
    page.goto(f"{live_server}{table.join}")
    expect(page.get_by_text("You play as Ann Lee.")).to_be_visible()
    page.goto(f"{live_server}{table.url}")
    kick = page.locator("#map").get_by_role("button", name="Kick (attack)")
    kick.focus()
    page.keyboard.press("Enter")
    expect(kick).to_have_attribute("aria-pressed", "true")
    expect(square(page, 1, 1)).to_contain_class("aim-cursor")  # from Brenna's square
    page.keyboard.press("Enter")  # not a square Kick aims at: nothing is played
    expect(page.locator("#map-status")).to_contain_text("Kick cannot be aimed here")
    page.keyboard.press("ArrowRight")
    expect(square(page, 2, 1)).to_contain_class("aim-cursor")
    expect(page.locator("#map-status")).to_contain_text("Kick at (2, 1): Grask")
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("Kick")
    expect(page.locator("#decision")).to_contain_text("Grask")
