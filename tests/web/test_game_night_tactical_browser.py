"""Game night in tactical, by clicks and keys only (issue 13's "Done when"): the GM fills
in Brenna (Ann's) and Grask the NPC with the sheet form, every pool of Grask's a
sentinel; Ann joins by her link; Brenna's Defend is rolled at the table die by die, her
end of turn undone by the "u" key, Grask's hammer is aimed on the map and Ann
chooses Brenna's defense in her own browser until the heroes are out; the campaign log
and the table stay live on her page; then the GM exports the campaign, deletes it and
imports it whole. Ann's browser never receives Grask's pools.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .browser import Screenshots
from .game_night_more import (
    at_the_table,
    character_form,
    create_character,
    restored_whole,
    roll_die_by_die,
    seat_the_table,
    tactical_aim,
    tray_roll,
    undo_by_key,
)

GRASK_POOLS = {"poise": 877, "momentum": 863, "focus": 853}
GRASK_MAXIMUMS = {"poise": 911, "momentum": 919, "focus": 929}
"""Grask's pools and their maximums: the GM's alone (G-S-E6), and no other number here."""


def _square(form: Any, x: int, y: int) -> None:
    square = form.get_by_role("group", name="Square on the map")
    square.get_by_label("x", exact=True).fill(str(x))
    square.get_by_label("y", exact=True).fill(str(y))


def _make_the_cast(gm: Any) -> None:
    form = character_form(gm, "Brenna", player="Ann Lee")
    form.get_by_label("Side (required)").fill("heroes")
    _square(form, 1, 1)
    form.get_by_label("Cunning", exact=True).fill("3")
    form.get_by_label("Poise", exact=True).fill("1")
    form.get_by_label("Momentum", exact=True).fill("1")  # a blow taken fells her
    form.get_by_role("group", name="Fighting style: readied skills").get_by_label("Slash").check()
    form.get_by_label("Weapon in hand 1", exact=True).select_option("sword")
    create_character(gm, form)

    form = character_form(gm, "Grask", kind="npc")
    form.get_by_label("Side (required)").fill("goblins")
    _square(form, 2, 1)
    form.get_by_label("Brawn", exact=True).fill("3")
    for pool, value in GRASK_POOLS.items():
        form.get_by_label(pool.capitalize(), exact=True).fill(str(value))
        form.get_by_label(f"Maximum {pool}", exact=True).fill(str(GRASK_MAXIMUMS[pool]))
    style = form.get_by_role("group", name="Fighting style: readied skills")
    style.get_by_label("Hammer Blow", exact=True).check()
    form.get_by_role("group", name="Skills learned").get_by_label("Iron Skin").check()
    form.get_by_role("group", name="Vulnerable to").get_by_label("Fire", exact=True).check()
    form.get_by_label("Weapon in hand 1", exact=True).select_option("hammer")
    create_character(gm, form)


def test_a_tactical_game_night_by_clicks_and_keys(
    live_server: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    table = seat_the_table(
        browser, live_server, "Ford night", "tactical", _make_the_cast, "Brenna", "Grask"
    )
    gm, ann, received = table.gm, table.player, table.received
    expect(gm.locator("#card-grask")).to_contain_text("poise 877 / 911")
    screenshots.take(gm, "tactical-night-gm")

    grask = ann.locator("#card-grask")
    expect(grask).to_contain_text("standing")
    for hidden in ("poise", "momentum", "focus", "Hammer Blow", "Iron Skin", "Fire"):
        expect(grask).not_to_contain_text(hidden)  # the card keeps Grask's pools and skills
    expect(ann.locator("#card-brenna")).to_contain_text("momentum 1 / 1")
    screenshots.take(ann, "tactical-night-ann")

    # Brenna defends, her 2d8 rolled at the table die by die; her end of turn is undone
    # by the keyboard, then ended again.
    at_the_table(gm, "Brenna: Defend").click()
    asked = roll_die_by_die(gm, {"d8": "5"})
    assert asked, asked
    end_turn = gm.get_by_role("button", name="Brenna: end turn", exact=True)
    end_turn.click()
    expect(gm.locator("#tactical-heading")).to_contain_text("Grask's turn")
    undo_by_key(gm, "Brenna ends the turn")
    expect(gm.locator("#tactical-heading")).to_contain_text("Brenna's turn")
    end_turn.click()
    expect(ann.locator("#tactical-heading")).to_contain_text("Grask's turn")  # live

    tray_roll(gm, "1d20", "Grask's temper")
    expect(ann.locator("#campaign-log")).to_contain_text("Grask's temper", timeout=15_000)

    # Grask's hammer falls on Brenna; Ann chooses her defense in her own browser.
    tactical_aim(gm, "Hammer Blow", "brenna")
    decision = ann.locator("#decision")
    expect(decision).to_contain_text("Decision: Brenna must choose")
    screenshots.take(ann, "tactical-night-ann-decides", full_page=False, at=decision)
    decision.get_by_role("button", name="Yield: take the yield").click()
    expect(decision).to_have_count(0)
    expect(ann.locator("#log")).to_contain_text("Brenna is defeated")  # live on Ann's page
    expect(ann.locator("#log")).to_contain_text("The fight is over: goblins")
    expect(ann.locator("#tactical-heading")).to_contain_text("over: goblins left standing")
    expect(ann.locator("section#tactical")).not_to_contain_text("acting:")  # nobody acts now
    screenshots.take(ann, "tactical-night-ann-over")
    for hidden in ("poise", "momentum", "focus"):
        expect(ann.locator("#card-grask")).not_to_contain_text(hidden)
    received.assert_clean([*GRASK_POOLS.values(), *GRASK_MAXIMUMS.values()])

    restored_whole(table, tmp_path, "The fight is over: goblins")
    expect(gm.locator("#card-grask")).to_contain_text("poise 877 / 911")
