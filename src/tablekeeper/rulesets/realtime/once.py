"""Values built once for the very object they are made from (a fast path).

A simulation starts one scenario trial after trial: the same timeline, the same creature
specs, so the same commands, creatures and events made from them. :func:`for_the_very`
builds each once on the engine's fast paths (``engine/memo.built``; on the reference path
it always builds). The object is named by its identity and held with the value, so its
identity cannot be reused by another object while the value is remembered. Only frozen
values made by a pure function of the object and the key may be kept this way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from tablekeeper.engine.memo import built

T = TypeVar("T")


def for_the_very(source: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``source`` (the very object) and ``key`` (which names
    what is made and holds every other argument ``make`` reads) on the fast paths."""
    held, value = built(("realtime.once", key, id(source)), lambda: (source, make()))
    return value if held is source else make()
