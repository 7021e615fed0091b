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
    at_the_table,
    caught_up,
    character_form,
    create_character,
    restored_whole,
    roll_die_by_die,
    seat_the_table,
    tray_roll,
    undo_by_key,
)

BOB_HP = 947
"""Bob's hit points: hidden from Ann, and no other number at this table."""


def _make_the_cast(gm: Any) -> None:
    form = character_form(gm, "Alice", player="Ann Lee")
    form.get_by_label("Side").fill("alice")
    form.get_by_label("Hit points").fill("1")
    form.get_by_label("Defense").fill("10")
    create_character(gm, form)
    form = character_form(gm, "Bob", kind="npc")
    form.get_by_label("Side").fill("bob")
    form.get_by_label("Hit points").fill(str(BOB_HP))
    form.get_by_label("Defense").fill("5")
    create_character(gm, form)


def test_a_duel_game_night_by_clicks_and_keys(
    live_server: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    table = seat_the_table(
        browser, live_server, "Duel night", "duel", _make_the_cast, "Alice", "Bob"
    )
    gm, ann, received = table.gm, table.player, table.received
    expect(gm.locator("#card-bob")).to_contain_text(f"HP {BOB_HP} / {BOB_HP}")
    bob = ann.locator("#card-bob")
    expect(bob).to_contain_text("standing")
    expect(bob).not_to_contain_text("HP")  # the card hides Bob's hit points from Ann
    expect(ann.locator("#card-alice")).to_contain_text("HP 1 / 1")

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
        caught_up(gm, ann)
        if not ann.get_by_text("Bob wins the duel").count():  # Alice blocked it all: she waits
            gm.get_by_role("button", name="Alice: wait", exact=True).click()
            expect(gm.get_by_role("button", name="Bob: attack Alice", exact=True)).to_be_visible()
    expect(ann.locator("#log")).to_contain_text("Bob wins the duel")
    expect(gm.locator("#log")).to_contain_text("Bob wins the duel")
    screenshots.take(ann, "duel-night-ann-over")
    expect(ann.locator("#card-bob")).not_to_contain_text("HP")
    received.assert_clean([BOB_HP, BOB_HP - 3])  # his hit points before and after

    restored_whole(table, tmp_path, "Bob wins the duel")
    expect(gm.locator("#card-bob")).to_contain_text(f"HP {BOB_HP - 3} / {BOB_HP}")
    screenshots.take(gm, "duel-night-imported")
