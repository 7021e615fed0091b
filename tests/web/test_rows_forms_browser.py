"""The GM forms' rows in a real browser (see conftest.py): on the percentile demo's table
the GM starts a social encounter with its two parties and a turn modifier, and on the
fractal demo's table opens a conflict with its seats and a scene element, by clicks and
keys only ("Add a row" and "Remove" are the sheet forms' script), then plays a command of
each. No JSON is typed. Screenshots are saved."""

from __future__ import annotations

from typing import Any

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import demo_campaigns, encounters
from tablekeeper.services.settings import open_database

from .browser import Screenshots


def _table(live_server: str, database_url: str, page: Any, ruleset: str) -> tuple[Any, str]:
    """The GM of a demo scenario's encounter at its table: the engine and encounter id."""
    engine = open_database(database_url)
    name = demo_campaigns.demo_scenarios()[ruleset]
    campaign, secret = demo_campaigns.scenario_campaign(
        lambda: SqlUnitOfWork(engine), ruleset, name
    )
    encounter = demo_campaigns.demo_encounter(SqlUnitOfWork(engine), campaign.id)
    assert encounter is not None
    page.goto(f"{live_server}/campaigns/{campaign.id}?key={secret}", timeout=30_000)
    page.goto(f"{live_server}/campaigns/{campaign.id}/encounters/{encounter}")
    return engine, encounter


def _state(engine: Any, encounter: str) -> dict[str, Any]:
    found: dict[str, Any] = encounters.load_encounter(
        SqlUnitOfWork(engine), encounter
    ).state.model_dump(mode="json")
    return found


def _play_a_command(page: Any) -> None:
    """Click the first command button, and see the log take it."""
    from playwright.sync_api import expect

    entries = page.locator("#log .log-entry")
    before = entries.count()
    page.locator("#commands .command-list button[type=submit]").first.click()
    expect(entries).to_have_count(before + 1)


def test_the_gm_starts_a_social_encounter_by_its_rows(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    engine, encounter = _table(live_server, database_url, page, "percentile")
    page.locator("summary", has_text="Start a social encounter").click()
    form = page.locator("details.gm-form[open] form")
    parties = form.locator("fieldset.form-rows", has_text="Parties")
    expect(parties.locator(".sheet-row")).to_have_count(1)
    parties.get_by_label("Side").first.click()
    page.keyboard.type("travellers")
    parties.get_by_label("Goal", exact=False).first.fill("cross the ford unharmed")
    parties.get_by_role("button", name="Add a row").click()
    expect(parties.locator(".sheet-row")).to_have_count(2)
    second = parties.locator(".sheet-row").nth(1)
    expect(second.get_by_label("Side")).to_be_focused()  # the new row takes the keys
    page.keyboard.type("ambushers")
    second.get_by_label("The goal is").select_option("difficult")
    second.get_by_label("Recent events").fill("10")
    parties.get_by_role("button", name="Add a row").click()
    expect(parties.locator(".sheet-row")).to_have_count(2)  # the rules' two parties at most
    modifiers = form.locator("fieldset.form-rows", has_text="Turn order modifiers")
    modifiers.get_by_label("Character").select_option("oswin")
    modifiers.get_by_role("spinbutton", name="Modifier").fill("10")
    screenshots.take(page, "social-parties", full_page=False, at=form)
    before = page.locator("#log .log-entry").count()
    form.get_by_role("button", name="Start a social encounter").click()
    expect(page.locator("#log .log-entry")).to_have_count(before + 1)
    social = _state(engine, encounter)["social"]
    assert [party["side"] for party in social["parties"]] == ["travellers", "ambushers"]
    assert social["parties"][1]["goal"] == ""
    _play_a_command(page)
    screenshots.take(page, "social-started")


def test_the_gm_opens_a_conflict_by_its_seats_and_plays_it(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    engine, encounter = _table(live_server, database_url, page, "fractal")
    page.locator("summary", has_text="Open a conflict").click()
    form = page.locator("details.gm-form[open] form")
    form.get_by_label("Conflict id").fill("ford")
    form.get_by_label("Level").select_option("micro")
    form.get_by_label("Skill tree").select_option("combat")
    seats = form.locator("fieldset.form-rows", has_text="Seats")
    seats.get_by_label("Character").select_option("brenna")
    for who in ("ilse", "chief"):
        seats.get_by_role("button", name="Add a row").click()
        seats.locator(".sheet-row").last.get_by_label("Character").select_option(who)
    seats.get_by_role("button", name="Add a row").click()
    expect(seats.locator(".sheet-row")).to_have_count(4)
    seats.get_by_role("button", name="Remove seats 4").click()  # a row taken away
    expect(seats.locator(".sheet-row")).to_have_count(3)
    elements = form.locator("fieldset.form-rows", has_text="Scene elements")
    elements.get_by_role("combobox", name="Element").select_option("obscured")
    elements.get_by_role("spinbutton", name="Severity").click()
    page.keyboard.type("9")  # beyond the rules' 4: refused next to its input, kept
    form.get_by_role("button", name="Open a conflict").click()
    severity = page.locator("details.gm-form[open] fieldset.form-rows").filter(
        has_text="Scene elements"
    )
    expect(severity.locator("p.error")).to_contain_text("4")
    expect(severity.get_by_role("spinbutton", name="Severity").first).to_have_value("9")
    screenshots.take(page, "open-conflict-refused", full_page=False, at=severity)
    severity.get_by_role("spinbutton", name="Severity").first.fill("2")
    before = page.locator("#log .log-entry").count()
    page.locator("details.gm-form[open] form").get_by_role("button", name="Open a conflict").click()
    expect(page.locator("#log .log-entry")).to_have_count(before + 1)
    conflict = _state(engine, encounter)["conflicts"]["ford"]
    assert list(conflict["participants"]) == ["brenna", "ilse", "chief"]
    assert [element["element"] for element in conflict["scene_elements"]] == ["obscured"]
    _play_a_command(page)
    screenshots.take(page, "conflict-open")
