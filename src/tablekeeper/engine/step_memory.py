"""What a simulation's commands did before: the memory a ruleset's engine may keep of its
steps, so that a trial does not play again what an earlier trial played (a fast path).

Unattended play gives every trial of a scenario the same start and the same choices for
the same states, and many commands draw no die or draw dice that fall alike (a miss is a
miss). A ruleset's engine whose play is a pure function of the state, the command and
the faces drawn (the ruleset contract) may therefore hand out, for a session that keeps
no log (:func:`remembering`: its steps carry their state and no event), the very step a
command gave before from the very state. What each engine remembers, and by what key, is
its own (``rulesets/realtime/encounter/played_before.py``,
``rulesets/tactical/encounter/transitions.py``); this module holds what they share:

- :class:`Memory`, a bounded memory keyed by the identity of the values it holds with
  each entry (so an identity cannot be reused while it is remembered), the least
  recently met let go first: the steps every trial plays (its first commands) stay;
- :func:`same` and :func:`printed`, one notion of "the same value": the same type, the
  same fields (a model's fields set, extras and private values included) and items, each
  the same value in turn, so ``1``, ``True``, ``1.0`` and ``Fraction(1)`` are not the
  same, as ``==`` would have them. :func:`same` compares two values (the very object at
  once, so states that share their parts compare in a few steps); :func:`printed` turns
  one into a hashable key for a dict, equal keys exactly for values :func:`same` takes as
  the same.

Nothing here reads a clock, a file or global randomness; the memories are process-wide
state the engine only consults on the fast paths (``engine/fast_paths.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from tablekeeper.engine import fast_paths

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def remembering() -> bool:
    """Whether steps may be remembered now: on the fast paths, for a session that keeps
    no log (the only steps that carry their state and no events)."""
    return fast_paths.enabled() and not fast_paths.drafting()


class Memory(Generic[K, V]):
    """At most ``size`` values by key, the least recently met let go first. A value
    should hold the objects its key names by identity (``id``), so that no identity is
    reused while it is remembered; the caller checks them (``held is state``)."""

    __slots__ = ("_kept", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[K, V] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def recall(self, key: K) -> V | None:
        """What is kept under ``key`` (``None``: nothing), now the most recently met."""
        kept = self._kept
        found = kept.pop(key, None)
        if found is not None:
            kept[key] = found
        return found

    def keep(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key``, letting the least recently met go when full."""
        kept = self._kept
        kept[key] = value
        if len(kept) > self.size:
            # A try, not contextlib.suppress (a context manager each time the memory is
            # full): another thread may have let it go first.
            try:  # noqa: SIM105
                del kept[next(iter(kept))]
            except (KeyError, RuntimeError, StopIteration):
                pass

    def clear(self) -> None:
        self._kept.clear()


class UnprintableError(Exception):
    """A value :func:`printed` does not know how to tell apart by value."""


def printed(value: Any) -> Hashable:
    """``value`` as a hashable key, each part with its type, a model with its fields set,
    extras and private values: equal keys for values :func:`same` takes as the same;
    :class:`UnprintableError` for a type not known here."""
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return (kind, value)
    if kind is tuple or kind is list:
        return (kind, tuple([printed(item) for item in value]))
    if kind is dict:
        if not all(_plain_key(key) for key in value):  # as :func:`same` asks of its keys
            raise UnprintableError("dict")
        return (kind, tuple([(printed(key), printed(item)) for key, item in value.items()]))
    if isinstance(value, BaseModel):
        return (
            kind,
            tuple([(name, printed(item)) for name, item in value.__dict__.items()]),
            frozenset(value.__pydantic_fields_set__),
            printed(value.__pydantic_private__),
            printed(value.__pydantic_extra__),
        )
    if kind is float:  # as written: ``-0.0`` is not ``0.0``
        return (kind, repr(value))
    if kind is frozenset or kind is set:
        if all(_plain_key(item) for item in value):
            return (kind, frozenset(value))
        raise UnprintableError(kind.__name__)
    if kind is Fraction or (isinstance(value, Enum) and type(value.value) in (str, int)):
        return (kind, value)
    raise UnprintableError(kind.__name__)


def same(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are the same value: the very object, or of the very same
    type with the same fields (a model's fields set, extras and private values included),
    items and elements, each the same value in turn (``1``, ``1.0`` and ``True`` are not
    the same here, as ``==`` would have them); a type not known here is the same only as
    the very object."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if isinstance(a, BaseModel):
        assert isinstance(b, BaseModel)
        if (
            a.__pydantic_fields_set__ != b.__pydantic_fields_set__
            or not same(a.__pydantic_extra__, b.__pydantic_extra__)
            or not same(a.__pydantic_private__, b.__pydantic_private__)
        ):
            return False
        return _same_items(a.__dict__, b.__dict__)
    if kind is dict:
        return _same_items(a, b)  # type: ignore[arg-type]
    if kind is tuple or kind is list:
        return len(a) == len(b) and all(  # type: ignore[arg-type]
            x is y or same(x, y)
            for x, y in zip(a, b, strict=True)  # type: ignore[call-overload]
        )
    if kind is frozenset or kind is set:
        # elements are compared by ``==`` (squares, names), which takes ``True`` for
        # ``1``: a set of anything but plain elements is the same only as the very one
        plain = all(_plain_key(x) for x in a) and all(_plain_key(x) for x in b)  # type: ignore[attr-defined]
        return plain and a == b
    if kind in (str, int, bool, type(None)):
        return a == b
    if kind is float:  # as written: ``-0.0`` is not ``0.0``
        return repr(a) == repr(b)
    if kind is Fraction:
        return a == b
    if isinstance(a, Enum):
        return type(a.value) in (str, int) and a == b
    return False


def _same_items(a: Mapping[Any, object], b: Mapping[Any, object]) -> bool:
    """The same keys, each a plain one (:func:`_plain_key`) and of the same type, in the
    same order (as a dump writes them), each with the same value."""
    if len(a) != len(b):
        return False
    for key, other in zip(a, b, strict=True):
        if key is not other and (not _plain_key(key) or not same(key, other)):
            return False
    for key, value in a.items():
        other = b[key]
        if value is not other and not same(value, other):
            return False
    return True


def _plain_key(key: object) -> bool:
    """A key or set element whose ``==`` is its identity of value: a string, an int that
    is not a bool, or a tuple of them."""
    kind = type(key)
    if kind is str or kind is int:
        return True
    if kind is tuple:
        return all(_plain_key(part) for part in key)  # type: ignore[attr-defined]
    return False
