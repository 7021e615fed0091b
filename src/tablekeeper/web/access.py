"""Who is at the console: the GM secret or a player's token, kept in a cookie per campaign.

The GM opens ``/campaigns/{id}?key=<gm secret>`` once (the link the console prints or
shows when the campaign is made); a player opens ``/join/{campaign}/{token}``. Either
sets an HttpOnly, SameSite=Lax cookie named for the campaign holding that credential and
redirects to the plain URL, so the secret leaves the address bar and later pages need no
query string. Every page then asks :func:`~tablekeeper.services.access.authenticate`, as
the API does with a bearer token: the services decide, the console only carries it.

SameSite=Lax keeps the cookie off cross-site form posts, which is the console's defence
against cross-site request forgery (every write is a POST).
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import Response

from tablekeeper.api.deps import CONSOLE_COOKIE_PREFIX as COOKIE_PREFIX
from tablekeeper.api.deps import console_cookie_name, unit_of_work
from tablekeeper.errors import RulesError
from tablekeeper.services.access import Viewer, authenticate

COOKIE_MAX_AGE = 60 * 60 * 24 * 365
"""A year: a home table's links should keep working between sessions."""


cookie_name = console_cookie_name
"""The cookie holding the credential for ``campaign_id`` (named in ``api/deps.py``, which
reads it on the live WebSocket)."""


def remember(response: Response, campaign_id: str, credential: str) -> None:
    """Keep ``credential`` for the campaign in an HttpOnly cookie."""
    response.set_cookie(
        cookie_name(campaign_id),
        credential,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="lax",
        path="/",
    )


def credential_of(connection: HTTPConnection, campaign_id: str) -> str | None:
    """The credential the browser holds for the campaign, if any."""
    return connection.cookies.get(cookie_name(campaign_id)) or None


def viewer_of(connection: HTTPConnection, campaign_id: str) -> Viewer:
    """The GM or player behind the campaign's cookie;
    :class:`~tablekeeper.errors.AuthenticationError` when there is none or it is stale."""
    return authenticate(
        unit_of_work(connection), campaign_id, credential_of(connection, campaign_id)
    )


def held_campaigns(connection: HTTPConnection) -> set[str]:
    """The campaigns this browser holds a cookie for (not yet checked)."""
    return {
        name.removeprefix(COOKIE_PREFIX)
        for name in connection.cookies
        if name.startswith(COOKIE_PREFIX)
    }


def joined_as_player_only(connection: HTTPConnection) -> bool:
    """Whether this browser holds credentials and each one it holds (that still opens its
    campaign) is a player's: a player's browser, not the GM's. A browser holding none,
    or a GM secret among them, is not (the balance lab is open to the GM and to a
    designer at the console who has joined no campaign)."""
    holds = False
    for campaign_id in sorted(held_campaigns(connection)):
        try:
            viewer = viewer_of(connection, campaign_id)
        except RulesError:  # stale, revoked, or its campaign deleted: holds nothing
            continue
        if viewer.is_gm:  # the lab polls a run twice a second: the GM's answer comes first
            return False
        holds = True
    return holds
