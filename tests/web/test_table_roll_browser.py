"""Rolling at the table die by die in a real browser (see conftest.py), by clicks and keys
only: a percentile encounter's turn orders and an attack, then a duel's dodge; each die
asked by its label, nothing stored until the last one. Screenshots are saved."""

from __future__ import annotations

import re
from typing import Any

from .browser import Screenshots

STATS = {
    "characteristics": {"STR": 12, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 12, "POW": 10},
    "skills": {"Brawl": 50, "Dodge": 40},
    "hit_points": 12,
    "mov": 8,
}


def percentile_table(database_url: str) -> tuple[str, str, str]:
    """A percentile campaign (its id and GM secret) and its encounter of Brenna and Wolf."""
    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.services import access, campaigns, characters, encounters, settings

    engine = settings.open_database(database_url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Ford", "percentile")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    for name, side in (("brenna", "travellers"), ("wolf", "beasts")):
        sheet = {"side": side, "stats": {**STATS, "name": name.title(), "characteristics": {
            **STATS["characteristics"], "CHA": 10}}}  # fmt: skip
        characters.create_character(
            SqlUnitOfWork(engine), campaign.id, id=name, name=name.title(), kind="npc", sheet=sheet
        )
    started = encounters.start_encounter(
        SqlUnitOfWork(engine), campaign.id, characters=["brenna", "wolf"]
    )
    engine.dispose()
    return campaign.id, secret, started.encounter.id


def _at_the_table(page: Any, label: object) -> Any:
    """The "Roll at the table" button beside the button labelled ``label``."""
    main = page.get_by_role("button", name=label, exact=True)
    return page.locator("form", has=main).get_by_role("button", name="Roll at the table")


def _asked(page: Any) -> str:
    return str(page.locator("label[for=table-roll-die]").inner_text())


def _enter(page: Any, face: str) -> None:
    """Type ``face`` into the die's input once it has the focus (the panel gives it the
    focus when htmx settles: keys pressed before then would go nowhere), then Enter."""
    from playwright.sync_api import expect

    expect(page.locator("#table-roll-die")).to_be_focused()
    page.keyboard.type(face)
    page.keyboard.press("Enter")


def test_the_gm_rolls_a_percentile_attack_die_by_die(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    campaign, secret, encounter = percentile_table(database_url)
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    version = page.locator("[data-table-version]").get_attribute("data-table-version")

    _at_the_table(page, "Start the encounter: roll turn orders").click()
    roll = page.locator("#table-roll")
    expect(roll.get_by_label("Roll d10: Brenna's turn order")).to_be_focused()
    page.get_by_role("button", name="d10 shows 7").click()  # a click on the face
    expect(roll.get_by_label("Roll d10: Wolf's turn order")).to_be_focused()
    expect(roll.locator(".table-roll-so-far")).to_contain_text("d10: Brenna's turn order 7")
    assert page.locator("[data-table-version]").get_attribute("data-table-version") == version
    screenshots.take(page, "table-roll-turn-order", full_page=False, at=roll)
    page.keyboard.type("11")  # a face a d10 cannot show, typed: refused next to the input
    page.keyboard.press("Enter")
    expect(page.locator("#table-roll-error")).to_contain_text("which a d10 cannot show")
    expect(roll.get_by_label("Roll d10: Wolf's turn order")).to_be_focused()
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(roll).to_have_count(0)
    expect(page.locator("#outcome")).to_contain_text("Brenna's turn order (start): ")
    expect(page.locator("#outcome .outcome-dice")).to_contain_text("d10: Wolf's turn order 3")

    _at_the_table(page, "Brenna: attack Wolf").click()
    position = 1
    expect(roll.locator("h3")).to_contain_text("die 1,")
    while "new turn order" in _asked(page):  # the attack orders the next round first
        _enter(page, "5")
        position += 1
        expect(roll.locator("h3")).to_contain_text(f"die {position},", timeout=15_000)
    expect(roll.get_by_label("Roll d100: Brenna's attack")).to_be_focused()
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    expect(roll).to_have_count(0)
    expect(page.locator("#outcome")).to_contain_text("30")
    screenshots.take(
        page, "table-roll-attack-rolled", full_page=False, at=page.locator("#decision")
    )

    decision = page.locator("#decision")
    decision.get_by_role("button", name="Roll at the table").first.click()
    asked: list[str] = []
    expect(roll.locator("h3")).to_contain_text("die 1,")
    while roll.count() and len(asked) < 12:  # each die the answer needs, typed: a 2
        asked.append(_asked(page))
        _enter(page, "2")
        expect(page.locator("#table-roll h3, #outcome h3").first).to_contain_text(
            re.compile(rf"die {len(asked) + 1},|^Last: ")
        )
    expect(roll).to_have_count(0)
    assert all(re.match(r"^Roll d\d+: ", label) for label in asked), asked
    screenshots.take(page, "table-roll-answered", full_page=False, at=page.locator("#commands"))


def test_the_gm_rolls_a_duel_dodge_die_by_die_and_escape_cancels(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.services import characters, encounters, settings
    from tablekeeper.services.demo_campaigns import ensure_demo_campaigns

    engine = settings.open_database(database_url)
    made = {c.ruleset: (c, key) for c, key in ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))}
    campaign, secret = made["duel"]
    stored = characters.list_characters(SqlUnitOfWork(engine), campaign.id)
    started = encounters.start_encounter(
        SqlUnitOfWork(engine), campaign.id, characters=[c.id for c in stored]
    )
    engine.dispose()
    page.goto(f"{live_server}/campaigns/{campaign.id}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign.id}/encounters/{started.encounter.id}")

    attack = page.locator("#commands").get_by_role("button", name="Roll at the table").first
    attack.click()
    roll = page.locator("#table-roll")
    expect(roll.get_by_label("Roll d20: Alice's attack")).to_be_focused()
    page.keyboard.press("Escape")  # cancel: nothing stored, the commands are back
    expect(roll).to_have_count(0)
    expect(page.locator("[data-table-version]")).to_have_attribute("data-table-version", "2")

    attack.click()
    page.get_by_role("button", name="d20 shows 20").click()
    expect(roll).to_have_count(0)
    _at_the_table(page, re.compile(r"^Dodge")).click()
    expect(roll.get_by_label("Roll d6: Alice's damage")).to_be_focused()
    page.get_by_role("button", name="d6 shows 4").click()
    expect(roll.get_by_label("Roll d20: Bob's dodge")).to_be_focused()
    screenshots.take(page, "table-roll-dodge", full_page=False, at=roll)
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(roll).to_have_count(0)
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("d6: Alice's damage 4")
    expect(outcome).to_contain_text("d20: Bob's dodge 3")
    screenshots.take(page, "table-roll-duel-outcome", full_page=False, at=outcome)


def test_a_command_keeps_the_page_where_the_gm_reads_and_shows_its_outcome(
    live_server: str, database_url: str, page: Any
) -> None:
    # A GM walk-through found Chromium leaving the page at its very bottom, on the log,
    # after every command, the outcome a screen or two above the window.
    from playwright.sync_api import expect

    campaign, secret, encounter = percentile_table(database_url)
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(f"{live_server}/campaigns/{campaign}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign}/encounters/{encounter}")
    start = page.get_by_role("button", name="Start the encounter: roll turn orders", exact=True)
    start.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    start.click()
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("Brenna's turn order (start): ")
    expect(outcome).to_be_in_viewport()
    bottom = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
    assert page.evaluate("window.scrollY") < bottom, "not left on the log at the bottom"
    assert abs(page.evaluate("window.scrollY") - before) < 700, "where the GM was reading"


def test_a_bad_damage_typed_into_the_follow_up_is_refused_beside_it(
    client: Any, database_url: str, live_server: str, page: Any, screenshots: Screenshots
) -> None:
    """A reaction's hit waits for the GM's damage beside the outcome ("Damage dealt ...
    [Deal it]"): a bad amount is told there, under the prompt answered, not in the GM
    tools' own Deal damage form further down; a good one is dealt."""
    from playwright.sync_api import expect

    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.services import access, settings

    from . import test_encounter_pages, test_table_roll_pages

    table = test_encounter_pages.table.__wrapped__(client)
    url, option = test_table_roll_pages._reaction(table)
    data = {"option": option, "expected_version": table.version(), "at_table": "1", "die": "5"}
    assert table.gm.post(url, data=data).status_code == 303  # a hit, waiting for its damage
    engine = settings.open_database(database_url)
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), table.campaign)
    engine.dispose()
    page.goto(f"{live_server}/campaigns/{table.campaign}?key={secret}")
    page.goto(f"{live_server}{table.url}")

    asked = page.get_by_label("Damage dealt to Demilio by Opportunity Attack?")
    asked.fill("lots")
    page.locator("#outcome").get_by_role("button", name="Deal it").click()
    error = page.locator("#outcome #follow-up-0-error")
    expect(error).to_contain_text("integer")
    screenshots.take(page, "follow-up-refused", full_page=False, at=page.locator("#outcome"))
    expect(page.get_by_label("Damage dealt to Demilio by Opportunity Attack?")).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page.locator("#gm-tools .error")).to_have_count(0)
    expect(page.locator("#gm-tools details[open]")).to_have_count(0)

    page.get_by_label("Damage dealt to Demilio by Opportunity Attack?").fill("4")
    page.locator("#outcome").get_by_role("button", name="Deal it").click()
    expect(page.locator("#card-demilio")).to_contain_text("12 / 16")
    expect(page.locator("#outcome .error")).to_have_count(0)
