"""Tactical's targeting on the map, in a real browser (issue 13: one grid): choosing a
skill lights up on the map the squares it can be aimed at, pointing at one says whom it
would take, and a click, or the arrow keys and Enter, plays it (the event in the log)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, characters, encounters, settings

CAST = (
    ("brenna", "Brenna Vale", "heroes", [1, 1]),
    ("grask", "Grask", "foes", [2, 1]),
)


@dataclass(frozen=True)
class Fight:
    gm: str
    join: str
    url: str


def fight(database_url: str) -> Fight:
    """Brenna (Ann's) acts first, Grask stands next to her: her Kick reaches him."""
    engine = settings.open_database(database_url)
    try:
        campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Kick", "tactical")
        secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
        _, token = access.add_player(SqlUnitOfWork(engine), campaign.id, "ann", "Ann Lee")
        for key, name, side, position in CAST:
            characters.create_character(
                SqlUnitOfWork(engine),
                campaign.id,
                id=key,
                name=name,
                kind="pc" if key == "brenna" else "npc",
                player="ann" if key == "brenna" else None,
                sheet={"side": side, "position": position},
            )
        started = encounters.start_encounter(
            SqlUnitOfWork(engine), campaign.id, characters=[key for key, *_ in CAST]
        )
    finally:
        engine.dispose()
    return Fight(
        f"/campaigns/{campaign.id}?key={secret}",
        f"/join/{campaign.id}/{token}",
        f"/campaigns/{campaign.id}/encounters/{started.encounter.id}",
    )


def square(page: Any, x: int, y: int) -> Any:
    return page.locator(f'#map .map-sq[data-x="{x}"][data-y="{y}"]')


def test_the_gm_aims_a_skill_on_the_map_by_clicking(
    live_server: str, database_url: str, page: Any
) -> None:
    from playwright.sync_api import expect

    table = fight(database_url)
    page.goto(f"{live_server}{table.gm}")
    page.goto(f"{live_server}{table.url}")
    expect(page.locator(".tk-grid")).to_have_count(0)  # one grid: the map's
    kick = page.locator("#map").get_by_role("button", name="Kick (attack)")
    kick.click()
    expect(kick).to_have_attribute("aria-pressed", "true")
    expect(square(page, 2, 1)).to_contain_class("aim-point")
    expect(square(page, 2, 1)).to_contain_class("aim-reach")
    expect(page.locator("#map .map-sq.aim-point")).to_have_count(1)
    expect(page.locator("#map-status")).to_contain_text("Kick: 1 square(s) to aim at")
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

    table = fight(database_url)
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
