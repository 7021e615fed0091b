"""Each ruleset's panel tells the encounter's state, never a second list of its actors
(issue 13, "The console on game night"): on every demo encounter, as the GM and as a
player, each actor is headed once in the panel and the cards (its card's heading), and
what the panel showed of it is on its card."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient

from console_tokens import sending_tokens
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, characters, demo_campaigns, settings

RULESETS = ("realtime", "percentile", "tactical", "fractal", "duel")

HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>", re.S)
OPENING_STRONG = re.compile(
    r"<(?:li|div|p|dt|dd|td|th)\b[^>]*>\s*<strong\b[^>]*>(.*?)</strong>", re.S
)
"""A ``strong`` that opens its element: how the panels headed each actor of their lists."""


@dataclass(frozen=True)
class Demo:
    url: str
    secret: str
    campaign: str
    join: str
    played: str


def demo(database_url: str, ruleset: str) -> Demo:
    """The ruleset's demo encounter, with Ann playing its first player character."""
    engine = settings.open_database(database_url)
    try:
        made = {
            campaign.ruleset: (campaign, secret)
            for campaign, secret in demo_campaigns.ensure_demo_campaigns(
                lambda: SqlUnitOfWork(engine)
            )
        }
        campaign, secret = made[ruleset]
        encounter = demo_campaigns.demo_encounter(SqlUnitOfWork(engine), campaign.id)
        _, token = access.add_player(SqlUnitOfWork(engine), campaign.id, "ann", "Ann Lee")
        pc = next(
            c
            for c in characters.list_characters(SqlUnitOfWork(engine), campaign.id)
            if c.kind == "pc"
        )
        characters.edit_character(
            SqlUnitOfWork(engine), campaign.id, pc.id, expected_version=pc.version, player="ann"
        )
    finally:
        engine.dispose()
    return Demo(
        f"/campaigns/{campaign.id}/encounters/{encounter}",
        secret,
        campaign.id,
        f"/join/{campaign.id}/{token}",
        pc.id,
    )


def region(page: str) -> str:
    """The ruleset's panel and the cards: the table up to the map (or the cards), and the
    cards' section."""
    table = page.split('data-table-version="', 1)[1]
    cards = re.search(r'<section class="panel cards-panel".*?</section>', table, re.S)
    assert cards, "no cards on the page"
    panel = re.split(r'<section class="panel (?:map|cards-panel)"', table, maxsplit=1)[0]
    return panel + cards[0]


def card_names(page: str) -> dict[str, str]:
    return {
        key: html.unescape(name)
        for key, name in re.findall(r'<h3 id="card-([\w-]+)-name">(.*?)</h3>', page)
    }


def actor_headings(part: str) -> list[str]:
    texts = [body for _, body in HEADING.findall(part)] + OPENING_STRONG.findall(part)
    return [html.unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in texts]


def viewers(client: TestClient, found: Demo) -> dict[str, TestClient]:
    assert client.get(f"/campaigns/{found.campaign}?key={found.secret}").status_code == 303
    ann = sending_tokens(TestClient(client.app, follow_redirects=False))
    assert ann.get(found.join).status_code == 303
    return {"gm": client, "player": ann}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_actor_is_headed_once_in_the_panel_and_the_cards(
    client: TestClient, database_url: str, ruleset: str
) -> None:
    found = demo(database_url, ruleset)
    for who, viewer in viewers(client, found).items():
        page = viewer.get(found.url).text
        names = card_names(page)
        assert len(names) >= 2, (ruleset, who)
        headings = actor_headings(region(page))
        for key, name in names.items():
            assert headings.count(name) == 1, (ruleset, who, key, name, headings)
