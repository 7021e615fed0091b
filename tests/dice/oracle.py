"""A brute-force oracle for exact odds: walk every way the dice can fall.

:func:`enumerate_paths` runs a roll once per path through its random choices (each
choice uniform among its options) and adds up the probabilities of each outcome.
:class:`Simulation` is the roller's semantics written as plainly as possible, so that
``odds`` is checked against an independent statement of the rules; :class:`PathRoller`
lets the real roller (:func:`tablekeeper.dice.evaluate.roll`) walk the same paths, and
:func:`roller_odds` is the distribution it walks out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.roller import Die, RolledFace
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    Expression,
    Group,
    Keep,
    Labeled,
    Max,
    Min,
    Modifier,
    Negate,
    Number,
    Reroll,
)
from tablekeeper.errors import RollLimitError


class _NeedChoiceError(Exception):
    def __init__(self, options: int) -> None:
        self.options = options


class _Path:
    """One path through a roll's random choices: ``prefix`` fixes the first choices;
    asking for one more raises, and the enumerator branches on it."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.position = 0
        self.probability = Fraction(1)

    def choose(self, options: Sequence[int]) -> int:
        if self.position == len(self.prefix):
            raise _NeedChoiceError(len(options))
        choice = options[self.prefix[self.position]]
        self.position += 1
        self.probability /= len(options)
        return choice


def enumerate_paths(
    run: Callable[[_Path], int], refused: tuple[type[Exception], ...] = ()
) -> dict[int, Fraction]:
    """Every outcome of ``run`` with its probability, by walking every path; paths that
    raise one of ``refused`` are left out and the rest renormalised (the distribution
    given that the roll was not refused)."""
    result: dict[int, Fraction] = {}
    lost = Fraction(0)
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        path = _Path(prefix)
        try:
            value = run(path)
        except _NeedChoiceError as need:
            stack.extend((*prefix, index) for index in range(need.options))
            continue
        except refused:
            lost += path.probability
            continue
        result[value] = result.get(value, Fraction(0)) + path.probability
    return {value: p / (1 - lost) for value, p in result.items()}


class PathRoller:
    """A :class:`~tablekeeper.dice.roller.Roller` whose faces come from a path."""

    def __init__(self, path: _Path) -> None:
        self.path = path
        self._history: list[RolledFace] = []

    @property
    def history(self) -> Sequence[RolledFace]:
        return self._history

    def roll(self, die: Die) -> int:
        face = self.path.choose(list(die.faces))
        self._history.append(RolledFace(die, face))
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]


class Simulation:
    """The roller's semantics written plainly (see syntax.py and chains.py): roll each
    die, clamp, explode, reroll, then keep/drop with stable sorts and count."""

    def __init__(self, path: _Path, depth: int) -> None:
        self.path = path
        self.depth = depth

    def total(self, node: Expression) -> int:
        if isinstance(node, Number):
            return node.value
        if isinstance(node, Labeled):
            return self.total(node.expression)
        if isinstance(node, Negate):
            return -self.total(node.operand)
        if isinstance(node, BinaryOperation):
            left, right = self.total(node.left), self.total(node.right)
            if node.op == "+":
                return left + right
            if node.op == "-":
                return left - right
            if node.op == "*":
                return left * right
            return left // right
        if isinstance(node, Dice):
            values = self.roll(node.count, node.die, node.modifiers)
            return self.score(values, node.modifiers)
        return self.group(node)

    def roll(self, count: int, die: Die, modifiers: Sequence[Modifier]) -> list[int]:
        values: list[int] = []
        for _ in range(count):
            values.extend(self.one_die(die, modifiers))
        return values

    def one_die(self, die: Die, modifiers: Sequence[Modifier]) -> list[int]:
        faces = list(die.faces)
        value = self.path.choose(faces)
        for modifier in modifiers:
            if isinstance(modifier, Min):
                value = max(value, modifier.value)
            if isinstance(modifier, Max):
                value = min(value, modifier.value)
        chain = [value]
        for modifier in modifiers:
            if isinstance(modifier, Explode):
                point = modifier.compare or Compare("=", die.high)
                last, extra = value, 0
                while point.matches(last) and extra < self.depth:
                    last = self.path.choose(faces)
                    extra += 1
                    if modifier.mode == "compound":
                        chain[0] += last
                    else:
                        chain.append(last - 1 if modifier.mode == "penetrate" else last)
        for modifier in modifiers:
            if isinstance(modifier, Reroll):
                point = modifier.compare or Compare("=", die.low)
                fresh = faces if modifier.once else [f for f in faces if not point.matches(f)]
                chain = [self.path.choose(fresh) if point.matches(v) else v for v in chain]
        return chain

    @staticmethod
    def kept(values: Sequence[int], modifiers: Sequence[Modifier]) -> list[int]:
        """Indices of the kept values: dice rank by value, highest first, equal values in
        rolling order; each keep or drop takes from the ranks still kept."""
        ranked = sorted(range(len(values)), key=lambda i: (-values[i], i))
        for modifier in modifiers:
            if isinstance(modifier, Keep):
                n = min(modifier.count, len(ranked))
                ranked = ranked[:n] if modifier.end == "h" else ranked[len(ranked) - n :]
            elif isinstance(modifier, Drop):
                n = min(modifier.count, len(ranked))
                ranked = ranked[n:] if modifier.end == "h" else ranked[: len(ranked) - n]
        return sorted(ranked)

    @staticmethod
    def points(value: int, modifiers: Sequence[Modifier]) -> int | None:
        """What a kept die counts (None: its value)."""
        counting = [m for m in modifiers if isinstance(m, CountSuccesses | CountFailures)]
        if not counting:
            return None
        result = 0
        for modifier in counting:
            if modifier.compare.matches(value):
                result += 1 if isinstance(modifier, CountSuccesses) else -1
        return result

    def score(self, values: Sequence[int], modifiers: Sequence[Modifier]) -> int:
        total = 0
        for index in self.kept(values, modifiers):
            points = self.points(values[index], modifiers)
            total += values[index] if points is None else points
        return total

    def group(self, node: Group) -> int:
        if not node.modifiers:
            return sum(self.total(item) for item in node.items)
        if len(node.items) > 1:
            totals = []
            for item in node.items:
                value = self.total(item)
                for modifier in node.modifiers:
                    if isinstance(modifier, Min):
                        value = max(value, modifier.value)
                    if isinstance(modifier, Max):
                        value = min(value, modifier.value)
                totals.append(value)
            return self.score(totals, node.modifiers)
        # One expression: roll its dice terms (with the group's per-die modifiers); with
        # keep, drop or counting on the group, select and score them as one pool; then
        # evaluate the expression with each term worth what its dice score.
        item = node.items[0]
        dice_terms: list[Dice] = []
        collect(item, dice_terms)
        per_die = tuple(m for m in node.modifiers if isinstance(m, Min | Max | Explode | Reroll))
        pooled = any(
            isinstance(m, Keep | Drop | CountSuccesses | CountFailures) for m in node.modifiers
        )
        rolled = [self.roll(t.count, t.die, t.modifiers + per_die) for t in dice_terms]
        if pooled:
            pool = [(index, value) for index, values in enumerate(rolled) for value in values]
            values = [value for _, value in pool]
            worth = [0] * len(dice_terms)
            for position in self.kept(values, node.modifiers):
                index, value = pool[position]
                points = self.points(value, node.modifiers)
                worth[index] += value if points is None else points
        else:
            worth = [
                self.score(values, t.modifiers)
                for values, t in zip(rolled, dice_terms, strict=True)
            ]
        replaced = {id(dice): worth[index] for index, dice in enumerate(dice_terms)}
        return self.substituted(item, replaced)

    def substituted(self, node: Expression, worth: dict[int, int]) -> int:
        if id(node) in worth:
            return worth[id(node)]
        if isinstance(node, Labeled):
            return self.substituted(node.expression, worth)
        if isinstance(node, Negate):
            return -self.substituted(node.operand, worth)
        if isinstance(node, BinaryOperation):
            left = self.substituted(node.left, worth)
            right = self.substituted(node.right, worth)
            return {"+": left + right, "-": left - right, "*": left * right}.get(
                node.op, left // right if right else 0
            )
        return self.total(node)


def collect(node: Expression, into: list[Dice]) -> None:
    """The dice terms a group of one expression pools (not inside nested groups)."""
    if isinstance(node, Dice):
        into.append(node)
    elif isinstance(node, Labeled):
        collect(node.expression, into)
    elif isinstance(node, Negate):
        collect(node.operand, into)
    elif isinstance(node, BinaryOperation):
        collect(node.left, into)
        collect(node.right, into)


def brute_force(expression: Expression, depth: int) -> dict[int, Fraction]:
    return enumerate_paths(lambda path: Simulation(path, depth).total(expression))


# -- the roller itself, walking every path ----------------------------------------------

# Rerolls are capped low so every path ends; a path the roller refuses is left out and
# the rest renormalised. For a die whose first value is a plain face that is exactly the
# distribution odds gives for ``r`` (the face it ends on is uniform over the faces that
# do not match, refused or not). When the first value is clamped, or explosions add dice,
# refusals fall unevenly on the outcomes, so those trees are left to the brute-force
# oracle (test_odds.py), which states ``r`` as odds reads it: the roller's distribution
# as ``max_rerolls`` grows without bound.
MAX_REROLLS = 2


def uneven_rerolls(node: Expression, inherited: tuple[Modifier, ...] = ()) -> bool:
    """Whether a die of ``node`` rerolls until it stops matching and also clamps or
    explodes (its own modifiers, or a one-expression group's pushed down to it)."""
    if isinstance(node, Dice):
        modifiers = node.modifiers + inherited
        until = any(isinstance(m, Reroll) and not m.once for m in modifiers)
        return until and any(isinstance(m, Min | Max | Explode) for m in modifiers)
    if isinstance(node, Group):
        passed = inherited
        if len(node.items) == 1:
            per_die = (Min, Max, Explode, Reroll)
            passed += tuple(m for m in node.modifiers if isinstance(m, per_die))
        return any(uneven_rerolls(item, passed) for item in node.items)
    if isinstance(node, BinaryOperation):
        return uneven_rerolls(node.left, inherited) or uneven_rerolls(node.right, inherited)
    if isinstance(node, Negate):
        return uneven_rerolls(node.operand, inherited)
    if isinstance(node, Labeled):
        return uneven_rerolls(node.expression, inherited)
    return False


def roller_odds(expression: Expression, depth: int) -> dict[int, Fraction]:
    """The real roller's distribution of ``expression``, by walking every path (rerolls
    capped at ``MAX_REROLLS``, refused paths left out)."""
    limits = RollLimits(explode_depth=depth, max_rerolls=MAX_REROLLS)
    return enumerate_paths(
        lambda path: roll(expression, PathRoller(path), limits).total, refused=(RollLimitError,)
    )
