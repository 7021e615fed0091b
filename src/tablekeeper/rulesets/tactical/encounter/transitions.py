"""A trial's commands played once for the very state (a fast path for simulations).

The shipped scenarios' trials play the same commands from the same states again and
again: every trial restarts from the one started state (``engine.scenarios.restarted``),
the policy's choice is a pure function of the state, and most commands roll no die (a
duel's trial rolls dice in 2-3 of its 45 commands). On the engine's fast paths, for a
session that keeps no log (``fast_paths.drafting()`` is off: the step carries the folded
state and the decision, no events), :func:`step_once` remembers what a command did to the
very state object it was played on:

- a command that rolled no die is a pure function of the state and the command (the
  check, the play and the fold read nothing else, and no face was drawn: a roller's
  ``history`` records every face it hands out, the ``Roller`` contract, and the tactical
  rules draw each die by ``roll``), so played again on the very state it is the very step,
  handed out without checking or playing it again;
- a command that rolled dice is played in full, each time (the same dice drawn from the
  session's roller, in the same order); when its step is equal, value for value and type
  for type (:func:`same`), to a step it gave before from the very state, that earlier step
  is handed out instead, so the trials that rolled alike go on from one state object.

So the states of a trial chain from one trial to the next, and :func:`chosen_once` answers
the policy's choice for the very state (``scenario.TacticalRun.next_command``): a pure
function of the state for the ruleset's own policy (``policy.TacticalPolicy``). Each
value is held with the objects its key names by identity (so an identity cannot be reused
while it is remembered), and both memories are bounded (the oldest go first). On the
reference path (``fast_paths.reference()``) and for a session keeping a log, every
command is checked and played. ``tests/rulesets/tactical/test_fast_paths.py`` holds
trials played with these memories to trials played without them, state for state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.steps import Step

T = TypeVar("T")

STEPS_REMEMBERED = 8192
"""How many (state, command) pairs keep what they did."""

OUTCOMES_REMEMBERED = 32
"""How many different steps a command that rolled dice keeps for one state."""

CHOICES_REMEMBERED = 8192
"""How many states keep the policy's choice."""


class _Played:
    """What one command did to one state: its step when it rolled nothing, else the
    steps its dice gave so far."""

    __slots__ = ("command", "outcomes", "state", "step")

    def __init__(self, state: object, command: Command, step: Step | None) -> None:
        self.state = state
        self.command = command
        self.step = step
        self.outcomes: list[Step] = []


_PLAYED: dict[tuple[int, int], _Played] = {}
_CHOSEN: dict[int, tuple[object, Any]] = {}


def remembering() -> bool:
    """Whether commands are remembered now: on the fast paths, for a session that keeps
    no log (the only steps that carry their state and no events)."""
    return fast_paths.enabled() and not fast_paths.drafting()


def step_once(state: object, command: Command, roller: Roller, play: Callable[[], Step]) -> Step:
    """``play()`` (the command checked and played on ``state``), or the step it gave
    before on the very state (module docstring). Only for :func:`remembering` sessions."""
    key = (id(state), id(command))
    known = _PLAYED.get(key)
    if known is not None and (known.state is not state or known.command is not command):
        known = None
    if known is not None and known.step is not None:
        return known.step
    if getattr(roller, "history", None) is None:  # no history: nothing to tell a roll by
        return play()
    before = len(roller.history)
    step = play()
    if len(roller.history) == before:  # no die rolled: the very step, whenever played again
        _remember(key, _Played(state, command, step))
        return step
    if known is None:
        known = _Played(state, command, None)
        _remember(key, known)
    for earlier in known.outcomes:
        if earlier.state == step.state and same(earlier, step):  # ``==`` first: fails fast
            return earlier
    if len(known.outcomes) < OUTCOMES_REMEMBERED:
        known.outcomes.append(step)
    return step


def _remember(key: tuple[int, int], played: _Played) -> None:
    _PLAYED[key] = played
    if len(_PLAYED) > STEPS_REMEMBERED:
        try:  # noqa: SIM105 - no context manager made for each command once full
            del _PLAYED[next(iter(_PLAYED))]
        except (KeyError, RuntimeError, StopIteration):  # another thread's eviction
            pass


def chosen_once(state: object, choose: Callable[[], T]) -> T:
    """``choose()``, a pure function of the very ``state`` (held with the answer),
    worked out once for it. Only on the fast paths."""
    known = _CHOSEN.get(id(state))
    if known is not None and known[0] is state:
        return known[1]  # type: ignore[no-any-return]
    choice = choose()
    _CHOSEN[id(state)] = (state, choice)
    if len(_CHOSEN) > CHOICES_REMEMBERED:
        try:  # noqa: SIM105 - as _remember
            del _CHOSEN[next(iter(_CHOSEN))]
        except (KeyError, RuntimeError, StopIteration):
            pass
    return choice


def same(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are the same value: the very object, or of the very same
    type with the same fields (a model's fields set included), items and elements, each
    the same value in turn (``1``, ``1.0`` and ``True`` are not the same here, as ``==``
    would have them)."""
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
    if isinstance(a, (Fraction, Enum)):
        return a == b
    return False  # a type this comparison does not know: only the very object is the same


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
