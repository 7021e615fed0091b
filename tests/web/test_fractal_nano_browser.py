"""The fractal Nano duel in a real browser (see conftest.py): the GM opens a Nano combat
duel, a debate and a dance-off from the Commands, plays each to its end by the panel's
declaration buttons (each with its cost, TN and odds), and transforms a duel from the
panel's GM control, then undoes it. Screenshots are saved."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .browser import Screenshots

STATS = ("body", "people", "words", "logic", "nature", "meditation", "visual", "auditory")
SWORD = {"id": "sword", "kind": "weapon", "name": "Sword"}


def _campaign(page: Any, live_server: str) -> str:
    page.goto(f"{live_server}/", timeout=30_000)  # the first page a fresh server renders
    page.get_by_label("Name").fill("Steel at dawn")
    page.get_by_label("Ruleset").select_option("fractal")
    page.get_by_role("button", name="Create the campaign").click()
    page.get_by_role("link", name="Open the campaign").click()
    campaign = str(page.url).split("?")[0].rstrip("/")
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    for key, side, die in (("brenna", "party", 10), ("corvo", "foes", 6)):
        stats = {stat: die if stat != "meditation" else 6 for stat in STATS}
        made = page.request.post(
            f"{campaign}/characters",
            form={
                "csrf_token": token or "",
                "id": key,
                "name": key.title(),
                # the sheet form's JSON box carries what its fields leave empty
                "sheet_json": json.dumps({"side": side, "stats": stats, "tools": [SWORD]}),
            },
            max_redirects=0,
        )
        assert made.status == 303, made.text()
    page.reload()
    page.get_by_label("Bring Brenna").check()
    page.get_by_label("Bring Corvo").check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()
    return campaign


@pytest.mark.parametrize(
    ("tree", "zones"),
    [
        ("combat", "high, mid, low"),
        ("social", "composure, credibility, reputation"),
        ("dancing", "focus, technique, audience attention"),
    ],
)
def test_the_gm_plays_a_nano_duel_to_its_end_by_its_buttons(
    live_server: str, page: Any, screenshots: Screenshots, tree: str, zones: str
) -> None:
    from playwright.sync_api import expect

    _campaign(page, live_server)
    page.get_by_role("button", name=re.compile(rf"^Open a Nano {tree} duel")).click()
    duel = page.locator(".duel")
    expect(duel).to_contain_text("Attack: whoever holds the momentum")
    expect(page.locator(".duel-steps [aria-current=step]")).to_contain_text("Attack")
    expect(duel).to_contain_text("Momentum Brenna / Corvo")
    expect(duel).to_contain_text(zones)
    options = page.locator("form.declare-options button[type=submit]:not([disabled])")
    expect(options.first).to_be_visible()
    expect(page.locator("form.declare-options")).to_contain_text("against TN")
    screenshots.take(page, f"fractal-nano-10-{tree}-attack-step", full_page=False, at=duel)
    over = page.locator("#clock p.tag", has_text="Over:")
    for _ in range(200):
        if over.count():
            break
        version = page.locator("[data-table-version]").get_attribute("data-table-version")
        options.first.click()
        expect(page.locator("[data-table-version]")).not_to_have_attribute(
            "data-table-version", version or ""
        )
    expect(over).to_be_visible()
    expect(page.locator(".duel-steps")).to_have_count(0)  # no step is "now" once it is over
    screenshots.take(
        page, f"fractal-nano-11-{tree}-over", full_page=False, at=page.locator("#clock")
    )


def test_the_gm_transforms_the_duel_from_the_panel_and_undoes_it(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    _campaign(page, live_server)
    page.get_by_role("button", name=re.compile(r"^Open a Nano combat duel")).click()
    control = page.locator("details.transform")
    control.get_by_text("Transform this conflict").click()
    expect(control.get_by_role("button", name="Nano duel → Micro conflict")).to_be_visible()
    screenshots.take(page, "fractal-nano-12-transform", full_page=False, at=control)
    control.get_by_role("button", name="Nano duel → Micro conflict").click()
    expect(page.locator("#clock-heading")).to_contain_text("exchange 1")
    expect(page.locator("#log")).to_contain_text("transformed into")
    page.get_by_role("button", name=re.compile(r"^Undo")).click()
    expect(page.locator("#clock-heading")).to_contain_text("beat 1")
