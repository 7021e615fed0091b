"""Keep and drop through icepool: a pool as a mixture of pools of independent dice.

A pool whose dice explode has no fixed size and its dice are not independent: whether a
die was added depends on the die before it. Split every die by *kind*, though, and they
are. A chain (:mod:`.chains`) is a first die that explodes or not, then added dice that
explode or not, then one that does not (or ``explode_depth`` added dice that all
matched); given how many dice of each kind a chain holds, each die's final value is an
independent draw from its kind. So the pool is a mixture, over the counts of each kind,
of plain pools of independent (not identical) dice, which icepool's keep evaluator
answers exactly: ``icepool.MultisetMixture`` of ``icepool.Pool`` s, the same construction
as ``Die.explode_to_pool``. That method explodes one die into copies of itself, so it
cannot express what our chains do: a first die clamped by ``mi``/``ma`` (whose explode
test reads the clamped value), penetrating dice (added dice count one less), or rerolls
of the dice in a chain (a rerolled face does not explode). Building the kinds from our own
chain gives each of those its own kind, and the mixture stays exact.

Ties. icepool's pools are multisets: equal values have no rolling order. When every die
of the pool scores alike, a die's score is a function of its value alone: its value for
a sum; for counting, +1 if the value matches the success point and -1 if it matches the
failure point, both points reading the value (so two equal values are both successes,
both failures, both or neither). Two equal values then add the same score whichever of
them is kept, so the kept *scores* do not depend on the tie order, and icepool's keep
gives exactly the roller's sums and counts. When dice score differently
(``{2d4-1d4}kl1``: a die of the second term scores minus its value), the tie order
decides, and the roller's is rolling order, which in a pool is term order (every die of
one term is rolled before the next term's). Then each value is tagged with its term,
``(value, -term)``, so that equal values rank the earlier term higher, and each kind
scores by its own term.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tablekeeper.dice.chains import Chain, PerDie, Score, Scoring, Totals, clamped_faces
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.roller import Die
from tablekeeper.dice.selection import Selection, raise_too_many, window
from tablekeeper.dice.syntax import Compare, Keep

Counts = tuple[int, ...]

# Seconds, fitted to cold timings of 186 keep/drop trees on both methods
# (docs/performance.md, "Which path answers what").
CALL_S = 1.5e-3  # converting the dice and starting an evaluation
POOL_S = 1.5e-4  # each pool of a mixture
NODE_S = 4e-5  # each node of icepool's walk (values left, dice left to place)
STATE_S = 4e-7  # each running total carried through a node
ADD_S = 4e-7  # each pair of count vectors added while building a mixture


@dataclass(frozen=True, slots=True)
class Kinds:
    """One unit of a pool as dice of a few kinds: ``dice`` holds each kind's final
    values; ``compositions`` how many dice of each kind the unit holds, with weights."""

    dice: tuple[Distribution, ...]
    compositions: Mapping[Counts, int]


def single(values: Distribution) -> Kinds:
    """A unit that is always one die (or one sub-roll's total)."""
    return Kinds((values,), {(1,): 1})


def chain_kinds(die: Die, modifiers: Sequence[PerDie], depth: int) -> Kinds:
    """The kinds of one die under its per-die modifiers, explosions stopping at ``depth``.

    A die whose explosions add no dice (none, compounding, or an explode point no value
    matches) is one kind. Otherwise there are four, in the order of :mod:`.chains`: a
    first die that explodes, one that does not (both clamped, then rerolled), an added
    die that explodes and one that does not (both penetrated, then rerolled). A chain is
    a first die that does not explode, or one that does followed by ``k < depth`` added
    dice that explode and one that does not, or by ``depth`` added dice that all do.
    Kinds with equal values are merged (without ``mi``/``ma`` or ``!p`` the first die and
    the added dice are alike).
    """
    chain = Chain(die, modifiers, depth, Totals(_same))
    explode = chain.explode
    first = clamped_faces(die, modifiers)
    if explode is None or explode.mode == "compound" or depth <= 0:
        return single(chain.unit())
    point = explode.compare or Compare("=", die.high)
    less = 1 if explode.mode == "penetrate" else 0
    first_up = {value: w for value, w in first.items() if point.matches(value)}
    first_stop = {value: w for value, w in first.items() if not point.matches(value)}
    added_up = {face - less: 1 for face in die.faces if point.matches(face)}
    added_stop = {face - less: 1 for face in die.faces if not point.matches(face)}
    if not first_up:
        return single(chain.unit())
    kinds: list[Distribution] = []
    index: list[int] = []
    for group in (first_up, first_stop, added_up, added_stop):
        rerolled = _rerolled(chain.reroll, group)
        if rerolled is None:
            index.append(-1)  # never used: no composition holds a die of this group
        elif rerolled in kinds:
            index.append(kinds.index(rerolled))
        else:
            index.append(len(kinds))
            kinds.append(rerolled)

    def counts(*pairs: tuple[int, int]) -> Counts:
        vector = [0] * len(kinds)
        for group, count in pairs:
            if count:
                vector[index[group]] += count
        return tuple(vector)

    sides = die.sides
    up, stop = len(added_up), len(added_stop)
    weights: dict[Counts, int] = {}
    if first_stop:
        weights[counts((1, 1))] = sum(first_stop.values()) * sides**depth
    start = sum(first_up.values())
    for k in range(depth):
        weight = start * up**k * stop * sides ** (depth - 1 - k)
        if weight:
            key = counts((0, 1), (2, k), (3, 1))
            weights[key] = weights.get(key, 0) + weight
    if up:
        key = counts((0, 1), (2, depth))
        weights[key] = weights.get(key, 0) + start * up**depth
    return Kinds(tuple(kinds), weights)


def _same(value: int) -> int:
    return value


def _rerolled(
    reroll: Callable[[int], dict[int, int]], values: Mapping[int, int]
) -> Distribution | None:
    """The final values of a die showing ``values`` (with weights) after its rerolls.
    Every value's rerolls share one total weight, so they mix without rescaling."""
    weights: dict[int, int] = {}
    for value, weight in values.items():
        for final, w in reroll(value).items():
            weights[final] = weights.get(final, 0) + weight * w
    return Distribution(weights) if weights else None


@dataclass(frozen=True, slots=True)
class Part:
    """``number`` units of ``kinds`` that score ``score`` (a term of a pool)."""

    kinds: Kinds
    number: int
    score: Score


@dataclass(frozen=True, slots=True)
class Mixture:
    """A whole pool: its kinds of dice (one list for every part), and how many dice of
    each kind the pool holds, with weights. ``scores`` holds each part's scoring,
    ``score`` the one they share, or None when they differ (the dice are then tagged by
    part)."""

    dice: tuple[Distribution, ...]
    tags: tuple[int, ...]  # the part of each kind, or 0 for every kind when untagged
    compositions: Mapping[Counts, int]
    score: Score | None
    scores: tuple[Score, ...]

    @property
    def size(self) -> int:
        """Pools times the values their dice show: what ``limits.max_odds_states``
        bounds."""
        values = {value for dice in self.dice for value in dice.outcomes}
        return len(self.compositions) * len(values)


def mixture(parts: Sequence[Part], cap: int, budget: float = math.inf) -> Mixture | None:
    """The pool of ``parts`` (in rolling order), or None once it would be a mixture of
    more than ``cap`` pools, or of more than icepool can walk in ``budget`` seconds
    (each pool costs at least ``POOL_S`` and a node per value it walks first), or once
    building it would take longer than ``budget`` (``ADD_S`` per pair of counts added)."""
    shared = len({part.score for part in parts}) == 1
    dice: list[Distribution] = []
    tags: list[int] = []
    positions: list[list[int]] = []  # for each part, the pool kind of each of its kinds
    for tag, part in enumerate(parts):
        places = []
        for kind in part.kinds.dice:
            found = next(
                (i for i, d in enumerate(dice) if d == kind and (shared or tags[i] == tag)),
                None,
            )
            if found is None:
                found = len(dice)
                dice.append(kind)
                tags.append(0 if shared else tag)
            places.append(found)
        positions.append(places)
    scores = tuple(part.score for part in parts)
    draft = Mixture(tuple(dice), tuple(tags), {}, scores[0] if shared else None, scores)
    if budget < math.inf:
        keys, points = _keys_and_scores(draft)
        walked = min(_bands(keys, points, top)[0].values for top in (True, False))
        cap = min(cap, int(budget / (POOL_S + NODE_S * walked)))
    # Each count vector packed into one int, ``width`` bits a kind, so that adding two
    # vectors is one addition (no count exceeds the pool's dice).
    most = sum(part.number * max(map(sum, part.kinds.compositions)) for part in parts)
    width = most.bit_length() + 1
    total: dict[int, int] = {0: 1}
    work = 0
    for part, places in zip(parts, positions, strict=True):
        one: dict[int, int] = {}
        for counts, weight in part.kinds.compositions.items():
            pairs = zip(places, counts, strict=True)
            packed = sum(count << (width * place) for place, count in pairs)
            one[packed] = one.get(packed, 0) + weight
        for _ in range(part.number):
            work += len(total) * len(one)
            if work * ADD_S > budget:  # building the mixture alone would cost too much
                return None
            total = _add(total, one)
            if len(total) > cap:
                return None
    mask = (1 << width) - 1
    compositions = {
        tuple((packed >> (width * kind)) & mask for kind in range(len(dice))): weight
        for packed, weight in total.items()
    }
    return Mixture(draft.dice, draft.tags, compositions, draft.score, draft.scores)


def _add(left: Mapping[int, int], right: Mapping[int, int]) -> dict[int, int]:
    """The packed counts of two independent units together."""
    result: dict[int, int] = {}
    get = result.get
    right_items = list(right.items())
    for a, wa in left.items():
        for b, wb in right_items:
            key = a + b
            result[key] = get(key, 0) + wa * wb
    return result


class _Band(NamedTuple):
    """Kinds whose values icepool walks through together: their indices, how many
    values they show, the indices of those that show more than one, and how far apart
    their scores lie."""

    kinds: tuple[int, ...]
    values: int
    varied: tuple[int, ...]
    spread: int

    def seconds(self, counts: Sequence[int], states: int) -> float:
        nodes = self.values * math.prod(counts[k] + 1 for k in self.varied)
        return nodes * (NODE_S + STATE_S * states)


def estimated_seconds(pool: Mixture, selection: Selection) -> float:
    """About how long :func:`keep_drop` takes (within a few times on the measured cases).

    icepool's keep evaluator walks the values from the end nearer the kept dice, with a
    node per value and per way the dice left can split at it, each node carrying the
    running totals so far. Nodes are shared between the pools of a mixture once the
    dice left are alike: where the kinds split cleanly, every value of the kinds walked
    first beyond every value of the rest (a chain that explodes on its highest face:
    the exploded dice above the final ones), the rest's nodes are counted once per
    distinct count of its dice rather than once per pool.
    """
    keys, scores = _keys_and_scores(pool)
    bands = {top: _bands(keys, scores, top) for top in (True, False)}
    seconds = CALL_S + POOL_S * len(pool.compositions)
    shared: dict[tuple[bool, Counts], int] = {}
    for counts in pool.compositions:
        count = sum(counts)
        low, high = window(selection, count)
        top = low <= count - high  # icepool starts from the end that skips fewer dice
        first, rest = bands[top]
        kept = high - low
        first_kept = min(kept, sum(counts[k] for k in first.kinds))
        rest_kept = min(kept - first_kept, sum(counts[k] for k in rest.kinds))
        rest_states = rest_kept * rest.spread + 1
        seconds += first.seconds(counts, (first_kept * first.spread + 1) * rest_states)
        if rest.kinds:
            key = (top, tuple(counts[k] for k in rest.kinds))
            shared[key] = max(shared.get(key, 0), rest_states)
    for (top, left), states in shared.items():
        rest = bands[top][1]
        vector = [0] * len(keys)
        for kind, number in zip(rest.kinds, left, strict=True):
            vector[kind] = number
        seconds += rest.seconds(vector, states)
    return seconds


def _keys_and_scores(pool: Mixture) -> tuple[list[list[Any]], list[list[int]]]:
    """Each kind's outcomes as icepool sees them, and their scores."""
    kinds = range(len(pool.dice))
    keys = [_keys(pool, index) for index in kinds]
    scores = [[_score(pool, i, value) for value in pool.dice[i].outcomes] for i in kinds]
    return keys, scores


def _bands(keys: list[list[Any]], scores: list[list[int]], top: bool) -> tuple[_Band, _Band]:
    """The kinds walked first and the rest, split where every value of the first lies
    beyond every value of the rest (from the top when ``top``); all kinds and none when
    no such split exists."""
    order = sorted(range(len(keys)), key=lambda k: keys[k][-1 if top else 0], reverse=top)
    split = len(keys)
    for cut in range(1, len(keys)):
        first, rest = order[:cut], order[cut:]
        if top:
            clean = min(keys[k][0] for k in first) > max(keys[k][-1] for k in rest)
        else:
            clean = max(keys[k][-1] for k in first) < min(keys[k][0] for k in rest)
        if clean:
            split = cut
            break
    return _band(order[:split], keys, scores), _band(order[split:], keys, scores)


def _band(kinds: Sequence[int], keys: list[list[Any]], scores: list[list[int]]) -> _Band:
    values = {key for k in kinds for key in keys[k]}
    points = [score for k in kinds for score in scores[k]]
    return _Band(
        tuple(kinds),
        len(values),
        tuple(k for k in kinds if len(keys[k]) > 1),
        max(points) - min(points) if points else 0,
    )


def keep_drop(pool: Mixture, selection: Selection, limit: int) -> Distribution:
    """Keep and drop ``selection`` (in order, each on the dice still kept) over ``pool``
    and add up the kept dice's scores."""
    if pool.size > limit:
        raise_too_many(limit)
    if not any(map(any, pool.compositions)):  # no dice at all: icepool has no outcome
        return Distribution.constant(0)
    import icepool  # on first use: importing it costs commands that never keep or drop

    dice = [_to_icepool(pool, index) for index in range(len(pool.dice))]
    pools = {
        icepool.Pool({dice[i]: count for i, count in enumerate(counts) if count}): weight
        for counts, weight in pool.compositions.items()
    }
    expression: Any = next(iter(pools)) if len(pools) == 1 else icepool.MultisetMixture(pools)
    for modifier in selection:
        n = modifier.count
        if isinstance(modifier, Keep):
            expression = expression.highest(n) if modifier.end == "h" else expression.lowest(n)
        else:
            expression = (
                expression.highest(drop=n) if modifier.end == "h" else expression.lowest(drop=n)
            )
    # A fresh evaluator: its caches live for this call only, so nothing accumulates in
    # icepool's shared evaluators across a long-running process.
    evaluator = icepool.evaluator.SumEvaluator(_mapping(pool))
    result = evaluator.evaluate(expression)
    return Distribution({int(outcome): int(quantity) for outcome, quantity in result.items()})


def _keys(pool: Mixture, index: int) -> list[Any]:
    """The outcomes icepool sees for kind ``index``, ascending: its values, or when the
    pool is tagged ``(value, -part)``, so that equal values rank the earlier part
    higher."""
    values = pool.dice[index].outcomes
    if pool.score is not None:
        return list(values)
    tag = pool.tags[index]
    return [(value, -tag) for value in values]


def _score(pool: Mixture, index: int, value: int) -> int:
    score = pool.score if pool.score is not None else pool.scores[pool.tags[index]]
    return score(value)


def _to_icepool(pool: Mixture, index: int) -> Any:
    import icepool

    values = pool.dice[index]
    if pool.score is not None:
        return values.to_icepool()
    return icepool.Die(dict(zip(_keys(pool, index), values.weights.values(), strict=True)))


def _mapping(pool: Mixture) -> Callable[[Any], int] | None:
    score = pool.score
    if score is None:
        scores = pool.scores

        def tagged(outcome: tuple[int, int]) -> int:
            value, tag = outcome
            return scores[-tag](value)

        return tagged
    if isinstance(score, Scoring) and score.coefficient == 1 and not score.counts:
        return None  # the plain sum: icepool's fastest evaluator
    return score
