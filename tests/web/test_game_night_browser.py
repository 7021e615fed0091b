"""Game night's bugs in a real browser (issue 13): the faces typed at the table reach
every write that rolls, cards keep what they hold inside them at a GM's widths, and the
dice tray's bars are as long as their chances."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, characters, encounters, settings

from .browser import Screenshots


def _realtime_table(database_url: str, dying: bool = False) -> tuple[str, str, str]:
    """A realtime campaign with Aliena and Demilio in an encounter (Demilio at -4 HP when
    ``dying``): ``(campaign id, GM secret, encounter id)``."""
    engine = settings.open_database(database_url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Night watch", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    for name, side, position in (("aliena", "party", [0, 0]), ("demilio", "foes", [0, 1])):
        sheet = {"side": side, "hp": 16, "position": position, "characteristics": {"melee": 12}}
        characters.create_character(
            SqlUnitOfWork(engine), campaign.id, id=name, name=name.title(), kind="npc", sheet=sheet
        )
    started = encounters.start_encounter(
        SqlUnitOfWork(engine), campaign.id, characters=["aliena", "demilio"]
    )
    if dying:
        from tablekeeper.engine import overrides

        encounters.submit_command(
            SqlUnitOfWork(engine),
            started.encounter.id,
            overrides.set_value("creatures.demilio.hp", -4, reason="bleeding"),
        )
    engine.dispose()
    return campaign.id, secret, started.encounter.id


def test_step_one_second_plays_back_the_faces_typed(
    live_server: str, database_url: str, page: Any
) -> None:
    # Bug 1: "Step one second" sent no faces (the step rolled its own dice and the field
    # was cleared). A face for a second that rolls nothing is now refused, next to the
    # field, and kept; an empty field steps.
    from playwright.sync_api import expect

    campaign, secret, encounter = _realtime_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    faces = page.get_by_label("Faces for the next command")
    faces.fill("7")
    page.get_by_role("button", name="Step one second").click()
    expect(page.locator("#table-faces-error")).to_contain_text("left over: 7")
    expect(faces).to_have_value("7")
    expect(page.get_by_role("heading", name="Second 1")).to_be_visible()
    # Nothing to redo: Redo is off, and the faces wait for the next command.
    expect(page.get_by_role("button", name="Redo (nothing undone to redo)")).to_be_disabled()
    expect(page.get_by_label("Faces for the next command")).to_have_value("7")
    page.get_by_label("Faces for the next command").fill("")
    page.get_by_role("button", name="Step one second").click()
    expect(page.get_by_role("heading", name="Second 2")).to_be_visible()


def _spills(page: Any, selector: str) -> list[str]:
    """What pokes out of the right edge of each element ``selector`` finds."""
    found: list[str] = page.evaluate(
        """selector => {
          const out = [];
          for (const box of document.querySelectorAll(selector)) {
            const edge = box.getBoundingClientRect().right + 0.5;
            for (const inner of box.querySelectorAll('*')) {
              const right = inner.getBoundingClientRect().right;
              if (right > edge) out.push(`${inner.tagName}.${inner.className} ${right} > ${edge}`);
            }
          }
          return out;
        }""",
        selector,
    )
    return found


@pytest.mark.parametrize("width", [1280, 1600, 1920])
def test_cards_and_tables_keep_inside_their_boxes(
    live_server: str, database_url: str, browser: Any, width: int, screenshots: Screenshots
) -> None:
    # Bug 5: a dying creature's P(death) ran into the next card; the campaign's characters
    # table ran under the Players column from 1280 px up.
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    campaign, secret, encounter = _realtime_table(database_url, dying=True)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    table = page.locator("table.characters").bounding_box()
    players = page.locator("#players-heading").bounding_box()
    overlaps_across = table["x"] + table["width"] > players["x"] + 1
    overlaps_down = players["y"] < table["y"] + table["height"]
    assert not (overlaps_across and overlaps_down), (table, players)
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    page.locator("#card-demilio .odds").wait_for()
    screenshots.take(page, f"cards-{width}")
    assert _spills(page, ".actor-card") == []
    context.close()


def test_the_dice_trays_bars_are_as_long_as_their_chances(
    live_server: str, database_url: str, page: Any
) -> None:
    # Bug 6: every likely outcome of 4d6kh3 (10 to 15) drew a full-width bar.
    from playwright.sync_api import expect

    engine = settings.open_database(database_url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    engine.dispose()
    page.goto(f"{live_server}/campaigns/{campaign.id}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign.id}/dice")
    page.get_by_label("Dice expression").fill("4d6kh3")
    expect(page.locator("#dice-chart tbody tr")).to_have_count(16)
    rows = page.locator("#dice-chart tbody tr")
    chances = {}
    widths = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        value = int(row.get_attribute("data-value") or "0")
        chances[value] = float(Fraction(row.get_attribute("data-probability") or "0"))
        widths[value] = row.locator(".dice-bar").bounding_box()["width"]
    likeliest = max(chances, key=chances.__getitem__)
    assert likeliest == 13
    for value in range(3, 19):  # each bar as long as its chance, the likeliest the longest
        expected = chances[value] / chances[13]
        assert widths[value] / widths[13] == pytest.approx(expected, abs=0.02), (value, widths)


def test_keys_step_and_undo_and_play_pauses_when_a_life_changes(
    live_server: str, database_url: str, page: Any
) -> None:
    # Issue 13, running the table: keyboard shortcuts (s steps, u undoes; not while
    # typing), and Play pauses when someone's life state changes.
    from playwright.sync_api import expect

    campaign, secret, encounter = _realtime_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    page.keyboard.press("s")
    expect(page.get_by_role("heading", name="Second 2")).to_be_visible()
    faces = page.get_by_label("Faces for the next command")
    faces.press("s")  # typing, not a shortcut
    expect(faces).to_have_value("s")
    faces.fill("")  # the table keeps faces typed for the next command that rolls
    page.locator("body").click(position={"x": 5, "y": 5})
    expect(page.get_by_role("heading", name="Second 2")).to_be_visible()
    page.keyboard.press("u")
    expect(page.get_by_role("heading", name="Second 1")).to_be_visible()

    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    # Demilio is struck down at the table (another GM tab, as a live update would bring).
    from tablekeeper.engine.commands import Command
    from tablekeeper.persistence.errors import StaleVersionError

    engine = settings.open_database(database_url)
    strike = Command(
        actor="gm", kind="realtime.damage", payload={"creature": "demilio", "amount": 20}
    )
    for _ in range(20):  # Play steps each second: a lost race is tried again
        try:
            encounters.submit_command(SqlUnitOfWork(engine), encounter, strike)
            break
        except StaleVersionError:
            continue
    engine.dispose()
    expect(page.locator("#card-demilio")).to_have_attribute("data-life", "dying")
    expect(page.locator("[data-play-status]")).to_have_text("Paused: Demilio is now dying.")
    expect(page.get_by_role("button", name="Play")).to_be_visible()


def test_the_log_keeps_the_entries_that_name_the_creature_chosen(
    live_server: str, database_url: str, page: Any
) -> None:
    # Issue 13, the log: filterable by creature.
    from playwright.sync_api import expect

    campaign, secret, encounter = _realtime_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    entries = page.locator("#log .log-entry:visible")
    expect(entries).to_have_count(2)
    page.get_by_label("Show what names").select_option(label="Aliena")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("Aliena joins")
    page.get_by_role("button", name="Step one second").click()
    expect(page.get_by_role("heading", name="Second 2")).to_be_visible()
    expect(page.get_by_label("Show what names")).to_have_value("aliena")
    page.get_by_label("Show what names").select_option(label="everyone")
    expect(entries).to_have_count(3)
