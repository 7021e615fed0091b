"""The dice tray in process (TestClient): the odds chart is the services' exact
distribution, a bad expression is answered next to its field, physical dice are recorded
as typed, and a secret roll never reaches a player, in any fragment or page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from console_tokens import sending_tokens
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, settings, table
from tablekeeper.services.dice import odds_of
from tablekeeper.web.access import cookie_name
from tablekeeper.web.app import create_console_app
from tablekeeper.web.dice import MAX_BARS, log_entry, parse_faces

from .browser import Screenshots

HTMX = {"HX-Request": "true"}
BAR = re.compile(r'<tr data-value="(-?\d+)" data-probability="([\d/]+)">')


@dataclass
class Tray:
    """The console over a fresh database: a campaign, its GM and one player."""

    client: TestClient
    engine: object
    campaign_id: str
    gm_secret: str
    player_token: str

    def uow(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine)  # type: ignore[arg-type]

    def as_gm(self) -> TestClient:
        self.client.cookies.clear()
        self.client.cookies.set(cookie_name(self.campaign_id), self.gm_secret)
        return self.client

    def as_player(self) -> TestClient:
        self.client.cookies.clear()
        self.client.cookies.set(cookie_name(self.campaign_id), self.player_token)
        return self.client

    def url(self, tail: str) -> str:
        return f"/campaigns/{self.campaign_id}{tail}"


@pytest.fixture
def tray(database_url: str) -> Iterator[Tray]:
    engine = settings.open_database(database_url)
    uow = lambda: SqlUnitOfWork(engine)  # noqa: E731
    campaign = campaigns.create_campaign(uow(), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(uow(), campaign.id)
    _, token = access.add_player(uow(), campaign.id, "ann", "Ann")
    app = create_console_app(database_url)
    with TestClient(app, follow_redirects=False) as plain:
        client = sending_tokens(plain)
        yield Tray(client, engine, campaign.id, secret, token)
    engine.dispose()


def bars(html: str) -> dict[int, Fraction]:
    return {int(value): Fraction(p) for value, p in BAR.findall(html)}


def test_the_odds_chart_is_the_exact_distribution(tray: Tray) -> None:
    answer = tray.as_player().get(
        tray.url("/dice/odds"), params={"expression": "4d6kh3"}, headers=HTMX
    )
    assert answer.status_code == 200
    assert "<html" not in answer.text  # the fragment only
    assert bars(answer.text) == dict(odds_of("4d6kh3"))
    assert 'title="exactly 1/1296"' in answer.text  # the 3: all four dice show 1
    assert "mean 12.24" in answer.text


def test_a_wide_distribution_is_capped_and_says_so(tray: Tray) -> None:
    answer = tray.as_gm().get(tray.url("/dice/odds"), params={"expression": "2d100"}, headers=HTMX)
    shown = bars(answer.text)
    exact = dict(odds_of("2d100"))
    assert len(shown) == MAX_BARS
    assert all(exact[value] == p for value, p in shown.items())
    assert 101 in shown  # the likeliest run holds the mode
    values = sorted(shown)
    assert values == list(range(values[0], values[0] + MAX_BARS))
    capped = re.search(r'id="dice-chart-capped">([^<]*)<', answer.text)
    assert capped
    assert f"Showing {MAX_BARS} of 199 results" in capped.group(1)


def test_without_javascript_show_odds_is_the_tray_page(tray: Tray) -> None:
    page = tray.as_gm().get(tray.url("/dice/odds"), params={"expression": "2d6", "label": ""})
    assert page.status_code == 200
    assert "<html" in page.text
    assert 'id="dice-form"' in page.text
    assert bars(page.text) == dict(odds_of("2d6"))


@pytest.mark.parametrize(
    ("expression", "message"),
    [("2d6+", "(at character 5)"), ("2000d6", "limit of 1000 dice"), ("", "empty")],
)
def test_a_bad_expression_is_shown_next_to_the_field(
    tray: Tray, expression: str, message: str
) -> None:
    client = tray.as_gm()
    page = client.get(tray.url("/dice/odds"), params={"expression": expression})
    assert page.status_code == 422
    error = re.search(
        r'<p class="error" id="dice-expression-error" role="alert">([^<]*)</p>', page.text
    )
    assert error
    assert message in error.group(1)
    assert 'aria-describedby="dice-expression-help dice-expression-error"' in page.text
    rolled = client.post(tray.url("/dice/rolls"), data={"expression": expression}, headers=HTMX)
    assert rolled.status_code == 422
    assert rolled.headers["HX-Retarget"] == "#dice-form"
    assert message in rolled.text
    assert 'aria-invalid="true"' in rolled.text
    assert table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER) == []


def test_an_emptied_field_while_typing_is_no_error(tray: Tray) -> None:
    answer = tray.as_gm().get(tray.url("/dice/odds"), params={"expression": ""}, headers=HTMX)
    assert answer.status_code == 200
    assert "error" not in answer.text


def test_a_roll_shows_each_die_and_lands_in_the_log(tray: Tray) -> None:
    answer = tray.as_player().post(
        tray.url("/dice/rolls"), data={"expression": "4d6kh3", "label": "Stats"}, headers=HTMX
    )
    assert answer.status_code == 201
    [record] = table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER)
    payload = record.payload  # type: ignore[union-attr]
    assert payload["by"] == "ann"
    assert payload["label"] == "Stats"
    assert f'= <strong class="dice-total">{payload["total"]}</strong>' in answer.text
    assert answer.text.count('<li class="die') == 8  # the result and the log entry
    assert "dropped" in answer.text
    assert 'id="dice-form" class="dice-form"' in answer.text
    assert 'hx-swap-oob="true"' in answer.text
    assert '<div id="campaign-log" hx-swap-oob="innerHTML">' in answer.text


def test_the_gm_types_the_faces_rolled_at_the_table(tray: Tray) -> None:
    client = tray.as_gm()
    answer = client.post(
        tray.url("/dice/rolls"), data={"expression": "3d6!", "faces": "6, 2 4,1"}, headers=HTMX
    )
    assert answer.status_code == 201
    [record] = table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER)
    payload = record.payload  # type: ignore[union-attr]
    assert [die["face"] for die in payload["dice"]] == [6, 2, 4, 1]
    assert payload["total"] == 13
    assert "exploded" in answer.text
    assert "from an explosion" in answer.text
    # Faces that do not fit the roll, and words that are not faces, go next to the field.
    for faces, message in (("6, 2", "ran out of dice"), ("3, x", "not &#39;x&#39;")):
        wrong = client.post(tray.url("/dice/rolls"), data={"expression": "3d6", "faces": faces})
        assert wrong.status_code == 422
        error = re.search(r'<p class="error" id="dice-faces-error">([^<]*)</p>', wrong.text)
        assert error, wrong.text
        assert message in error.group(1)
    assert len(table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER)) == 1


def test_without_javascript_a_roll_redirects_to_its_result(tray: Tray) -> None:
    client = tray.as_gm()
    answer = client.post(tray.url("/dice/rolls"), data={"expression": "2d6", "faces": "3,4"})
    assert answer.status_code == 303
    page = client.get(answer.headers["location"])
    assert 'id="dice-rolled"' in page.text
    assert '<strong class="dice-total">7</strong>' in page.text
    assert bars(page.text) == dict(odds_of("2d6"))


def test_a_player_may_neither_roll_in_secret_nor_type_faces(tray: Tray) -> None:
    client = tray.as_player()
    tray_page = client.get(tray.url("/dice"))
    assert 'name="secret"' not in tray_page.text
    assert 'name="faces"' not in tray_page.text
    for data in ({"expression": "d20", "secret": "on"}, {"expression": "d20", "faces": "20"}):
        refused = client.post(tray.url("/dice/rolls"), data=data)
        assert refused.status_code == 403, refused.text
    assert table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER) == []


def test_a_secret_roll_never_reaches_a_player(tray: Tray) -> None:
    gm = tray.as_gm()
    label = "Ambush perception"
    rolled = gm.post(
        tray.url("/dice/rolls"),
        data={"expression": "1d20+7", "label": label, "faces": "13", "secret": "on"},
        headers=HTMX,
    )
    assert rolled.status_code == 201
    assert "secret" in rolled.text
    secret_sequence = table.campaign_log(tray.uow(), tray.campaign_id, access.GM_VIEWER)[0].sequence
    gm.post(tray.url("/dice/rolls"), data={"expression": "1d6", "faces": "4"})
    assert label in gm.get(tray.url("/log"), headers=HTMX).text

    player = tray.as_player()
    pages = [
        player.get(tray.url("/log"), headers=HTMX),
        player.get(tray.url("/log")),
        player.get(tray.url("/dice")),
        player.get(tray.url(f"/dice?rolled={secret_sequence}")),
        player.get(tray.url("")),
    ]
    for page in pages:
        assert page.status_code == 200
        assert label not in page.text
        assert "1d20" not in page.text
        assert ">20<" not in page.text
    assert 'data-sequence="2"' in pages[0].text
    assert f'data-sequence="{secret_sequence}"' not in pages[0].text
    assert 'id="dice-rolled"' not in pages[3].text


def test_the_log_is_newest_first(tray: Tray) -> None:
    gm = tray.as_gm()
    for faces in ("1", "2", "3"):
        gm.post(tray.url("/dice/rolls"), data={"expression": "d6", "faces": faces})
    log = gm.get(tray.url("/log"), headers=HTMX).text
    assert re.findall(r'data-sequence="(\d+)"', log) == ["3", "2", "1"]


def test_the_tray_pages_need_the_campaign_cookie(tray: Tray) -> None:
    tray.client.cookies.clear()
    assert tray.client.get(tray.url("/dice")).status_code == 401
    assert tray.client.get(tray.url("/log"), headers=HTMX).status_code == 401
    assert tray.client.post(tray.url("/dice/rolls"), data={"expression": "d6"}).status_code == 401


def test_faces_are_read_as_typed() -> None:
    assert parse_faces("") is None
    assert parse_faces(" 3, 5,6 ") == [3, 5, 6]
    assert parse_faces("3 5") == [3, 5]


def test_in_a_browser_the_odds_follow_the_typing_and_a_roll_joins_the_log(
    live_server: str, database_url: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    engine = settings.open_database(database_url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    engine.dispose()
    page.goto(f"{live_server}/campaigns/{campaign.id}?key={secret}")
    page.goto(f"{live_server}/campaigns/{campaign.id}/dice")
    field = page.get_by_label("Dice expression")
    field.fill("2d6+")
    expect(page.locator("#dice-expression-error")).to_contain_text("at character 5")
    field.fill("2d6")
    expect(page.locator("#dice-chart tbody tr")).to_have_count(11)
    expect(page.locator('#dice-chart tr[data-value="7"]')).to_contain_text("16.7%")
    page.get_by_label("Faces rolled at the table").fill("3, 4")
    page.get_by_role("button", name="Roll").click()
    expect(page.locator("#dice-rolled .dice-total")).to_have_text("7")
    expect(page.locator("#campaign-log .log-entry")).to_have_count(1)
    expect(page.get_by_label("Faces rolled at the table")).to_have_value("")
    expect(page.locator("#dice-chart tbody tr")).to_have_count(11)
    screenshots.take(page, "dice-tray")


def test_the_campaign_log_says_when_an_encounter_began() -> None:
    entry = log_entry(
        {
            "sequence": 1,
            "command_id": "c1",
            "kind": "campaign.encounter_started",
            "payload": {"encounter": "bridge"},
            "visibility": {"audience": "public"},
        }
    )
    assert entry.text == "Encounter bridge begins"


def test_the_campaign_log_is_live_and_a_poll_with_nothing_new_reads_one_row(tray: Tray) -> None:
    # Issue 13: "The campaign log is live too." A player's open page polls the log after
    # the version it shows (L-04): 204 while nothing moved, the new entries once it has.
    gm = tray.as_gm()
    gm.post(tray.url("/dice/rolls"), data={"expression": "d6", "faces": "2"})
    player = tray.as_player()
    shown = player.get(tray.url("/log"), headers=HTMX).text
    poll = re.search(r'hx-get="([^"]*/log\?after=(\d+))"[^>]*hx-trigger="every \d+s"', shown)
    assert poll is not None, shown
    assert player.get(poll[1], headers=HTMX).status_code == 204
    tray.as_gm().post(tray.url("/dice/rolls"), data={"expression": "d8", "faces": "7"})
    moved = tray.as_player().get(poll[1], headers=HTMX)
    assert moved.status_code == 200
    assert 'data-sequence="2"' in moved.text
    assert f"after={int(poll[2]) + 1}" in moved.text
    tray.client.cookies.clear()
    assert tray.client.get(poll[1], headers=HTMX).status_code == 401  # no peeking at the version
