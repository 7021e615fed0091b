"""A console TestClient that sends the CSRF token, as the console's own pages do.

The console refuses a state-changing request without its session's token
(``web/csrf.py``). A browser gets it from the page; the page tests, which post forms
directly, get it here: every request carries ``X-CSRF-Token``, computed from the
client's cookies and the path exactly as the console computes it, and the client holds
a session cookie from the start. ``tests/web/test_csrf.py`` checks what happens without.
"""

from __future__ import annotations

import secrets

import httpx
from fastapi.testclient import TestClient

from tablekeeper.web.csrf import HEADER, SESSION_COOKIE, token_for


def sending_tokens(client: TestClient) -> TestClient:
    """``client``, each of its requests carrying the console's token for its path."""

    def add_token(request: httpx.Request) -> None:
        if SESSION_COOKIE not in client.cookies:  # as after a first page: a session
            client.cookies.set(SESSION_COOKIE, secrets.token_urlsafe(24))
            request.headers["cookie"] = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        if HEADER not in request.headers:
            cookies = dict(client.cookies.items())
            request.headers[HEADER] = token_for(cookies, request.url.path)

    client.event_hooks["request"] = [*client.event_hooks.get("request", []), add_token]
    return client
