"""Game night in fractal, by clicks and keys only (issue 13's "Done when"): the GM fills
in Brenna (Ann's) and Corvo the NPC with the sheet form, Corvo's armor a sentinel and
his stat dice, Rank and tool the GM's; Ann joins by her link; the GM opens a Micro combat
conflict with the GM tools' form, rolls a turn at the table die by die, undoes a command
by the "u" key, and Ann answers Corvo's attacks in her own browser until a side is out;
the campaign log and the table stay live on her page; then the GM exports the campaign,
deletes it and imports it whole. Ann's browser never receives Corvo's armor.
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

CORVO_ARMOR = 947
"""Corvo's armor: the GM's alone (G-F-E10), and no other number at this table."""

STATS = ("Body", "People", "Words", "Logic", "Nature", "Meditation", "Visual", "Auditory")


def _make_the_cast(gm: Any) -> None:
    form = character_form(gm, "Brenna", player="Ann Lee")
    form.get_by_label("Side (required)").fill("party")
    for stat in STATS:
        form.get_by_label(stat, exact=True).select_option(label="d6")
    form.get_by_label("Skill or tree 1", exact=True).select_option(label="Combat (tree)")
    form.get_by_label("Rank of skill or tree 1", exact=True).fill("1")
    form.get_by_label("Tool in hand 1", exact=True).select_option(label="Longsword (weapon)")
    create_character(gm, form)

    form = character_form(gm, "Corvo", kind="npc")
    form.get_by_label("Side (required)").fill("foes")
    form.get_by_label("Built as").select_option("npc")
    form.get_by_label("Body", exact=True).select_option(label="d12")
    form.get_by_label("Visual", exact=True).select_option(label="d10")
    form.get_by_label("Skill or tree 1", exact=True).select_option(label="Combat (tree)")
    form.get_by_label("Rank of skill or tree 1", exact=True).fill("5")
    form.get_by_label("Armor", exact=True).fill(str(CORVO_ARMOR))
    form.get_by_label("Tool in hand 1", exact=True).select_option(label="Buckler (shield)")
    create_character(gm, form)


def test_a_fractal_game_night_by_clicks_and_keys(
    live_server: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    table = seat_the_table(
        browser, live_server, "Wood night", "fractal", _make_the_cast, "Brenna", "Corvo"
    )
    gm, ann, received = table.gm, table.player, table.received
    screenshots.take(gm, "fractal-night-gm")

    corvo = ann.locator("#card-corvo")
    expect(corvo).to_be_visible()
    for hidden in ("d12", "d10", "Buckler", "AP", "Armor"):
        expect(corvo).not_to_contain_text(hidden)  # the card keeps Corvo's numbers
    screenshots.take(ann, "fractal-night-ann")

    tools = gm.locator("details.gm-form", has=gm.locator("summary", has_text="Open a conflict"))
    tools.locator("summary").click()
    tools.get_by_label("Id (required)").fill("brawl")
    tools.get_by_label("Level (required)").select_option("micro")
    tools.get_by_label("Tree (required)").select_option("combat")
    tools.get_by_label("Characters", exact=True).fill("brenna, corvo")
    tools.get_by_role("button", name="Open a conflict", exact=True).click()
    expect(gm.locator("#outcome")).to_contain_text("Micro combat conflict brawl opens")
    expect(ann.locator("#log")).to_contain_text("Micro combat conflict brawl opens")  # live
    screenshots.take(ann, "fractal-night-ann-open")

    # Brenna's turn: an end of turn undone by the keyboard; her Maneuvers rolled at the
    # table die by die; then her turn ends.
    end_turn = gm.get_by_role("button", name="Brenna: end the turn", exact=True).first
    end_turn.click()
    expect(gm.locator("#outcome")).to_contain_text("Corvo's turn")
    undo_by_key(gm, re.compile("^Undo: Brenna"))
    at_the_table(gm, re.compile(r"^Brenna: Maneuvers")).first.click()
    assert roll_die_by_die(gm, {"d6": "5"})
    gm.get_by_role("button", name="Brenna: end the turn", exact=True).first.click()

    tray_roll(gm, "1d20", "Corvo's temper")
    expect(ann.locator("#campaign-log")).to_contain_text("Corvo's temper", timeout=15_000)

    # Corvo attacks until a side is out; Ann answers each attack in her own browser.
    over = gm.locator("#log").get_by_text("Conflict brawl ends")
    rounds = 0
    while rounds < 15 and not over.count():
        rounds += 1
        gm.get_by_role("button", name=re.compile(r"^Corvo: Melee on Brenna")).first.click()
        decision = ann.locator("#decision")
        expect(decision).to_contain_text("Decision: Brenna must choose")
        if rounds == 1:
            screenshots.take(ann, "fractal-night-ann-decides", full_page=False, at=decision)
        decision.get_by_role("button").first.click()
        expect(decision).to_have_count(0)
        caught_up(gm, ann)
        if over.count():
            break
        gm.get_by_role("button", name="Corvo: end the turn", exact=True).first.click()
        gm.get_by_role("button", name="Brenna: end the turn", exact=True).first.click()
    expect(ann.locator("#log")).to_contain_text("Conflict brawl ends: foes prevail")
    expect(ann.locator("#log")).to_contain_text("Brenna falls to the wounds")
    screenshots.take(ann, "fractal-night-ann-over")
    for hidden in ("d12", "d10", "Buckler", "AP", "Armor"):
        expect(ann.locator("#card-corvo")).not_to_contain_text(hidden)
    received.assert_clean([CORVO_ARMOR])

    restored_whole(table, tmp_path, "Conflict brawl ends: foes prevail")
    gm.locator("#card-corvo details.sheet > summary").first.click()
    expect(gm.locator("#card-corvo")).to_contain_text(str(CORVO_ARMOR))
