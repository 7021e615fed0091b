"""The console's Jinja2 templates: one environment, built once per app.

Templates live in ``web/templates`` inside the package and autoescape everything; a page
is rendered whole, or (for an htmx request, ``HX-Request: true``) as the one partial it
swaps in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from tablekeeper.web.csrf import csrf_field, csrf_token
from tablekeeper.web.forms import input_id


@cache
def environment() -> Environment:
    """The templates of ``tablekeeper.web``, autoescaped, failing loudly on a typo."""
    env = Environment(
        loader=PackageLoader("tablekeeper.web", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["input_id"] = input_id
    env.globals["csrf_token"] = csrf_token  # every page's token (web/csrf.py) ...
    env.globals["csrf_field"] = csrf_field  # ... and the hidden input each form includes
    return env


def is_htmx(request: Request) -> bool:
    """Whether htmx sent the request (and wants a partial back)."""
    return request.headers.get("hx-request") == "true"


def render(
    request: Request,
    template: str,
    context: Mapping[str, Any],
    *,
    status_code: int = 200,
    partial: str | None = None,
) -> HTMLResponse:
    """``template`` with ``context`` as a response; ``partial`` instead when htmx asks."""
    name = partial if partial is not None and is_htmx(request) else template
    html = environment().get_template(name).render({"request": request, **context})
    return HTMLResponse(html, status_code=status_code)
