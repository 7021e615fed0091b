"""The console's app: the API app of ``api/app.py`` with the console's pages and static files.

One process serves both (the console's pages call the services directly; its live
updates will use the API's WebSocket), so ``tablekeeper console`` needs nothing else.
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI
from starlette.responses import RedirectResponse
from starlette.staticfiles import StaticFiles

from tablekeeper.api.app import create_app
from tablekeeper.web import (
    characters,
    deletions,
    dice,
    encounter,
    encounter_label,
    lab,
    map_view,
    pages,
    roll_mode_view,
    roster,
)
from tablekeeper.web.csrf import ConsoleGuard

STATIC = "/static"
"""Where the console's CSS and vendored JavaScript are served."""


def static_directory() -> str:
    """The package's ``static`` folder on disk."""
    return str(files("tablekeeper.web") / "static")


def create_console_app(database_url: str | None = None) -> FastAPI:
    """The API app over ``database_url`` (see :func:`~tablekeeper.api.app.create_app`) plus
    the GM console's pages at ``/`` and its assets at ``/static``, guarded against
    requests forged by other pages (:class:`~tablekeeper.web.csrf.ConsoleGuard`)."""
    app = create_app(database_url)
    app.include_router(pages.build_router())
    app.include_router(characters.build_router())
    app.include_router(deletions.build_router())
    app.include_router(dice.build_router())
    app.include_router(encounter.build_router())
    app.include_router(roster.build_router())
    app.include_router(encounter_label.build_router())
    app.include_router(lab.build_router())
    app.include_router(map_view.build_router())
    app.include_router(roll_mode_view.build_router())
    app.mount(STATIC, StaticFiles(directory=static_directory()), name="static")
    # Browsers ask for /favicon.ico on pages that name none (a JSON answer, say).
    app.add_api_route(
        "/favicon.ico",
        lambda: RedirectResponse(f"{STATIC}/favicon.svg", status_code=301),
        include_in_schema=False,
    )
    app.add_middleware(ConsoleGuard)  # no other page can post as the GM (web/csrf.py)
    return app
