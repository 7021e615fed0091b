"""What a route needs from the app: a unit of work, the viewer behind a credential, and
the announcement of a committed write.

The app keeps its database engine, :class:`~tablekeeper.api.live.LiveHub` and
:class:`~tablekeeper.persistence.notifications.Broadcaster` in ``app.state``; the engine
is opened (and migrated) on the first campaign request, so the stateless routes (odds,
rolls, resolvers) never touch a database. Use these as FastAPI dependencies::

    @router.post("/encounters/{encounter_id}/commands")
    def post_command(
        encounter_id: str, body: CommandIn, request: Request,
        uow: Annotated[SqlUnitOfWork, Depends(unit_of_work)],
    ) -> Any:
        viewer = viewer_for_encounter(request, encounter_id)
        view = encounters.submit_command(uow, encounter_id, body.command, viewer=viewer)
        announce(request, encounter_id, view.version)
        ...
"""

from __future__ import annotations

import threading

from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import HTTPConnection

from tablekeeper.errors import AuthenticationError, UnknownNameError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import encounters, settings
from tablekeeper.services.access import Viewer, authenticate

_opening = threading.Lock()

CONSOLE_COOKIE_PREFIX = "tk_"
"""The console keeps a campaign's credential in the cookie ``tk_<campaign id>``."""


def console_cookie_name(campaign_id: str) -> str:
    """The cookie in which the console keeps the credential for ``campaign_id``."""
    return f"{CONSOLE_COOKIE_PREFIX}{campaign_id}"


def engine_of(app: Starlette) -> Engine:
    """The app's database engine, opened and migrated on first use."""
    state = app.state
    with _opening:
        if state.engine is None:
            state.engine = settings.open_database(state.database_url)
        engine: Engine = state.engine
    return engine


def unit_of_work(connection: HTTPConnection) -> SqlUnitOfWork:
    """A fresh unit of work over the app's database."""
    return SqlUnitOfWork(engine_of(connection.app))


def credential(connection: HTTPConnection, campaign_id: str | None = None) -> str | None:
    """The GM secret or player token: ``Authorization: Bearer <token>``; on a WebSocket
    (whose browser API cannot set headers) the ``token`` query parameter, else the
    console's cookie for ``campaign_id`` (a console page's socket sends it by itself).

    The cookie is taken only from a same-origin handshake (an ``Origin`` header, when
    there is one, naming this host): a page on another origin, even one the cookie's
    SameSite rule calls the same site (another port of the host), cannot ride on it.
    """
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if connection.scope["type"] != "websocket":
        return None
    query_token = connection.query_params.get("token")
    if query_token:
        return query_token
    if campaign_id is None or not _same_origin(connection):
        return None
    return connection.cookies.get(console_cookie_name(campaign_id)) or None


def _same_origin(connection: HTTPConnection) -> bool:
    """Whether the handshake comes from a page of this host (or names no origin: a
    client that is not a browser, which sends no cookie it was not given)."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = connection.headers.get("host", "")
    return origin.partition("://")[2].rstrip("/").lower() == host.lower()


def viewer_for(connection: HTTPConnection, campaign_id: str) -> Viewer:
    """Who the credential says is asking, in ``campaign_id`` (the GM or one player);
    :class:`~tablekeeper.errors.AuthenticationError` when it is missing or wrong."""
    return authenticate(unit_of_work(connection), campaign_id, credential(connection, campaign_id))


def viewer_for_encounter(connection: HTTPConnection, encounter_id: str) -> Viewer:
    """:func:`viewer_for` in the campaign the encounter belongs to;
    :class:`~tablekeeper.errors.UnknownNameError` for an unknown encounter, and the same
    error, word for word, for one the credential does not open: a stranger cannot tell
    an encounter that exists from one that does not (``docs/rulings.md``, S-05)."""
    try:
        encounter = encounters.get_encounter(unit_of_work(connection), encounter_id)
        return viewer_for(connection, encounter.campaign_id)
    except (UnknownNameError, AuthenticationError):
        raise UnknownNameError(f"no encounter {encounter_id!r}", field="encounter") from None


def announce(connection: HTTPConnection, encounter_id: str, version: int) -> None:
    """Tell every live watcher, in every worker, that the encounter is now at ``version``.

    Call it after the write is committed (a use case returns only then): watchers read
    the records from the database, so announcing too early would only find nothing new.
    """
    connection.app.state.broadcaster.announce(encounter_id, version)
