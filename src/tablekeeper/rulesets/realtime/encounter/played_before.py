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
state's identity meets them again. The memories and the values told apart by value are
the engine's (``engine/step_memory.py``: :class:`Memory`, :func:`printed`), which
tactical's steps remembered share. On the reference path (``fast_paths.reference()``),
and for a session that keeps a log, every command is played afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from pydantic import BaseModel

from tablekeeper.dice.roller import Die, RandomRoller, RolledFace, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.step_memory import Memory, UnprintableError, printed
from tablekeeper.engine.steps import Step
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState

STEPS_REMEMBERED = 16384
"""How many steps each memory keeps (the least recently met go first): a trial of ``leaving_reach``
plays about 32 commands, and 3,000 of its trials about 6,700 distinct ones."""

_PLAYED: Memory[tuple[int, Hashable], tuple[RealtimeState, Step]] = Memory(STEPS_REMEMBERED)
"""A step that drew no die, by the identity of the state before (held with it) and the
command's key."""

_SETTLED: Memory[tuple[int, Hashable, Hashable], tuple[RealtimeState, Step]] = Memory(
    STEPS_REMEMBERED
)
"""A step that drew dice, by the identity of the state before (held), the command's key
and what the step left (:func:`_changes`)."""

_ONE_FACE: Memory[tuple[int, Hashable], tuple[RealtimeState, Die, dict[int, Step]]] = Memory(
    STEPS_REMEMBERED
)
"""A step that drew one face, by the identity of the state before (held with it) and the
command's key: the die it drew, and the step (settled) each face drawn led to."""

_KEYS: Memory[int, tuple[Command, Hashable]] = Memory(STEPS_REMEMBERED)
"""The key of the latest commands, by their identity (held): a timeline's commands and an
advance are the same objects every trial."""


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
    known = _PLAYED.recall((id(state), key))
    if known is not None and known[0] is state:
        return known[1]
    history = roller.history
    drawn = len(history)
    one = _ONE_FACE.recall((id(state), key)) if type(roller) is RandomRoller else None
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
        _PLAYED.keep((id(state), key), (state, step))
        return step
    step = _settled(state, key, step)
    if len(history) == drawn + 1 and type(roller) is RandomRoller:
        die, face = history[drawn]
        one = _ONE_FACE.recall((id(state), key))
        if one is None or one[0] is not state or one[1] != die:
            one = (state, die, {})
            _ONE_FACE.keep((id(state), key), one)
        one[2][face] = step
    return step


def _settled(state: RealtimeState, key: Hashable, step: Step) -> Step:
    """``step``, played from ``state``, or the earlier step of the same command from the
    very same state that left the same values (:func:`_changes`) and decision."""
    try:
        left = (_changes(state, step.state), printed(step.decision), step.events)
        hash(left)
    except (UnprintableError, TypeError):
        return step
    settled = _SETTLED.recall((id(state), key, left))
    if settled is not None and settled[0] is state:
        return settled[1]
    _SETTLED.keep((id(state), key, left), (state, step))
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
    known = _KEYS.recall(id(command))
    if known is not None and known[0] is command:
        return known[1]
    try:
        key = (type(command), command.actor, command.kind, printed(command.payload))
    except UnprintableError:
        return None
    _KEYS.keep(id(command), (command, key))
    return key


_MISSING = object()


def _changes(before: RealtimeState, after: Any) -> Hashable:
    """What ``after`` holds that ``before`` does not, told by value: each field that is
    not the very value it was (a creature, field by field), with the fields set of every
    model changed; with the same state before, equal changes are equal states."""
    if type(after) is not type(before):
        return ("state", printed(after))
    old = before.__dict__
    fields: list[Hashable] = []
    for name, value in after.__dict__.items():
        was = old.get(name, _MISSING)
        if value is was:
            fields.append(None)
        elif name == "creatures" and type(value) is dict and type(was) is dict:
            each = tuple((printed(key), _changed(was.get(key), one)) for key, one in value.items())
            fields.append((name, each))
        else:
            fields.append((name, printed(value)))
    return (
        type(after),
        tuple(fields),
        frozenset(after.__pydantic_fields_set__),
        printed(after.__pydantic_private__),
        printed(after.__pydantic_extra__),
    )


def _changed(was: Any, model: Any) -> Hashable:
    """A model against the one it replaced: ``None`` when the very same, else each field
    that is not the very value it was, told by value, with its fields set."""
    if model is was:
        return None
    if not isinstance(was, BaseModel) or type(was) is not type(model):
        return ("new", printed(model))
    old = was.__dict__
    return (
        "changed",
        tuple(
            None if value is old.get(name, _MISSING) else (name, printed(value))
            for name, value in model.__dict__.items()
        ),
        frozenset(model.__pydantic_fields_set__),
        printed(model.__pydantic_private__),
        printed(model.__pydantic_extra__),
    )
