"""Rollers: where dice faces come from.

Randomness is a parameter (STYLE.md, lesson 1): every function that rolls takes a
:class:`Roller`. :class:`RandomRoller` draws from a seeded NumPy generator;
:class:`FixedRoller` plays back faces rolled at the table, so physical dice are a
first-class input. Both record every face they hand out, in order.

Why NumPy's ``Generator`` rather than :class:`random.Random`: its bounded integers are
exactly uniform (Lemire's method, no modulo bias), it draws a block of faces in one call
(the roller keeps one buffer per die, so a single face costs a list pop, and a simulation
can draw a million faces at once through :meth:`RandomRoller.roll_many`), and
``SeedSequence.spawn`` gives independent, reproducible streams to parallel workers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, overload, runtime_checkable

from tablekeeper.dice.purposes import DieNeededError, Purpose
from tablekeeper.errors import DiceSupplyError

if TYPE_CHECKING:
    import numpy as np

_BLOCK = 512


@dataclass(frozen=True, slots=True)
class Die:
    """One kind of die: ``d6`` has faces 1..6, ``dF`` (Fate) has faces -1, 0, +1."""

    sides: int
    fate: bool = False

    def __post_init__(self) -> None:
        if self.sides < 1:
            raise ValueError(f"a die needs at least one side, not {self.sides}")
        if self.fate and self.sides != 3:
            raise ValueError("a Fate die has exactly three sides")

    @property
    def low(self) -> int:
        """The lowest face."""
        return -1 if self.fate else 1

    @property
    def high(self) -> int:
        """The highest face."""
        return 1 if self.fate else self.sides

    @property
    def faces(self) -> range:
        """Every face, lowest first."""
        return range(self.low, self.high + 1)

    def __contains__(self, face: object) -> bool:
        return isinstance(face, int) and self.low <= face <= self.high

    def __str__(self) -> str:
        return "dF" if self.fate else f"d{self.sides}"


FATE = Die(3, fate=True)


class RolledFace(NamedTuple):
    """One face handed out by a roller: which die, which face."""

    die: Die
    face: int


class History(Sequence[RolledFace]):
    """Every face a roller handed out, in order, as :class:`RolledFace` values.

    Kept as two flat lists (dice, faces) extended in bulk, so recording a roll of many
    dice costs two C-level list extensions rather than one object per face."""

    __slots__ = ("_dice", "_faces")

    def __init__(self) -> None:
        self._dice: list[Die] = []
        self._faces: list[int] = []

    def add(self, die: Die, face: int) -> None:
        """Append one face rolled on ``die``."""
        self._dice.append(die)
        self._faces.append(face)

    def record(self, die: Die, faces: list[int]) -> None:
        """Append ``faces``, all rolled on ``die``."""
        self._dice.extend([die] * len(faces))
        self._faces.extend(faces)

    @property
    def faces(self) -> list[int]:
        """The faces alone, in order."""
        return list(self._faces)

    def __len__(self) -> int:
        return len(self._faces)

    @overload
    def __getitem__(self, index: int) -> RolledFace: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[RolledFace]: ...

    def __getitem__(self, index: int | slice) -> RolledFace | Sequence[RolledFace]:
        if isinstance(index, slice):
            pairs = zip(self._dice[index], self._faces[index], strict=True)
            return [RolledFace(die, face) for die, face in pairs]
        return RolledFace(self._dice[index], self._faces[index])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._faces == other._faces and self._dice == other._dice
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: it grows as dice are rolled

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


@runtime_checkable
class Roller(Protocol):
    """Where faces come from. ``history`` lists every face handed out, in order."""

    @property
    def history(self) -> Sequence[RolledFace]: ...

    def roll(self, die: Die) -> int:
        """One face of ``die``."""
        ...

    def roll_many(self, die: Die, count: int) -> list[int]:
        """``count`` faces of ``die``, in the order they were rolled."""
        ...


class RandomRoller:
    """Rolls with a seeded NumPy ``Generator`` (PCG64); the same seed gives the same faces.

    >>> roller = RandomRoller(seed=7)
    >>> face = roller.roll(Die(6))
    >>> 1 <= face <= 6 and roller.history[-1].face == face
    True
    """

    keeps_purposes = False  # labels cost it nothing (dice/purposes.py)

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        import numpy as np  # when a roller is made: exact odds never make one

        self._generator = np.random.default_rng(seed)
        self._buffers: dict[Die, list[int]] = {}
        self._history = History()

    @property
    def history(self) -> History:
        return self._history

    def _refill(self, die: Die, at_least: int) -> list[int]:
        size = max(_BLOCK, at_least)
        block = self._generator.integers(die.low, die.high + 1, size=size).tolist()
        block.reverse()  # pop() from the end hands faces out in drawn order
        buffer = self._buffers.setdefault(die, [])
        buffer[:0] = block
        return buffer

    def roll(self, die: Die) -> int:
        buffer = self._buffers.get(die)
        if not buffer:
            buffer = self._refill(die, 1)
        face = buffer.pop()
        self._history.add(die, face)
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        buffer = self._buffers.get(die)
        if buffer is None or len(buffer) < count:
            buffer = self._refill(die, count)
        faces = buffer[-count:] if count else []
        faces.reverse()
        del buffer[len(buffer) - count :]
        self._history.record(die, faces)
        return faces

    def array(self, die: Die, shape: int | tuple[int, ...], dtype: str = "int64") -> np.ndarray:
        """A block of faces as an array (of ``dtype``: a narrower integer draws faster),
        for simulations; not recorded in ``history``."""
        return self._generator.integers(die.low, die.high + 1, size=shape, dtype=dtype)

    def __repr__(self) -> str:
        return f"RandomRoller(seed={self.seed!r})"


class FixedRoller:
    """Plays back faces rolled at the table, in order, keeping what each was for.

    A face out of range for the die asked for, or a roll after the last face, is a
    :class:`~tablekeeper.errors.DiceSupplyError` naming the position (running out is its
    :class:`~tablekeeper.dice.purposes.DieNeededError`, saying which die, and what for,
    comes next). With ``strict=True``, :meth:`finish` also refuses faces left over.

    >>> roller = FixedRoller([3, 5])
    >>> roller.roll(Die(6)), roller.roll(Die(6))
    (3, 5)
    >>> roller.roll(Die(6))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablekeeper.dice.purposes.DieNeededError: dice: ran out of dice: 2 faces were given ...
    """

    def __init__(self, faces: Iterable[int], *, strict: bool = False) -> None:
        self._faces = [int(face) for face in faces]
        self._position = 0
        self.keeps_purposes = True
        self.strict = strict
        self._history = History()
        self._purposes: list[Purpose | None] = []

    @property
    def history(self) -> History:
        return self._history

    @property
    def remaining(self) -> list[int]:
        """The faces not yet used."""
        return self._faces[self._position :]

    @property
    def purposes(self) -> list[Purpose | None]:
        """What each face handed out was for, in order (``None``: the rules did not say)."""
        return list(self._purposes)

    def roll(self, die: Die) -> int:
        return self._next(die, None)

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self._next(die, None) for _ in range(count)]

    def roll_for(self, die: Die, count: int, purpose: Purpose) -> list[int]:
        """``count`` faces of ``die`` for ``purpose`` (see ``dice/purposes.py``)."""
        return [self._next(die, purpose) for _ in range(count)]

    def _next(self, die: Die, purpose: Purpose | None) -> int:
        position = self._position + 1
        told = f" ({purpose.what})" if purpose is not None else ""
        if self._position >= len(self._faces):
            raise DieNeededError(
                f"ran out of dice: {len(self._faces)} faces were given and a {die} was "
                f"asked for as die {position}{told}",
                die=die,
                position=position,
                purpose=purpose,
            )
        face = self._faces[self._position]
        if face not in die:
            raise DiceSupplyError(
                f"die {position}{told} is {face}, which a {die} cannot show "
                f"({die.low}..{die.high})",
                field="dice",
            )
        self._position += 1
        self._history.add(die, face)
        self._purposes.append(purpose)
        return face

    def finish(self) -> None:
        """Check the playback is complete: with ``strict``, no face may be left over."""
        if self.strict and self.remaining:
            left = ", ".join(str(face) for face in self.remaining)
            count = len(self.remaining)
            were = "face was" if count == 1 else "faces were"
            raise DiceSupplyError(f"{count} {were} left over: {left}", field="dice")

    def __repr__(self) -> str:
        return f"FixedRoller({self._faces!r}, strict={self.strict!r})"
