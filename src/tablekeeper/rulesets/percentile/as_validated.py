"""Values the rules build from validated values, made without validating them again on
the engine's fast paths (``engine/fast_paths.py``), equal to the validated ones.

:func:`as_validated` is ``model(**given)`` for fields validation would keep as they are:
each one taken from a field of a validated value with the same type and bounds (or
narrower), or checked by the caller where it is not. It builds the value without
pydantic's validation (``Frozen.trusted``): the fields not given take their defaults and
the value records the fields given as set, as validation does, so it is equal to the
validated value, dumps the same and has the same fields set. The model's own check of the whole (a
``model_validator``), if it has one, is run on the value built: what it refuses is built
by the model itself, which refuses it with its own error. Callers use it on the fast
path only (the reference path validates every value) and document, field by field, why
validation would keep what they give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.values import Frozen

M = TypeVar("M", bound=Frozen)

_new = object.__new__
# pydantic's own slots and the instance dict, set through their descriptors, as
# ``Frozen.trusted`` sets them (``engine/values.py``).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__

_DEFAULTS: dict[type[BaseModel], tuple[dict[str, Any], frozenset[str]]] = {}
"""Per model, :func:`_defaults` worked out once (a model's fields never change)."""


def _defaults(model: type[BaseModel]) -> tuple[dict[str, Any], frozenset[str]]:
    """The model's default values, in field order, and its fields made by a factory."""
    known = _DEFAULTS.get(model)
    if known is not None:
        return known
    plain: dict[str, Any] = {}
    made: set[str] = set()
    for key, field in model.model_fields.items():
        if field.default_factory is not None:
            made.add(key)
        plain[key] = field.get_default(call_default_factory=False)
    known = _DEFAULTS[model] = (plain, frozenset(made))
    return known


def as_validated(
    model: type[M], given: dict[str, Any], check: Callable[[M], object] | None = None
) -> M:
    """``model(**given)`` built without validating ``given`` again (see the module): the
    instance made as ``Frozen.trusted`` makes it, its dict the defaults with ``given``
    laid over them, its fields set those given."""
    defaults, made = _defaults(model)
    if made and not made <= given.keys():
        return model(**given)  # a factory's value is the model's to make
    built: M = _new(model)
    _set_dict(built, {**defaults, **given})
    _set_fields_set(built, set(given))  # as validation records them
    _set_extra(built, None)
    _set_private(built, None)
    if check is not None:
        try:
            check(built)
        except Exception:  # the model refuses it with its own error
            return model(**given)
    return built


def term(*, amount: int, label: str, source: str) -> Contribution:
    """``Contribution(amount=amount, label=label, source=source)``: a skill or passion
    read from a validated stat block or sheet, with its name and rule; on the engine's
    fast paths built by :func:`as_validated` when the amount is an int and the label and
    source strs (a ``Contribution`` checks nothing else)."""
    if fast_paths.enabled() and type(amount) is int and type(label) is str and type(source) is str:
        return as_validated(Contribution, {"amount": amount, "label": label, "source": source})
    return Contribution(amount=amount, label=label, source=source)
