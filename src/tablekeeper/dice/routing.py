"""Which method answers a keep or drop: a closed form, icepool, or the state machine.

Every method is exact and gives the same fractions (``tests/dice/test_odds_paths.py``
holds each to brute force and to the roller); they differ in speed only, so the choice
is by estimated cost, with constants fitted to measured times (``docs/performance.md``,
"Which path answers what"; ``benchmarks/bench_odds.py --paths`` re-times the corner
cases by every method):

- identical dice whose explosions add no dice, and the totals of identical sub-rolls:
  the order-statistic recurrence (:func:`~.closed_forms.order_window`), always fastest;
- everything else (mixed pools, dice whose explosions add dice, unlike sub-rolls):
  icepool (:mod:`.icepool_path`) or the state machine (:mod:`.selection`), whichever
  is estimated faster. The machine costs ``STATE_MACHINE_JOIN_S`` per pair of states
  it joins (:func:`~.selection.estimated_joins`), icepool what
  :func:`~.icepool_path.estimated_seconds` says. Small pools stay on the machine
  (icepool's least cost is about two milliseconds); pools whose kept lists or
  pushed-out totals take many values go to icepool (``5d100!kh2``, ``6d6!dl1``,
  ``{5d6,5d8,5d10,5d12}kh2``); pools whose kinds of dice overlap, so that icepool's
  walk shares little between the pools of its mixture, stay on the machine
  (``8d6!p>=4kh5``: 0.5 s there, 20 s in icepool).

icepool can answer every keep and drop that odds covers (:mod:`.icepool_path` says how);
the state machine stays for speed, not because icepool cannot express a case.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import NamedTuple

from tablekeeper.dice import closed_forms, cost, icepool_path
from tablekeeper.dice.chains import Chain, PerDie, Scoring, States, final_values
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.icepool_path import Part, chain_kinds, keep_drop, mixture, single
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.selection import (
    Extreme,
    Key,
    Selection,
    Weighted,
    estimated_joins,
    raise_too_many,
    select,
    summary_for,
    window,
)
from tablekeeper.dice.syntax import Dice, Explode

# Seconds per pair of states the state machine joins, fitted with icepool_path's
# constants (docs/performance.md, "Which path answers what").
STATE_MACHINE_JOIN_S = cost.MACHINE_JOIN_S


class Method(Enum):
    """How :func:`~.odds.odds` computes one dice term or group."""

    CLOSED_FORM = "closed form"
    """No keep or drop: binomial or trinomial rows, convolution powers, convolution."""
    ORDER_STATISTICS = "order statistics"
    """Keep or drop over identical dice that add no dice: the order-statistic recurrence."""
    ICEPOOL = "icepool"
    """Keep or drop through icepool's keep evaluator (:mod:`.icepool_path`)."""
    STATE_MACHINE = "state machine"
    """Keep or drop through the state machine (:mod:`.selection`)."""


class Term(NamedTuple):
    """Dice in a pool: ``number`` dice that score ``score(value)`` when kept."""

    number: int
    dice: Dice
    per_die: tuple[PerDie, ...]
    score: Scoring


def keep_drop_dice(
    terms: Sequence[Term],
    selection: Selection,
    limits: RollLimits,
    force: Method | None = None,
) -> tuple[Distribution, Method]:
    """Every die of ``terms`` (in rolling order) in one pool, kept and dropped by
    ``selection``; with ``force``, by that method wherever it applies."""
    depth, limit = limits.explode_depth, limits.max_odds_states
    adds_dice = depth > 0 and any(
        isinstance(m, Explode) and m.mode != "compound" for t in terms for m in t.per_die
    )
    count = sum(t.number for t in terms)
    if not adds_dice and len(terms) == 1 and force in (None, Method.ORDER_STATISTICS):
        term = terms[0]
        values = final_values(term.dice.die, term.per_die, depth)
        return _order_statistics(values, term.score, selection, count), Method.ORDER_STATISTICS
    # A pool of n dice that explode can hold up to n * (depth + 1).
    counts = range(count, count * (depth + 1) + 1 if adds_dice else count + 1)
    scorings = {term.score for term in terms}
    shared = next(iter(scorings)) if len(scorings) == 1 else None
    summary = summary_for(selection, counts, shared)
    units: list[tuple[Weighted[Key], int]] = []
    for term in terms:
        algebra = States(summary, term.score, limit)
        units.append((Chain(term.dice.die, term.per_die, depth, algebra).unit(), term.number))

    def parts() -> list[Part]:
        return [
            Part(chain_kinds(term.dice.die, term.per_die, depth), term.number, term.score)
            for term in terms
        ]

    return _choose(units, summary, parts, selection, limits, force)


def keep_drop_totals(
    totals: Sequence[Distribution],
    selection: Selection,
    score: Scoring,
    limits: RollLimits,
    force: Method | None = None,
) -> tuple[Distribution, Method]:
    """The totals of several sub-rolls (in rolling order) kept and dropped by
    ``selection``, each kept total scoring ``score``."""
    alike = all(total == totals[0] for total in totals[1:])
    if alike and force in (None, Method.ORDER_STATISTICS):
        result = _order_statistics(totals[0].weights, score, selection, len(totals))
        return result, Method.ORDER_STATISTICS
    summary = summary_for(selection, range(len(totals), len(totals) + 1), score)
    units: list[tuple[Weighted[Key], int]] = []
    for total in totals:
        states: dict[Key, int] = {}
        for value, weight in total.weights.items():
            state = summary.leaf(value, score(value))
            states[state] = states.get(state, 0) + weight
        units.append((Weighted(states, total.total_weight), 1))

    def parts() -> list[Part]:
        return [Part(single(total), 1, score) for total in totals]

    return _choose(units, summary, parts, selection, limits, force)


def _choose(
    units: list[tuple[Weighted[Key], int]],
    summary: Extreme,
    parts: Callable[[], list[Part]],
    selection: Selection,
    limits: RollLimits,
    force: Method | None,
) -> tuple[Distribution, Method]:
    """The state machine over ``units`` or icepool over ``parts()``, by estimated cost;
    :class:`~tablekeeper.errors.OddsTooCostlyError` when both estimates pass
    ``limits.max_odds_seconds``, or the machine's states ``limits.max_odds_bytes``."""
    limit = limits.max_odds_states
    if force is Method.STATE_MACHINE:
        return select(units, summary, limit), Method.STATE_MACHINE
    if force is Method.ICEPOOL:
        pool = mixture(parts(), limit)
        if pool is None:
            raise_too_many(limit)
        return keep_drop(pool, selection, limit), Method.ICEPOOL
    machine = _float(estimated_joins(units, summary)) * STATE_MACHINE_JOIN_S
    if machine > icepool_path.CALL_S + icepool_path.POOL_S:  # icepool's least cost
        # Stop building the mixture once its pools alone would cost more than the machine
        # (or than the limit allows).
        budget = min(machine, limits.max_odds_seconds) - icepool_path.CALL_S
        pool = mixture(parts(), limit, budget)
        if pool is not None and pool.size <= limit:
            seconds = icepool_path.estimated_seconds(pool, selection)
            if seconds < machine:
                if seconds > limits.max_odds_seconds:
                    raise _too_costly(seconds, limits)
                return keep_drop(pool, selection, limit), Method.ICEPOOL
    if machine > limits.max_odds_seconds:
        raise _too_costly(machine, limits)
    return select(units, summary, limit), Method.STATE_MACHINE


def _float(value: int) -> float:
    """``value`` as a float, infinite past the largest float."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def _too_costly(seconds: float, limits: RollLimits) -> cost.CostExceededError:
    """The refusal of a keep or drop whose cheaper method is estimated at ``seconds``
    (``odds`` names the expression)."""
    return cost.CostExceededError(cost.Cost(seconds, 0.0), limits)


def _order_statistics(
    values: Mapping[int, int], score: Scoring, selection: Selection, count: int
) -> Distribution:
    """Keep/drop over ``count`` identical dice (or sub-rolls) showing ``values`` (with
    weights): the closed form."""
    low, high = window(selection, count)
    ordered = sorted(values.items(), reverse=True)
    if high > count - low:  # fewer ranks to place from the low end
        ordered.reverse()
        low, high = count - high, count - low
    faces: list[tuple[int, int]] = []
    for value, weight in ordered:
        points = score(value)
        if faces and faces[-1][0] == points:  # neighbours that score alike rank alike
            faces[-1] = (points, faces[-1][1] + weight)
        else:
            faces.append((points, weight))
    return closed_forms.order_window(faces, count, low, high)
