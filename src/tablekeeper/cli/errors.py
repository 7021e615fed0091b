"""One clear line on standard error and exit status 2 for every error a user can cause."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from tablekeeper.errors import RulesError

stderr = Console(stderr=True, highlight=False, soft_wrap=True)

USAGE_ERROR = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`RulesError` into ``error: <field>: <reason>`` and exit status 2."""
    try:
        yield
    except RulesError as error:
        stderr.print(f"error: {error}", markup=False)
        raise typer.Exit(USAGE_ERROR) from None
