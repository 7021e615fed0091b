"""What a pure question of one state answers, remembered for that state (a fast path).

A policy's candidates, their legality checks and the command then played ask the same
questions of one state again and again (who stands nearest, whom a skill would target).
:func:`remembered` answers from memory when the very same state object (states are
frozen) was asked the same question recently, on the engine's fast paths
(``engine/fast_paths.py``); on the reference path it always computes. Only pure
functions of the state and the key may be remembered, and the answer must be read-only.
Both memories are bounded (the oldest go first) and safe to share between threads: an
answer is only ever computed again, never mixed up.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from tablekeeper.engine import fast_paths
from tablekeeper.engine.step_memory import Memory

T = TypeVar("T")

STATES_REMEMBERED = 16
"""How many of the latest states keep their answers."""

_MEMO: OrderedDict[int, tuple[object, dict[Hashable, Any]]] = OrderedDict()
"""By the identity of a state (held here, so it is not reused): the state, its answers."""


_LATEST: tuple[object, dict[Hashable, Any]] = (None, {})
"""The state last asked about and its answers: most questions come in a row about one
state, so they skip the lookup by identity (replaced whole, so threads never mix it up)."""


def remembered(state: object, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, remembered for ``state`` under ``key`` on the fast paths."""
    global _LATEST
    if not fast_paths.enabled():
        return compute()
    found = _LATEST
    if found[0] is not state:
        found = _MEMO.get(id(state))  # type: ignore[assignment]
        if found is None or found[0] is not state:
            found = (state, {})
            _MEMO[id(state)] = found
            if len(_MEMO) > STATES_REMEMBERED:
                try:  # noqa: SIM105 - a try, not suppress: no context manager a state
                    _MEMO.popitem(last=False)
                except KeyError:  # another thread emptied it first
                    pass
        _LATEST = found
    answers = found[1]
    if key in answers:
        return answers[key]  # type: ignore[no-any-return]
    answer = compute()
    answers[key] = answer
    return answer


VALUES_REMEMBERED = 4096
"""How many built values :func:`built` keeps."""

_BUILT: dict[Hashable, Any] = {}


def built(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, the frozen value (a command) its arguments ``key`` describe, built
    once on the fast paths and handed out again for an equal key; on the reference path,
    and for an unhashable key, always built afresh. ``key`` must hold every argument,
    with the types of those whose equal values of other types (``1``, ``True``) would
    build another value."""
    if not fast_paths.enabled():
        return make()
    try:
        known = _BUILT.get(key, _BUILT)
    except TypeError:  # a list or a mapping among the arguments
        return make()
    if known is not _BUILT:
        return known  # type: ignore[no-any-return]
    value = _BUILT[key] = make()
    if len(_BUILT) > VALUES_REMEMBERED:
        # A try, not contextlib.suppress (SIM105): no context manager made for each value
        # once the memory is full (1-2 % of a tactical trial), nor for each new state above.
        try:  # noqa: SIM105
            del _BUILT[next(iter(_BUILT))]
        except (KeyError, RuntimeError, StopIteration):  # another thread's eviction
            pass
    return value


def built_model(model: Callable[..., T], **fields: Hashable) -> T:
    """``model(**fields)`` (a frozen model of exactly these arguments, so of these fields
    set), built once for the model and equal fields on the fast paths, as :func:`built`."""
    return built((model, *fields.items()), lambda: model(**fields))


def built_for(source: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, built once for ``source`` (the very object: a catalogue, a scenario's
    timeline) and ``key`` (which holds every other argument ``make`` reads) on the fast
    paths, as :func:`built`. The source is named by its identity and held with the value,
    so its identity cannot be reused by another object while the value is remembered."""
    held, value = built((key, id(source)), lambda: (source, make()))
    return value if held is source else make()


def built_for_each(
    sources: tuple[object, ...], key: Hashable, make: Callable[[], T], memory: Memory[Any, Any]
) -> T:
    """``make()``, built once for the very objects ``sources`` (frozen values a fold hands
    on unchanged, a stat block, the options) and ``key`` (which holds every other argument
    ``make`` reads, compared by equality) on the fast paths, kept in ``memory`` (the
    caller's own bounded memory, so values named by identity, which a later encounter
    never asks for again, do not push out the values :func:`built` keeps for equal
    arguments). The sources are named by their identities and held with the value, so
    while it is kept no other object can take one of their identities: a value found is
    always the very sources'. A ``make`` that raises keeps nothing; on the reference path
    it always builds."""
    if not fast_paths.enabled():
        return make()
    named = (key, *map(id, sources))
    found = memory.recall(named)
    if found is not None:
        return found[1]  # type: ignore[no-any-return]
    value = make()
    memory.keep(named, (sources, value))
    return value
