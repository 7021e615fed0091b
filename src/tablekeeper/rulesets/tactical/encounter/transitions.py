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
trials played with these memories to trials played without them, state for state. The
memories and the comparison are the engine's (``engine/step_memory.py``: :class:`Memory`,
:func:`same`), which realtime's steps played before share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built_for_each
from tablekeeper.engine.step_memory import Memory, same
from tablekeeper.engine.steps import Step

__all__ = ["chosen_once", "step_once"]

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


_PLAYED: Memory[tuple[int, int], _Played] = Memory(STEPS_REMEMBERED)
_CHOSEN: Memory[Any, Any] = Memory(CHOICES_REMEMBERED)


def step_once(state: object, command: Command, roller: Roller, play: Callable[[], Step]) -> Step:
    """``play()`` (the command checked and played on ``state``), or the step it gave
    before on the very state (module docstring). Only for :func:`remembering` sessions."""
    key = (id(state), id(command))
    known = _PLAYED.recall(key)
    if known is not None and (known.state is not state or known.command is not command):
        known = None
    if known is not None and known.step is not None:
        return known.step
    if getattr(roller, "history", None) is None:  # no history: nothing to tell a roll by
        return play()
    before = len(roller.history)
    step = play()
    if len(roller.history) == before:  # no die rolled: the very step, whenever played again
        _PLAYED.keep(key, _Played(state, command, step))
        return step
    if known is None:
        known = _Played(state, command, None)
        _PLAYED.keep(key, known)
    for earlier in known.outcomes:
        if earlier.state == step.state and same(earlier, step):  # ``==`` first: fails fast
            return earlier
    if len(known.outcomes) < OUTCOMES_REMEMBERED:
        known.outcomes.append(step)
    return step


def chosen_once(state: object, choose: Callable[[], T]) -> T:
    """``choose()``, a pure function of the very ``state`` (held with the answer),
    worked out once for it (``memo.built_for_each``). Only on the fast paths."""
    return built_for_each((state,), "choice", choose, _CHOSEN)
