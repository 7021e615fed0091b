"""Values built once for a catalogue and the other arguments they depend on (a fast path).

A Micro turn's actions, a check's plan and a condition looked up on a table are pure
functions of the catalogue and a few frozen arguments, asked again and again in a
simulation's thousands of encounters. :func:`for_catalogue` builds each once on the
engine's fast paths (``engine/memo.built_for``, the catalogue held with the value; on
the reference path it always builds).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from tablekeeper.engine import fast_paths
from tablekeeper.engine.memo import built_for
from tablekeeper.rulesets.fractal.catalogue import Catalogue

T = TypeVar("T")


def for_catalogue(catalogue: Catalogue, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``catalogue`` and ``key`` (which holds every other
    argument ``make`` reads) on the fast paths; the answer must be read-only."""
    return built_for(catalogue, key, make)


VERY_REMEMBERED = 256
"""How many values :func:`for_the_very` keeps: a few commands' worth (the objects it is
asked about are replaced as an encounter plays on, so older ones are seldom asked again)."""

_VERY: OrderedDict[Hashable, tuple[tuple[object, ...], object]] = OrderedDict()


def for_the_very(sources: tuple[object, ...], key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for the very objects ``sources`` (frozen values a fold
    hands on unchanged from state to state: a character's sheet, its conditions) and
    ``key`` (which holds every other argument ``make`` reads) on the fast paths: the
    sources are named by their identities and held with the value, so while it is
    remembered no other object can take one of their identities (a value found is
    always the very sources'). A memory of its own, small and bounded (the oldest go
    first), so values named by identity, which a later encounter never asks for again,
    do not push out the values ``memo.built`` keeps for equal arguments. On the
    reference path it always builds."""
    if not fast_paths.enabled():
        return make()
    named = (key, *map(id, sources))
    found = _VERY.get(named)
    if found is not None:
        return found[1]  # type: ignore[return-value]
    value = make()
    _VERY[named] = (sources, value)
    if len(_VERY) > VERY_REMEMBERED:
        try:  # noqa: SIM105 - no context manager made for each value (memo.built's)
            _VERY.popitem(last=False)
        except KeyError:  # another thread emptied it first
            pass
    return value
