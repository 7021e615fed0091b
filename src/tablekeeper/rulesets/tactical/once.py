"""Values built once for a catalogue and the other arguments they depend on (a fast path).

The candidates' grouping of a fighting style's skills, the reactions a style knows, and
the like are pure functions of the catalogue and a few frozen arguments (a style, a
cunning), asked for every command of a simulation's thousands of encounters.
:func:`for_catalogue` builds each once on the engine's fast paths (``engine/memo.built_for``,
the catalogue held with the value; on the reference path it always builds).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from tablekeeper.engine.memo import built_for
from tablekeeper.rulesets.tactical.catalogue import Catalogue

T = TypeVar("T")


def for_catalogue(catalogue: Catalogue, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``catalogue`` and ``key`` (which holds every other
    argument ``make`` reads) on the fast paths; the answer must be read-only."""
    return built_for(catalogue, key, make)
