"""Values built once for the very object they are made from (a fast path).

A simulation starts one scenario trial after trial: the same timeline, the same creature
specs, so the same commands, creatures and events made from them. :func:`for_the_very`
builds each once on the engine's fast paths (``engine/memo.built_for``, the object held
with the value; on the reference path it always builds). Only frozen values made by a
pure function of the object and the key may be kept this way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from tablekeeper.engine.memo import built_for

T = TypeVar("T")


def for_the_very(source: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``source`` (the very object) and ``key`` (which names
    what is made and holds every other argument ``make`` reads) on the fast paths."""
    return built_for(source, ("realtime.once", key), make)
