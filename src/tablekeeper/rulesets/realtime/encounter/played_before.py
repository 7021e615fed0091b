"""A command played before from the very same state: its step handed out again (a fast path).

Unattended play gives every trial of a scenario the same timeline: the same moves and
actions at the same seconds, the same advances of the clock, and the reactions and hits
the dice decide. A trial's states part from another's only where a die fell otherwise,
and most fall alike (a hit is a hit whatever face hit): in ``leaving_reach`` nine steps in
ten are a command already played from an equal state (``tests/rulesets/realtime/
test_fast_paths.py``). On the engine's fast paths, for a session keeping no log (the step
carries the state, no event is drafted), :func:`played` remembers each step:

- a step that drew no die is a pure function of the state and the command (the play
  reads nothing else: the check, the fold and the values built once are pure), so the
  very step is handed out again for the very state (held, by identity) and an equal
  command (:func:`command_key`: its actor, kind and payload, each value with its type);
- a step that drew dice is played in full, every time (the roller draws what it drew);
  what it left (the state, the decision) is then compared with what an earlier play of
  the same command from the same state left, field by field, each model with its fields
  set (:func:`_changes`: what differs from the state before, every value with its type),
  and when they are equal the earlier step is handed out instead, the very same values.

So equal states are the very same objects from trial to trial, and a step keyed by the
state's identity meets them again. On the reference path (``fast_paths.reference()``),
and for a session that keeps a log, every command is played afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from enum import Enum
from typing import Any

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.steps import Step
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState

STEPS_REMEMBERED = 16384
"""How many steps each memory keeps (the oldest go first): a trial of ``leaving_reach``
plays about 32 commands, and 3,000 of its trials about 6,700 distinct ones."""

_PLAYED: dict[tuple[int, Hashable], tuple[RealtimeState, Step]] = {}
"""A step that drew no die, by the identity of the state before (held with it) and the
command's key."""

_SETTLED: dict[tuple[int, Hashable, Hashable], tuple[RealtimeState, Step]] = {}
"""A step that drew dice, by the identity of the state before (held), the command's key
and what the step left (:func:`_changes`)."""

_KEYS: dict[int, tuple[Command, Hashable]] = {}
"""The key of the latest commands, by their identity (held): a timeline's commands and an
advance are the same objects every trial."""


class _UnprintableError(Exception):
    """A value :func:`_printed` does not know how to tell apart by value."""


def played(
    state: RealtimeState, command: Command, roller: Roller, play: Callable[[], Step]
) -> Step:
    """``play()``, the step of ``command`` from ``state`` rolling with ``roller``, handed
    out again when the very state met an equal command before and drew no die, or, when
    it drew dice, swapped for an earlier step equal in every field (module docstring)."""
    key = command_key(command)
    if key is None:
        return play()
    known = _PLAYED.get((id(state), key))
    if known is not None and known[0] is state:
        return known[1]
    history = roller.history
    drawn = len(history)
    step = play()
    if len(history) == drawn:  # no die drawn: a pure function of the state and the command
        _remember(_PLAYED, (id(state), key), (state, step))
        return step
    try:
        left = (_changes(state, step.state), _printed(step.decision), step.events)
        hash(left)
    except (_UnprintableError, TypeError):
        return step
    settled = _SETTLED.get((id(state), key, left))
    if settled is not None and settled[0] is state:
        return settled[1]
    _remember(_SETTLED, (id(state), key, left), (state, step))
    return step


def command_key(command: Command) -> Hashable | None:
    """What a command is, as a key: its type, actor, kind and payload, every value with
    its type (``None``: a payload holding a value not told apart here)."""
    known = _KEYS.get(id(command))
    if known is not None and known[0] is command:
        return known[1]
    try:
        key = (type(command), command.actor, command.kind, _printed(command.payload))
    except _UnprintableError:
        return None
    _remember(_KEYS, id(command), (command, key))
    return key


def _remember(memory: dict[Any, Any], key: Hashable, value: Any) -> None:
    memory[key] = value
    if len(memory) > STEPS_REMEMBERED:
        # A try, not contextlib.suppress: another thread may have evicted it first.
        try:  # noqa: SIM105
            del memory[next(iter(memory))]
        except (KeyError, RuntimeError, StopIteration):
            pass


_MISSING = object()


def _changes(before: RealtimeState, after: Any) -> Hashable:
    """What ``after`` holds that ``before`` does not, told by value: each field that is
    not the very value it was (a creature, field by field), with the fields set of every
    model changed; with the same state before, equal changes are equal states."""
    if type(after) is not type(before):
        return ("state", _printed(after))
    old = before.__dict__
    fields: list[Hashable] = []
    for name, value in after.__dict__.items():
        was = old.get(name, _MISSING)
        if value is was:
            fields.append(None)
        elif name == "creatures" and type(value) is dict and type(was) is dict:
            each = tuple((_printed(key), _changed(was.get(key), one)) for key, one in value.items())
            fields.append((name, each))
        else:
            fields.append((name, _printed(value)))
    return (
        type(after),
        tuple(fields),
        frozenset(after.__pydantic_fields_set__),
        _printed(after.__pydantic_private__),
        _printed(after.__pydantic_extra__),
    )


def _changed(was: Any, model: Any) -> Hashable:
    """A model against the one it replaced: ``None`` when the very same, else each field
    that is not the very value it was, told by value, with its fields set."""
    if model is was:
        return None
    if not isinstance(was, BaseModel) or type(was) is not type(model):
        return ("new", _printed(model))
    old = was.__dict__
    return (
        "changed",
        tuple(
            None if value is old.get(name, _MISSING) else (name, _printed(value))
            for name, value in model.__dict__.items()
        ),
        frozenset(model.__pydantic_fields_set__),
        _printed(model.__pydantic_private__),
        _printed(model.__pydantic_extra__),
    )


def _printed(value: Any) -> Hashable:
    """``value`` told by value, each part with its type (``1``, ``True`` and ``1.0`` are
    told apart), a model with its fields set; :class:`_UnprintableError` for a type not known
    here."""
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return (kind, value)
    if kind is tuple or kind is list:
        return (kind, tuple(_printed(item) for item in value))
    if kind is dict:
        return (kind, tuple((_printed(key), _printed(item)) for key, item in value.items()))
    if isinstance(value, BaseModel):
        return (
            kind,
            tuple((name, _printed(item)) for name, item in value.__dict__.items()),
            frozenset(value.__pydantic_fields_set__),
            _printed(value.__pydantic_private__),
            _printed(value.__pydantic_extra__),
        )
    if isinstance(value, Enum) and type(value.value) in (str, int):
        return (kind, value.value)
    raise _UnprintableError(kind.__name__)
