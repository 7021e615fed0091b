"""Game night in realtime, in a real browser, by clicks and keys only (issue 13's "Done
when"): the GM opens the demo campaign "Bleeding out", invites Ann, makes her character
Brom and the NPC Vexa with the sheet form (Vexa's hidden fields all sentinels), starts an
encounter of everyone; Ann joins in her own browser. Aliena's heal of Calliope is rolled
at the table die by die, Ann answers Brom's Opportunity Attack herself, the GM undoes by
key, plays on until Balthazar bleeds out, and exports, deletes and re-imports the
campaign, whole. No byte Ann's browser receives holds a sentinel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import settings
from tablekeeper.services.demo_campaigns import ensure_demo_campaigns

from .browser import Screenshots
from .game_night import (
    create_character,
    export_delete_import,
    gm_tool,
    hidden_from_the_player,
    invite,
    join,
    new_character,
    next_to,
    open_table,
    roll_at_the_table,
    start_encounter,
    undo_by_key,
    whole,
    whole_number,
    word,
)

SENTINELS = (  # Vexa's hidden fields: values no die, clock or count of this test reaches
    whole_number("HP now", 613),
    whole_number("maximum HP", 617),
    # The card's label, its A.P. marked <abbr title="Action Points"> (web/abbreviations.py)
    next_to("A.P. per second", r"(?:A\.P\.(?:</abbr>)? per second|ap_per_second)", 97),
    whole_number("melee reach", 311),
    whole_number("reaction cooldown modifier", 347),
    next_to("Melee", "melee", 38),
    word("a characteristic of her own", "Zythomancy"),
    whole_number("Zythomancy", 39),
    word("an injury", "Amputated (Left Arm)"),
    whole_number("the GM's secret roll", 863),
    word("what the secret roll was for", "Vexa's hidden knife"),
)


def _demo(database_url: str) -> tuple[str, str]:
    """The demo campaigns, as ``tablekeeper console`` makes them: realtime's id and GM key."""
    engine = settings.open_database(database_url)
    made = {
        c.ruleset: (c.id, key) for c, key in ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    }
    engine.dispose()
    return made["realtime"]


def _make_brom(gm: Any, campaign: str) -> None:
    form = new_character(gm, campaign, "Brom", player="Ann Lee")
    form.get_by_label("Side (required)").fill("party")
    form.get_by_label("Hit Points (HP) now").fill("20")
    square = form.locator("fieldset", has_text="Square on the map")
    square.get_by_label("x", exact=True).fill("1")
    square.get_by_label("y", exact=True).fill("2")
    form.get_by_label("Characteristic 1", exact=True).select_option(label="Melee")
    form.get_by_label("Value of characteristic 1", exact=True).fill("12")
    create_character(gm, form, "Brom")


def _make_vexa(gm: Any, campaign: str) -> None:
    form = new_character(gm, campaign, "Vexa", npc=True)
    form.get_by_label("Side (required)").fill("foes")
    form.get_by_label("Hit Points (HP) now").fill("613")
    square = form.locator("fieldset", has_text="Square on the map")
    square.get_by_label("x", exact=True).fill("9")
    square.get_by_label("y", exact=True).fill("9")
    form.get_by_label("Maximum HP").fill("617")
    form.get_by_label("A.P. charged each second").fill("97")
    form.get_by_label("Melee reach (squares)").fill("311")
    form.get_by_label("Reaction cooldown modifier (seconds)").fill("347")
    form.get_by_label("Characteristic 1", exact=True).select_option(label="Melee")
    form.get_by_label("Value of characteristic 1", exact=True).fill("38")
    form.get_by_label("or another characteristic 2", exact=True).fill("Zythomancy")
    form.get_by_label("Value of characteristic 2", exact=True).fill("39")
    form.get_by_label("Amputated (Left Arm)", exact=True).check()
    create_character(gm, form, "Vexa")


def test_a_realtime_game_night_by_clicks_and_keys(
    live_server: str, database_url: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    campaign_id, key = _demo(database_url)
    night = open_table(browser)
    gm, ann, received = night.gm, night.player, night.received

    campaign = f"{live_server}/campaigns/{campaign_id}"
    gm.goto(f"{campaign}?key={key}", timeout=30_000)
    link = invite(gm, "Ann Lee")
    _make_brom(gm, campaign)
    _make_vexa(gm, campaign)
    join(ann, link, "Ann Lee")
    everyone = ("Aliena", "Calliope", "Demilio", "Balthazar", "Brom", "Vexa")
    table = start_encounter(gm, campaign, everyone)
    ann.goto(campaign)
    ann.locator("section[aria-labelledby=encounters-heading] a").last.click()
    expect(ann.locator("#card-brom")).to_be_visible()

    # The cards hide what the sentinels are: the GM sees them, Ann does not.
    hidden_from_the_player(night, "vexa", "HP 613 / 617", SENTINELS, "Vexa's hidden knife")

    # Aliena heals Calliope, rolled at the table die by die.
    heal = gm_tool(gm, "Heal")
    heal.get_by_label("Creature").select_option(label="Calliope")
    heal.get_by_label("Amount (required)").fill("4")
    labels = roll_at_the_table(
        gm, heal.get_by_role("button", name="Roll at the table"), lambda label: "21"
    )
    assert labels == ["Roll d100: Calliope's critical injury"]
    screenshots.take(gm, "realtime-night-healed", full_page=False, at=gm.locator("#commands"))

    # Demilio steps away from Brom: Ann decides Brom's Opportunity Attack in her browser.
    gm.get_by_role("button", name="Move Demilio to (-1, 1)", exact=True).click()
    expect(gm.locator("#outcome")).to_contain_text("Demilio starts charging Move")
    gm.get_by_role("button", name="Step one second").click()
    expect(gm.locator("#decision")).to_contain_text("Brom must choose")
    decision = ann.locator("#decision")
    expect(decision).to_contain_text("Brom must choose")
    screenshots.take(ann, "realtime-night-ann-decides", full_page=False, at=decision)
    decision.locator("form").first.get_by_role("button").first.click()
    expect(gm.locator("#decision")).to_have_count(0)

    # A command, then undone by its key: the button said what it would undo.
    gm.get_by_role("button", name="Move Aliena to (1, 0)", exact=True).click()
    expect(gm.locator("#outcome")).to_contain_text("Aliena starts charging Move")
    assert undo_by_key(gm).startswith("Aliena starts charging Move")
    expect(gm.get_by_role("button", name="Aliena: give up Move")).to_have_count(0)

    # The campaign log is live on Ann's page: the GM's public roll reached it by itself.
    expect(ann.locator("#campaign-log")).to_contain_text("Ambush check")

    # Play on: Balthazar bleeds out (175 s at negative HP).
    play = gm_tool(gm, "Play several seconds")
    play.get_by_label("Seconds").fill("180")
    play.get_by_role("button", name="Play several seconds").click()
    expect(gm.locator("#card-balthazar")).to_have_attribute("data-life", "dead")
    expect(ann.locator("#card-balthazar")).to_have_attribute("data-life", "dead")
    screenshots.take(ann, "realtime-night-ann-end", full_page=False)

    before = whole(gm, campaign)
    restored = export_delete_import(gm, live_server, campaign, tmp_path)
    assert restored == campaign
    assert whole(gm, restored) == before
    gm.goto(table)
    expect(gm.locator("#card-balthazar")).to_have_attribute("data-life", "dead")

    assert ann.request.get(f"{campaign}/export").status in (401, 403)
    assert received.frames() > 0
    assert received.leaks([word("what Ann may see", "Brom")]), "the record misses the pages"
    assert received.leaks(SENTINELS) == []
    night.close()
