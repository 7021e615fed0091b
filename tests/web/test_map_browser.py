"""The map in a real browser (issue 13, "A map"): a token dragged to a square is moved by
the ruleset's move command, a refused drag shows its reason, the keyboard moves a token
as the pointer does, and distances show as the pointer moves."""

from __future__ import annotations

from typing import Any

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import encounters, settings

from .browser import Screenshots
from .map_table import MapTable, map_table
from .test_end_to_end import settled


def square(page: Any, x: int, y: int) -> Any:
    return page.locator(f'#map .map-sq[data-x="{x}"][data-y="{y}"]')


def drag(page: Any, actor: str, x: int, y: int) -> None:
    """Press on ``actor``'s token, move over the squares between, let go on ``(x, y)``."""
    page.locator("#map .map-grid").scroll_into_view_if_needed()
    start = page.locator(f"#map-token-{actor}").bounding_box()
    end = square(page, x, y).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def dash(database_url: str, table: MapTable) -> None:
    """Brenna begins a Dash: a maneuver that lets her move 4 paces (S-TYPE-05)."""
    engine = settings.open_database(database_url)
    command = {
        "actor": "brenna",
        "kind": "tactical.use_skill",
        "payload": {"character": "brenna", "skill": "dash"},
    }
    encounters.submit_command(SqlUnitOfWork(engine), table.encounter, command)
    engine.dispose()


def test_a_dragged_token_moves_and_a_refused_drag_says_why(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    table = map_table(database_url)
    page.goto(f"{live_server}/campaigns/{table.campaign}?key={table.secret}")
    page.goto(f"{live_server}{table.url}")
    expect(page.get_by_role("heading", name="Map: The battlefield")).to_be_visible()
    drag(page, "brenna", 2, 2)
    expect(page.locator("#map-error")).to_contain_text(
        "no movement is left: use a maneuver that is not slow"
    )  # the rule it rests on a mark away, not in the sentence
    expect(page.locator("#map-error .rule-ref")).to_have_attribute("title", "rule S-TYPE-05")
    expect(square(page, 1, 1).locator("#map-token-brenna")).to_be_visible()
    screenshots.take(page, "map-refused", full_page=False, at=page.locator("#map"))
    dash(database_url, table)
    page.reload()
    page.locator("#map .map-grid").scroll_into_view_if_needed()
    token = page.locator("#map-token-brenna")
    box = token.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    target = square(page, 3, 2).bounding_box()
    page.mouse.move(target["x"] + 10, target["y"] + 10, steps=5)
    expect(page.locator("#map-status")).to_have_text("Brenna Vale to (3, 2): 2 paces.")
    page.mouse.up()
    expect(square(page, 3, 2).locator("#map-token-brenna")).to_be_visible()
    expect(page.locator("#map-error")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("Brenna Vale moves")
    screenshots.take(page, "map-moved", full_page=False, at=page.locator("#map"))


def test_the_keyboard_moves_a_token_as_the_pointer_does(
    live_server: str, database_url: str, page: Any
) -> None:
    from playwright.sync_api import expect

    table = map_table(database_url)
    dash(database_url, table)
    page.goto(f"{live_server}{table.join}")
    page.goto(f"{live_server}{table.url}")
    token = page.get_by_role("button", name="Brenna Vale (heroes) at (1, 1), acting")
    token.focus()
    page.keyboard.press("Enter")
    expect(token).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#map-status")).to_have_text("Brenna Vale to (3, 1): 2 paces.")
    expect(square(page, 3, 1)).to_have_class("map-sq cursor")
    page.keyboard.press("Enter")
    expect(square(page, 3, 1).locator("#map-token-brenna")).to_be_visible()
    expect(page.locator("#map-token-brenna")).to_be_focused()  # the keyboard goes on from it
    # The move's answer swaps the table in, and the live news of it must fetch nothing
    # more: the keys below go to the table that answer left.
    settled(page)
    # Another's token may be chosen to measure from, never moved.
    grask = page.get_by_role("button", name="Grask (foes) at (6, 3), not yours to move")
    grask.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(page.locator("#map-status")).to_have_text("Grask is not yours to move.")
    expect(square(page, 6, 3).locator("#map-token-grask")).to_be_visible()
