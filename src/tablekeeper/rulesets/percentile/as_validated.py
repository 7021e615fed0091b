"""Values the rules build from validated values, made without validating them again on
the engine's fast paths (``engine/fast_paths.py``), equal to the validated ones.

:func:`as_validated` is ``model(**given)`` for fields validation would keep as they are:
each one taken from a field of a validated value with the same type and bounds (or
narrower), or checked by the caller where it is not. It builds the value without
pydantic's validation: the fields not given take their defaults and the value records
the fields given as set, as validation does, so it is equal to the validated value,
dumps the same and has the same fields set. The model's own check of the whole (a
``model_validator``), if it has one, is run on the value built: what it refuses is built
by the model itself, which refuses it with its own error. Callers use it on the fast
path only (the reference path validates every value) and document, field by field, why
validation would keep what they give.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeAlias, TypeVar

from pydantic import BaseModel

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Contribution

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
_new = object.__new__


@cache
def _defaults(model: type[BaseModel]) -> tuple[dict[str, Any], frozenset[str]]:
    """The model's default values, in field order, and its fields made by a factory."""
    plain: dict[str, Any] = {}
    made: set[str] = set()
    for key, field in model.model_fields.items():
        if field.default_factory is not None:
            made.add(key)
        plain[key] = field.get_default(call_default_factory=False)
    return plain, frozenset(made)


def as_validated(
    model: type[M], given: dict[str, Any], check: Callable[[M], object] | None = None
) -> M:
    """``model(**given)`` built without validating ``given`` again (see the module)."""
    defaults, made = _defaults(model)
    if made and not made <= given.keys():
        return model(**given)  # a factory's value is the model's to make
    built = _new(model)
    _set(built, "__dict__", {**defaults, **given})
    _set(built, "__pydantic_fields_set__", set(given))
    _set(built, "__pydantic_extra__", None)
    _set(built, "__pydantic_private__", None)
    if check is not None:
        try:
            check(built)
        except Exception:  # the model refuses it with its own error
            return model(**given)
    return built


Fits: TypeAlias = Callable[[Any], bool]
"""Whether validation keeps a field's value as it is."""


def of(*kinds: type) -> Fits:
    """A value of one of ``kinds`` exactly (a model's value was validated when built; a
    str, an int, a bool or none fit a field of that plain type)."""
    return lambda value: type(value) in kinds


def each(*kinds: type) -> Fits:
    """A tuple of values each of one of ``kinds`` exactly."""
    return lambda value: type(value) is tuple and all(type(item) in kinds for item in value)


def among(*allowed: object) -> Fits:
    """One of a literal's values (or none, when ``None`` is among them)."""
    return lambda value: (value is None or type(value) is str) and value in allowed


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


COUNT: Fits = _count
"""An int of at least 0."""

NAME: Fits = of(str)
"""A str (an actor's id, an action's name...), for a field of type ``str``."""

NAME_OR_NONE: Fits = of(str, type(None))
"""A str or none."""


def typed(model: type[M], fits: Mapping[str, Fits], **given: Any) -> M:
    """``model(**given)``; on the engine's fast paths built by :func:`as_validated` when
    every field given has its test in ``fits`` and passes it, which says validation keeps
    it as given (the model has no check of the whole)."""
    if (
        fast_paths.enabled()
        and given.keys() <= fits.keys()
        and all(fits[key](value) for key, value in given.items())
    ):
        return as_validated(model, given)
    return model(**given)


TERM: dict[str, Fits] = {"amount": of(int), "label": NAME, "source": NAME}
"""A ``Contribution``'s amount, label and source (it has no other check)."""


def term(*, amount: int, label: str, source: str) -> Contribution:
    """``Contribution(amount=amount, label=label, source=source)``, built by
    :func:`typed`: a skill or passion read from a validated stat block or sheet, with
    its name and rule."""
    return typed(Contribution, TERM, amount=amount, label=label, source=source)
