"""Game night by clicks and keys (issue 13's "Done when"), for the tactical, fractal and
duel tests: a GM's and a player's browser, the campaign made and its characters filled
in by the sheet forms, a player invited by the join link, dice rolled at the table die by
die, an undo, and the campaign exported, deleted and imported again. Every byte the
player's browser receives (each response's body, each WebSocket frame) is kept, to be
searched for the sentinels: numbers given to an NPC's hidden fields that nothing else
at the table could show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .game_night import create_campaign, invite

TIMEOUT_MS = 10_000
"""How long an expect() or an action waits: CI shares 2 cores."""

PLAYER = "Ann Lee"
"""The player at every game night's table."""


class Received:
    """Every body and WebSocket frame a page receives, as it receives it."""

    def __init__(self, page: Any) -> None:
        self.bodies: list[tuple[str, bytes]] = []
        self.frames: list[str] = []
        page.on("response", self._response)
        page.on("websocket", self._socket)

    def _response(self, response: Any) -> None:
        try:
            body = response.body()
        except Exception:  # a redirect, or a page gone before its body came: no bytes
            body = b""
        self.bodies.append((str(response.url), body))

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("latin-1"))

    def leaks(self, sentinels: Iterable[int | str]) -> list[str]:
        """Where a sentinel (as a whole word) shows in what was received."""
        pattern = re.compile(r"\b(" + "|".join(re.escape(str(s)) for s in sentinels) + r")\b")
        found = []
        for url, body in self.bodies:
            text = body.decode("latin-1")
            for hit in pattern.finditer(text):
                found.append(f"{url}: ...{text[max(0, hit.start() - 80) : hit.end() + 40]}...")
        for frame in self.frames:
            for hit in pattern.finditer(frame):
                found.append(f"a frame: ...{frame[max(0, hit.start() - 80) : hit.end() + 40]}...")
        return found

    def assert_clean(self, sentinels: Iterable[int | str]) -> None:
        """None of ``sentinels`` reached the page, which did receive pages and frames."""
        assert self.bodies, "the player's browser received nothing"
        assert self.frames, "the player's browser received no WebSocket frame"
        leaks = self.leaks(sentinels)
        assert not leaks, "\n".join(leaks[:10])


def new_page(browser: Any) -> Any:
    """A page in a fresh context (its own cookies), at a tablet's width."""
    context = browser.new_context(viewport={"width": 1100, "height": 1100}, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def character_form(page: Any, name: str, *, kind: str = "pc", player: str | None = None) -> Any:
    """The campaign's character form with the name, kind and player filled in: the form."""
    from playwright.sync_api import expect

    page.get_by_role("link", name="Add or import characters").click()
    form = page.locator("#character-form")
    expect(form).to_be_visible()
    form.get_by_label("Name (required)").first.fill(name)
    form.get_by_label("NPC" if kind == "npc" else "Player character", exact=True).check()
    if player is not None:
        form.get_by_label("Player", exact=True).select_option(label=player)
    return form


def create_character(page: Any, form: Any) -> None:
    """Submit the character form: back on the campaign page, or the test fails on the
    errors the form shows."""
    from playwright.sync_api import expect

    form.get_by_role("button", name="Create the character").click()
    expect(page.locator("#character-form .error, #characters-heading").first).to_be_visible()
    errors = page.locator("#character-form .error")
    assert errors.count() == 0, errors.all_inner_texts()


def start_encounter(page: Any, *names: str) -> str:
    """The GM brings ``names`` and starts an encounter: its URL."""
    from playwright.sync_api import expect

    for name in names:
        page.get_by_label(f"Bring {name}").check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()
    expect(page.locator("[data-table-version]")).to_be_visible()
    return str(page.url).split("?")[0].split("#")[0]


def player_joins(player: Any, join: str, name: str) -> None:
    """The player opens their join link: the campaign, as theirs."""
    from playwright.sync_api import expect

    player.goto(join)
    expect(player.get_by_text(f"You play as {name}.")).to_be_visible()


def player_opens_encounter(player: Any, campaign: str) -> None:
    """The player opens the campaign's (only) encounter from its page."""
    from playwright.sync_api import expect

    player.goto(campaign)
    player.locator("#encounters-heading + ul a").first.click()
    expect(player.locator("[data-table-version]")).to_be_visible()
    expect(player.get_by_text("live", exact=True)).to_be_visible()


def at_the_table(page: Any, label: object) -> Any:
    """The "Roll at the table" button beside the button labelled ``label``."""
    main = page.get_by_role("button", name=label, exact=True)
    return page.locator("form", has=main).get_by_role("button", name="Roll at the table")


def roll_die_by_die(page: Any, faces: dict[str, str], most: int = 12) -> list[str]:
    """Answer each die the table asks for (its label, "Roll d20: Alice's attack") with the
    face of the first key of ``faces`` the label contains (``""`` matches any), typed
    and Enter; the labels asked, in order. Fails on a die no key matches."""
    from playwright.sync_api import expect

    roll = page.locator("#table-roll")
    expect(roll.locator("h3")).to_contain_text("die 1,")
    asked: list[str] = []
    while roll.count() and len(asked) < most:
        label = str(page.locator("label[for=table-roll-die]").inner_text())
        face = next((f for key, f in faces.items() if key in label), None)
        assert face is not None, f"no face for {label!r}"
        asked.append(label)
        expect(page.locator("#table-roll-die")).to_be_focused()
        page.keyboard.type(face)
        page.keyboard.press("Enter")
        expect(page.locator("#table-roll h3, #outcome h3").first).to_contain_text(
            re.compile(rf"die {len(asked) + 1},|^Last: ")
        )
    expect(roll).to_have_count(0)
    assert all(re.match(r"^Roll d\d+: ", label) for label in asked), asked
    return asked


def version_of(page: Any) -> str:
    return str(page.locator("[data-table-version]").get_attribute("data-table-version"))


def undo_by_key(page: Any, what: str | re.Pattern[str]) -> None:
    """The undo button says what it will undo (``what``); the "u" key presses it."""
    from playwright.sync_api import expect

    undo = page.locator("#table form[action$='/undo'] button")
    said = what if isinstance(what, re.Pattern) else re.compile(f"^Undo: {re.escape(what)}$")
    expect(undo).to_have_text(said)
    label = undo.inner_text()
    version = version_of(page)
    page.locator("body").click(position={"x": 2, "y": 2})  # nothing typed into: a shortcut
    page.keyboard.press("u")
    expect(page.locator("[data-table-version]")).not_to_have_attribute(
        "data-table-version", version
    )
    expect(undo).not_to_have_text(label)


def tray_roll(page: Any, expression: str, what: str) -> None:
    """The GM rolls ``expression`` in the dice tray beside the table, for ``what``."""
    from playwright.sync_api import expect

    tray = page.locator("#dice-tray")
    tray.get_by_label("Dice expression").fill(expression)
    tray.get_by_label("What it is for").fill(what)
    tray.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#campaign-log")).to_contain_text(what)


def export_delete_import(page: Any, campaign: str, name: str, folder: Path) -> str:
    """The GM downloads the campaign, deletes it (confirmed), and imports the file on the
    campaigns page: the imported campaign's URL."""
    from playwright.sync_api import expect

    page.goto(campaign)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the campaign").click()
    saved = folder / "campaign.json"
    download.value.save_as(saved)
    page.get_by_role("link", name="Delete the campaign").click()
    expect(page.get_by_role("heading", name=f"Delete the campaign {name}?")).to_be_visible()
    page.get_by_role("button", name=f"Delete {name}").click()
    expect(page.get_by_role("link", name=name, exact=True)).to_have_count(0)
    page.get_by_label("Exported file").set_input_files(str(saved))
    page.get_by_role("button", name="Import the campaign").click()
    expect(page.get_by_role("heading", name=f"{name} is ready")).to_be_visible()
    page.get_by_role("link", name="Open the campaign").click()
    expect(page.get_by_role("heading", name=re.compile(f"^{re.escape(name)}"))).to_be_visible()
    return str(page.url).split("?")[0].split("#")[0].rstrip("/")


def tactical_aim(page: Any, skill: str, target: str) -> None:
    """The acting tactical character uses ``skill`` on ``target`` (its id) on the map, as
    a GM does (C-24): the skill chosen above the map, the target's square highlighted as
    one to aim at, then clicked."""
    from playwright.sync_api import expect

    button = page.locator("#map").get_by_role("button", name=skill, exact=False).first
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    square = page.locator(".map-sq", has=page.locator(f"#map-token-{target}"))
    expect(square).to_have_class(re.compile(r"\baim-point\b"))
    square.click()


def caught_up(page: Any, other: Any) -> None:
    """``page`` shows the version of the table ``other`` shows (the live update came)."""
    from playwright.sync_api import expect

    expect(page.locator("[data-table-version]")).to_have_attribute(
        "data-table-version", version_of(other)
    )


@dataclass(frozen=True)
class Table:
    """A game night's table: the GM's page, the player's, what the player's received,
    the campaign's URL and name, and who was brought into its encounter."""

    gm: Any
    player: Any
    received: Received
    campaign: str
    name: str
    cast: tuple[str, ...]


def seat_the_table(
    browser: Any,
    live_server: str,
    name: str,
    ruleset: str,
    make_the_cast: Callable[[Any], None],
    *cast: str,
) -> Table:
    """A campaign made on the home page, Ann Lee invited, the characters made by
    ``make_the_cast`` (with the GM's page on the campaign), an encounter started with
    ``cast``, and Ann on it by her join link, every byte she receives kept."""
    gm = new_page(browser)
    player = new_page(browser)
    received = Received(player)
    campaign = create_campaign(gm, live_server, name, ruleset)
    join = invite(gm, PLAYER)
    make_the_cast(gm)
    start_encounter(gm, *cast)
    player_joins(player, join, PLAYER)
    player_opens_encounter(player, campaign)
    return Table(gm, player, received, campaign, name, cast)


def restored_whole(table: Table, folder: Path, last_words: str) -> None:
    """The GM exports the campaign, deletes it and imports it: its characters, its player
    and its encounter come back, at the version it ended on, its log ending in
    ``last_words``."""
    from playwright.sync_api import expect

    gm = table.gm
    version = version_of(gm)
    export_delete_import(gm, table.campaign, table.name, folder)
    for character in table.cast:
        expect(gm.locator("table.characters")).to_contain_text(character)
    expect(gm.locator("#players")).to_contain_text(PLAYER)
    gm.locator("#encounters-heading + ul a").first.click()
    expect(gm.locator("[data-table-version]")).to_have_attribute("data-table-version", version)
    expect(gm.locator("#log")).to_contain_text(last_words)
