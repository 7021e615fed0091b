"""A GM makes a realtime and a percentile character in Chromium by clicks and numbers
(issue 13: "a GM runs a whole session without typing JSON"): characteristics and skills
picked in the table's rows (a row added with "Add a row", one removed), injuries ticked,
a weapon and armour picked, every number typed in a number input; a bad number is told
next to its field with the rest kept, and the character is stored as the rules read it.
"""

from __future__ import annotations

from typing import Any

from .browser import Screenshots


def open_form(page: Any, live_server: str, ruleset: str, name: str) -> Any:
    """A fresh campaign of ``ruleset``, its character form; the form, with the name typed."""
    from playwright.sync_api import expect

    page.goto(f"{live_server}/", timeout=30_000)  # a fresh server's first page, on a busy machine
    page.get_by_label("Name").fill(f"{ruleset} night")
    page.get_by_label("Ruleset").select_option(ruleset)
    page.get_by_role("button", name="Create the campaign").click()
    # The campaign's first write (its database made) is the slow step on a busy machine.
    page.get_by_role("link", name="Open the campaign").click(timeout=30_000)
    page.get_by_role("link", name="Add or import characters").click()
    form = page.locator("#character-form")
    expect(form).to_be_visible()
    form.get_by_label("Name (required)").first.fill(name)
    return form


def stored_sheet(page: Any, live_server: str) -> dict[str, Any]:
    """The one character's sheet, as the campaign's export holds it."""
    campaign = page.url.split("/campaigns/")[1].split("/")[0].split("?")[0].split("#")[0]
    exported = page.request.get(f"{live_server}/campaigns/{campaign}/export").json()
    sheet: dict[str, Any] = exported["characters"][0]["sheet"]
    return sheet


def test_a_realtime_creature_by_clicks_and_numbers(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    form = open_form(page, live_server, "realtime", "Aliena")
    form.get_by_label("Side (required)").fill("party")
    form.get_by_label("Hit Points (HP) now").fill("20")
    form.get_by_label("Maximum HP").fill("0")
    form.get_by_label("Characteristic 1", exact=True).select_option(label="Melee")
    form.get_by_label("Value of characteristic 1", exact=True).fill("12")
    form.get_by_label("Characteristic 2", exact=True).select_option(label="Cunning")
    form.get_by_label("Value of characteristic 2", exact=True).fill("13")
    table = form.locator("#f-sheet-characteristics")
    table.get_by_role("button", name="Add a row").click()
    form.get_by_label("Characteristic 4", exact=True).select_option(label="Perception")
    form.get_by_label("Value of characteristic 4", exact=True).fill("99")
    form.get_by_label("Weak", exact=True).check()
    screenshots.take(page, "realtime-form")
    form.get_by_role("button", name="Create the character").click()

    expect(page.locator("#f-sheet-max_hp-error")).to_contain_text("at least 1")
    expect(page.locator("#f-sheet-characteristics-3-value-error")).to_contain_text("at most 40")
    expect(page.locator("#f-sheet-hp")).to_have_value("20")
    expect(page.get_by_label("Weak", exact=True)).to_be_checked()
    screenshots.take(page, "realtime-errors")

    form = page.locator("#character-form")
    form.get_by_label("Maximum HP").fill("22")
    form.get_by_role("button", name="Remove characteristic 4").click()
    form.get_by_role("button", name="Create the character").click()
    expect(page.get_by_role("heading", name="Characters", exact=True)).to_be_visible()
    sheet = stored_sheet(page, live_server)
    assert sheet["hp"] == 20
    assert sheet["max_hp"] == 22
    assert sheet["characteristics"] == {"melee": 12, "cunning": 13}
    assert sheet["injuries"] == ["Weak"]


def test_a_percentile_combatant_by_clicks_and_numbers(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    form = open_form(page, live_server, "percentile", "Tam")
    form.get_by_label("Side (required)").fill("party")
    form.get_by_label("Stat block (required)").fill("Tam")
    form.get_by_label("Hit points (required)").fill("15")
    form.get_by_label("MOV (required)").fill("8")
    for key, value in (("STR", 15), ("CON", 14), ("SIZ", 15), ("DEX", 12), ("POW", 11)):
        form.locator(f"#f-sheet-stats-characteristics-{key}").fill(str(value))
    for row, (skill, value) in enumerate((("Sword", 60), ("Shield", 50), ("Dodge", 35))):
        form.get_by_label(f"Skill {row + 1}", exact=True).select_option(skill)
        form.get_by_label(f"Percent of skill {row + 1}", exact=True).fill(str(value))
    form.get_by_label("Weapon 1", exact=True).select_option(
        label="sword: 1d8 + 1 slashing, medium reach, 12 HP (Sword)"
    )
    form.get_by_label("Shield 1", exact=True).select_option(label="buckler: 8 HP, 1d3 crushing")
    form.get_by_label("Armour", exact=True).select_option(label="ring mail: 3 AP")
    screenshots.take(page, "percentile-form")
    form.get_by_role("button", name="Create the character").click()
    expect(page.get_by_role("heading", name="Characters", exact=True)).to_be_visible()
    stats = stored_sheet(page, live_server)["stats"]
    assert stats["skills"] == {"Sword": 60, "Shield": 50, "Dodge": 35}
    assert [weapon["name"] for weapon in stats["weapons"]] == ["sword"]
    assert stats["shields"][0]["name"] == "buckler"
    assert stats["armor"] == {"physical": 3}

    page.get_by_role("link", name="Edit").first.click()
    edit = page.locator("#character-edit")
    expect(edit.get_by_label("Skill 2", exact=True)).to_have_value("Shield")
    expect(edit.get_by_label("Armour", exact=True)).to_have_value("3")
    screenshots.take(page, "percentile-edit")
