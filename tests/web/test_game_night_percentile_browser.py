"""Game night in percentile, in a real browser, by clicks and keys only (issue 13's "Done
when"): from the home page the GM makes a campaign, invites Ann, makes her character Tam
and the NPC Grask with the sheet form (Grask's hidden fields all sentinels), starts their
encounter; Ann joins in her own browser. The turn orders are rolled at the table die by
die, Ann answers Grask's attack on Tam herself, the GM undoes by key, Grask falls and the
encounter is over; the GM exports, deletes and re-imports the campaign, whole. No byte
Ann's browser receives holds a sentinel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .browser import Screenshots
from .game_night import (
    create_campaign,
    create_character,
    export_delete_import,
    gm_tool,
    hidden_from_the_player,
    invite,
    join,
    new_character,
    open_table,
    roll_at_the_table,
    start_encounter,
    undo_by_key,
    whole,
    whole_number,
    word,
)

CHARACTERISTICS = {
    "STR": 181,
    "CON": 182,
    "SIZ": 183,
    "DEX": 184,
    "INT": 185,
    "POW": 186,
    "CHA": 187,
}
SENTINELS = (  # Grask's hidden fields: values no d100, count or clock of this test reaches
    whole_number("hit points", 7301),
    whole_number("hit points now", 7299),
    whole_number("MOV", 613),
    whole_number("Magic Points", 8807),
    whole_number("Determination Points", 6113),
    *(whole_number(key, value) for key, value in CHARACTERISTICS.items()),
    whole_number("Sword skill", 387),
    whole_number("Dodge skill", 413),
    word("a skill of his own", "Zythomancy"),
    whole_number("Zythomancy", 431),
    whole_number("the GM's secret roll", 863),
    word("what the secret roll was for", "Grask's hidden knife"),
)


def _make_tam(gm: Any, campaign: str) -> None:
    form = new_character(gm, campaign, "Tam", player="Ann Lee")
    form.get_by_label("Side (required)").fill("travellers")
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
    create_character(gm, form, "Tam")


def _make_grask(gm: Any, campaign: str) -> None:
    form = new_character(gm, campaign, "Grask", npc=True)
    form.get_by_label("Side (required)").fill("bandits")
    form.get_by_label("Stat block (required)").fill("Grask")
    form.get_by_label("Hit points (required)").fill("7301")
    form.get_by_label("Hit points now").fill("7299")
    form.get_by_label("MOV (required)").fill("613")
    form.get_by_label("Magic Points").fill("8807")
    form.get_by_label("Determination Points (DP)").fill("6113")
    for key, value in CHARACTERISTICS.items():
        form.locator(f"#f-sheet-stats-characteristics-{key}").fill(str(value))
    for row, (skill, value) in enumerate((("Sword", 387), ("Dodge", 413))):
        form.get_by_label(f"Skill {row + 1}", exact=True).select_option(skill)
        form.get_by_label(f"Percent of skill {row + 1}", exact=True).fill(str(value))
    form.get_by_label("or another skill 3", exact=True).fill("Zythomancy")
    form.get_by_label("Percent of skill 3", exact=True).fill("431")
    form.get_by_label("Weapon 1", exact=True).select_option(
        label="sword: 1d8 + 1 slashing, medium reach, 12 HP (Sword)"
    )
    create_character(gm, form, "Grask")


def test_a_percentile_game_night_by_clicks_and_keys(
    live_server: str, browser: Any, tmp_path: Path, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    night = open_table(browser)
    gm, ann, received = night.gm, night.player, night.received

    campaign = create_campaign(gm, live_server, "Ford night", "percentile")
    link = invite(gm, "Ann Lee")
    _make_tam(gm, campaign)
    _make_grask(gm, campaign)
    join(ann, link, "Ann Lee")
    table = start_encounter(gm, campaign, ("Tam", "Grask"))
    ann.goto(campaign)
    ann.locator("section[aria-labelledby=encounters-heading] a").last.click()
    expect(ann.locator("#card-tam")).to_contain_text("HP 15 / 15")

    # The cards hide what the sentinels are: the GM sees them, Ann does not.
    hidden_from_the_player(night, "grask", "HP 7299 / 7301", SENTINELS, "Grask's hidden knife")

    # Grask rolls in secret (a roll mode on his card).
    card = gm.locator("#card-grask")
    card.get_by_label("Grask's rolls are seen by").select_option(
        label="The GM only (a secret roll)"
    )
    card.get_by_role("button", name="Keep who sees Grask's rolls").click()
    expect(gm.locator("#card-grask")).to_contain_text("rolls in secret")

    # The turn orders, rolled at the table die by die.
    start = gm.get_by_role("button", name="Start the encounter: roll turn orders", exact=True)
    labels = roll_at_the_table(
        gm,
        gm.locator("form", has=start).get_by_role("button", name="Roll at the table"),
        lambda label: "7",
    )
    assert labels == ["Roll d10: Tam's turn order", "Roll d10: Grask's turn order"]
    screenshots.take(gm, "percentile-night-started", full_page=False, at=gm.locator("#commands"))

    # They close to melee by the GM's ruling, each combatant picked from the table.
    engage = gm_tool(gm, "Rule two combatants engaged")
    engage.get_by_label("One combatant").select_option(label="Grask")
    engage.get_by_label("The other").select_option(label="Tam")
    engage.get_by_label("Distance").select_option("medium")
    engage.get_by_role("button", name="Rule two combatants engaged").click()
    expect(gm.locator("#log")).to_contain_text("engaged")
    # Undone by its key, the button saying what it would undo, then redone.
    undone = undo_by_key(gm)
    assert "engaged" in undone, undone
    assert "Grask" in undone, undone
    expect(gm.locator("#gm-tools")).not_to_contain_text(f"Undo: {undone}")
    gm.get_by_role("button", name=f"Redo: {undone}", exact=True).click()  # says what
    expect(gm.locator("#gm-tools")).to_contain_text(f"Undo: {undone}")
    # Grask attacks Tam, rolled at the table too (90: a success, not a critical, at 387%):
    # Ann chooses Tam's defence in her browser.
    attack = gm.get_by_role("button", name="Grask: attack Tam", exact=True)
    asked = roll_at_the_table(
        gm,
        gm.locator("form", has=attack).get_by_role("button", name="Roll at the table"),
        lambda label: "90" if label.startswith("Roll d100") else "1",
    )
    assert asked == ["Roll d100: Grask's attack"]
    decision = ann.locator("#decision")
    expect(decision).to_contain_text("Tam must choose")
    screenshots.take(ann, "percentile-night-ann-decides", full_page=False, at=decision)
    decision.locator("form").first.get_by_role("button").first.click()
    expect(ann.locator("#decision")).to_have_count(0)
    expect(gm.locator("#decision")).to_have_count(0)

    # The campaign log is live on Ann's page: the GM's public roll reached it by itself.
    expect(ann.locator("#campaign-log")).to_contain_text("Ambush check")

    # Grask falls to the GM's ruling: the encounter is over, the travellers stand.
    damage = gm_tool(gm, "Deal damage by ruling")
    damage.get_by_label("Combatant").select_option(label="Grask")
    damage.get_by_label("Amount (required)").fill("9000")
    damage.get_by_role("button", name="Deal damage by ruling").click()
    expect(gm.locator("#table .over").first).to_contain_text("side travellers wins")
    expect(ann.locator("#table .over").first).to_contain_text("side travellers wins")
    screenshots.take(ann, "percentile-night-ann-end", full_page=False)

    before = whole(gm, campaign)
    restored = export_delete_import(gm, live_server, campaign, tmp_path)
    assert restored == campaign
    assert whole(gm, restored) == before
    gm.goto(table)
    expect(gm.locator("#table .over").first).to_contain_text("side travellers wins")

    assert ann.request.get(f"{campaign}/export").status in (401, 403)
    assert received.frames() > 0
    assert received.leaks([word("what Ann may see", "Tam")]), "the record misses the pages"
    leaks = received.leaks(SENTINELS)
    print("\n".join(leaks))
    assert leaks == []
    night.close()
