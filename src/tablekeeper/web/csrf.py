"""No other page can act as the GM: cross-site request forgery refused, cookies kept safe.

SameSite=Lax does not keep the console's cookie off a form another *port* of the same
host posts (``http://127.0.0.1:8297`` is the same site as ``:8223``), so the cookie alone
cannot tell the GM's own forms from another page's. :class:`ConsoleGuard` refuses every
state-changing request to the console's pages (any method but GET, HEAD and OPTIONS,
outside ``/api`` and ``/static``) unless both hold:

1. **the browser says it comes from this origin**: ``Sec-Fetch-Site`` is
   ``same-origin`` (or ``none``: typed by the user), else, without it, ``Origin`` names
   this host; a request with neither (a client that is not a browser) goes on to 2;
2. **it carries this session's token**: the ``X-CSRF-Token`` header (htmx sends it on
   every request, from ``hx-headers`` on the page's ``<body>``) or the ``csrf_token``
   field (every form has one, :func:`csrf_field`).

The token of a campaign's pages is an HMAC of the campaign's credential cookie (the GM
secret or the player's token, which no other page can read or guess): a page that
tossed a cookie of its own into the browser still cannot forge it. Pages of no campaign
(the home page's create and import forms) take a token made from a random session
cookie the guard sets (``tk_session``). A refusal is the console's error page, 403.

The guard also marks every cookie ``Secure`` when the request came over HTTPS (its
scheme, or ``X-Forwarded-Proto: https`` from a proxy in front).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import parse_qsl

from markupsafe import Markup
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import HTTPConnection, Request, cookie_parser
from starlette.types import Message, Receive, Scope, Send

from tablekeeper.api.deps import console_cookie_name
from tablekeeper.api.limits import BodyReader, replaying

HEADER = "X-CSRF-Token"
"""The header htmx sends the token in."""

FIELD = "csrf_token"
"""The form field a plain form sends the token in."""

SESSION_COOKIE = "tk_session"
"""The random session of a browser, for the token of pages of no campaign."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

UNGUARDED = ("/api/", "/static/")
"""Paths outside the console's pages: the API authenticates with a bearer header (no
cookie, so nothing to forge), and static files change nothing."""

ALLOWED_SITES = frozenset({"same-origin", "none"})


def campaign_of_path(path: str) -> str | None:
    """The campaign a console path belongs to (``/campaigns/{id}/...``), or ``None``
    (``/``, ``/campaigns``, ``/campaigns/import``)."""
    parts = path.strip("/").split("/")
    if len(parts) >= 2 and parts[0] == "campaigns" and parts[1] != "import":
        return parts[1]
    return None


def token_for(cookies: dict[str, str], path: str) -> str:
    """The token the forms of ``path`` carry for a browser holding ``cookies``."""
    campaign = campaign_of_path(path)
    credential = cookies.get(console_cookie_name(campaign)) if campaign is not None else None
    if campaign is not None and credential:
        return _mac(credential, f"campaign:{campaign}")
    return _mac(cookies.get(SESSION_COOKIE, ""), "session")


def csrf_token(request: Request) -> str:
    """The token of the page being rendered (templates: ``hx-headers`` on ``<body>``)."""
    return token_for(dict(request.cookies), request.url.path)


def csrf_field(request: object) -> Markup:
    """The hidden input every form includes: ``{{ csrf_field(request) }}`` (nothing when a
    template is rendered without a request: no browser, no form to guard)."""
    if not isinstance(request, Request):
        return Markup("")
    return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD, csrf_token(request))


def is_https(connection: HTTPConnection | Headers, scheme: str = "http") -> bool:
    """Whether the request came over HTTPS, directly or through a proxy that says so."""
    headers = connection.headers if isinstance(connection, HTTPConnection) else connection
    if isinstance(connection, HTTPConnection):
        scheme = connection.url.scheme
    forwarded = headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return scheme in ("https", "wss") or forwarded == "https"


def _mac(key: str, message: str) -> str:
    digest = hmac.new(key.encode(), f"tablekeeper csrf {message}".encode(), hashlib.sha256)
    return digest.hexdigest()


class ConsoleGuard(BodyReader):
    """ASGI middleware: the checks of the module docstring, a session cookie for a
    browser that has none, and ``Secure`` cookies over HTTPS."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        headers = Headers(scope=scope)
        secure = is_https(headers, scope.get("scheme", "http"))
        cookies = _cookies(headers)
        fresh = None
        if SESSION_COOKIE not in cookies and not path.startswith(UNGUARDED):
            fresh = secrets.token_urlsafe(24)
            cookies[SESSION_COOKIE] = fresh
            scope = _with_cookie(scope, SESSION_COOKIE, fresh)
        send = _setting_cookies(send, fresh, secure)
        if scope["method"] in SAFE_METHODS or path.startswith(UNGUARDED):
            await self.app(scope, receive, send)
            return
        problem = _wrong_origin(headers)
        if problem is None:
            body = await self.read(scope, receive, send)
            if body is None:
                return
            receive = replaying(body, receive)
            sent = headers.get(HEADER) or _form_token(headers, body)
            if not sent or not hmac.compare_digest(sent, token_for(cookies, path)):
                problem = (
                    "This form is out of date or was not sent from this console's own "
                    "page: reload the page and try again."
                )
        if problem is not None:
            await _refusal(scope, receive, send, problem)
            return
        await self.app(scope, receive, send)


def _wrong_origin(headers: Headers) -> str | None:
    """Why the browser's own headers say another page sent this, or ``None``."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        if site.lower() in ALLOWED_SITES:
            return None
        return f"This request came from another site ({site}): the console refuses it."
    origin = headers.get("origin")
    if origin is None:
        return None
    host = headers.get("host", "")
    if origin.lower() == "null" or origin.partition("://")[2].rstrip("/").lower() != host.lower():
        return f"This request came from another page ({origin}): the console refuses it."
    return None


def _form_token(headers: Headers, body: bytes) -> str | None:
    """The ``csrf_token`` field of a form body (urlencoded or multipart)."""
    kind = headers.get("content-type", "")
    if kind.startswith("multipart/form-data"):
        from tablekeeper.web.pages import _multipart_pairs  # the console's one reader

        pairs = _multipart_pairs(kind, body)
    else:
        pairs = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
    return next((value for name, value in pairs if name == FIELD), None)


def _cookies(headers: Headers) -> dict[str, str]:
    """The cookies the browser sent, read as Starlette reads them for a request."""
    jar: dict[str, str] = {}
    for header in headers.getlist("cookie"):
        jar.update(cookie_parser(header))
    return jar


def _with_cookie(scope: Scope, name: str, value: str) -> Scope:
    """``scope`` as if the browser had sent the cookie ``name`` too."""
    raw = [(k, v) for k, v in scope["headers"] if k != b"cookie"]
    present = [v.decode("latin-1") for k, v in scope["headers"] if k == b"cookie"]
    present.append(f"{name}={value}")
    raw.append((b"cookie", "; ".join(present).encode("latin-1")))
    return {**scope, "headers": raw}


def _setting_cookies(send: Send, fresh: str | None, secure: bool) -> Send:
    """``send`` that adds the new session cookie (if any) to the answer, and marks every
    cookie ``Secure`` over HTTPS."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            if fresh is not None:
                cookie = f"{SESSION_COOKIE}={fresh}; HttpOnly; Path=/; SameSite=Lax"
                headers.append("set-cookie", cookie)
            if secure:
                cookies = headers.getlist("set-cookie")
                del headers["set-cookie"]
                for cookie in cookies:
                    marked = "secure" in [p.strip().lower() for p in cookie.split(";")]
                    headers.append("set-cookie", cookie if marked else f"{cookie}; Secure")
        await send(message)

    return sending


async def _refusal(scope: Scope, receive: Receive, send: Send, message: str) -> None:
    from tablekeeper.web.templating import render  # the console's error page

    request = Request(scope, receive)
    page = render(
        request,
        "error.html",
        {"status": 403, "message": message, "needs_link": False},
        status_code=403,
    )
    await page(scope, receive, send)
