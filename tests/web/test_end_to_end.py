"""A whole session in a real browser (see conftest.py): a GM and a player at the table.

Each test is one walk from the campaigns page to the end of an encounter, with real
clicks and typing only (the database is read once at the end, to check what was
written). The GM's page and the player's (a second browser context, joined through the
link the GM gave) are open side by side: whatever the GM does reaches the player's page
live, over the WebSocket, without a reload; and the player's page never holds the NPC's
hidden numbers (sentinels found nowhere else) nor the GM's tools.

Screenshots of each main page are saved (``TABLEKEEPER_SCREENSHOTS=dir`` copies them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import logs, settings
from tablekeeper.services.access import GM_VIEWER

from .browser import Screenshots

LIVE_MS = 4_000
"""How long a page may take to show an event committed elsewhere (the live update)."""

SENTINEL = 98761
"""The realtime NPC's characteristic: only the GM may ever read it."""

NPC_HP = 737
"""The NPCs' hit points, found nowhere else on a page."""

LORE = 987
"""The percentile NPC's secret skill."""

CHARACTERISTICS = {"STR": 13, "CON": 12, "SIZ": 13, "DEX": 14, "INT": 13, "POW": 12, "CHA": 11}
SWORD_LABEL = "broadsword: 1d8 + 1 slashing, medium reach, 12 HP (Sword)"
"""The broadsword of the percentile weapon picker (data/weapons.yaml)."""


SETTLED = """
() => {
  const table = document.querySelector("#table");
  const shown = document.querySelector("[data-table-version]");
  if (!table || !shown || document.querySelector(".htmx-request")) return false;
  if (table.hasAttribute("data-live-pending")) return false;
  return Number(table.getAttribute("data-live-version"))
    === Number(shown.getAttribute("data-table-version"));
}
"""
"""True once the table shows what the live connection last announced and no re-fetch
waits for its frame or its answer (live.js)."""


def seat(context: Any) -> Any:
    """A page of ``context``: its first, or a new one."""
    return context.pages[0] if context.pages else context.new_page()


@pytest.fixture
def player_page(browser: Any) -> Iterator[Any]:
    """A second browser context (its own cookies, so its own seat at the table)."""
    context = browser.new_context(viewport={"width": 820, "height": 1100})
    context.set_default_timeout(10_000)
    yield seat(context)
    context.close()


def create_campaign(page: Any, live_server: str, name: str, ruleset: str) -> str:
    """The GM creates a campaign on the home page and follows its GM link; its id."""
    from playwright.sync_api import expect

    page.goto(f"{live_server}/")
    page.get_by_label("Name", exact=False).first.fill(name)
    page.get_by_label("Ruleset").select_option(ruleset)
    expect(page.locator("#campaign-options legend")).to_have_text(f"Options of {ruleset}")
    page.get_by_role("button", name="Create the campaign").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{name} is ready")
    gm_link = page.get_by_label("GM link", exact=True).input_value()
    page.goto(gm_link)
    expect(page.get_by_text("You are the GM.")).to_be_visible()
    found = re.search(r"/campaigns/([^/?#]+)", page.url)
    assert found, page.url
    return found.group(1)


def add_player(page: Any, name: str) -> str:
    """The GM adds a player on the campaign page; the join link shown once."""
    from playwright.sync_api import expect

    page.get_by_label("Player's name").fill(name)
    page.get_by_role("button", name="Add a player").click()
    link = page.locator("#join-link")
    expect(link).to_be_visible()
    value: str = link.input_value()
    assert "/join/" in value
    return value


def fill_character(page: Any, id: str, name: str, *, player: str | None) -> Any:
    """Open the character form and fill the part every ruleset shares; the form."""
    page.get_by_role("link", name="Add or import characters").click()
    form = page.locator("#character-form")
    form.get_by_label("Id", exact=True).fill(id)
    form.get_by_label("Name (required)").first.fill(name)
    if player:
        form.get_by_label("Player character").check()
        form.get_by_label("Player", exact=True).select_option(label=player)
    else:
        form.get_by_label("NPC").check()
    return form


def create_character(page: Any, form: Any, name: str) -> None:
    """Submit the character form; the campaign page lists the character."""
    from playwright.sync_api import expect

    form.get_by_role("button", name="Create the character").click()
    expect(page.get_by_role("heading", name="Characters", exact=True)).to_be_visible()
    expect(page.locator("table.characters")).to_contain_text(name)


def start_encounter(page: Any, *names: str) -> str:
    """The GM checks ``names`` and starts an encounter; its page's URL."""
    from playwright.sync_api import expect

    for name in names:
        page.get_by_label(f"Bring {name}").check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()
    expect(page.locator("#table")).to_be_visible()
    url: str = page.url
    assert "/encounters/" in url
    return url


def join(player: Any, link: str, who: str) -> None:
    """The player follows the join link and opens the encounter from the campaign page."""
    from playwright.sync_api import expect

    player.goto(link)
    expect(player.get_by_text(f"You play as {who}.")).to_be_visible()
    player.get_by_role("link", name=re.compile(r"^Encounter ")).click()
    expect(player.locator("#table")).to_be_visible()


def gm_form(page: Any, title: str) -> Any:
    """The GM command form titled ``title``, opened."""
    details = page.locator("details.gm-form", has=page.locator("summary", has_text=title))
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return details.locator("form")


def settled(page: Any) -> None:
    """Wait until the page shows the newest version its live connection has heard of, and
    the re-fetch that news caused (if any) is swapped in: nothing will then replace the
    table under a form being filled, nor offer a button of an older version."""
    page.wait_for_function(SETTLED)


def hidden_from(content: str, *numbers: int) -> None:
    """None of ``numbers`` appears in ``content`` as a number of its own."""
    for number in numbers:
        assert not re.search(rf"(?<![\w.-]){number}(?![\w.])", content), number


def log_kinds(database_url: str, encounter_url: str) -> list[str]:
    """The encounter's log, as the GM reads it from the database: each record's kind."""
    encounter_id = encounter_url.rstrip("/").rsplit("/", 1)[1]
    engine = settings.open_database(database_url)
    try:
        records = logs.encounter_log(SqlUnitOfWork(engine), encounter_id, viewer=GM_VIEWER)
    finally:
        engine.dispose()
    return [getattr(record, "kind", "undo") for record in records]


def no_gm_tools(player: Any) -> None:
    """The player's page has none of the GM's tools."""
    from playwright.sync_api import expect

    expect(player.get_by_role("heading", name="GM tools")).to_have_count(0)
    expect(player.locator("#gm-tools, details.gm-form")).to_have_count(0)
    for button in (re.compile(r"^Undo"), "Redo", "Step one second"):
        expect(player.get_by_role("button", name=button)).to_have_count(0)


def test_a_realtime_encounter_from_the_home_page_to_the_npc_down(
    live_server: str,
    page: Any,
    player_page: Any,
    screenshots: Screenshots,
    database_url: str,
) -> None:
    from playwright.sync_api import expect

    gm, player = seat(page.context), player_page
    gm.goto(f"{live_server}/")
    screenshots.take(gm, "home", full_page=False)
    create_campaign(gm, live_server, "Night watch", "realtime")
    link = add_player(gm, "Ann Lee")
    screenshots.take(gm, "campaign", full_page=False)

    form = fill_character(gm, "aliena", "Aliena", player="Ann Lee")
    form.get_by_label("Side (required)").fill("party")
    form.locator("#f-sheet-position-x").fill("0")
    form.locator("#f-sheet-position-y").fill("0")
    form.get_by_label("Maximum HP").fill("0")
    form.get_by_role("button", name="Create the character").click()
    expect(gm.locator("#f-sheet-hp-error")).to_contain_text("Field required")
    expect(gm.locator("#f-sheet-max_hp-error")).to_contain_text("at least 1")
    expect(gm.locator("#f-sheet-hp")).to_have_attribute("aria-invalid", "true")
    expect(gm.locator("#f-sheet-position-y")).to_have_value("0")
    screenshots.take(gm, "character-form-error")
    gm.locator("#f-sheet-hp").fill("20")
    gm.locator("#f-sheet-max_hp").fill("20")
    create_character(gm, gm.locator("#character-form"), "Aliena")

    form = fill_character(gm, "ogre", "Ogre", player=None)
    form.get_by_label("Side (required)").fill("foes")
    form.get_by_label("Hit Points (HP) now").fill(str(NPC_HP))
    form.get_by_label("Maximum HP").fill(str(NPC_HP))
    form.locator("#f-sheet-position-x").fill("0")
    form.locator("#f-sheet-position-y").fill("1")
    # A characteristic past the form's bound goes through the JSON box (the escape hatch).
    form.get_by_text("Advanced: edit the rest of the sheet as JSON").click()
    form.get_by_label("The rest of the sheet (JSON)").fill(
        json.dumps({"characteristics": {"STR": SENTINEL}})
    )
    create_character(gm, form, "Ogre")

    url = start_encounter(gm, "Aliena", "Ogre")
    expect(gm.get_by_role("heading", name="Second 1")).to_be_visible()
    expect(gm.locator("#card-ogre")).to_contain_text(f"{NPC_HP} / {NPC_HP}")
    join(player, link, "Ann Lee")
    expect(player.get_by_role("heading", name="Second 1")).to_be_visible()
    no_gm_tools(player)

    # The GM plays a second; the player's page follows without a reload.
    player.evaluate("window.tkNotReloaded = true")
    gm.get_by_role("button", name="Step one second").click()
    expect(gm.get_by_role("heading", name="Second 2")).to_be_visible()
    expect(player.get_by_role("heading", name="Second 2")).to_be_visible(timeout=LIVE_MS)

    # The ogre walks out of Aliena's reach: at the end of the second she may react.
    gm.get_by_role("button", name="Move Ogre to (0, 2)").click()
    expect(gm.locator("#card-ogre")).to_contain_text("Move 0 / 1 A.P.")
    gm.get_by_role("button", name="Step one second").click()
    expect(gm.locator("#decision")).to_contain_text("Aliena must choose")
    expect(gm.locator("#decision")).to_contain_text("As the GM you may answer for Aliena.")
    decision = player.locator("#decision")
    expect(decision).to_contain_text("Aliena must choose", timeout=LIVE_MS)
    expect(decision.get_by_role("button", name=re.compile("^Opportunity Attack"))).to_be_visible()
    screenshots.take(player, "realtime-player", full_page=False)

    # The player answers on their own page; the GM's page shows it live.
    decision.get_by_role("button", name=re.compile("^Opportunity Attack")).click()
    expect(player.locator("#decision")).to_have_count(0)
    expect(player.locator("#log")).to_contain_text("uses Opportunity Attack")
    expect(gm.locator("#decision")).to_have_count(0, timeout=LIVE_MS)
    expect(gm.locator("#log")).to_contain_text("uses Opportunity Attack", timeout=LIVE_MS)

    # The GM takes the answer back: its records are struck through, the decision is back.
    settled(gm)
    gm.get_by_role("button", name=re.compile(r"^Undo")).click()
    expect(gm.locator("#log")).to_contain_text("Undo: ")
    expect(gm.locator("#log s", has_text="uses Opportunity Attack")).to_be_visible()
    expect(gm.locator("#decision")).to_contain_text("Aliena must choose")
    expect(player.locator("#log s", has_text="uses Opportunity Attack")).to_be_visible(
        timeout=LIVE_MS
    )
    expect(player.locator("#decision")).to_contain_text("Aliena must choose", timeout=LIVE_MS)

    # ... and answers for Aliena this time.
    settled(gm)
    gm.locator("#decision").get_by_role("button", name="Decline").click()
    expect(gm.locator("#log")).to_contain_text("declines to react")
    expect(player.locator("#log")).to_contain_text("declines to react", timeout=LIVE_MS)
    expect(player.locator("#decision")).to_have_count(0)

    # A falling beam: the GM's damage form, a bad amount first, then the ogre goes down.
    settled(gm)
    damage = gm_form(gm, "Deal damage")
    damage.get_by_label("Creature").select_option(label="Ogre")
    damage.get_by_label("Amount (required)").fill("-5")  # a number input: "lots" cannot be typed
    damage.get_by_role("button", name="Deal damage").click()
    expect(gm.locator("#gm-realtime-damage-amount-error")).to_contain_text(
        "greater than or equal to 0"
    )
    damage = gm_form(gm, "Deal damage")
    damage.get_by_label("Amount (required)").fill("800")
    damage.get_by_label("Source").fill("a falling beam")
    damage.get_by_role("button", name="Deal damage").click()
    expect(gm.locator("#card-ogre")).to_have_attribute("data-life", "dying")
    expect(gm.locator("#log")).to_contain_text("a falling beam")
    expect(player.locator("#card-ogre")).to_have_attribute("data-life", "dying", timeout=LIVE_MS)
    settled(gm)
    gm.get_by_role("button", name="Step one second").click()
    expect(gm.locator("#card-ogre")).to_contain_text(re.compile(r"Dying for\s*1 s"))
    expect(gm.get_by_role("button", name=re.compile("^Move Ogre"))).to_have_count(0)
    expect(player.get_by_role("heading", name="Second 4")).to_be_visible(timeout=LIVE_MS)
    screenshots.take(gm, "realtime-gm", full_page=False)

    # Never reloaded; never the ogre's numbers, nor the GM's tools.
    assert player.evaluate("window.tkNotReloaded") is True
    no_gm_tools(player)
    seen = player.content()
    hidden_from(seen, SENTINEL, NPC_HP)
    assert "hp before" not in seen
    assert "a falling beam" in gm.content()
    kinds = log_kinds(database_url, url)
    assert "undo" in kinds
    assert kinds.count("decision.answered") == 2
    assert "realtime.damaged" in kinds


def percentile_character(
    page: Any, id: str, name: str, side: str, skills: dict[str, int], hit_points: int, **kind: Any
) -> None:
    """The GM fills the percentile stat block on the ruleset's sheet form (skills picked
    in the skill table, the sword and the armour from the pickers) and creates it."""
    form = fill_character(page, id, name, **kind)
    form.get_by_label("Side (required)").fill(side)
    form.locator("#f-sheet-stats-name").fill(name)
    for characteristic, value in CHARACTERISTICS.items():
        form.locator(f"#f-sheet-stats-characteristics-{characteristic}").fill(str(value))
    for row, (skill, value) in enumerate(skills.items()):
        if form.locator(f"#f-sheet-stats-skills-{row}-skill").count() == 0:
            form.locator("#f-sheet-stats-skills").get_by_role("button", name="Add a row").click()
        if form.locator(f"#f-sheet-stats-skills-{row}-skill option[value='{skill}']").count():
            form.locator(f"#f-sheet-stats-skills-{row}-skill").select_option(skill)
        else:
            form.locator(f"#f-sheet-stats-skills-{row}-other").fill(skill)
        form.locator(f"#f-sheet-stats-skills-{row}-value").fill(str(value))
    form.locator("#f-sheet-stats-weapons-0").select_option(label=SWORD_LABEL)
    form.get_by_label("Armour", exact=True).select_option(label="hard leather: 2 AP")
    form.locator("#f-sheet-stats-hit_points").fill(str(hit_points))
    form.get_by_label("MOV (required)").fill("8")
    create_character(page, form, name)


def test_a_percentile_encounter_is_fought_to_its_end(
    live_server: str,
    page: Any,
    player_page: Any,
    screenshots: Screenshots,
    database_url: str,
) -> None:
    from playwright.sync_api import expect

    gm, player = seat(page.context), player_page
    create_campaign(gm, live_server, "The keep", "percentile")
    link = add_player(gm, "Ann Lee")
    percentile_character(
        gm, "brenna", "Brenna", "party", {"Sword": 95, "Dodge": 40}, 13, player="Ann Lee"
    )
    percentile_character(
        gm, "ogre", "Ogre", "foes", {"Sword": 95, "Dodge": 40, "Lore": LORE}, NPC_HP, player=None
    )
    url = start_encounter(gm, "Brenna", "Ogre")
    expect(gm.get_by_role("heading", name="Not started")).to_be_visible()
    join(player, link, "Ann Lee")
    player.evaluate("window.tkNotReloaded = true")
    no_gm_tools(player)

    gm.get_by_role("button", name="Start the encounter: roll turn orders").click()
    expect(gm.get_by_role("heading", name=re.compile(r"^Round 1: \w+'s turn"))).to_be_visible()
    expect(player.get_by_role("heading", name=re.compile(r"^Round 1"))).to_be_visible(
        timeout=LIVE_MS
    )

    # Whoever acts attacks (the player from their page, the GM for the ogre) until a
    # defence is asked for; the player defends Brenna, the GM answers for the ogre.
    answered = []
    for _ in range(12):
        settled(gm)
        version = gm.locator("[data-table-version]").get_attribute("data-table-version") or ""
        expect(player.locator("[data-table-version]")).to_have_attribute(
            "data-table-version", version, timeout=LIVE_MS
        )
        settled(player)
        if gm.locator("#decision").count():
            heading = gm.locator("#decision-heading").inner_text()
            answered.append(heading)
            if "Brenna must choose" in heading:
                expect(player.locator("#decision")).to_contain_text("Brenna must choose")
                player.locator("#decision button").first.click()
            else:
                expect(player.locator("#decision")).to_contain_text("Waiting for Ogre")
                expect(player.locator("#decision button")).to_have_count(0)
                gm.locator("#decision button").first.click()
        elif answered:
            break
        else:
            heading = gm.locator("#clock-heading").inner_text()
            if "Brenna's turn" in heading:
                actor, attack, end = player, "Brenna: attack Ogre", "Brenna: end the turn"
            else:
                actor, attack, end = gm, "Ogre: attack Brenna", "Ogre: end the turn"
            button = actor.get_by_role("button", name=attack)
            if button.count():
                button.first.click()
            else:
                actor.get_by_role("button", name=end).click()
        expect(gm.locator("[data-table-version]")).not_to_have_attribute(
            "data-table-version", version, timeout=LIVE_MS
        )
    assert answered, "a defence was asked for"

    # The GM rules the ogre down with the damage form; the encounter is over.
    settled(gm)
    damage = gm_form(gm, "Deal damage by ruling")
    damage.get_by_label("Combatant (required)").select_option(label="Ogre")
    damage.get_by_label("Amount (required)").fill("800")
    damage.get_by_role("button", name="Deal damage by ruling").click()
    over = "The encounter is over: side party wins."
    expect(gm.locator("#clock")).to_contain_text(over)
    expect(gm.locator("#card-ogre")).to_have_attribute("data-life", "down")
    expect(player.locator("#clock")).to_contain_text(over, timeout=LIVE_MS)
    screenshots.take(gm, "percentile-gm", full_page=False)
    screenshots.take(player, "percentile-player", full_page=False)

    assert player.evaluate("window.tkNotReloaded") is True
    no_gm_tools(player)
    seen = player.content()
    hidden_from(seen, NPC_HP, LORE)
    assert "Lore" not in seen
    assert f"/ {NPC_HP}" in gm.content()
    kinds = log_kinds(database_url, url)
    assert "decision.answered" in kinds
    assert "percentile.damaged" in kinds


def test_the_dice_tray_shows_the_odds_rolls_and_keeps_a_secret(
    live_server: str, page: Any, player_page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    gm, player = page, player_page
    create_campaign(gm, live_server, "Dice night", "realtime")
    link = add_player(gm, "Ann Lee")
    tray = gm.locator("#dice-tray")

    expression = tray.get_by_label("Dice expression")
    expression.press_sequentially("4d6kh3")
    chart = tray.locator("#dice-chart")
    expect(chart).to_contain_text("Exact odds of 4d6kh3")
    expect(chart.locator("tr[data-value='18'] .dice-chance")).to_have_text("1.6%")
    expect(chart.locator("tr[data-value='3'] .dice-chance")).to_have_text("0.1%")
    tray.get_by_label("What it is for").fill("Perception")
    tray.get_by_role("button", name="Roll", exact=True).click()
    rolled = tray.locator("#dice-rolled")
    expect(rolled).to_contain_text("Perception: 4d6kh3 =")
    expect(rolled.locator(".dice-list li")).to_have_count(4)
    expect(rolled.locator(".dice-list li.die-dropped")).to_have_count(1)
    total = int(rolled.locator(".dice-total").inner_text())
    kept = [
        int(face) for face in rolled.locator("li:not(.die-dropped) .die-face").all_inner_texts()
    ]
    assert sum(kept) == total, (kept, total)
    screenshots.take(gm, "dice-tray", full_page=False, at=tray)

    # The GM rolls physical dice in secret: the faces typed, hidden from the player.
    tray.get_by_label("Dice expression").fill("2d6")
    tray.get_by_label("What it is for").fill("the ambush in the crypt")
    tray.get_by_label("Faces rolled at the table").fill("3, 5")
    tray.get_by_label("Secret roll (only the GM sees it)").check()
    tray.get_by_role("button", name="Roll", exact=True).click()
    expect(rolled).to_contain_text("the ambush in the crypt: 2d6 = 8")
    expect(rolled).to_contain_text("secret")
    log = tray.locator("#campaign-log")
    expect(log).to_contain_text("the ambush in the crypt")
    expect(log).to_contain_text("Perception")

    player.goto(link)
    expect(player.get_by_text("You play as Ann Lee.")).to_be_visible()
    theirs = player.locator("#dice-tray #campaign-log")
    expect(theirs).to_contain_text("Perception")
    expect(player.get_by_label("Secret roll (only the GM sees it)")).to_have_count(0)
    expect(player.get_by_label("Faces rolled at the table")).to_have_count(0)
    assert "ambush" not in player.content()
