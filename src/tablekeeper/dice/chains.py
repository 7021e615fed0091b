"""What one rolled die becomes under min, max, explode and reroll (``MODIFIER_ORDER``).

The per-die modifiers act on each die alone, so a term's dice are independent *units*
and odds can work die by die. In the roller's order:

1. ``mi``/``ma`` clamp the face the die shows.
2. ``!`` rolls a new die while the last one matches the explode point (the clamped value
   for the first die, the face for the added ones), at most ``limits.explode_depth``
   times; each added die is a die of its own. ``!p`` (penetrate) does the same but each
   added die counts one less than its face; ``!!`` (compound) adds the new faces to the
   die that exploded, which stays one die.
3. ``r`` rerolls each die (added dice included; a compounded die as a whole) whose value
   matches, until the face no longer matches: the result is uniform over the faces that
   do not match. ``ro`` rerolls a matching die once and keeps the new face. A new face
   is the die's value as it lands: not clamped, not penetrated, and it does not explode.
   The roller refuses a die still matching after ``limits.max_rerolls`` rerolls; that
   refusal is not an outcome, and the distribution is the roller's as ``max_rerolls``
   grows without bound (the difference is of the order of ``p ** max_rerolls``).

Trees reach here validated (:func:`~tablekeeper.dice.validate.validate`): at most one
modifier of each kind, no explode point that every face matches.

A unit's outcome is folded by an *algebra*: into its total score (a
:class:`~tablekeeper.dice.distribution.Distribution`) when nothing is kept or dropped,
or into a keep/drop state (:mod:`tablekeeper.dice.selection`) when something is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.roller import Die
from tablekeeper.dice.selection import Extreme, Key, Weighted, product
from tablekeeper.dice.syntax import Compare, Explode, Max, Min, Reroll
from tablekeeper.errors import OddsUnavailableError

X = TypeVar("X")

PerDie = Min | Max | Explode | Reroll
Score = Callable[[int], int]


class Scoring:
    """What a kept die adds to its term: its value, or (counting) +1 when it matches
    ``success`` and -1 when it matches ``failure``; times ``coefficient``, the sign of
    its term inside a group."""

    __slots__ = ("coefficient", "failure", "success")

    def __init__(
        self, coefficient: int = 1, success: Compare | None = None, failure: Compare | None = None
    ) -> None:
        self.coefficient = coefficient
        self.success = success
        self.failure = failure

    @property
    def counts(self) -> bool:
        """Whether a die counts as a success or failure rather than adding its value."""
        return self.success is not None or self.failure is not None

    def __call__(self, value: int) -> int:
        success, failure = self.success, self.failure
        if success is None and failure is None:
            return self.coefficient * value
        result = 0
        if success is not None and success.matches(value):
            result += 1
        if failure is not None and failure.matches(value):
            result -= 1
        return self.coefficient * result

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scoring) and (
            (self.coefficient, self.success, self.failure)
            == (other.coefficient, other.success, other.failure)
        )

    def __hash__(self) -> int:
        return hash((self.coefficient, self.success, self.failure))

    def plain_die(self, die: Die) -> dict[int, int]:
        """The score weights of one die without per-die modifiers, by counting faces."""
        coefficient, success, failure = self.coefficient, self.success, self.failure
        if coefficient == 0:
            return {0: die.sides}
        if success is None and failure is None:
            return {coefficient * face: 1 for face in die.faces}
        low, high = die.low, die.high
        win_low, win_high = _matching(low, high, success) if success else (1, 0)
        loss_low, loss_high = _matching(low, high, failure) if failure else (1, 0)
        both = max(0, min(win_high, loss_high) - max(win_low, loss_low) + 1)
        win = max(0, win_high - win_low + 1) - both
        loss = max(0, loss_high - loss_low + 1) - both
        weights = {0: die.sides - win - loss} if win + loss < die.sides else {}
        if win:
            weights[coefficient] = win
        if loss:
            weights[-coefficient] = loss
        return weights


def _matching(low: int, high: int, point: Compare) -> tuple[int, int]:
    """The faces ``low..high`` that match ``point``, as an inclusive interval."""
    op, value = point.op, point.value
    if op == ">=":
        return (max(low, value), high)
    if op == ">":
        return (max(low, value + 1), high)
    if op == "<=":
        return (low, min(high, value))
    if op == "<":
        return (low, min(high, value - 1))
    return (max(low, value), min(high, value))


class Algebra(Protocol[X]):
    """How a unit's dice fold together: from one die's value weights, by joining the
    dice of a chain, and by mixing the branches of a roll."""

    def values(self, weights: dict[int, int]) -> X: ...

    def join(self, first: X, second: X) -> X: ...

    def mix(self, parts: list[tuple[X, int]]) -> X: ...


@dataclass(frozen=True, slots=True)
class Totals:
    """Fold a unit into its total score."""

    score: Score

    def values(self, weights: dict[int, int]) -> Distribution:
        return Distribution._trusted(_merge_images(weights, self.score))

    def join(self, first: Distribution, second: Distribution) -> Distribution:
        return first + second

    def mix(self, parts: list[tuple[Distribution, int]]) -> Distribution:
        return Distribution.mixture(parts)


@dataclass(frozen=True, slots=True)
class States:
    """Fold a unit into a keep/drop state of ``summary``."""

    summary: Extreme
    score: Score
    limit: int

    def values(self, weights: dict[int, int]) -> Weighted[Key]:
        leaf, score = self.summary.leaf, self.score
        states: dict[Key, int] = {}
        for value, weight in weights.items():
            key = leaf(value, score(value))
            states[key] = states.get(key, 0) + weight
        return Weighted(states, sum(weights.values()))

    def join(self, first: Weighted[Key], second: Weighted[Key]) -> Weighted[Key]:
        return product(first, second, self.summary.join, self.limit)

    def mix(self, parts: list[tuple[Weighted[Key], int]]) -> Weighted[Key]:
        return Weighted.mixture(parts)


def _merge_images(weights: dict[int, int], function: Score) -> dict[int, int]:
    images: dict[int, int] = {}
    for value, weight in weights.items():
        image = function(value)
        images[image] = images.get(image, 0) + weight
    return images


class Chain(Generic[X]):
    """The per-die pipeline of one kind of die under its per-die modifiers."""

    def __init__(
        self, die: Die, modifiers: Sequence[PerDie], depth: int, algebra: Algebra[X]
    ) -> None:
        self.die = die
        self.modifiers = modifiers
        self.depth = depth
        self.algebra = algebra
        self.explode = next((m for m in modifiers if isinstance(m, Explode)), None)
        self._rerolls = [m for m in modifiers if isinstance(m, Reroll)]
        self._reroll_cache: dict[int, dict[int, int]] = {}
        self._leaves: dict[int, X] = {}
        self._tails: dict[int, X] = {}

    def unit(self) -> X:
        """One rolled die, folded by the algebra."""
        faces = clamped_faces(self.die, self.modifiers)
        explode = self.explode
        if explode is None or self.depth <= 0:
            return self.algebra.values(self._reroll_all(faces))
        point = explode.compare or Compare("=", self.die.high)
        if explode.mode == "compound":
            totals = compound_totals(self.die, faces, point, self.depth)
            return self.algebra.values(self._reroll_all(dict(totals.weights)))
        parts: list[tuple[X, int]] = []
        for value, weight in faces.items():
            if point.matches(value):
                parts.append(
                    (self.algebra.join(self._leaf(value), self._tail(self.depth - 1)), weight)
                )
            else:
                parts.append((self._leaf(value), weight))
        return self.algebra.mix(parts)

    def _tail(self, depth: int) -> X:
        """An added die (and its own explosions) with ``depth`` explosions left."""
        tail = self._tails.get(depth)
        if tail is None:
            assert self.explode is not None
            point = self.explode.compare or Compare("=", self.die.high)
            less = 1 if self.explode.mode == "penetrate" else 0
            parts: list[tuple[X, int]] = []
            for face in self.die.faces:
                leaf = self._leaf(face - less)
                if depth > 0 and point.matches(face):
                    leaf = self.algebra.join(leaf, self._tail(depth - 1))
                parts.append((leaf, 1))
            tail = self._tails[depth] = self.algebra.mix(parts)
        return tail

    def _leaf(self, value: int) -> X:
        leaf = self._leaves.get(value)
        if leaf is None:
            leaf = self._leaves[value] = self.algebra.values(self.reroll(value))
        return leaf

    def _reroll_all(self, weights: dict[int, int]) -> dict[int, int]:
        if not self._rerolls:
            return weights
        result: dict[int, int] = {}
        for value, weight in weights.items():
            for final, w in self.reroll(value).items():
                result[final] = result.get(final, 0) + weight * w
        return result

    def reroll(self, value: int) -> dict[int, int]:
        """The final value of a die showing ``value`` after every reroll; the weights of
        every value share one total, so the results mix without rescaling."""
        cached = self._reroll_cache.get(value)
        if cached is None:
            cached = {value: 1}
            for reroll in self._rerolls:
                cached = _reroll_step(self.die, reroll, cached)
            self._reroll_cache[value] = cached
        return cached


def final_values(die: Die, modifiers: Sequence[PerDie], depth: int) -> Mapping[int, int]:
    """The final value of a die whose explosions add no dice (none, or compounding),
    with weights."""
    if not modifiers:
        return dict.fromkeys(die.faces, 1)
    return Chain(die, modifiers, depth, Totals(_same)).unit().weights


def _same(value: int) -> int:
    return value


def clamped_faces(die: Die, modifiers: Sequence[PerDie]) -> dict[int, int]:
    """The value a fresh die shows after ``mi``/``ma``, with weights."""
    faces: dict[int, int] = dict.fromkeys(die.faces, 1)
    for modifier in modifiers:
        if isinstance(modifier, Min | Max):
            faces = _merge_images(faces, clamp(modifier))
    return faces


def clamp(modifier: Min | Max) -> Score:
    """The value a die (or a total) shows under ``mi``/``ma``."""
    bound = modifier.value
    if isinstance(modifier, Min):
        return lambda value: value if value > bound else bound
    return lambda value: value if value < bound else bound


def _reroll_step(die: Die, reroll: Reroll, weights: dict[int, int]) -> dict[int, int]:
    point = reroll.compare or Compare("=", die.low)
    faces = die.faces
    if reroll.once:
        fresh = dict.fromkeys(faces, 1)
    else:
        fresh = {face: 1 for face in faces if not point.matches(face)}
        if not fresh:
            raise OddsUnavailableError(
                f"every face of a {die} matches the reroll point {point.op}{point.value}, "
                "so the roller would reroll it forever",
                field="expression",
            )
    scale = len(fresh)
    result: dict[int, int] = {}
    for value, weight in weights.items():
        if point.matches(value):
            for face in fresh:
                result[face] = result.get(face, 0) + weight
        else:
            result[value] = result.get(value, 0) + weight * scale
    return result


def compound_totals(die: Die, faces: dict[int, int], point: Compare, depth: int) -> Distribution:
    """The value of a compounding die: its clamped face plus every face it adds."""
    tails: list[Distribution] = [Distribution.from_die(die)]
    for _ in range(depth - 1):
        previous = tails[-1]
        tails.append(
            Distribution.mixture(
                (previous + face if point.matches(face) else Distribution.constant(face), 1)
                for face in die.faces
            )
        )
    last = tails[-1]
    return Distribution.mixture(
        (last + value if point.matches(value) else Distribution.constant(value), weight)
        for value, weight in faces.items()
    )
