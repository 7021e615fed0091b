"""What exact odds will cost, estimated from the tree before any work is done.

:func:`estimate` walks an expression the way :mod:`.odds` computes it, knowing of each
part only its *shape* (how many outcomes, how wide, how many bits its exact weights
take) and adding up what each step costs: seconds on the machine the constants were
fitted on (``docs/performance.md``, "What exact odds cost"; ``benchmarks/bench_cost.py``
re-times them) and the bytes the step holds at its peak. :func:`check` refuses, with
:class:`~tablekeeper.errors.OddsTooCostlyError`, a tree whose estimate passes
``limits.max_odds_seconds`` or ``limits.max_odds_bytes``: before a single weight is
built, so that neither the library nor a server ever starts work it cannot finish.

The steps, each the cost of the code it names:

- a sum of identical dice (``closed_forms.power``): NumPy's int64 squaring while the
  weights fit; else Miller's recurrence, ``outcomes x faces`` big-integer steps; else
  squaring by Kronecker substitution, a few products of integers of ``outcomes x bits``
  bits (CPython multiplies those in about ``n ** 1.585``);
- a success count: a binomial row (``n`` steps) or a trinomial (``n ** 2``);
- an exploding or compounding die (``chains.Chain``): each level of explosion mixes a
  distribution per matching face, as wide as the dice so far, all held at once: this
  is what makes ``1d10000!>1`` cost hours and gigabytes;
- a reroll: a distribution per face that matches;
- keep and drop over identical dice (``closed_forms.order_window``): a step per value,
  per rank placed and per rank chosen, each on a packed integer of ``kept x spread x
  bits`` bits (``100d100kh50``: minutes);
- keep and drop over mixed pools or dice whose explosions add dice: the states one
  exploding die can take (the kept lists of its chain); the pool's own cost is then
  estimated by :mod:`.routing` from the real units, with the fitted constants it uses
  to choose between icepool and the state machine, and refused there;
- ``+ -``: a convolution (NumPy, or a Kronecker product past int64); ``* /``: a step per
  pair of outcomes.

An estimate is an estimate: on the fitted cases it is within a few times of the
measured time, above it more often than below. What must hold whatever the estimate
says (a server's answer within its time and memory) is enforced around the work, by a
worker process that is killed past its budget (``services/odds_worker.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tablekeeper.dice import icepool_path
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import Die
from tablekeeper.dice.selection import window
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
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
from tablekeeper.errors import OddsTooCostlyError

__all__ = [
    "Cost",
    "CostExceededError",
    "Shape",
    "check",
    "dice_per_roll",
    "estimate",
    "too_costly",
]

# Seconds per elementary step of each method, fitted to cold times on a 2-core Xeon
# (docs/performance.md, "What exact odds cost"; benchmarks/bench_cost.py re-times them).
STEP_S = 0.25e-6
"""A dictionary step of a mixture or a product: one weight multiplied and added."""
MILLER_S = 0.12e-6
"""One step of Miller's recurrence on small weights ..."""
MILLER_WORD_S = 0.005e-6
"""... and per 64-bit word of the weights."""
KARATSUBA_S = 1.2e-8
"""A product of two ``n``-word integers costs ``KARATSUBA_S * n ** 1.585``."""
WORD_S = 2.0e-9
"""One word-by-word step of a product of a large integer by a small one."""
NUMPY_S = 2e-9
"""One multiply-add of NumPy's int64 convolution."""
PART_S = 1.5e-6
"""One part of a mixture: a distribution object made and scaled."""
TRINOMIAL_S = 9e-6
"""One cell of a trinomial row (binomial coefficients and powers multiplied) ..."""
TRINOMIAL_WORD_S = 0.1e-6
"""... and per 64-bit word of its weights."""
FIXED_S = 20e-6
"""What any node costs to visit (Python's calls, the result object)."""

MACHINE_JOIN_S = 1.5e-6
"""A pair of states the keep/drop state machine joins (``routing.STATE_MACHINE_JOIN_S``)."""

ENTRY_BYTES = 120
"""One outcome of a distribution held in a dict: the key, the entry, a small int."""


@dataclass(frozen=True, slots=True)
class Cost:
    """Estimated seconds and peak bytes of a computation, and the size of its result:
    how many outcomes, and the bits of its total weight (what writing every exact
    probability out costs)."""

    seconds: float
    bytes: float
    outcomes: int = 1
    bits: int = 0


@dataclass(frozen=True, slots=True)
class Shape:
    """What the cost model knows of a distribution before it is built: its lowest and
    highest outcome, how many outcomes it has at most, and the bits of its total
    weight (each weight has at most that many)."""

    low: int
    high: int
    outcomes: int
    bits: int

    @property
    def spread(self) -> int:
        return self.high - self.low

    @staticmethod
    def constant(value: int) -> Shape:
        return Shape(value, value, 1, 0)

    @staticmethod
    def span(low: int, high: int, bits: int, outcomes: int | None = None) -> Shape:
        width = high - low + 1
        return Shape(low, high, width if outcomes is None else min(outcomes, width), bits)


def estimate(tree: Expression, limits: RollLimits) -> Cost:
    """The estimated cost of ``odds(tree, limits)`` (the tree validated)."""
    walk = _Estimate(limits)
    shape = walk.of(tree)
    return Cost(walk.seconds, walk.peak, shape.outcomes, shape.bits)


SMALL_DICE = 12
"""A tree of at most this many dice, of at most :data:`SMALL_SIDES` sides, none exploding
or rerolled, nothing multiplied or divided, costs a millisecond or two at most whatever it
keeps or counts (``12d20kh11``, the slowest: 2 ms): :func:`check` lets it through unestimated
(estimating it would cost as much as computing the common checks)."""

SMALL_SIDES = 20


def check(tree: Expression, limits: RollLimits) -> Cost:
    """:func:`estimate`, refusing with :class:`~tablekeeper.errors.OddsTooCostlyError` a
    tree whose estimate passes ``limits.max_odds_seconds`` or ``limits.max_odds_bytes``
    (a small tree, :data:`SMALL_DICE`, is let through at once, at no estimated cost)."""
    if _small(tree):
        return Cost(0.0, 0.0)
    cost = estimate(tree, limits)
    if cost.seconds > limits.max_odds_seconds or cost.bytes > limits.max_odds_bytes:
        raise too_costly(render(tree), cost, limits)
    return cost


class CostExceededError(OddsTooCostlyError):
    """A part of a computation (a keep or drop's method, estimated from its real units)
    found too costly: :func:`~.odds.odds` refuses the whole expression with its cost."""

    def __init__(self, cost: Cost, limits: RollLimits) -> None:
        super().__init__(too_costly("a keep or drop", cost, limits).message, field="expression")
        self.cost = cost


def _small(tree: Expression) -> bool:
    """Whether ``tree`` is one of the small ones :func:`check` need not estimate."""
    dice = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Dice):
            dice += node.count
            if node.die.sides > SMALL_SIDES or dice > SMALL_DICE:
                return False
            if any(isinstance(m, Explode | Reroll) for m in node.modifiers):
                return False
        elif isinstance(node, Group):
            if any(isinstance(m, Explode | Reroll) for m in node.modifiers):
                return False
            stack.extend(node.items)
        elif isinstance(node, BinaryOperation):
            if node.op in "*/":
                return False
            stack += [node.left, node.right]
        elif isinstance(node, Negate):
            stack.append(node.operand)
        elif isinstance(node, Labeled):
            stack.append(node.expression)
    return True


def too_costly(expression: str, cost: Cost, limits: RollLimits) -> OddsTooCostlyError:
    """The refusal of an expression whose exact odds would cost ``cost``."""
    if cost.seconds > limits.max_odds_seconds:
        over = (
            f"about {_seconds(cost.seconds)} of work, more than the "
            f"{limits.max_odds_seconds:g} s limits.max_odds_seconds allows"
        )
    else:
        over = (
            f"about {_bytes(cost.bytes)} of memory, more than the "
            f"{_bytes(limits.max_odds_bytes)} limits.max_odds_bytes allows"
        )
    return OddsTooCostlyError(
        f"the exact odds of '{expression}' are too expensive to compute exactly "
        f"({over}): simulate instead",
        field="expression",
    )


def dice_per_roll(node: Expression, depth: int) -> float:
    """About how many dice one roll of ``node`` rolls, on average: an exploding die rolls
    ``1 + p + p**2 + ...`` dice (``p`` the chance it explodes, at most ``depth`` times)."""
    if isinstance(node, Number):
        return 0.0
    if isinstance(node, Dice):
        explode = next((m for m in node.modifiers if isinstance(m, Explode)), None)
        if explode is None or explode.mode == "compound":
            return float(node.count)
        point = explode.compare or Compare("=", node.die.high)
        p = _matching(node.die.low, node.die.high, point) / node.die.sides
        return node.count * sum(p**level for level in range(depth + 1))
    if isinstance(node, Group):
        return sum(dice_per_roll(item, depth) for item in node.items)
    if isinstance(node, Negate):
        return dice_per_roll(node.operand, depth)
    if isinstance(node, Labeled):
        return dice_per_roll(node.expression, depth)
    return dice_per_roll(node.left, depth) + dice_per_roll(node.right, depth)


def _seconds(seconds: float) -> str:
    if seconds >= 3600 * 24 * 365:
        return "more than a year"
    if seconds >= 3600:
        return f"{seconds / 3600:,.0f} hours"
    if seconds >= 60:
        return f"{seconds / 60:,.0f} minutes"
    return f"{seconds:.1f} s"


def _bytes(count: float) -> str:
    if count >= 2**40:
        return f"{count / 2**40:,.0f} TB"
    if count >= 2**30:
        return f"{count / 2**30:,.1f} GB"
    return f"{count / 2**20:,.0f} MB"


def _bits(value: float) -> int:
    """Bits of an integer as large as ``value`` (at least 1)."""
    return max(1, math.ceil(math.log2(value))) if value > 1 else 1


def _words(bits: float) -> float:
    return bits / 64 + 1


def _ordered(modifiers: Sequence[Modifier]) -> list[Modifier]:
    return sorted(modifiers, key=lambda m: MODIFIER_ORDER.index(type(m)))


def _matching(low: int, high: int, point: Compare) -> int:
    """How many of the values ``low..high`` match ``point``."""
    op, value = point.op, point.value
    if op == ">=":
        first, last = max(low, value), high
    elif op == ">":
        first, last = max(low, value + 1), high
    elif op == "<=":
        first, last = low, min(high, value)
    elif op == "<":
        first, last = low, min(high, value - 1)
    else:
        first, last = max(low, value), min(high, value)
    return max(0, last - first + 1)


@dataclass(frozen=True, slots=True)
class _Die:
    """One die under its per-die modifiers, as the estimate sees it: the values a final
    die can take, their spread, the bits of its total weight, whether it adds dice (and
    how many states a chain of it takes), and what building that cost."""

    values: int
    low: int
    high: int
    bits: int
    adds_dice: bool
    chain_values: int
    """How many distinct item lists a chain can show (for keep and drop)."""
    cost: Cost
    faces: int = 1
    matching: int = 0


class _Estimate:
    def __init__(self, limits: RollLimits) -> None:
        self.limits = limits
        self.seconds = 0.0
        self.peak = 0.0

    def spend(self, seconds: float, held: float = 0.0) -> None:
        self.seconds += seconds + FIXED_S
        self.peak = max(self.peak, held)

    def held(self, shape: Shape) -> float:
        """The bytes a distribution of ``shape`` holds."""
        return shape.outcomes * (ENTRY_BYTES + shape.bits / 8)

    # --- the tree ---------------------------------------------------------------------

    def of(self, node: Expression) -> Shape:
        if isinstance(node, Number):
            return Shape.constant(node.value)
        if isinstance(node, Dice):
            return self.dice(node.count, node.die, _ordered(node.modifiers), 1)
        if isinstance(node, Group):
            return self.group(node)
        if isinstance(node, Negate):
            shape = self.of(node.operand)
            return Shape(-shape.high, -shape.low, shape.outcomes, shape.bits)
        if isinstance(node, Labeled):
            return self.of(node.expression)
        return self.binary(node)

    def binary(self, node: BinaryOperation) -> Shape:
        left, right = self.of(node.left), self.of(node.right)
        bits = left.bits + right.bits
        if node.op in "+-":
            result = self.convolve(left, right)
        else:
            corners = [a * b for a in (left.low, left.high) for b in (right.low, right.high)]
            pairs = left.outcomes * right.outcomes
            result = Shape.span(min(corners), max(corners), bits, pairs)
            self.spend(pairs * STEP_S, pairs * ENTRY_BYTES)
        return result

    def convolve(self, left: Shape, right: Shape) -> Shape:
        """The sum of two independent parts (``_convolve``)."""
        result = Shape.span(left.low + right.low, left.high + right.high, left.bits + right.bits)
        if left.outcomes == 1 or right.outcomes == 1:
            self.spend(max(left.outcomes, right.outcomes) * STEP_S, self.held(result))
            return result
        if result.bits < 62:
            seconds = (left.spread + 1) * (right.spread + 1) * NUMPY_S
        else:
            seconds = self.kronecker(result.outcomes, result.bits)
        self.spend(seconds, self.held(result) + 3 * _words(result.outcomes * result.bits) * 8)
        return result

    def kronecker(self, outcomes: int, bits: int) -> float:
        """One product of two polynomials of ``outcomes`` coefficients of ``bits`` bits,
        packed into integers."""
        words = _words(outcomes * (bits + _bits(outcomes) + 1))
        return float(KARATSUBA_S * words**1.585 + 2 * outcomes * STEP_S)

    def group(self, node: Group) -> Shape:
        modifiers = _ordered(node.modifiers)
        if not modifiers:
            total = Shape.constant(0)
            for item in node.items:
                total = self.convolve(total, self.of(item))
            return total
        if len(node.items) > 1:
            return self.totals_group(node.items, modifiers)
        if any(isinstance(m, Keep | Drop) for m in modifiers):
            return self.pooled_group(node.items[0], modifiers)
        return self.pushed(node.items[0], modifiers)

    def pushed(self, node: Expression, modifiers: list[Modifier]) -> Shape:
        """A group of one expression whose modifiers act on each of its dice terms."""
        if isinstance(node, Dice):
            return self.dice(node.count, node.die, _ordered([*node.modifiers, *modifiers]), 1)
        if isinstance(node, Labeled):
            return self.pushed(node.expression, modifiers)
        if isinstance(node, Negate):
            shape = self.pushed(node.operand, modifiers)
            return Shape(-shape.high, -shape.low, shape.outcomes, shape.bits)
        if isinstance(node, BinaryOperation):
            left = self.pushed(node.left, modifiers)
            right = self.pushed(node.right, modifiers)
            return self.convolve(left, right)
        return self.of(node)

    def pooled_group(self, item: Expression, modifiers: list[Modifier]) -> Shape:
        """``{4d6+3d8}k4``: a mixed pool of every die of ``item``."""
        terms: list[Dice] = []
        rest: list[Expression] = []
        _linear(item, terms, rest)
        selection = [m for m in modifiers if isinstance(m, Keep | Drop)]
        scoring = [m for m in modifiers if isinstance(m, CountSuccesses | CountFailures)]
        per_die = [m for m in modifiers if not isinstance(m, Keep | Drop | CountSuccesses)]
        per_die = [m for m in per_die if not isinstance(m, CountFailures)]
        dice = [
            (term.count, self.die(term.die, _ordered([*term.modifiers, *per_die]), scoring))
            for term in terms
        ]
        result = self.pool(dice, selection, bool(scoring))
        for part in rest:
            result = self.convolve(result, self.of(part))
        return result

    def totals_group(self, items: Sequence[Expression], modifiers: list[Modifier]) -> Shape:
        """``{2d8, 1d6}>=5``: the group's modifiers act on each sub-roll's total."""
        totals = [self.of(item) for item in items]
        selection = [m for m in modifiers if isinstance(m, Keep | Drop)]
        counting = any(isinstance(m, CountSuccesses) for m in modifiers)
        if not selection:
            if counting:
                return Shape.span(-len(items), len(items), sum(t.bits for t in totals))
            total = Shape.constant(0)
            for shape in totals:
                total = self.convolve(total, shape)
            return total
        count = len(totals)
        low, high = window(selection, count)
        widest = max(totals, key=lambda shape: shape.outcomes)
        values = 3 if counting else widest.outcomes
        spread = 2 if counting else widest.spread
        if all(shape == totals[0] for shape in totals):
            return self.order_statistics(count, values, spread, widest.bits, low, high, counting)
        # Unlike sub-rolls: icepool or the state machine over the totals (routing
        # estimates both again from the real totals, built above).
        size = _summary_size(selection, count)
        kept = high - low
        machine = _machine_joins(
            count, values, values, size, spread, keep_rest=size is not None and size != kept
        )
        bits = sum(shape.bits for shape in totals)
        nodes = values * (count + 1) * (kept + 1) * _words(bits)  # wide totals, big weights
        icepool = icepool_path.CALL_S + icepool_path.NODE_S * nodes
        self.spend(min(machine * MACHINE_JOIN_S, icepool), 0.0)
        if counting:
            return Shape.span(-kept, kept, bits)
        return Shape.span(kept * min(t.low for t in totals), kept * widest.high, bits)

    # --- dice terms -------------------------------------------------------------------

    def dice(self, count: int, die: Die, modifiers: list[Modifier], sign: int) -> Shape:
        selection = [m for m in modifiers if isinstance(m, Keep | Drop)]
        scoring = [m for m in modifiers if isinstance(m, CountSuccesses | CountFailures)]
        per_die = [
            m for m in modifiers if not isinstance(m, Keep | Drop | CountSuccesses | CountFailures)
        ]
        one = self.die(die, per_die, scoring)
        if selection:
            return self.pool([(count, one)], selection, bool(scoring))
        failures = any(isinstance(m, CountFailures) for m in scoring)
        return self.power(count, one, bool(scoring), failures)

    def die(self, die: Die, per_die: Sequence[Modifier], scoring: Sequence[Modifier]) -> _Die:
        """One die under its per-die modifiers, and what its chain costs to build."""
        faces = die.high - die.low + 1
        low, high = die.low, die.high
        for modifier in per_die:
            if isinstance(modifier, Min):
                low = min(max(low, modifier.value), high)
            elif isinstance(modifier, Max):
                high = max(min(high, modifier.value), low)
        first_values = high - low + 1
        explode = next((m for m in per_die if isinstance(m, Explode)), None)
        reroll_steps = 0
        for modifier in per_die:
            if isinstance(modifier, Reroll):
                point = modifier.compare or Compare("=", die.low)
                reroll_steps += _matching(die.low, die.high, point) * faces
        depth = self.limits.explode_depth
        seconds = reroll_steps * STEP_S
        held = reroll_steps * ENTRY_BYTES
        if explode is None or depth <= 0:
            values = first_values
            return _Die(values, low, high, _bits(faces), False, values, Cost(seconds, held))
        point = explode.compare or Compare("=", die.high)
        matching = _matching(die.low, die.high, point)
        matching_first = _matching(low, high, point)
        less = 1 if explode.mode == "penetrate" else 0
        counts = bool(scoring) and explode.mode != "compound"
        # Each level l of the tails mixes one distribution per face, those of the
        # matching faces as wide as l + 1 dice: all of them held at once.
        # Every level's tail stays cached.
        width = 1
        tails = 0
        for level in range(depth):
            width = level + 2 if counts else (level + 1) * (faces - 1) + 1
            tails += width
            seconds += faces * PART_S + matching * width * STEP_S
            held = max(held, (matching * width + tails) * ENTRY_BYTES)
        seconds += first_values * PART_S + matching_first * width * STEP_S
        held = max(held, (matching_first * width + tails) * ENTRY_BYTES)
        bits = _bits(faces) * (depth + 1)
        top = high + depth * (die.high - less)
        values = min(top - low + 1, width + first_values)
        adds = explode.mode != "compound"
        # The item lists a chain shows: the matching faces it went through, then its
        # last face (at most ``depth`` explosions).
        chains = 0.0
        for level in range(depth + 1):
            chains += math.comb(matching + level - 1, level) if matching else float(level == 0)
            if chains > 1e18:
                break
        chain_values = min(chains * faces, 1e18) if adds else float(values)
        cost = Cost(seconds, held)
        return _Die(values, low, top, bits, adds, int(chain_values), cost, faces, matching)

    def power(self, count: int, one: _Die, counting: bool, failures: bool) -> Shape:
        """The sum of ``count`` dice of ``one`` (``closed_forms.power``)."""
        self.spend(one.cost.seconds, one.cost.bytes)
        if counting:
            unit_low, unit_high = (-1, 1) if not one.adds_dice else (-one.values, one.values)
        else:
            unit_low, unit_high = one.low, one.high
        # A count per die of a chain that adds dice; -1, 0 or 1 per die otherwise.
        unit_values = 3 if counting and not one.adds_dice else one.values
        unit = Shape.span(unit_low, unit_high, one.bits, unit_values)
        if count <= 1:
            return unit if count == 1 else Shape.constant(0)
        result = Shape.span(count * unit.low, count * unit.high, count * unit.bits)
        words = _words(result.bits)
        if counting and not one.adds_dice:
            if failures:  # a trinomial: a cell per (successes, failures)
                seconds = count * count / 2 * (TRINOMIAL_S + TRINOMIAL_WORD_S * words)
            else:  # a binomial row
                seconds = count * (MILLER_S + MILLER_WORD_S * words)
        elif result.bits < 62:
            seconds = (result.spread + 1) ** 2 * NUMPY_S
        elif 4 * count < unit.outcomes:
            seconds = 0.8 * self.kronecker(result.outcomes, result.bits)
        else:
            seconds = result.outcomes * unit.outcomes * (MILLER_S + MILLER_WORD_S * words)
        self.spend(seconds, 2 * self.held(result) + words * result.outcomes * 8)
        return result

    def pool(
        self, dice: Sequence[tuple[int, _Die]], selection: Sequence[Keep | Drop], counting: bool
    ) -> Shape:
        """Keep and drop over ``dice`` (how many of each kind)."""
        count = sum(number for number, _ in dice)
        low, high = window(selection, count)
        kept = high - low
        for _, one in dice:
            self.spend(one.cost.seconds, one.cost.bytes)
        bits = sum(number * one.bits for number, one in dice)
        if len(dice) == 1 and not dice[0][1].adds_dice:
            one = dice[0][1]
            values = 3 if counting else one.values
            spread = 2 if counting else one.high - one.low
            return self.order_statistics(count, values, spread, one.bits, low, high, counting)
        # Mixed pools and dice that add dice: icepool or the state machine, whichever
        # routing estimates faster from the units (and refuses past the limit there).
        # Here: what building the units costs (each exploding die's chain joined into
        # kept lists), and the cheaper of the two methods as far as the shapes tell.
        size = _summary_size(selection, count)
        depth = self.limits.explode_depth
        adds = any(one.adds_dice for _, one in dice)
        units = 1.0
        items = 1
        for _, one in dice:
            lists = _lists(one.chain_values, one.values, size) if one.adds_dice else one.values
            if one.adds_dice:
                joins = depth * (one.faces + one.matching * lists)
                self.spend(joins * STEP_S, lists * (ENTRY_BYTES + 16 * (size or count)))
            units = max(units, lists)
            items = max(items, one.faces if one.adds_dice else one.values)
        spread = max(one.high - one.low for _, one in dice)
        machine = _machine_joins(count, units, items, size, spread, keep_rest=size != kept)
        pools = (count + 1) * (count * depth + 1) / 2 if adds else 1.0
        # icepool: each pool of its mixture, and a walk over the values, shared between
        # the pools when it starts from the top (the exploded dice walked first, alike in
        # every pool), one per pool when the kept dice are the lowest
        # (``icepool_path.estimated_seconds`` from the real pools).
        nodes: float = items * (count + 1) * (depth + 1)
        if low > count - high:  # walked from the bottom: the final dice first
            nodes = pools * items * (count + 1)
        walk = 2 * pools * icepool_path.POOL_S + icepool_path.NODE_S * nodes
        icepool = icepool_path.CALL_S + walk
        self.spend(min(machine * MACHINE_JOIN_S, icepool), 0.0)
        top = kept * max(one.high for _, one in dice)
        bottom = kept * min(one.low for _, one in dice)
        if counting:
            return Shape.span(-kept, kept, bits)
        return Shape.span(min(bottom, top), max(bottom, top), bits)

    def order_statistics(
        self, count: int, values: int, spread: int, bits: int, low: int, high: int, counting: bool
    ) -> Shape:
        """``closed_forms.order_window`` over ``count`` identical dice (or sub-rolls)."""
        high = min(high, count)
        kept = max(0, high - low)
        result_bits = count * (bits + 1)
        result = Shape.span(0, kept * spread, result_bits)
        if kept == 0:
            return Shape.constant(0)
        if high > count - low:
            low, high = count - high, count - low
        # The recurrence keeps a packed row of scores per number of dice placed (below
        # ``high``); the row of ``q`` dice placed, ``q - low`` of them kept, is about
        # ``(q - low) / kept`` of the widest row. Each step multiplies a row by a term
        # (a binomial times a power of the weight) and adds it into a row further on,
        # and raises the weight left to a power; every rank placed adds a row to the
        # result. There are ``high - q`` steps from row ``q`` and ``q + 1`` into it.
        widest = _words((kept * spread + 1) * (result_bits + 8))
        term = _words(count + high * bits)
        power = float(KARATSUBA_S * _words(count * bits) ** 1.585)
        rows = 0.0
        for placed in range(low, high):
            row = (placed - low) / kept * widest + 1
            rows += row * ((high - placed) * (term + 1) + placed + 1)
        steps = high * (high + 1) / 2
        seconds = values * (WORD_S * (rows + high * widest) + steps * (power + STEP_S))
        self.spend(seconds, 2 * high * widest * 8 + self.held(result))
        del counting
        return result


def _machine_joins(
    count: int, units: float, items: int, size: int | None, spread: int, *, keep_rest: bool
) -> float:
    """The pairs of states the state machine joins (``selection.estimated_joins`` from
    shapes): each die joins every state so far, and the states are at most the lists of
    ``size`` items the dice can show, times the totals pushed out of them."""
    if size is None:
        lists = math.inf
    else:
        try:
            lists = float(math.comb(items + size, size))
        except OverflowError:
            lists = math.inf
    states = 1.0
    joins = 0.0
    for placed in range(1, count + 1):
        joins += states * units
        pushed = placed * spread + 1 if keep_rest else 1
        states = min(states * units, lists * pushed)
        if joins > 1e30:
            return math.inf
    return joins


def _summary_size(selection: Sequence[Keep | Drop], count: int) -> int | None:
    """How many items the state machine's lists hold for ``selection`` (``None``: all)."""
    if len(selection) == 1:
        return selection[0].count
    return None


def _lists(chains: float, values: int, size: int | None) -> float:
    """How many kept lists of ``size`` items a chain showing ``chains`` item lists (over
    ``values`` values) can leave: at most the multisets of ``size`` values."""
    if size is None:
        return chains
    try:
        multisets = float(math.comb(values + size, size))
    except OverflowError:
        multisets = math.inf
    return min(chains, multisets)


def _linear(node: Expression, terms: list[Dice], rest: list[Expression]) -> None:
    """A group's expression split into its dice terms and the parts without dice."""
    if isinstance(node, Dice):
        terms.append(node)
    elif isinstance(node, Labeled):
        _linear(node.expression, terms, rest)
    elif isinstance(node, Negate):
        _linear(node.operand, terms, rest)
    elif isinstance(node, BinaryOperation):
        if node.op in "+-":
            _linear(node.left, terms, rest)
            _linear(node.right, terms, rest)
        elif isinstance(node.left, Number | Group):
            rest.append(node.left)
            _linear(node.right, terms, rest)
        else:
            _linear(node.left, terms, rest)
            rest.append(node.right)
    else:
        rest.append(node)
