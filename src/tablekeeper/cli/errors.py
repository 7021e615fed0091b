"""One clear line on standard error and exit status 2 for every error a user can cause.

Plain ``print`` and :class:`SystemExit` rather than Rich and ``typer.Exit``: the dice
commands' fast path (``cli/main.py``) reports errors without importing either, and Typer
passes a ``SystemExit`` through with its status, as it does its own ``Exit``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from tablekeeper.errors import RulesError

USAGE_ERROR = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`RulesError` into ``error: <field>: <reason>`` and exit status 2."""
    try:
        yield
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(USAGE_ERROR) from None
