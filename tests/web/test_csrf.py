"""No other page can act as the GM (``web/csrf.py``).

Issue 11: a page on ``http://127.0.0.1:8297``, with the GM's cookie in the browser, added a
player, applied an override, undid a command and rotated a player's link on the console
at ``:8223``: SameSite=Lax calls another port the same site, and the forms carried no
token. The last test does exactly that in Chromium, from a page served on another port,
and finds nothing changed; the others hold each rule in process.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from servers import served_in_thread
from tablekeeper.api.deps import console_cookie_name
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, encounters, settings
from tablekeeper.web.app import create_console_app
from tablekeeper.web.csrf import FIELD, HEADER, SESSION_COOKIE, campaign_of_path, token_for

from .browser import Screenshots


@dataclass
class Console:
    engine: Engine
    campaign: str
    secret: str
    ann: str

    def players(self) -> list[str]:
        return [p.id for p in access.list_players(SqlUnitOfWork(self.engine), self.campaign)]

    def version(self) -> int:
        return encounters.get_encounter(SqlUnitOfWork(self.engine), "bridge").version


@pytest.fixture
def console(database_url: str) -> Iterator[Console]:
    engine = settings.open_database(database_url)
    campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Harrowmoor", "realtime")
    secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
    _, ann = access.add_player(SqlUnitOfWork(engine), campaign.id, "ann", "Ann")
    encounters.start_encounter(SqlUnitOfWork(engine), campaign.id, encounter_id="bridge")
    command = set_value("clock.second", 3, reason="the bell")
    encounters.submit_command(SqlUnitOfWork(engine), "bridge", command)
    yield Console(engine, campaign.id, secret, ann)
    engine.dispose()


@pytest.fixture
def gm(console: Console, database_url: str) -> Iterator[TestClient]:
    """A client holding the GM's cookie, as a browser after the GM link, and no token."""
    with TestClient(create_console_app(database_url), follow_redirects=False) as client:
        assert client.get(f"/campaigns/{console.campaign}?key={console.secret}").status_code == 303
        yield client


def test_a_write_without_the_token_is_refused_and_changes_nothing(
    console: Console, gm: TestClient
) -> None:
    refused = gm.post(f"/campaigns/{console.campaign}/players", data={"player_name": "Mallory"})
    assert refused.status_code == 403
    assert "reload the page" in refused.text
    wrong = gm.post(
        f"/campaigns/{console.campaign}/players",
        data={"player_name": "Mallory", FIELD: "0" * 64},
    )
    assert wrong.status_code == 403
    assert console.players() == ["ann"]


def page_token(client: TestClient, path: str) -> str:
    """The token a page of the console gives its forms."""
    html = client.get(path).text
    marker = f'name="{FIELD}" value="'
    start = html.index(marker) + len(marker)
    return html[start : html.index('"', start)]


def test_the_pages_token_lets_the_form_through(console: Console, gm: TestClient) -> None:
    token = page_token(gm, f"/campaigns/{console.campaign}")
    added = gm.post(
        f"/campaigns/{console.campaign}/players", data={"player_name": "Bob", FIELD: token}
    )
    assert added.status_code == 201, added.text
    as_htmx = gm.post(
        f"/campaigns/{console.campaign}/players",
        data={"player_name": "Cid"},
        headers={HEADER: token, "HX-Request": "true"},
    )
    assert as_htmx.status_code == 201
    assert console.players() == ["ann", "bob", "cid"]
    assert f"{HEADER}&#34;: &#34;{token}" in gm.get(f"/campaigns/{console.campaign}").text or (
        f'"{HEADER}": "{token}"' in gm.get(f"/campaigns/{console.campaign}").text
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://127.0.0.1:8297"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
    ],
)
def test_another_origin_is_refused_even_with_the_token(
    console: Console, gm: TestClient, headers: dict[str, str]
) -> None:
    token = page_token(gm, f"/campaigns/{console.campaign}")
    answer = gm.post(
        f"/campaigns/{console.campaign}/players",
        data={"player_name": "Mallory", FIELD: token},
        headers=headers,
    )
    assert answer.status_code == 403
    assert "another" in answer.text
    assert console.players() == ["ann"]


def test_the_browsers_own_origin_passes(console: Console, gm: TestClient) -> None:
    token = page_token(gm, f"/campaigns/{console.campaign}")
    for headers in ({"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://testserver"}):
        answer = gm.post(
            f"/campaigns/{console.campaign}/players",
            data={"player_name": f"P{len(console.players())}", FIELD: token},
            headers=headers,
        )
        assert answer.status_code == 201, answer.text


def all_routes(app: Any) -> list[Any]:
    """Every route of the app, those of included routers too."""
    found = []
    for route in app.routes:
        inner = getattr(route, "original_router", None)
        found += all_routes(inner) if inner is not None else [route]
    return found


def test_every_state_changing_console_route_is_guarded(console: Console, gm: TestClient) -> None:
    guarded = 0
    for route in all_routes(gm.app):
        methods = getattr(route, "methods", None) or set()
        path = getattr(route, "path", "")
        if path.startswith(("/api", "/static")):
            continue
        for method in methods - {"GET", "HEAD", "OPTIONS"}:
            known = {"campaign_id": console.campaign, "encounter_id": "bridge"}
            concrete = path.format_map(defaultdict(lambda: "x", known))
            answer = gm.request(method, concrete, data={"x": "1"})
            assert answer.status_code == 403, (method, concrete, answer.status_code)
            guarded += 1
    assert guarded >= 15
    assert console.players() == ["ann"]
    assert console.version() == 1


def test_a_tossed_session_cookie_cannot_forge_a_campaigns_token(console: Console) -> None:
    # A page on another port may set cookies for the host; the campaign's token is made
    # from the credential cookie it cannot read, not from a cookie it can write.
    path = f"/campaigns/{console.campaign}/players"
    victim = {console_cookie_name(console.campaign): console.secret, SESSION_COOKIE: "mine"}
    attacker = {SESSION_COOKIE: "mine"}
    assert token_for(victim, path) != token_for(attacker, path)
    assert token_for(victim, path) == token_for(victim, f"/campaigns/{console.campaign}")
    assert campaign_of_path("/campaigns/import") is None
    assert campaign_of_path(path) == console.campaign


def test_cookies_are_secure_over_https(console: Console, gm: TestClient) -> None:
    answer = gm.get(
        f"/campaigns/{console.campaign}?key={console.secret}",
        headers={"X-Forwarded-Proto": "https"},
    )
    cookies = answer.headers.get_list("set-cookie")
    assert any(c.startswith(console_cookie_name(console.campaign)) for c in cookies)
    assert all("; Secure" in c for c in cookies), cookies


FORGER = """<!doctype html>
<html><body>
<h1>Win a free dragon</h1>
{forms}
<script>
  for (const form of document.forms) form.submit();
  fetch("{console}/campaigns/{campaign}/players", {{
    method: "POST", mode: "no-cors", credentials: "include",
    headers: {{"Content-Type": "application/x-www-form-urlencoded"}},
    body: "player_name=Fetched"
  }});
</script>
</body></html>
"""


def forger_page(console_url: str, campaign: str) -> str:
    """A page that posts the GM's forms to the console, each into an iframe of its own."""
    targets = [
        (f"/campaigns/{campaign}/players", {"player_name": "Mallory"}),
        (f"/campaigns/{campaign}/players/ann/link", {}),
        (f"/campaigns/{campaign}/encounters/bridge/undo", {}),
        (
            f"/campaigns/{campaign}/encounters/bridge/overrides",
            {"operation": "set_value", "path": "clock.second", "value": "99", "reason": "x"},
        ),
    ]
    forms = []
    for index, (path, fields) in enumerate(targets):
        inputs = "".join(f'<input name="{k}" value="{v}">' for k, v in fields.items())
        forms.append(
            f'<iframe name="t{index}"></iframe>'
            f'<form method="post" action="{console_url}{path}" target="t{index}">{inputs}</form>'
        )
    return FORGER.format(forms="".join(forms), console=console_url, campaign=campaign)


def test_a_page_on_another_port_cannot_act_as_the_gm_in_chromium(
    console: Console, live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/campaigns/{console.campaign}?key={console.secret}")
    expect(page.get_by_text("You are the GM.")).to_be_visible()
    join_links_before = page.locator("#players").inner_text()
    forger = Starlette(
        routes=[Route("/", lambda _: HTMLResponse(forger_page(live_server, console.campaign)))]
    )
    refused: list[int] = []
    page.on(
        "response",
        lambda response: (
            refused.append(response.status)
            if response.url.startswith(live_server) and response.request.method == "POST"
            else None
        ),
    )
    with served_in_thread(forger, "the forger") as elsewhere:
        assert elsewhere.split(":")[-1] != live_server.split(":")[-1]
        page.goto(elsewhere)
        expect(page.get_by_role("heading", name="Win a free dragon")).to_be_visible()
        page.wait_for_timeout(1500)  # the forms and the fetch have been sent
        screenshots.take(page, "csrf-forger")
    assert len(refused) >= 4, refused
    assert set(refused) == {403}, refused
    assert console.players() == ["ann"]
    assert console.version() == 1  # no undo, no override
    # Ann's link was not rotated: her token still opens the campaign.
    assert access.authenticate(SqlUnitOfWork(console.engine), console.campaign, console.ann)
    page.goto(f"{live_server}/campaigns/{console.campaign}")
    assert page.locator("#players").inner_text() == join_links_before
    # The GM's own page still works: a player added from the console's form.
    page.get_by_label("Player's name").fill("Bob")
    page.get_by_role("button", name="Add a player").click()
    expect(page.locator("#players")).to_contain_text("Bob")
    assert console.players() == ["ann", "bob"]
    screenshots.take(page, "csrf-gm-page")
