"""The live WebSocket opened by a console page: its credential is the console's cookie
for the encounter's campaign, and a cookie-authenticated socket gets only what that
viewer may see."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tablekeeper.api.deps import console_cookie_name
from tablekeeper.services import encounters

from .test_live import Table, open_table, receive, sequences, until_version


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from open_table(f"sqlite:///{tmp_path / 'live-cookie.db'}")


def campaign_of(table: Table) -> str:
    return encounters.get_encounter(table.uow(), table.encounter_id).campaign_id


def live_with_cookie(table: Table, credential: str | None, **headers: str) -> Any:
    """The socket a console page opens: no token, the campaign's cookie (if any)."""
    if credential is not None:
        headers["cookie"] = f"{console_cookie_name(campaign_of(table))}={credential}"
    path = f"/api/encounters/{table.encounter_id}/live"
    return table.client.websocket_connect(path, headers=headers)


def refused_with(socket: Any) -> int:
    error = receive(socket)
    assert error["type"] == "error"
    with pytest.raises(WebSocketDisconnect) as closed:
        receive(socket)
    return closed.value.code


def test_the_cookie_is_named_for_the_campaign() -> None:
    assert console_cookie_name("c1") == "tk_c1"


def test_a_players_cookie_socket_never_receives_a_gm_only_record(table: Table) -> None:
    with (
        live_with_cookie(table, table.player_token) as player,
        live_with_cookie(table, table.gm_secret) as gm,
    ):
        assert receive(player)["type"] == "state"
        assert receive(gm)["type"] == "state"
        table.play(2)
        table.play(3, secret=True)
        version = table.play(4)
        seen_by_player = until_version(player, version)
        seen_by_gm = until_version(gm, version)
    assert sequences(seen_by_gm) == [1, 2, 3]
    assert "to 3" in json.dumps(seen_by_gm)
    assert sequences(seen_by_player) == [1, 3]
    assert "to 3" not in json.dumps(seen_by_player)


def test_a_reconnecting_cookie_socket_resumes_after_its_last_record(table: Table) -> None:
    table.play(2)
    table.play(3, secret=True)
    table.play(4)
    path = f"/api/encounters/{table.encounter_id}/live?after=1"
    cookie = f"{console_cookie_name(campaign_of(table))}={table.player_token}"
    with table.client.websocket_connect(path, headers={"cookie": cookie}) as player:
        assert sequences(until_version(player, 3)) == [3]


def test_no_cookie_is_refused_with_4404(table: Table) -> None:
    # 4404, as for an encounter that does not exist (issue 11: no existence oracle).
    with live_with_cookie(table, None) as socket:
        assert refused_with(socket) == 4404


def test_a_stale_cookie_or_another_campaigns_is_refused(table: Table) -> None:
    with live_with_cookie(table, "not-a-token") as socket:
        assert refused_with(socket) == 4404
    path = f"/api/encounters/{table.encounter_id}/live"
    elsewhere = {"cookie": f"{console_cookie_name('another')}={table.gm_secret}"}
    with table.client.websocket_connect(path, headers=elsewhere) as socket:
        assert refused_with(socket) == 4404


def test_a_page_of_another_origin_cannot_ride_on_the_cookie(table: Table) -> None:
    with live_with_cookie(table, table.gm_secret, origin="http://evil.example") as socket:
        assert refused_with(socket) == 4404
    with live_with_cookie(table, table.gm_secret, origin="http://testserver") as socket:
        assert receive(socket)["type"] == "state"


def test_a_token_or_bearer_header_wins_over_the_cookie(table: Table) -> None:
    cookie = f"{console_cookie_name(campaign_of(table))}={table.gm_secret}"
    table.play(2, secret=True)
    path = f"/api/encounters/{table.encounter_id}/live?token={table.player_token}"
    with table.client.websocket_connect(path, headers={"cookie": cookie}) as socket:
        assert sequences(until_version(socket, 1)) == []


def test_the_http_api_does_not_read_the_cookie(table: Table) -> None:
    cookie = f"{console_cookie_name(campaign_of(table))}={table.gm_secret}"
    answer = table.client.get(f"/api/encounters/{table.encounter_id}", headers={"cookie": cookie})
    assert answer.status_code == 404  # as if it did not exist: the cookie opens nothing here
