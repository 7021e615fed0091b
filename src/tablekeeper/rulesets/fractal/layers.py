"""House rules: a GM's YAML laid over the packaged data, before validation.

The ``fractal`` tables are lists of entries that each carry an identity (a domain's or
an action's ``id``, a row's ``severity``). A GM's house rules are data of the same shape:
:func:`layer` merges mappings key by key and lists of entries entry by entry (matched on
their identity; a new identity is added at the end), and anything else replaces what is
below. The result is then validated like the packaged data, so a house table with a gap
or an overlap is refused with the field named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

IDENTITIES = ("id", "severity")
"""The keys that name an entry of a list, in the order they are looked for."""


def _identity(entry: Any) -> tuple[str, Any] | None:
    if isinstance(entry, Mapping):
        for key in IDENTITIES:
            if key in entry:
                return key, entry[key]
    return None


def layer(base: Any, house: Any) -> Any:
    """``house`` laid over ``base``.

    >>> layer({"a": 1, "rows": [{"severity": 1, "x": 1}]}, {"rows": [{"severity": 1, "x": 2}]})
    {'a': 1, 'rows': [{'severity': 1, 'x': 2}]}
    >>> layer([{"id": "a", "n": 1}], [{"id": "b", "n": 2}])
    [{'id': 'a', 'n': 1}, {'id': 'b', 'n': 2}]
    """
    if isinstance(base, Mapping) and isinstance(house, Mapping):
        merged = dict(base)
        for key, value in house.items():
            merged[key] = layer(merged[key], value) if key in merged else value
        return merged
    if isinstance(base, list) and isinstance(house, list):
        identities = [_identity(entry) for entry in base]
        if house and all(_identity(entry) is not None for entry in house) and all(identities):
            merged_list = list(base)
            for entry in house:
                found = _identity(entry)
                if found in identities:
                    index = identities.index(found)
                    merged_list[index] = layer(merged_list[index], entry)
                else:
                    merged_list.append(entry)
                    identities.append(found)
            return merged_list
    return house
