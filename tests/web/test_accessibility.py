"""The console's markup is accessible: every control is labelled, every button says what it
does, ids are unique, each page has one heading of rank one and a language, and the
palette's text colours meet WCAG AA contrast on their backgrounds.

Issue 6: "Accessible markup (labels, keyboard use, contrast), responsive down to a
tablet." Keyboard use follows from the markup checked here (real links, buttons and form
controls, no click handlers on other elements, a skip link, a visible focus outline);
the browser tests drive the pages by role and label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .test_console_pages import create_campaign
from .test_encounter_pages import Table, table  # noqa: F401 (a fixture)

STATIC = Path(__file__).resolve().parents[2] / "src" / "tablekeeper" / "web" / "static"
LABELLED_BY_VALUE = {"submit", "button", "reset"}
UNLABELLED_TYPES = {"hidden"}


@dataclass
class Control:
    tag: str
    attributes: dict[str, str]
    text: str = ""
    inside_label: bool = False


@dataclass
class Markup(HTMLParser):
    """What the checks need of a page: its controls, labels, ids, headings and language."""

    controls: list[Control] = field(default_factory=list)
    label_for: set[str] = field(default_factory=set)
    ids: list[str] = field(default_factory=list)
    headings: int = 0
    language: str | None = None
    clickable_others: list[str] = field(default_factory=list)
    _labels: int = 0
    _button: Control | None = None

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if "id" in attributes:
            self.ids.append(attributes["id"])
        if "onclick" in attributes and tag not in ("button", "a", "input"):
            self.clickable_others.append(tag)
        if tag == "html":
            self.language = attributes.get("lang")
        elif tag == "h1":
            self.headings += 1
        elif tag == "label":
            self._labels += 1
            if "for" in attributes:
                self.label_for.add(attributes["for"])
        elif tag in ("input", "select", "textarea"):
            self.controls.append(Control(tag, attributes, inside_label=self._labels > 0))
        elif tag == "button":
            self._button = Control(tag, attributes)
            self.controls.append(self._button)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._labels = max(0, self._labels - 1)
        elif tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.text += data


def problems(html: str) -> list[str]:
    """Everything on the page an assistive technology could not name or find (and a page
    with no control at all, which would pass for the wrong reason)."""
    page = Markup()
    page.feed(html)
    found: list[str] = []
    if not page.controls:
        found.append("no control on the page: not the page meant")
    if not page.language:
        found.append("<html> has no lang")
    if page.headings != 1:
        found.append(f"{page.headings} <h1> headings, not one")
    duplicates = sorted({name for name in page.ids if page.ids.count(name) > 1})
    if duplicates:
        found.append(f"ids used twice: {duplicates}")
    if page.clickable_others:
        found.append(f"click handlers on {page.clickable_others}")
    for control in page.controls:
        kind = control.attributes.get("type", "")
        named = bool(
            control.attributes.get("aria-label") or control.attributes.get("aria-labelledby")
        )
        if control.tag == "button":
            if not (control.text.strip() or named):
                found.append(f"a button without text: {control.attributes}")
        elif kind in UNLABELLED_TYPES:
            continue
        elif kind in LABELLED_BY_VALUE:
            if not (control.attributes.get("value", "").strip() or named):
                found.append(f"an input button without a value: {control.attributes}")
        elif not (named or control.inside_label or control.attributes.get("id") in page.label_for):
            found.append(f"a {control.tag} without a label: {control.attributes}")
    return found


def test_the_checker_finds_what_it_must() -> None:
    bad = '<html><h1>a</h1><input id="x"><button></button><div onclick="f()"></div></html>'
    assert len(problems(bad)) == 4  # no lang, unlabelled input, empty button, div handler
    good = '<html lang="en"><h1>a</h1><label for="x">X</label><input id="x"><button>Go</button>'
    assert problems(good) == []


def pages_of(client: TestClient, campaign: str) -> dict[str, str]:
    return {
        "home": client.get("/").text,
        "campaign": client.get(f"/campaigns/{campaign}").text,
        "new character": client.get(f"/campaigns/{campaign}/characters/new").text,
        "confirm deletion": client.get(f"/campaigns/{campaign}/delete/campaign/{campaign}").text,
        "created, its link's copy button": client.post(
            "/campaigns", data={"name": "Another", "ruleset": "realtime"}
        ).text,
        "a join link's copy button": client.post(
            f"/campaigns/{campaign}/players", data={"player_name": "Ann"}
        ).text,
        "bad character": client.post(
            f"/campaigns/{campaign}/characters", data={"id": "x", "name": "", "sheet.hp": "lots"}
        ).text,
    }


@pytest.mark.parametrize("ruleset", ["realtime", "percentile", "tactical", "fractal", "duel"])
def test_every_campaign_page_is_labelled(client: TestClient, ruleset: str) -> None:
    campaign, _ = create_campaign(client, ruleset)
    for name, html in pages_of(client, campaign).items():
        assert problems(html) == [], name


def test_the_encounter_table_is_labelled_for_the_gm_and_the_player(table: Table) -> None:  # noqa: F811
    assert problems(table.page()) == []
    assert problems(table.page(table.player)) == []


# --- contrast ----------------------------------------------------------------------------

HEX = re.compile(r"--(?P<name>[\w-]+):\s*(?P<hex>#[0-9a-fA-F]{6})")

TEXT_ON_BACKGROUND = [
    ("ink", "paper"),
    ("muted", "paper"),
    ("muted", "wash"),
    ("accent", "paper"),
    ("accent-ink", "accent"),
    ("bad", "paper"),
    ("bad", "bad-wash"),
    ("paper", "ink"),
    ("paper", "bad"),
]
"""The palette's pairs the stylesheet sets text in (console.css)."""


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_formula_matches_wcag() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_the_palette_meets_wcag_aa_for_body_text() -> None:
    palette = {m["name"]: m["hex"] for m in HEX.finditer((STATIC / "console.css").read_text())}
    for foreground, background in TEXT_ON_BACKGROUND:
        ratio = contrast(palette[foreground], palette[background])
        assert ratio >= 4.5, f"{foreground} on {background}: {ratio:.2f}"


def test_focus_is_always_visible_and_there_is_a_skip_link(client: TestClient) -> None:
    css = (STATIC / "console.css").read_text()
    assert ":focus-visible" in css
    assert "outline: none" not in "".join(p.read_text() for p in STATIC.glob("*.css"))
    assert 'class="skip" href="#main"' in client.get("/").text


def test_the_balance_lab_is_labelled_empty_refused_and_with_its_charts(
    client: TestClient,
) -> None:
    import time

    from tablekeeper.services import lab_jobs

    pages = {
        "lab": client.get("/lab").text,
        "bad lab input": client.post("/lab/simulations", data={"trials": "x"}).text,
        "bad sweep input": client.post(
            "/lab/sweeps", data={"resolver": "percentile.attack", "input.attacker.skill": "x"}
        ).text,
        "a resolver's form": client.get("/lab?resolver=percentile.attack").text,
    }
    for form, data in (
        ("/lab/simulations", {"scenario": "duel/first_blood", "trials": "10"}),
        (
            "/lab/sweeps",
            {
                "resolver": "dice.pool",
                "input.dice": "2",
                "input.sides": "6",
                "input.tn": "4",
                "vary": "tn=3:4",
            },
        ),
    ):
        started = client.post(form, data=data)
        run = lab_jobs.run_of(started.headers["location"].rsplit("/", 1)[1])
        while not run.finished:
            time.sleep(0.05)
        pages[form] = client.get(started.headers["location"]).text
    lab_jobs._runs.clear()
    for name, html in pages.items():
        assert problems(html) == [], name


def test_the_map_is_labelled_for_the_gm_and_the_player(
    client: TestClient, database_url: str
) -> None:
    # Issue 13, "A map": every token is a button named by who, which side and where; the
    # move form's inputs are labelled; a refusal on the map is an alert; the aims (the acting
    # character's skills) are a labelled group of buttons under a heading.
    from .map_table import map_table
    from .test_map_pages import gm, move, player

    skirmish = map_table(database_url)
    pages = {"gm": gm(client, skirmish).get(skirmish.url).text}
    pages["player"] = player(client, skirmish).get(skirmish.url).text
    pages["refused"] = move(client, skirmish, "brenna", 2, 2, **{"HX-Request": "false"}).text
    assert 'id="map-error"' in pages["refused"]
    for name, html in pages.items():
        assert 'aria-label="Brenna Vale (heroes) at (1, 1)' in html, name
        assert 'id="map-aims-heading"' in html, name  # her skills to aim, on the map
        assert problems(html) == [], name


def test_the_maps_tokens_meet_wcag_aa_white_on_every_side_colour() -> None:
    css = (STATIC / "map.css").read_text()
    colours = re.findall(r"\.map-side-\d \{ background: (#[0-9a-fA-F]{6}); \}", css)
    colours += re.findall(r"\.map-token\.defeated \{ background: (#[0-9a-fA-F]{6})", css)
    assert len(colours) == 5
    for colour in colours:
        assert contrast("#ffffff", colour) >= 4.5, colour


CARD_PAIRS = [
    ("#ffffff", "#1d4ed8"),  # "acting now"
    ("#3d2b00", "#fff4d6"),  # "next"
    ("#6b0015", "#fdecef"),  # a condition
    ("#333333", "#f6f7f9"),  # a breakdown opened
    ("#333333", "#f1f1f1"),  # a defeated actor's card
]
"""The text and background colours cards.css sets (the table's cards)."""


def test_the_cards_colours_meet_wcag_aa() -> None:
    css = (STATIC / "cards.css").read_text()
    for foreground, background in CARD_PAIRS:
        assert background in css
        ratio = contrast(foreground, background)
        assert ratio >= 4.5, f"{foreground} on {background}: {ratio:.2f}"
