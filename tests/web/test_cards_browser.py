"""The table's cards in a real browser (see conftest.py): the GM steps HP down and up
from a card, adds a combatant from the campaign mid-encounter and takes one out, each
through htmx swapping the table in place, in realtime and in percentile. Screenshots are
saved."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser import Screenshots

STATS = {"hit_points": 12, "mov": 8, "skills": {"Dagger": 55, "Dodge": 40}}


def _campaign(page: Any, live_server: str, ruleset: str) -> tuple[str, str]:
    page.goto(f"{live_server}/", timeout=30_000)  # a cold server under load is slow to answer
    page.get_by_label("Name").fill(f"Cards in {ruleset}")
    page.get_by_label("Ruleset").select_option(ruleset)
    page.get_by_role("button", name="Create the campaign").click()
    page.get_by_role("link", name="Open the campaign").click()
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    return page.url.rstrip("/"), token or ""


def _start(page: Any, *names: str) -> None:
    page.reload()
    for name in names:
        page.get_by_label(f"Bring {name}").check()
    page.get_by_role("button", name="Start an encounter with the checked characters").click()


def _step_and_join(page: Any, screenshots: Screenshots, who: str, newcomer: str, hp: int) -> None:
    """HP -1 then +1 on ``who``'s card, then ``newcomer`` joins from the campaign."""
    from playwright.sync_api import expect

    card = page.locator(f"#card-{who.lower()}")
    expect(card).to_contain_text(f"HP {hp} / {hp}")
    card.get_by_role("button", name=f"HP -1 for {who}").click()
    expect(card).to_contain_text(f"HP {hp - 1} / {hp}")
    screenshots.take(page, f"cards-{who.lower()}-hurt", full_page=False, at=card)
    page.locator(f"#card-{who.lower()}").get_by_role("button", name=f"HP +1 for {who}").click()
    expect(page.locator(f"#card-{who.lower()}")).to_contain_text(f"HP {hp} / {hp}")
    page.get_by_label("Add from the campaign").select_option(label=f"{newcomer} (NPC)")
    page.get_by_role("button", name="Add to the encounter").click()
    expect(page.locator(f"#card-{newcomer.lower()}")).to_be_visible()


@pytest.mark.parametrize(
    ("ruleset", "sheet", "leaves"),
    [
        ("realtime", {"sheet.characteristics": '{"melee": 12}'}, "Wolf leaves the encounter"),
        ("duel", {"sheet.defense": "10"}, "Wolf leaves the duel"),
    ],
)
def test_hp_steps_and_a_combatant_joins_and_leaves(
    live_server: str,
    page: Any,
    screenshots: Screenshots,
    ruleset: str,
    sheet: dict[str, str],
    leaves: str,
) -> None:
    from playwright.sync_api import expect

    campaign, token = _campaign(page, live_server, ruleset)
    for name, side in (("aliena", "party"), ("demilio", "foes"), ("wolf", "foes")):
        made = page.request.post(
            f"{campaign}/characters",
            form={
                "csrf_token": token,
                "id": name,
                "name": name.title(),
                "kind": "npc",
                "sheet.side": side,
                "sheet.hp": "16",
                **sheet,
            },
            max_redirects=0,
        )
        assert made.status == 303
    _start(page, "Aliena", "Demilio")
    _step_and_join(page, screenshots, "Demilio", "Wolf", 16)
    page.get_by_role("button", name="Remove Wolf from the encounter").click()
    expect(page.locator("#card-wolf")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text(leaves)
    page.get_by_role("button", name=f"Undo: {leaves}").click()
    expect(page.locator("#card-wolf")).to_be_visible()
    screenshots.take(page, f"cards-{ruleset}")


def test_percentile_hp_steps_and_a_combatant_joins(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    campaign, token = _campaign(page, live_server, "percentile")
    document = {
        "schema_version": 1,
        "kind": "tablekeeper.characters",
        "ruleset": "percentile",
        "characters": [
            {
                "id": name,
                "name": name.title(),
                "kind": "npc",
                "sheet": {"side": side, "stats": {**STATS, "name": name.title()}},
            }
            for name, side in (("brenna", "travellers"), ("orc", "orcs"), ("goblin", "orcs"))
        ],
    }
    imported = page.request.post(
        f"{campaign}/characters/import",
        form={"csrf_token": token, "document": json.dumps(document), "format": "json"},
        max_redirects=0,
    )
    assert imported.status == 303
    _start(page, "Brenna", "Orc")
    _step_and_join(page, screenshots, "Orc", "Goblin", 12)
    sheet = page.locator("#card-goblin details.sheet")
    sheet.locator("summary").click()
    expect(sheet).to_contain_text("Dagger")
    expect(page.locator("#card-goblin")).not_to_contain_text("Remove Goblin")
    screenshots.take(page, "cards-percentile")
