"""Game night in a real browser (issue 13's "Done when"): what a GM and a player do by
clicks and keys in the per-ruleset game-night tests, and a record of every byte a
player's browser receives, to find a sentinel in it.

A sentinel is a value the GM gives an NPC in a field the cards hide from the players,
chosen so that it cannot occur otherwise: a number no die, clock or count of the test
reaches, found as a whole number (not inside an id, a decimal or a fraction), or a small
number found next to its label, or a word. :meth:`Received.leaks` lists where one of
them reached the player; the GM's own bytes show that each sentinel is found where the
GM sees it (so a test can fail).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WHOLE = r"(?<![\w./#]){}(?![\w./])"
"""A number alone: not a piece of an id, a decimal, a fraction, a longer number or an
HTML character reference (``&#39;`` is a quote)."""


@dataclass(frozen=True)
class Sentinel:
    """A hidden value as it may show in text: ``what`` it is, the ``pattern`` finding it."""

    what: str
    pattern: re.Pattern[str]

    def found_in(self, text: str) -> bool:
        return self.pattern.search(text) is not None


def whole_number(what: str, value: int) -> Sentinel:
    """``value`` anywhere as a whole number (choose one no die, clock or count reaches)."""
    return Sentinel(what, re.compile(WHOLE.format(value)))


def next_to(what: str, label: str, value: int) -> Sentinel:
    """A small ``value`` found within a few tags or quotes after ``label`` (a regular
    expression, case-insensitive): ``A.P. per second</dt><dd>97``, ``"ap_per_second": 97``."""
    between = r"(?:[\s\"':=,]|</?[a-z][^>]*>){0,8}"
    return Sentinel(what, re.compile(f"(?i){label}{between}{WHOLE.format(value)}"))


def word(what: str, text: str) -> Sentinel:
    return Sentinel(what, re.compile(rf"(?i)(?<!\w){re.escape(text)}(?!\w)"))


@dataclass
class Received:
    """Every byte a browser context receives: each HTTP response's headers and body, and
    each WebSocket frame of each of its pages. Attach it before the context opens a page."""

    texts: list[tuple[str, str]] = field(default_factory=list)

    def attach(self, context: Any) -> Received:
        context.on("response", self._response)
        context.on("page", lambda page: page.on("websocket", self._socket))
        return self

    def _response(self, response: Any) -> None:
        headers = "\n".join(  # all but the clocks: the server's, and a file's (its time and
            # the tag made from it), which showed "00:39" to a sentinel 39 in a clone made then
            f"{key}: {value}"
            for key, value in response.headers.items()
            if key not in ("date", "last-modified", "etag")
        )
        self.texts.append((f"{response.status} {response.url} (headers)", headers))
        if 300 <= response.status < 400:
            return  # a redirect has no body to read
        try:
            body = response.body()
        except Exception as error:
            body = f"(body unavailable: {error})".encode()
        self.texts.append((f"{response.status} {response.url}", body.decode("utf-8", "replace")))

    def _socket(self, socket: Any) -> None:
        where = f"WebSocket {socket.url}"

        def frame(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            self.texts.append((where, text))

        socket.on("framereceived", frame)

    def frames(self) -> int:
        return sum(1 for where, _ in self.texts if where.startswith("WebSocket "))

    def leaks(self, sentinels: Iterable[Sentinel]) -> list[str]:
        """Each sentinel found, with where it came and a few characters around it."""
        found = []
        for sentinel in sentinels:
            for where, text in self.texts:
                match = sentinel.pattern.search(text)
                if match:
                    around = text[max(0, match.start() - 80) : match.end() + 80]
                    found.append(f"{sentinel.what} in {where}: ...{around}...")
        return found


@dataclass(frozen=True)
class Table:
    """The GM's browser and a player's (its every byte :class:`Received`), each its own
    context (its own cookies)."""

    gm: Any
    player: Any
    received: Received

    def close(self) -> None:
        self.gm.context.close()
        self.player.context.close()


def open_table(browser: Any) -> Table:
    """A GM's page at a laptop's width, a player's at a tablet's."""
    contexts = []
    for width in (1280, 820):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        context.set_default_timeout(10_000)
        contexts.append(context)
    received = Received().attach(contexts[1])
    return Table(contexts[0].new_page(), contexts[1].new_page(), received)


def hidden_from_the_player(
    table: Table, npc: str, shown: str, sentinels: Iterable[Sentinel], secret_for: str
) -> None:
    """The NPC's card shows the GM ``shown`` (its HP) and its sheet, the player none of it;
    the GM rolls a secret d1000 (863, a sentinel too) for ``secret_for`` and a public
    "Ambush check" the campaign log takes to the player by itself (it polls: check it
    later); the GM's page then holds every sentinel."""
    from playwright.sync_api import expect

    card = table.gm.locator(f"#card-{npc}")
    expect(card).to_contain_text(shown)
    card.locator("details.sheet > summary").first.click()
    expect(card).to_contain_text("Zythomancy")
    expect(table.player.locator(f"#card-{npc}")).not_to_contain_text("HP")
    tray_roll(table.gm, "1d1000", "863", secret_for, secret=True)
    tray_roll(table.gm, "2d6", "3, 4", "Ambush check", secret=False)
    assert found_by_the_gm(table.gm, sentinels) == []


def found_by_the_gm(page: Any, sentinels: Iterable[Sentinel]) -> list[str]:
    """The sentinels that the GM's page (``page``, as its HTML) does not show: none should
    be missing, or the test would look for something the console never writes."""
    html = page.content()
    return [sentinel.what for sentinel in sentinels if not sentinel.found_in(html)]


# --- the GM's campaign -------------------------------------------------------------------


def create_campaign(page: Any, live_server: str, name: str, ruleset: str) -> str:
    """From the home page: a new campaign of ``ruleset``; its page opened. Its URL."""
    page.goto(f"{live_server}/", timeout=30_000)  # a fresh server's first page, on a busy CI
    page.get_by_label("Name").fill(name)
    page.get_by_label("Ruleset").select_option(ruleset)
    page.get_by_role("button", name="Create the campaign").click()
    page.get_by_role("link", name="Open the campaign").click()
    return str(page.url).split("?")[0].split("#")[0].rstrip("/")


def invite(page: Any, name: str) -> str:
    """On the campaign page: add the player ``name``; their join link (shown once)."""
    from playwright.sync_api import expect

    page.get_by_label("Player's name").fill(name)
    page.get_by_role("button", name="Add a player").click()
    expect(page.get_by_role("button", name=f"Copy the join link for {name}")).to_be_visible()
    return str(page.locator("#join-link").input_value())


def new_character(
    page: Any, campaign: str, name: str, *, npc: bool = False, player: str | None = None
) -> Any:
    """The character form of ``campaign`` opened, its name, kind and player chosen: the
    form, for the ruleset's sheet fields (then :func:`create_character`)."""
    from playwright.sync_api import expect

    page.goto(campaign)
    page.get_by_role("link", name="Add or import characters").click()
    form = page.locator("#character-form")
    expect(form).to_be_visible()
    form.get_by_label("Name (required)").first.fill(name)
    form.get_by_label("NPC" if npc else "Player character", exact=True).check()
    if player is not None:
        form.get_by_label("Player", exact=True).select_option(label=player)
    return form


def create_character(page: Any, form: Any, name: str) -> None:
    """Send the character form; the campaign lists ``name``."""
    from playwright.sync_api import expect

    form.get_by_role("button", name="Create the character").click()
    expect(page.get_by_role("heading", name="Characters", exact=True)).to_be_visible()
    expect(page.locator("table.characters")).to_contain_text(name)


def start_encounter(page: Any, campaign: str, names: Iterable[str]) -> str:
    """On the campaign page: the encounter of the characters ``names``, opened. Its URL."""
    from playwright.sync_api import expect

    page.goto(campaign)
    for name in names:
        page.get_by_label(f"Bring {name}", exact=True).check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()
    expect(page.locator("#table")).to_be_visible()
    return str(page.url).split("?")[0]


def join(page: Any, link: str, player: str) -> None:
    """A player's browser follows the join link: their campaign page."""
    from playwright.sync_api import expect

    page.goto(link)
    expect(page.get_by_text(f"You play as {player}.")).to_be_visible()


# --- at the table ------------------------------------------------------------------------


def version(page: Any) -> int:
    return int(page.locator("[data-table-version]").get_attribute("data-table-version") or 0)


def asked(page: Any) -> str:
    """The label of the die the table-roll panel asks for ("Roll d100: ...")."""
    return str(page.locator("label[for=table-roll-die]").inner_text())


def enter_face(page: Any, face: str) -> None:
    """Type ``face`` into the die's input once it has the focus, then Enter."""
    from playwright.sync_api import expect

    expect(page.locator("#table-roll-die")).to_be_focused()
    page.keyboard.type(face)
    page.keyboard.press("Enter")


def roll_at_the_table(page: Any, button: Any, face: Callable[[str], str]) -> list[str]:
    """Click ``button`` (a "Roll at the table"), then type each die it asks for, the face
    ``face(label)`` gives, until the panel is gone: the labels asked, in order. Nothing is
    stored until the last die."""
    from playwright.sync_api import expect

    before = version(page)
    button.click()
    roll = page.locator("#table-roll")
    expect(roll.locator("h3")).to_contain_text("die 1,")
    labels: list[str] = []
    while roll.count() and len(labels) < 20:
        label = asked(page)
        labels.append(label)
        enter_face(page, face(label))
        expect(page.locator("#table-roll h3, #outcome h3").first).to_contain_text(
            re.compile(rf"die {len(labels) + 1},|^Last: ")
        )
        if roll.count():
            assert version(page) == before, "a die was stored before the last one"
    expect(roll).to_have_count(0)
    return labels


def undo_by_key(page: Any) -> str:
    """Press ``u`` away from any input: what the Undo button said it would undo, once the
    table shows another version."""
    from playwright.sync_api import expect

    button = page.locator("#gm-tools").get_by_role("button", name=re.compile("^Undo: "))
    said = str(button.inner_text())
    before = version(page)
    page.locator("h1").click()  # away from any input: a key there is typing
    page.keyboard.press("u")
    expect(page.locator("[data-table-version]")).not_to_have_attribute(
        "data-table-version", str(before)
    )
    return said.removeprefix("Undo: ")


def gm_tool(page: Any, title: str) -> Any:
    """The GM tool form ``title``, opened."""
    tools = page.locator("#gm-tools")
    tools.locator("summary", has_text=re.compile(f"^{re.escape(title)}$")).click()
    return tools.locator("details[open] form")


def tray_roll(page: Any, expression: str, faces: str, label: str, *, secret: bool) -> None:
    """Roll ``expression`` in the dice tray with the ``faces`` rolled at the table (a
    secret roll when ``secret``): the campaign log shows it to the GM."""
    from playwright.sync_api import expect

    tray = page.locator("#dice-tray")
    tray.get_by_label("Dice expression").fill(expression)
    tray.get_by_label("What it is for").fill(label)
    tray.get_by_label("Faces rolled at the table").fill(faces)
    tray.get_by_label("Secret roll (only the GM sees it)").set_checked(secret)
    tray.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#campaign-log")).to_contain_text(label)


# --- the campaign kept -------------------------------------------------------------------


@dataclass(frozen=True)
class Whole:
    """What a restored campaign must have again: its log's length, each encounter's name
    and version in the order the campaign page lists them (the order they were started,
    which an import keeps), the characters."""

    log: int
    encounters: tuple[str, ...]
    characters: tuple[str, ...]


def whole(page: Any, campaign: str) -> Whole:
    """The campaign page of ``campaign`` read: see :class:`Whole`."""
    page.goto(campaign)
    first = page.locator("#campaign-log .log-entry").first
    log = int(str(first.get_attribute("data-sequence") or "0"))
    items = page.locator("section[aria-labelledby=encounters-heading] li")
    encounters = tuple(str(text).split("\n")[0] for text in items.all_inner_texts())
    rows = page.locator("table.characters tbody tr td:nth-child(2)")
    return Whole(log, encounters, tuple(rows.all_inner_texts()))


def export_delete_import(page: Any, live_server: str, campaign: str, tmp: Path) -> str:
    """Download the campaign's export, delete the campaign (confirmed), import the file
    on the campaigns page: the restored campaign's URL."""
    from playwright.sync_api import expect

    page.goto(campaign)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the campaign").click()
    saved = tmp / "campaign-export.json"
    download.value.save_as(saved)
    page.get_by_role("link", name="Delete the campaign").click()
    heading = str(page.locator("h1").inner_text())
    name = re.sub(r"^Delete the campaign (.*)\?$", r"\1", heading)
    page.locator("#confirm-delete").get_by_role("button", name=f"Delete {name}").click()
    expect(page.locator("#deleted-campaigns")).to_contain_text(name)
    page.goto(campaign)
    expect(page.locator("h1")).not_to_contain_text(name)
    page.goto(f"{live_server}/")
    page.get_by_label("Exported file").set_input_files(saved)
    page.get_by_role("button", name="Import the campaign").click()
    expect(page.get_by_role("heading", name=f"{name} is ready")).to_be_visible()
    page.get_by_role("link", name="Open the campaign").click()
    return str(page.url).split("?")[0]
