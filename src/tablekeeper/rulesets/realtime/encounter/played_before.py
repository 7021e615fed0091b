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
- a step that drew dice is played in full (the roller draws what it drew); what it left
  (the state, the decision) is then compared with what an earlier play of the same
  command from the same state left, field by field, each model with its fields set
  (:func:`_changes`: what differs from the state before, every value with its type), and
  when they are equal the earlier step is handed out instead, the very same values;
- a step that drew one face from a :class:`~tablekeeper.dice.roller.RandomRoller` (a
  reaction's check: a d20) is a pure function of the state, the command and that face,
  and its die is the one any play of the command from that state draws first (nothing
  before its first draw depends on the dice): the die is drawn from the roller as the
  play draws it (``roll``; ``roll_many`` of one face takes the same face and leaves the
  roller alike), and the step that face led to before is handed out; a face not met yet
  is played with the face already drawn handed to the play (:class:`_FirstDrawn`).

The realtime steps draw their dice one face at a time (``roller.roll``: a check, a
critical injury, a treatment), so a step after which the roller's history is as long as
before drew nothing from it.

So equal states are the very same objects from trial to trial, and a step keyed by the
state's identity meets them again. On the reference path (``fast_paths.reference()``),
and for a session that keeps a log, every command is played afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel

from tablekeeper.dice.roller import Die, RandomRoller, RolledFace, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.steps import Step
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

STEPS_REMEMBERED = 16384
"""How many steps each memory keeps (the least recently met go first): a trial of ``leaving_reach``
plays about 32 commands, and 3,000 of its trials about 6,700 distinct ones."""

_PLAYED: dict[tuple[int, Hashable], tuple[RealtimeState, Step]] = {}
"""A step that drew no die, by the identity of the state before (held with it) and the
command's key."""

_SETTLED: dict[tuple[int, Hashable, Hashable], tuple[RealtimeState, Step]] = {}
"""A step that drew dice, by the identity of the state before (held), the command's key
and what the step left (:func:`_changes`)."""

_ONE_FACE: dict[tuple[int, Hashable], tuple[RealtimeState, Die, dict[int, Step]]] = {}
"""A step that drew one face, by the identity of the state before (held with it) and the
command's key: the die it drew, and the step (settled) each face drawn led to."""

_KEYS: dict[int, tuple[Command, Hashable]] = {}
"""The key of the latest commands, by their identity (held): a timeline's commands and an
advance are the same objects every trial."""


class _UnprintableError(Exception):
    """A value :func:`_printed` does not know how to tell apart by value."""


def played(
    state: RealtimeState, command: Command, roller: Roller, play: Callable[[Roller], Step]
) -> Step:
    """``play(roller)``, the step of ``command`` from ``state``, handed out again when the
    very state met an equal command before and drew no die, or drew the one face it draws
    now; else played, and when it drew dice swapped for an earlier step equal in every
    field (module docstring)."""
    key = command_key(command)
    if key is None:
        return play(roller)
    known = _recalled(_PLAYED, (id(state), key))
    if known is not None and known[0] is state:
        return known[1]
    history = roller.history
    drawn = len(history)
    one = _recalled(_ONE_FACE, (id(state), key)) if type(roller) is RandomRoller else None
    if one is not None and one[0] is state:
        die, by_face = one[1], one[2]
        face = roller.roll(die)  # the die the play draws first, as it draws it
        step = by_face.get(face)
        if step is not None:
            return step
        drawn += 1
        step = play(_FirstDrawn(roller, die, face))
        if len(history) == drawn:  # that face alone decided the step
            step = by_face[face] = _settled(state, key, step)
        return step
    step = play(roller)
    if len(history) == drawn:  # no die drawn: a pure function of the state and the command
        _remember(_PLAYED, (id(state), key), (state, step))
        return step
    step = _settled(state, key, step)
    if len(history) == drawn + 1 and type(roller) is RandomRoller:
        die, face = history[drawn]
        one = _ONE_FACE.get((id(state), key))
        if one is None or one[0] is not state or one[1] != die:
            one = (state, die, {})
            _remember(_ONE_FACE, (id(state), key), one)
        one[2][face] = step
    return step


def _settled(state: RealtimeState, key: Hashable, step: Step) -> Step:
    """``step``, played from ``state``, or the earlier step of the same command from the
    very same state that left the same values (:func:`_changes`) and decision."""
    try:
        left = (_changes(state, step.state), _printed(step.decision), step.events)
        hash(left)
    except (_UnprintableError, TypeError):
        return step
    settled = _recalled(_SETTLED, (id(state), key, left))
    if settled is not None and settled[0] is state:
        return settled[1]
    _remember(_SETTLED, (id(state), key, left), (state, step))
    return step


class _FirstDrawn:
    """``roller`` whose first face of ``die`` has been drawn already (``face``): the play
    is handed it when it draws that die first, then rolls with ``roller`` itself."""

    keeps_purposes = False  # as a RandomRoller: ``labelled`` hands it back as it is

    def __init__(self, roller: Roller, die: Die, face: int) -> None:
        self._roller = roller
        self._first: tuple[Die, int] | None = (die, face)

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._roller.history

    def roll(self, die: Die) -> int:
        first = self._take(die, 1)
        return self._roller.roll(die) if first is None else first

    def roll_many(self, die: Die, count: int) -> list[int]:
        first = self._take(die, count)
        return self._roller.roll_many(die, count) if first is None else [first]

    def _take(self, die: Die, count: int) -> int | None:
        first, self._first = self._first, None
        if first is None:
            return None
        if first[0] != die or count != 1:  # the play drew first what its first play drew
            raise AssertionError(f"the first die drawn was {first[0]}, not {count} {die}")
        return first[1]


def command_key(command: Command) -> Hashable | None:
    """What a command is, as a key: its type, actor, kind and payload, every value with
    its type (``None``: a payload holding a value not told apart here)."""
    known = _recalled(_KEYS, id(command))
    if known is not None and known[0] is command:
        return known[1]
    try:
        key = (type(command), command.actor, command.kind, _printed(command.payload))
    except _UnprintableError:
        return None
    _remember(_KEYS, id(command), (command, key))
    return key


def _recalled(memory: dict[K, V], key: K) -> V | None:
    """What ``memory`` holds under ``key`` (``None``: nothing), put back as the newest:
    the oldest go first when a memory is full, so the steps every trial plays (its first
    seconds) stay, and the states after them stay the very objects later steps are kept
    for."""
    found = memory.pop(key, None)
    if found is not None:
        memory[key] = found
    return found


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
