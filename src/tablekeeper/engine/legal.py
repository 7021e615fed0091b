"""The legal commands, checked as they are read: a fast path for a policy that reads few.

:class:`LegalCommands` is the sequence :meth:`~tablekeeper.engine.table_engine.TableEngine.
legal_commands` would return (the candidates every check allows, in their order), but a
candidate is built and checked only when the reader comes to it: a policy that takes the
first legal command checks the candidates up to that one, not the whole list. Indexing,
iterating, ``len`` and truth give exactly what the tuple would (``len``, a negative index
and ``==`` read it to its end); the checks are pure, so when they run changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import overload

from tablekeeper.engine.commands import Command


class LegalCommands(Sequence[Command]):
    """The candidates ``allows`` keeps, in order, checked on demand and remembered."""

    def __init__(self, candidates: Iterable[Command], allows: Callable[[Command], bool]) -> None:
        self._pending: Iterator[Command] | None = iter(candidates)
        self._allows = allows
        self._found: list[Command] = []

    def _reach(self, count: int | None) -> None:
        """Check candidates until ``count`` legal ones are known (``None``: all)."""
        while self._pending is not None and (count is None or len(self._found) < count):
            candidate = next(self._pending, None)
            if candidate is None:
                self._pending = None
            elif self._allows(candidate):
                self._found.append(candidate)

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        if isinstance(index, slice) or index < 0:
            self._reach(None)
            return tuple(self._found[index]) if isinstance(index, slice) else self._found[index]
        self._reach(index + 1)
        return self._found[index]

    def __len__(self) -> int:
        self._reach(None)
        return len(self._found)

    def __bool__(self) -> bool:
        self._reach(1)
        return bool(self._found)

    def __iter__(self) -> Iterator[Command]:
        position = 0
        while True:
            self._reach(position + 1)
            if position >= len(self._found):
                return
            yield self._found[position]
            position += 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalCommands):
            return tuple(self) == tuple(other)
        return isinstance(other, tuple) and tuple(self) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalCommands({tuple(self)!r})"
