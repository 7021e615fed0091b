"""Game night with the example duel, by clicks and keys only (issue 13's "Done when"): the
GM fills in Alice (Ann's) and Bob the NPC with the sheet form, Bob's hit points a sentinel;
Ann joins by her link; Alice's attack is rolled at the table die by die and Bob's block
too, a wait is undone by the "u" key, Ann answers Bob's blows in her own browser until
one falls; the campaign log and the table stay live on her page; then the GM exports the
campaign, deletes it and imports it whole. Ann's browser never receives Bob's hit points.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .browser import Screenshots
from .game_night_more import (
    Received,
    at_the_table,
    character_form,
    create_character,
    export_delete_import,
    invite,
    new_campaign,
    new_page,
    player_joins,
    player_opens_encounter,
    roll_die_by_die,
    start_encounter,
    tray_roll,
    undo_by_key,
)

BOB_HP = 947
"""Bob's hit points: hidden from Ann, and no other number at this table."""


def test_a_duel_game_night_by_clicks_and_keys(
    live_server: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    gm = new_page(browser)
    ann = new_page(browser)
    received = Received(ann)
    campaign = new_campaign(gm, live_server, "Duel night", "duel")
    join = invite(gm, "Ann Lee")

    form = character_form(gm, "Alice", player="Ann Lee")
    form.get_by_label("Side").fill("alice")
    form.get_by_label("Hit points").fill("2")
    form.get_by_label("Defense").fill("10")
    create_character(gm, form)
    form = character_form(gm, "Bob", kind="npc")
    form.get_by_label("Side").fill("bob")
    form.get_by_label("Hit points").fill(str(BOB_HP))
    form.get_by_label("Defense").fill("5")
    create_character(gm, form)
    start_encounter(gm, "Alice", "Bob")
    expect(gm.locator("#card-bob")).to_contain_text(f"HP {BOB_HP} / {BOB_HP}")

    player_joins(ann, join, "Ann Lee")
    player_opens_encounter(ann, campaign)
    bob = ann.locator("#card-bob")
    expect(bob).to_contain_text("standing")
    expect(bob).not_to_contain_text("HP")  # the card hides Bob's hit points from Ann
    expect(ann.locator("#card-alice")).to_contain_text("HP 2 / 2")

    # A wait, undone by the keyboard: the undo says what it undoes.
    gm.get_by_role("button", name="Alice: wait", exact=True).click()
    expect(gm.locator("#outcome")).to_contain_text("Last: Turn ended")
    # The duel has no words for a turn ended: its undo cannot say whose (issue 13's
    # "Undo says what it will undo"; the lead's to rule: DuelWords.event_sentence).
    undo_by_key(gm, "Turn ended")
    expect(gm.get_by_role("button", name="Alice: attack Bob", exact=True)).to_be_visible()

    # Alice's attack and Bob's block, rolled at the table die by die.
    at_the_table(gm, "Alice: attack Bob").click()
    assert roll_die_by_die(gm, {"attack": "17"}) == ["Roll d20: Alice's attack"]
    expect(ann.locator("#decision")).to_contain_text("Waiting for Bob to decide")
    at_the_table(gm, re.compile(r"^Block")).click()
    assert roll_die_by_die(gm, {"damage": "6"}) == ["Roll d6: Alice's damage"]
    expect(gm.locator("#card-bob")).to_contain_text(f"HP {BOB_HP - 3} / {BOB_HP}")
    expect(ann.locator("#log")).to_contain_text("Bob takes 3 damage")  # live on Ann's page

    tray_roll(gm, "1d20", "Bob's luck")
    expect(ann.locator("#campaign-log")).to_contain_text("Bob's luck", timeout=15_000)

    # Bob strikes until Alice falls; Ann answers each blow in her browser.
    for _ in range(12):
        if ann.get_by_text("Bob wins the duel").count():
            break
        faces = gm.get_by_label("Faces for the next command")
        faces.fill("20")
        gm.get_by_role("button", name="Bob: attack Alice", exact=True).click()
        decision = ann.locator("#decision")
        expect(decision).to_contain_text("Decision: Alice must choose")
        screenshots.take(ann, "duel-night-ann-decides", full_page=False, at=decision)
        decision.get_by_role("button", name=re.compile(r"^Block")).click()
        expect(ann.locator("#decision")).to_have_count(0)
        if not ann.get_by_text("Bob wins the duel").count():
            # Alice still stands: her turn passes.
            expect(gm.get_by_role("button", name="Alice: wait", exact=True)).to_be_visible()
            gm.get_by_role("button", name="Alice: wait", exact=True).click()
            expect(gm.get_by_role("button", name="Bob: attack Alice", exact=True)).to_be_visible()
    expect(ann.locator("#log")).to_contain_text("Bob wins the duel")
    expect(gm.locator("#log")).to_contain_text("Bob wins the duel")
    screenshots.take(ann, "duel-night-ann-over")
    expect(ann.locator("#card-bob")).not_to_contain_text("HP")
    received.assert_clean([BOB_HP, BOB_HP - 3])  # his hit points before and after

    version = gm.locator("[data-table-version]").get_attribute("data-table-version")
    imported = export_delete_import(gm, campaign, "Duel night", tmp_path)
    expect(gm.locator("#characters-heading + p + table")).to_contain_text("Alice")
    expect(gm.locator("table.characters")).to_contain_text("Bob")
    expect(gm.locator("#players")).to_contain_text("Ann Lee")
    gm.locator("#encounters-heading + ul a").first.click()
    expect(gm.locator("[data-table-version]")).to_have_attribute(
        "data-table-version", version or ""
    )
    expect(gm.locator("#log")).to_contain_text("Bob wins the duel")
    expect(gm.locator("#card-bob")).to_contain_text(f"/ {BOB_HP}")
    assert imported.startswith(live_server)
    screenshots.take(gm, "duel-night-imported")
