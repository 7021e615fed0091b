"""Exact odds of a dice expression: the same tree the roller rolls, as a distribution.

>>> odds("4d6kh3").at_least(15)
Fraction(25, 108)
>>> odds("8d8>=4").mean
Fraction(5, 1)

``odds(parse("4d6kh3"))`` is exact for exactly the game :func:`evaluate.roll` plays:
the modifiers apply in ``MODIFIER_ORDER`` with the roller's semantics (see
:mod:`tablekeeper.dice.syntax` and :mod:`tablekeeper.dice.chains`), explosions stop
after ``limits.explode_depth`` as the roller's do, and operands of ``+ - * /`` are
independent rolls (``/`` floors).

How each case is computed (:class:`~tablekeeper.dice.routing.Method`; :func:`methods`
tells which a tree takes):

- success counts over identical dice: a binomial (or, with failures, trinomial) row;
- plain sums of identical dice: a cached convolution power; sums of terms: convolution;
- keep/drop over identical dice whose explosions add no dice, or over the totals of
  identical sub-rolls: an order-statistic recurrence
  (:func:`~tablekeeper.dice.closed_forms.order_window`);
- any other keep/drop (mixed pools, dice whose explosions add dice, unlike sub-rolls):
  icepool's keep evaluator (:mod:`tablekeeper.dice.icepool_path`) or a state machine
  that keeps only what the selection needs (:mod:`tablekeeper.dice.selection`),
  whichever :mod:`tablekeeper.dice.routing` estimates faster. Either is refused with
  :class:`~tablekeeper.errors.OddsUnavailableError` past ``limits.max_odds_states``
  (the machine's states; icepool's pools times the values their dice show).

Two chances the roller has and odds leaves out, both refusals rather than results: a
reroll that matches ``max_rerolls + 1`` times in a row, and explosions that push a whole
roll past ``max_dice``. One tree the roller rolls has no odds here: keep or drop on a
group of one expression that multiplies or divides dice terms by each other
(``{2d6*1d4}k1``); adding and subtracting them, times constants, is covered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablekeeper.dice import closed_forms, cost
from tablekeeper.dice.chains import Chain, PerDie, Scoring, Totals, clamp
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.memo import SizedCache, distribution_bytes
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.routing import Method, Term, keep_drop_dice, keep_drop_totals
from tablekeeper.dice.selection import Selection, TooManyStatesError, raise_too_many
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    BinaryOperation,
    Compare,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Expression,
    Group,
    Keep,
    Labeled,
    Max,
    Min,
    Modifier,
    Negate,
    Number,
)
from tablekeeper.dice.validate import validate
from tablekeeper.errors import OddsTooCostlyError, OddsUnavailableError

CACHE_BYTES = 64 << 20
"""How much memory the cache of results may hold (a cache of a fixed number of results
held gigabytes once they were large)."""


class _Key:
    """A tree and its limits as a cache key, hashed once (a tree's hash walks all of it)."""

    __slots__ = ("_hash", "limits", "tree")

    def __init__(self, tree: Expression, limits: RollLimits) -> None:
        self.tree = tree
        self.limits = limits
        self._hash = hash((tree, limits))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (  # the same tree asked again is usually the same object: no deep compare
            isinstance(other, _Key)
            and self._hash == other._hash
            and (self.tree is other.tree or self.tree == other.tree)
            and (self.limits is other.limits or self.limits == other.limits)
        )


_results: SizedCache[_Key, Distribution] = SizedCache(CACHE_BYTES)


def odds(expression: str | Expression, limits: RollLimits = DEFAULT_LIMITS) -> Distribution:
    """The exact distribution of ``expression``'s total under ``limits`` (notation is
    parsed first, as :func:`~tablekeeper.dice.evaluate.roll` does).

    Raises :class:`~tablekeeper.errors.OddsUnavailableError` for a divisor that can be
    0, its :class:`~tablekeeper.errors.OddsTooCostlyError` for a computation the cost
    model (:mod:`.cost`) estimates past ``limits.max_odds_seconds`` or
    ``limits.max_odds_bytes``, or larger than ``limits.max_odds_states``, and what
    :func:`~tablekeeper.dice.validate.validate` raises for an expression the roller
    refuses. Results are remembered (an LRU of at most :data:`CACHE_BYTES`);
    :func:`clear_caches` forgets them.
    """
    tree = parse(expression) if isinstance(expression, str) else expression
    key = _Key(tree, limits)
    result = _results.get(key)
    if result is None:
        result = _computed(tree, limits, None)[0]
        _results.put(key, result, distribution_bytes(result))
    return result


def compute(expression: str | Expression, limits: RollLimits = DEFAULT_LIMITS) -> Distribution:
    """:func:`odds` computed afresh, neither read from the cache of results nor added to
    it (a worker process that must not share the cache's lock)."""
    return _computed(expression, limits, None)[0]


def odds_by(
    expression: str | Expression, method: Method, limits: RollLimits = DEFAULT_LIMITS
) -> Distribution:
    """:func:`odds` with every keep and drop answered by ``method`` where it applies
    (``ORDER_STATISTICS`` only over identical dice that add no dice and over identical
    sub-rolls; ``ICEPOOL`` and ``STATE_MACHINE`` anywhere), not cached: how the tests
    hold each method to the oracles, and how the benchmark times them."""
    return _computed(expression, limits, method)[0]


def methods(
    expression: str | Expression, limits: RollLimits = DEFAULT_LIMITS
) -> tuple[Method, ...]:
    """The :class:`~.routing.Method` that :func:`odds` picks for each dice term and group
    of ``expression``, in the order it computes them (computed afresh, not cached)."""
    return _computed(expression, limits, None)[1]


def _computed(
    expression: str | Expression, limits: RollLimits, force: Method | None
) -> tuple[Distribution, tuple[Method, ...]]:
    tree = parse(expression) if isinstance(expression, str) else expression
    validate(tree, limits)
    cost.check(tree, limits)
    computation = _Odds(limits, force)
    try:
        result = computation.of(tree)
    except cost.CostExceededError as error:
        raise cost.too_costly(render(tree), error.cost, limits) from None
    except TooManyStatesError as error:
        raise OddsTooCostlyError(
            f"the exact odds of '{render(tree)}' need more than {error.limit:,} "
            "intermediate states (limits.max_odds_states): too expensive to compute "
            "exactly, simulate instead",
            field="expression",
        ) from None
    return result, tuple(computation.methods)


def clear_caches() -> None:
    """Forget every cached result (for cold benchmarks); results are unaffected."""
    _results.clear()
    closed_forms.clear_caches()


class _Odds:
    def __init__(self, limits: RollLimits, force: Method | None = None) -> None:
        self.limits = limits
        self.force = force
        self.methods: list[Method] = []

    def of(self, node: Expression) -> Distribution:
        if isinstance(node, Number):
            return Distribution.constant(node.value)
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Group):
            return self.group(node)
        if isinstance(node, Negate):
            return -self.of(node.operand)
        if isinstance(node, Labeled):
            return self.of(node.expression)
        return self.binary(node)

    def binary(self, node: BinaryOperation) -> Distribution:
        left, right = self.of(node.left), self.of(node.right)
        if node.op in "*/":
            self.check_size(len(left) * len(right))
        else:
            self.check_sum(left, right)
        if node.op == "+":
            result = left + right
        elif node.op == "-":
            result = left - right
        elif node.op == "*":
            result = left * right
        else:
            if 0 in right.weights:
                raise OddsUnavailableError(
                    f"the divisor '{render(node.right)}' can be 0, and a roll that "
                    "divides by 0 has no total",
                    field="expression",
                )
            result = left // right
        self.check_size(len(result))
        return result

    def check_size(self, size: int) -> None:
        if size > self.limits.max_odds_states:
            raise_too_many(self.limits.max_odds_states)

    def check_work(self, outcomes: int, bits: int) -> None:
        """Refuse, before building it, a result of ``outcomes`` exact weights of about
        ``bits`` bits each larger than ``limits.max_odds_bits`` (see :class:`RollLimits`)."""
        self.check_size(outcomes)
        if outcomes * bits > self.limits.max_odds_bits:
            raise OddsTooCostlyError(
                f"the exact odds need {outcomes:,} outcomes of about {bits:,}-bit weights, "
                f"more than limits.max_odds_bits ({self.limits.max_odds_bits:,}) allows: "
                "too expensive to compute exactly, simulate instead",
                field="expression",
            )

    def check_power(self, unit: Mapping[int, int], count: int) -> None:
        """:meth:`check_work` for the sum of ``count`` dice scoring ``unit``."""
        if count > 1 and len(unit) > 1:
            spread = max(unit) - min(unit)
            self.check_work(count * spread + 1, count * sum(unit.values()).bit_length())

    def check_sum(self, left: Distribution, right: Distribution) -> None:
        """:meth:`check_work` for ``left + right`` (or ``-``)."""
        if len(left) > 1 and len(right) > 1:
            outcomes = (left.high - left.low) + (right.high - right.low) + 1
            bits = left.total_weight.bit_length() + right.total_weight.bit_length()
            self.check_work(outcomes, bits)

    def dice(self, node: Dice) -> Distribution:
        per_die, selection, score = _split(_ordered(node.modifiers), 1)
        if not per_die and not selection:  # the common check: a closed form at once
            self.methods.append(Method.CLOSED_FORM)
            unit = score.plain_die(node.die)
            self.check_power(unit, node.count)
            return closed_forms.power(unit, node.count)
        return self.pool([Term(node.count, node, per_die, score)], selection)

    def group(self, node: Group) -> Distribution:
        modifiers = _ordered(node.modifiers)
        if not modifiers:
            total = Distribution.constant(0)
            for item in node.items:
                total = total + self.of(item)
            return total
        if len(node.items) > 1:
            return self.totals_group(node.items, modifiers)
        if any(isinstance(m, Keep | Drop) for m in modifiers):
            return self.pooled_group(node.items[0], modifiers)
        # Nothing ties the dice together: each dice term takes the group's modifiers.
        return self.of(_push_down(node.items[0], tuple(modifiers)))

    def pooled_group(self, item: Expression, modifiers: Sequence[Modifier]) -> Distribution:
        """``{4d6+3d8}k4``: the group keeps and drops among every die of its expression.

        The expression must add and subtract its dice terms (times constants); parts
        without dice (numbers, nested groups) are added to the total after.
        """
        terms: list[tuple[Dice, int]] = []
        rest: list[tuple[Expression, int]] = []
        self.linear(item, 1, terms, rest)
        group_per_die, selection, _ = _split(modifiers, 1)
        pool = []
        for dice, coefficient in terms:
            # Validated: the terms carry no keep, drop or counting, and per-die modifiers
            # on either the group or its terms, not both.
            own_per_die = _split(_ordered(dice.modifiers), 1)[0]
            _, _, score = _split(modifiers, coefficient)
            pool.append(Term(dice.count, dice, own_per_die or group_per_die, score))
        result = self.pool(pool, selection)
        for expression, coefficient in rest:
            result = result + self.of(expression) * coefficient
        return result

    def linear(
        self,
        node: Expression,
        coefficient: int,
        terms: list[tuple[Dice, int]],
        rest: list[tuple[Expression, int]],
    ) -> None:
        """Split a group's expression into dice terms and dice-free parts, with signs."""
        if isinstance(node, Dice):
            terms.append((node, coefficient))
        elif isinstance(node, Labeled):
            self.linear(node.expression, coefficient, terms, rest)
        elif isinstance(node, Negate):
            self.linear(node.operand, -coefficient, terms, rest)
        elif not _has_pool_dice(node):
            rest.append((node, coefficient))
        elif isinstance(node, BinaryOperation) and node.op in "+-":
            self.linear(node.left, coefficient, terms, rest)
            sign = 1 if node.op == "+" else -1
            self.linear(node.right, sign * coefficient, terms, rest)
        else:
            factor = self.constant_factor(node)
            if factor is None:
                raise OddsUnavailableError(
                    "odds cover keep and drop on a group of one expression when the "
                    "expression adds and subtracts its dice terms (times constants)",
                    field="expression",
                )
            value, other = factor
            self.linear(other, coefficient * value, terms, rest)

    def constant_factor(self, node: Expression) -> tuple[int, Expression] | None:
        """``(c, e)`` when ``node`` is ``c * e`` or ``e * c`` for a constant ``c``."""
        if not isinstance(node, BinaryOperation) or node.op != "*":
            return None
        for factor, other in ((node.left, node.right), (node.right, node.left)):
            if not _has_pool_dice(factor):
                values = self.of(factor)
                if len(values) == 1:
                    return values.low, other
        return None

    def totals_group(
        self, items: Sequence[Expression], modifiers: Sequence[Modifier]
    ) -> Distribution:
        """``{2d8, 1d6}>=5``: the group's modifiers act on each sub-roll's total."""
        clamps = [m for m in modifiers if isinstance(m, Min | Max)]  # validated: no ! or r
        _, selection, score = _split(modifiers, 1)
        totals = []
        for item in items:
            total = self.of(item)
            for modifier in clamps:
                total = total.map(clamp(modifier))
            totals.append(total)
        if not selection:
            self.methods.append(Method.CLOSED_FORM)
            result = Distribution.constant(0)
            for total in totals:
                result = result + total.map(score)
            return result
        result, method = keep_drop_totals(totals, selection, score, self.limits, self.force)
        self.methods.append(method)
        return result

    def pool(self, terms: Sequence[Term], selection: Selection) -> Distribution:
        """Every die of ``terms`` in one pool, kept and dropped by ``selection``."""
        if selection:
            result, method = keep_drop_dice(terms, selection, self.limits, self.force)
            self.methods.append(method)
            return result
        self.methods.append(Method.CLOSED_FORM)
        depth = self.limits.explode_depth
        total: Distribution | None = None
        for term in terms:
            if term.per_die:
                chain = Chain(term.dice.die, term.per_die, depth, Totals(term.score))
                weights: Mapping[int, int] = chain.unit().weights
            else:
                weights = term.score.plain_die(term.dice.die)
            self.check_power(weights, term.number)
            part = closed_forms.power(weights, term.number)
            if total is not None:
                self.check_sum(total, part)
            total = part if total is None else total + part
            self.check_size(len(total))
        return total if total is not None else Distribution.constant(0)


def _ordered(modifiers: Sequence[Modifier]) -> Sequence[Modifier]:
    if len(modifiers) < 2:
        return modifiers
    return sorted(modifiers, key=lambda m: MODIFIER_ORDER.index(type(m)))


def _split(
    modifiers: Sequence[Modifier], coefficient: int
) -> tuple[tuple[PerDie, ...], tuple[Keep | Drop, ...], Scoring]:
    """Per-die modifiers, keep/drop, and what a kept die scores (times ``coefficient``).

    A validated tree has at most one modifier of each kind."""
    per_die: list[PerDie] = []
    selection: list[Keep | Drop] = []
    success: Compare | None = None
    failure: Compare | None = None
    for modifier in modifiers:
        if isinstance(modifier, CountSuccesses):
            success = modifier.compare
        elif isinstance(modifier, CountFailures):
            failure = modifier.compare
        elif isinstance(modifier, Keep | Drop):
            selection.append(modifier)
        else:
            per_die.append(modifier)
    return tuple(per_die), tuple(selection), Scoring(coefficient, success, failure)


def _has_pool_dice(node: Expression) -> bool:
    """Whether a group of one expression would pool dice of ``node`` (not counting dice
    inside a nested group, which is a value)."""
    if isinstance(node, Dice):
        return True
    if isinstance(node, Labeled):
        return _has_pool_dice(node.expression)
    if isinstance(node, Negate):
        return _has_pool_dice(node.operand)
    if isinstance(node, BinaryOperation):
        return _has_pool_dice(node.left) or _has_pool_dice(node.right)
    return False


def _push_down(node: Expression, modifiers: tuple[Modifier, ...]) -> Expression:
    """``node`` with ``modifiers`` added to each dice term a group would pool."""
    if isinstance(node, Dice):
        return Dice(node.count, node.die, tuple(_ordered(node.modifiers + modifiers)))
    if isinstance(node, Labeled):
        return Labeled(_push_down(node.expression, modifiers), node.label)
    if isinstance(node, Negate):
        return Negate(_push_down(node.operand, modifiers))
    if isinstance(node, BinaryOperation):
        return BinaryOperation(
            node.op, _push_down(node.left, modifiers), _push_down(node.right, modifiers)
        )
    return node
