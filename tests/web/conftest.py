"""The console under test: a TestClient, and for the browser tests a live server, Chromium
and a page.

The browser tests drive Debian's Chromium through Playwright (never ``playwright
install``: no browser is downloaded). Its path is ``TABLEKEEPER_CHROMIUM`` (``make
pytest`` sets it from ``scripts/chromium-for-tests``), else ``/usr/bin/chromium``.
Without it (or without the ``playwright`` package) they are skipped with the reason;
with ``TABLEKEEPER_REQUIRE_BROWSER=1`` (as in ``.ci/run``) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from console_tokens import sending_tokens
from servers import served_in_thread
from tablekeeper.web.app import create_console_app

from .browser import Screenshots

CHROMIUM_VARIABLE = "TABLEKEEPER_CHROMIUM"
REQUIRE_BROWSER_VARIABLE = "TABLEKEEPER_REQUIRE_BROWSER"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'console.db'}"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """The console app in process (no redirects followed, so tests see them)."""
    with TestClient(create_console_app(database_url), follow_redirects=False) as test_client:
        yield sending_tokens(test_client)


@pytest.fixture
def live_server(database_url: str) -> Iterator[str]:
    """The console served by uvicorn in a thread, on a free port over a fresh SQLite file."""
    with served_in_thread(create_console_app(database_url), "the console server") as url:
        yield url


def _no_browser(reason: str) -> None:
    if os.environ.get(REQUIRE_BROWSER_VARIABLE) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_BROWSER_VARIABLE}=1")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright's sync API."""
    executable = os.environ.get(CHROMIUM_VARIABLE) or "/usr/bin/chromium"
    if not os.access(executable, os.X_OK):
        _no_browser(f"no Chromium at {executable} (apt-get install chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed (pip install -e '.[test]')")
    # An assertion waits as long as an action does (the page's 10 s), not Playwright's 5 s:
    # on CI's two shared cores a click's answer once took longer than 5 s to land.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies) and page, at a tablet's width."""
    context = browser.new_context(viewport={"width": 820, "height": 1100})
    context.set_default_timeout(10_000)
    opened = context.new_page()
    yield opened
    context.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Screenshots:
    return Screenshots(tmp_path / "screenshots")
