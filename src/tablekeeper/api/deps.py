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
        view = campaigns.submit_command(uow, encounter_id, body.command, viewer=viewer)
        announce(request, encounter_id, view.version)
        ...
"""

from __future__ import annotations

import threading

from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import HTTPConnection

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns
from tablekeeper.services.access import Viewer, authenticate

_opening = threading.Lock()


def engine_of(app: Starlette) -> Engine:
    """The app's database engine, opened and migrated on first use."""
    state = app.state
    with _opening:
        if state.engine is None:
            state.engine = campaigns.open_database(state.database_url)
        engine: Engine = state.engine
    return engine


def unit_of_work(connection: HTTPConnection) -> SqlUnitOfWork:
    """A fresh unit of work over the app's database."""
    return SqlUnitOfWork(engine_of(connection.app))


def credential(connection: HTTPConnection) -> str | None:
    """The GM secret or player token: ``Authorization: Bearer <token>``, or on a
    WebSocket (whose browser API cannot set headers) the ``token`` query parameter."""
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if connection.scope["type"] == "websocket":
        return connection.query_params.get("token") or None
    return None


def viewer_for(connection: HTTPConnection, campaign_id: str) -> Viewer:
    """Who the credential says is asking, in ``campaign_id`` (the GM or one player);
    :class:`~tablekeeper.errors.AuthenticationError` when it is missing or wrong."""
    return authenticate(unit_of_work(connection), campaign_id, credential(connection))


def viewer_for_encounter(connection: HTTPConnection, encounter_id: str) -> Viewer:
    """:func:`viewer_for` in the campaign the encounter belongs to;
    :class:`~tablekeeper.errors.UnknownNameError` for an unknown encounter."""
    encounter = campaigns.get_encounter(unit_of_work(connection), encounter_id)
    return viewer_for(connection, encounter.campaign_id)


def announce(connection: HTTPConnection, encounter_id: str, version: int) -> None:
    """Tell every live watcher, in every worker, that the encounter is now at ``version``.

    Call it after the write is committed (a use case returns only then): watchers read
    the records from the database, so announcing too early would only find nothing new.
    """
    connection.app.state.broadcaster.announce(encounter_id, version)
