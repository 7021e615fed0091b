"""How one dice term is rolled: its dice, explosions and rerolls, then keep, drop and
counting. The semantics and the draw order are stated in :mod:`.evaluate`; this module
is its machinery, shared by dice terms and groups."""

from __future__ import annotations

from collections.abc import Iterator

from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.results import DiceResult, DieResult, Flag, Result
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.dice.selection import window
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    Compare,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    Keep,
    Max,
    Min,
    Modifier,
    Reroll,
)
from tablekeeper.errors import RollLimitError

__all__ = ["CLAMPED", "Context", "DicePlan", "Leaf", "Scorer"]

_CACHE_FACES = 1024  # per dice term: how many distinct plain dice to remember


class Context:
    """One roll in progress: where faces come from and how many may still be drawn."""

    __slots__ = ("left", "limits", "roller")

    def __init__(self, roller: Roller, limits: RollLimits) -> None:
        self.roller = roller
        self.limits = limits
        self.left = limits.max_dice

    def take(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise RollLimitError(
                f"the roll needs more than {self.limits.max_dice} dice (explosions and "
                "rerolls included)",
                field="expression",
            )

    def one(self, die: Die) -> int:
        self.take(1)
        return self.roller.roll(die)


class Leaf:
    """A plan whose result is drawn whole (a dice term, a group)."""

    __slots__ = ()

    def run(self, context: Context) -> Result:
        raise NotImplementedError

    def draw(self, context: Context, leaves: list[Result]) -> None:
        leaves.append(self.run(context))

    def build(self, leaves: Iterator[Result]) -> Result:
        return next(leaves)


# Flags as plain ints while a die is being rolled (IntFlag arithmetic is slow).
_DROPPED, _EXPLODED = int(Flag.DROPPED), int(Flag.EXPLODED)
_FROM_EXPLOSION, _PENETRATED = int(Flag.FROM_EXPLOSION), int(Flag.PENETRATED)
CLAMPED, _SUCCESS, _FAILURE = int(Flag.CLAMPED), int(Flag.SUCCESS), int(Flag.FAILURE)


class Scorer:
    """Keep, drop and counting for a dice term or a group: what is dropped, what scores."""

    __slots__ = ("counting", "failure", "high", "low", "selection", "success")

    def __init__(self, modifiers: tuple[Modifier, ...]) -> None:
        self.low = next((m.value for m in modifiers if isinstance(m, Min)), None)
        self.high = next((m.value for m in modifiers if isinstance(m, Max)), None)
        self.selection = tuple(m for m in modifiers if isinstance(m, Keep | Drop))
        self.success = next((m.compare for m in modifiers if isinstance(m, CountSuccesses)), None)
        self.failure = next((m.compare for m in modifiers if isinstance(m, CountFailures)), None)
        self.counting = self.success is not None or self.failure is not None

    @property
    def selects(self) -> bool:
        """Whether anything is kept, dropped or counted."""
        return bool(self.selection) or self.counting

    def clamp(self, value: int) -> int:
        """``value`` after ``mi`` and ``ma``."""
        if self.low is not None and value < self.low:
            return self.low
        if self.high is not None and value > self.high:
            return self.high
        return value

    def dropped(self, values: list[int]) -> set[int]:
        """Indexes of the values keep and drop leave out (ranked highest first, ties in
        order)."""
        if not self.selection:
            return set()
        low, high = window(self.selection, len(values))
        order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
        return set(order[:low] + order[high:])

    def judge(self, value: int, flags: int, dropped: bool) -> tuple[int, int]:
        """The flags of a die (or sub-roll) and what it adds to its term."""
        if dropped:
            return flags | _DROPPED, 0
        if not self.counting:
            return flags, value
        score = 0
        if self.success is not None and self.success.matches(value):
            flags |= _SUCCESS
            score += 1
        if self.failure is not None and self.failure.matches(value):
            flags |= _FAILURE
            score -= 1
        return flags, score


class DicePlan(Leaf):
    """A dice term compiled for rolling; ``extra``: per-die modifiers from its group."""

    __slots__ = ("die", "entries", "explode", "explode_at", "node", "once", "reroll_at", "scorer")

    def __init__(self, node: Dice, extra: tuple[Modifier, ...]) -> None:
        modifiers = tuple(
            sorted(node.modifiers + extra, key=lambda m: MODIFIER_ORDER.index(type(m)))
        )
        self.node, self.die = node, node.die
        self.scorer = Scorer(modifiers)
        explode = next((m for m in modifiers if isinstance(m, Explode)), None)
        reroll = next((m for m in modifiers if isinstance(m, Reroll)), None)
        self.explode = explode.mode if explode else None
        self.explode_at = (explode.compare or Compare("=", node.die.high)) if explode else None
        self.reroll_at = (reroll.compare or Compare("=", node.die.low)) if reroll else None
        self.once = reroll is not None and reroll.once
        # A plain die (no explosion, no reroll) is a value fixed by its face and whether it
        # is dropped, so those are made once: entries[dropped][face] = (die, its score).
        self.entries: tuple[dict[int, tuple[DieResult, int]], ...] = ({}, {})

    def run(self, context: Context) -> DiceResult:
        if self.explode is not None or self.reroll_at is not None:
            return self.run_chains(context)
        count = self.node.count
        context.take(count)
        faces = context.roller.roll_many(self.die, count)
        scorer = self.scorer
        if scorer.selection:
            dropped = scorer.dropped([scorer.clamp(face) for face in faces])
            entries = [
                self.entries[i in dropped].get(face) or self.plain(face, i in dropped)
                for i, face in enumerate(faces)
            ]
        else:
            get = self.entries[False].get
            entries = [get(face) or self.plain(face, False) for face in faces]
        dice = tuple([entry[0] for entry in entries])
        return DiceResult(self.node, dice, sum([entry[1] for entry in entries]))

    def plain(self, face: int, dropped: bool) -> tuple[DieResult, int]:
        value = self.scorer.clamp(face)
        flags, score = self.scorer.judge(value, CLAMPED if value != face else 0, dropped)
        entry = (DieResult(self.die, face, value, Flag(flags)), score)
        if len(self.entries[dropped]) < _CACHE_FACES:
            self.entries[dropped][face] = entry
        return entry

    def run_chains(self, context: Context) -> DiceResult:
        rolled: list[_Rolled] = []
        for _ in range(self.node.count):
            rolled.extend(self.chain(context))
        dropped = self.scorer.dropped([r.value for r in rolled])
        dice: list[DieResult] = []
        total = 0
        for index, r in enumerate(rolled):
            flags, score = self.scorer.judge(r.value, r.flags, index in dropped)
            dice.append(DieResult(self.die, r.face, r.value, Flag(flags), r.rerolled, r.compounded))
            total += score
        return DiceResult(self.node, tuple(dice), total)

    def chain(self, context: Context) -> list[_Rolled]:
        """One die, the dice its explosions add, then the rerolls of each."""
        die = self.die
        face = context.one(die)
        value = self.scorer.clamp(face)
        first = _Rolled(face, value, CLAMPED if value != face else 0)
        chain = [first]
        at, depth, check = self.explode_at, context.limits.explode_depth, first.value
        if at is not None and self.explode == "compound":
            added: list[int] = []
            while len(added) < depth and at.matches(check):
                check = context.one(die)
                added.append(check)
            if added:
                first.value += sum(added)
                first.flags |= _EXPLODED
                first.compounded = tuple(added)
        elif at is not None:
            less = 1 if self.explode == "penetrate" else 0
            flags = _FROM_EXPLOSION | (_PENETRATED if less else 0)
            while len(chain) <= depth and at.matches(check):
                check = context.one(die)
                chain[-1].flags |= _EXPLODED
                chain.append(_Rolled(check, check - less, flags))
        if self.reroll_at is not None:
            for rolled in chain:
                self.reroll(context, rolled)
        return chain

    def reroll(self, context: Context, rolled: _Rolled) -> None:
        at, limit = self.reroll_at, context.limits.max_rerolls
        assert at is not None
        times = 0
        while at.matches(rolled.value):
            if self.once and times == 1:
                return
            if not self.once and times == limit:
                raise RollLimitError(
                    f"a {self.die} in '{render(self.node)}' still matched its reroll point "
                    f"after {limit} rerolls",
                    field="expression",
                )
            rolled.rerolled += (rolled.face, *rolled.compounded)
            rolled.face = rolled.value = context.one(self.die)
            # The new face stands alone: unclamped, whole, and no longer compounded.
            rolled.flags &= ~(CLAMPED | _PENETRATED | (_EXPLODED if rolled.compounded else 0))
            rolled.compounded = ()
            times += 1


class _Rolled:
    """A die being rolled: mutable until it becomes a DieResult."""

    __slots__ = ("compounded", "face", "flags", "rerolled", "value")

    def __init__(self, face: int, value: int, flags: int) -> None:
        self.face = face
        self.value = value
        self.flags = flags
        self.rerolled: tuple[int, ...] = ()
        self.compounded: tuple[int, ...] = ()
