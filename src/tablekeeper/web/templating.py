"""The console's Jinja2 templates: one environment, built once per app.

Templates live in ``web/templates`` inside the package and autoescape everything; a page
is rendered whole, or (for an htmx request, ``HX-Request: true``) as the one partial it
swaps in. A ruleset's own templates (its console panel) live in its package's
``console/`` folder and are named ``rulesets/<ruleset>/<template>``: the console finds
them through the ruleset contract (``Ruleset.package``), never by importing the ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    PackageLoader,
    StrictUndefined,
    TemplateNotFound,
    select_autoescape,
)
from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from tablekeeper.errors import RulesError
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.web.abbreviations import cited, rule_ref, spelled_out
from tablekeeper.web.access import joined_as_player_only
from tablekeeper.web.csrf import csrf_field, csrf_token
from tablekeeper.web.form_fields import input_id
from tablekeeper.web.form_rows import shown_rows

RULESET_TEMPLATES = "rulesets"
"""The prefix of a ruleset's own templates: ``rulesets/<ruleset>/<template>``."""

CONSOLE_FOLDER = "console"
"""The folder of a ruleset package that holds its console templates."""


def ruleset_template(ruleset: str, template: str) -> str:
    """The name a ruleset's own template is rendered by."""
    return f"{RULESET_TEMPLATES}/{ruleset}/{template}"


class RulesetLoader(BaseLoader):
    """Finds ``rulesets/<ruleset>/<template>`` in the ruleset package's ``console/``."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        prefix, _, rest = template.partition("/")
        ruleset, _, name = rest.partition("/")
        if prefix != RULESET_TEMPLATES or not ruleset or not name:
            raise TemplateNotFound(template)
        try:
            package = ruleset_named(ruleset).package
        except RulesError:
            raise TemplateNotFound(template) from None
        return _package_loader(package).get_source(environment, name)


@cache
def _package_loader(package: str) -> PackageLoader:
    return PackageLoader(package, CONSOLE_FOLDER)


@cache
def environment() -> Environment:
    """The templates of ``tablekeeper.web``, autoescaped, failing loudly on a typo."""
    env = Environment(
        loader=ChoiceLoader([PackageLoader("tablekeeper.web", "templates"), RulesetLoader()]),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["input_id"] = input_id
    env.globals["shown_rows"] = shown_rows  # a generated form's rows (web/form_rows.py)
    env.filters["counted"] = counted
    env.filters["code_spans"] = code_spans  # ``x`` in a model's help: <code>x</code>
    env.filters["spelled_out"] = spelled_out  # a ruleset's abbreviations (web/abbreviations.py)
    env.filters["cited"] = cited  # rule ids cited in parentheses: a small mark holding them
    env.globals["rule_ref"] = rule_ref  # the mark, for a template's own words
    env.globals["ruleset_template"] = ruleset_template
    env.globals["csrf_token"] = csrf_token  # every page's token (web/csrf.py) ...
    env.globals["csrf_field"] = csrf_field  # ... and the hidden input each form includes
    # a page with no viewer (the campaigns, an error) shows the lab unless a player's browser
    env.globals["joined_as_player_only"] = joined_as_player_only
    return env


def code_spans(text: object) -> Markup:
    """``text`` escaped, each ````word```` in it (a model's description quoting a name
    from the code) as ``<code>word</code>``.

    >>> str(code_spans("Options of the ``fractal`` ruleset <b>"))
    'Options of the <code>fractal</code> ruleset &lt;b&gt;'
    """
    escaped = str(escape(text))
    return Markup(re.sub(r"``(.+?)``", r"<code>\1</code>", escaped))


def counted(count: int, plural: str) -> str:
    """``count`` things, in the singular when there is one: ``1 encounter``, ``3 records``.

    ``plural`` is the word the services count by (``encounters``, ``characters``).

    >>> counted(1, "encounters"), counted(0, "players"), counted(2, "records")
    ('1 encounter', '0 players', '2 records')
    """
    noun = plural[:-1] if count == 1 and plural.endswith("s") else plural
    return f"{count} {noun}"


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
