"""Fast paths: the engine's shortcuts for values it built itself, and the switch to the
reference path.

Simulations play thousands of encounters, so the engine skips work whose result it
already has, where skipping cannot change a state or a log:

- the session takes a command's state from its work pad (the ``Draft`` folded each event
  as it was drafted, with the very fold a replay uses) instead of folding the events a
  second time;
- the engine's frozen values copy themselves without pydantic's generic copy machinery
  (``Frozen.model_copy``: a shallow copy of the fields, the update laid over them, as
  pydantic's own copy does, without revalidation);
- events and their drafts are built from JSON the engine itself dumped from a validated
  payload model, so they are constructed without validating that JSON again;
- a command's payload is parsed into its model once per check, and a legality check of a
  candidate the engine built from a model reuses it;
- a simulation trial keeps no event log (``Session.keep_no_log``: it reads the state and
  the pending decision only), so while the session plays a command of such a trial its
  work pad folds each event without drafting it (:func:`drafting`); a session made inside
  :func:`trial` (a trial's scenario starting: its setup commands) keeps none from its
  first command.

:func:`reference` turns them all off for the duration of a ``with`` block: the
benchmarks time both paths in the same run, and the tests prove both give the same
logs, states and results. The switch is process-wide state the engine only reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_state = {"on": True}

_unlogged: ContextVar[bool] = ContextVar("tablekeeper_unlogged", default=False)
"""Set while a session that keeps no log plays a command (context-local: another thread's
or task's sessions still draft every event)."""


def enabled() -> bool:
    """Whether the fast paths are on (they are, unless inside :func:`reference`)."""
    return _state["on"]


@contextmanager
def reference() -> Iterator[None]:
    """The reference path: every value validated, every event folded by the session."""
    before = _state["on"]
    _state["on"] = False
    try:
        yield
    finally:
        _state["on"] = before


_trial: ContextVar[bool] = ContextVar("tablekeeper_trial", default=False)
"""Set while a simulation trial's scenario starts: the sessions made keep no log."""


@contextmanager
def trial() -> Iterator[None]:
    """Inside: a new session with an empty log keeps no log from its first command, on
    the fast paths (a trial's start: the scenario's setup commands are played as any
    others, numbered as the log would number them, and never drafted)."""
    token = _trial.set(True)
    try:
        yield
    finally:
        _trial.reset(token)


def starting_trial() -> bool:
    """Whether a session made now keeps no log (inside :func:`trial`, on the fast paths)."""
    return _trial.get() and _state["on"]


def drafting() -> bool:
    """Whether a work pad must draft its events (it must, unless the session playing the
    command keeps no log: :func:`unlogged`)."""
    return not _unlogged.get()


class unlogged:  # noqa: N801 - used as a context manager, as reference() is
    """Inside: the command being played is for a session that keeps no log, so the work
    pad folds its events without drafting them (the session takes the folded state). A
    class rather than a generator: the session enters it for every command it plays."""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _unlogged.set(True)

    def __exit__(self, *exc: object) -> None:
        _unlogged.reset(self._token)
