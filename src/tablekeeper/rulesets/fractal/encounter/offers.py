"""The candidates' payloads and commands, built once for equal arguments (a fast path).

The policy's candidates (``candidates.py``, ``nano_candidates.py``) offer, command after
command and encounter after encounter, the same few payloads: a Cut at the middle of the
opponent with half the pool, an action at a foe with so many dice. Each was a payload
validated from its fields, then a command dumping it as JSON. Both are frozen values, so
on the engine's fast paths (``engine/memo.built``) :func:`payload` builds each payload
once for its model and equal fields (equal fields validate to an equal payload, or raise
the same error, which is never remembered), and :func:`command` each command once for the
very payload it dumps (held with the command, so no other payload can take its identity
while the command is remembered) and the actor and kind. On the reference path both are
built afresh every time.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeVar

from pydantic import BaseModel

from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built

M = TypeVar("M", bound=BaseModel)


def _key(value: Any) -> Hashable:
    """A field's value as a key: with its type (``1`` and ``True`` validate apart), a list
    as the tuple of its items (which validate as the list does)."""
    if isinstance(value, list):
        return (list, tuple(_key(item) for item in value))
    return (type(value), value)


def payload(model: type[M], fields: dict[str, Any]) -> M:
    """``model.model_validate(fields)``, built once for the model and equal fields on the
    fast paths (a read-only value: frozen)."""
    key = ("fractal.payload", model, *((name, _key(value)) for name, value in fields.items()))
    return built(key, lambda: model.model_validate(fields))


def command(actor: str, kind: str, order: BaseModel) -> Command:
    """``Command.of(actor, kind, order)``, built once for the very ``order`` (and the actor
    and kind) on the fast paths."""
    held, made = built(
        ("fractal.command", actor, kind, id(order)),
        lambda: (order, Command.of(actor, kind, order)),
    )
    return made if held is order else Command.of(actor, kind, order)
