"""What a database can store, the same on SQLite and PostgreSQL: no NUL, no lone surrogate,
no NaN or Infinity.

SQLite stores a NUL character, a lone surrogate (as its bytes) and ``NaN`` in JSON;
PostgreSQL refuses all three (its text has no NUL, its JSONB has no NaN, and UTF-8 has no
lone surrogate), so a campaign that SQLite took could not move to PostgreSQL, and the
same request answered 201 on one and 500 on the other. Values are checked where they
enter (``services/safe_input.py``); :func:`check_storable` is the backstop every log
append passes on every backend (``repositories.check_append``), so that whatever a use
case builds, both databases give the same answer: a 422 naming the field, nothing
written.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

from tablekeeper.errors import InvalidInputError

_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored, or ``None``."""
    bad = _BAD_TEXT.search(value)
    if bad is None:
        return None
    what = "a NUL character" if bad.group() == "\x00" else "an unpaired surrogate"
    return f"text may not contain {what} (at character {bad.start() + 1})"


def number_problem(value: float) -> str | None:
    """Why ``value`` cannot be stored, or ``None``."""
    return None if math.isfinite(value) else f"a number must be finite, not {value!r}"


def walk(value: Any, field: str) -> Iterator[tuple[str, int, Any]]:
    """Every value inside ``value`` (keys too), with its dotted path from ``field`` and its
    depth; without recursion."""
    stack: list[tuple[str, int, Any]] = [(field, 0, value)]
    while stack:
        path, depth, item = stack.pop()
        yield path, depth, item
        if isinstance(item, Mapping):
            for key, child in item.items():
                name = f"{path}.{key}" if path else str(key)
                yield path, depth + 1, key
                stack.append((name, depth + 1, child))
        elif isinstance(item, list | tuple):
            prefix = f"{path}." if path else ""
            stack.extend((f"{prefix}{index}", depth + 1, child) for index, child in enumerate(item))


def problem(item: Any) -> str | None:
    """Why one value (not what it contains) cannot be stored, or ``None``."""
    if isinstance(item, str):
        return text_problem(item)
    if isinstance(item, float):
        return number_problem(item)
    return None


def check_storable(value: Any, field: str) -> None:
    """Refuse ``value`` (JSON data) when anything in it cannot be stored."""
    for path, _, item in walk(value, field):
        found = problem(item)
        if found is not None:
            raise InvalidInputError(found, field=path or field)
