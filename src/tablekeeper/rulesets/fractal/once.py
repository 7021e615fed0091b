"""Values built once for a catalogue and the other arguments they depend on (a fast path).

A Micro turn's actions, a check's plan and a condition looked up on a table are pure
functions of the catalogue and a few frozen arguments, asked again and again in a
simulation's thousands of encounters. :func:`for_catalogue` builds each once on the
engine's fast paths (``engine/memo.built_for``, the catalogue held with the value; on
the reference path it always builds).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from tablekeeper.engine.memo import built_for, built_for_each
from tablekeeper.engine.step_memory import Memory
from tablekeeper.rulesets.fractal.catalogue import Catalogue

T = TypeVar("T")


def for_catalogue(catalogue: Catalogue, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``catalogue`` and ``key`` (which holds every other
    argument ``make`` reads) on the fast paths; the answer must be read-only."""
    return built_for(catalogue, key, make)


VERY_REMEMBERED = 256
"""How many values :func:`for_the_very` keeps: a few commands' worth (the objects it is
asked about are replaced as an encounter plays on, so older ones are seldom asked again)."""

_VERY: Memory[Hashable, tuple[tuple[object, ...], object]] = Memory(VERY_REMEMBERED)


def for_the_very(sources: tuple[object, ...], key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for the very objects ``sources`` (frozen values a fold
    hands on unchanged from state to state: a character's sheet, its conditions) and
    ``key`` (which holds every other argument ``make`` reads) on the fast paths
    (``memo.built_for_each``, in a small memory of fractal's own)."""
    return built_for_each(sources, key, make, _VERY)
