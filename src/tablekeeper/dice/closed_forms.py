"""Closed forms for the common pools: counts, sums and order statistics of identical dice.

These are what make exact odds cheap for the checks a table rolls all evening: a success
count over ``n`` identical dice is a binomial row (``C(n, k) s^k f^(n-k)`` over
``sides^n``), successes minus failures a trinomial, a plain sum a cached convolution
power, and keep/drop over identical dice an order-statistic recurrence over the faces.
Every result is exact (integer weights); ``tests/dice/test_odds.py`` checks each one
against brute-force enumeration and against icepool.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from tablekeeper.dice.distribution import Distribution, unpack

_UNIT_SCORES = frozenset((-1, 0, 1))
_INT64_SAFE = 1 << 62  # NumPy convolves in int64 below this total weight
_powers: dict[tuple[Distribution, int], Distribution] = {}
_binomials: dict[tuple[int, int, int], list[int]] = {}


def clear_caches() -> None:
    """Forget cached powers and binomial rows (for cold benchmarks and tests)."""
    _powers.clear()
    _binomials.clear()


def binomial_row(count: int, success: int, failure: int) -> list[int]:
    """Weights of ``k = 0..count`` successes: ``C(count, k) success^k failure^(count-k)``.

    ``success`` and ``failure`` are the weights of one die succeeding and failing; the
    row sums to ``(success + failure) ** count``. Rows are cached.
    """
    key = (count, success, failure)
    row = _binomials.get(key)
    if row is None:
        if failure:
            # C(n, k+1) s^(k+1) f^(n-k-1) = C(n, k) s^k f^(n-k) * (n-k) s / ((k+1) f),
            # an exact division since the left side is an integer.
            weight = failure**count
            row = [weight]
            for k in range(count):
                weight = weight * (count - k) * success // ((k + 1) * failure)
                row.append(weight)
        else:
            row = [0] * count + [success**count]
        _binomials[key] = row
    return row


def binomial(count: int, success: int, failure: int) -> Distribution:
    """The number of successes among ``count`` dice, each succeeding with weight
    ``success`` against ``failure``."""
    if not success or not failure or not count:
        return Distribution.constant(count if success else 0)
    common = math.gcd(success, failure)  # the row's gcd is common**count
    success, failure = success // common, failure // common
    row = binomial_row(count, success, failure)
    return Distribution._exact(dict(enumerate(row)), (success + failure) ** count)


def trinomial(count: int, success: int, neutral: int, failure: int) -> Distribution:
    """Successes minus failures among ``count`` dice with one-die weights ``success``
    (+1), ``neutral`` (0) and ``failure`` (-1)."""
    up = [1] * (count + 1)
    down = [1] * (count + 1)
    level = [1] * (count + 1)
    for k in range(1, count + 1):
        up[k] = up[k - 1] * success
        down[k] = down[k - 1] * failure
        level[k] = level[k - 1] * neutral
    weights: dict[int, int] = {}
    for wins in range(count + 1):
        ways_wins = math.comb(count, wins) * up[wins]
        rest = count - wins
        for losses in range(rest + 1):
            weight = ways_wins * math.comb(rest, losses) * down[losses] * level[rest - losses]
            if weight:
                net = wins - losses
                weights[net] = weights.get(net, 0) + weight
    return Distribution._trusted(weights)


def power(unit: Mapping[int, int], count: int) -> Distribution:
    """The sum of ``count`` independent draws of one die scoring ``unit`` (score ->
    weight): a binomial or trinomial row when a die scores only -1, 0 or 1; otherwise
    repeated squaring (NumPy convolutions), or for many draws of a die with few outcomes
    J. C. P. Miller's recurrence for the powers of a polynomial; each result cached."""
    if count == 0:
        return Distribution.constant(0)
    if len(unit) == 1:
        return Distribution.constant(next(iter(unit)) * count)
    if unit.keys() <= _UNIT_SCORES:
        win, draw, loss = unit.get(1, 0), unit.get(0, 0), unit.get(-1, 0)
        if not loss:
            return binomial(count, win, draw)
        if not win:
            return -binomial(count, loss, draw)
        return trinomial(count, win, draw, loss)
    return _power(Distribution(unit), count)


def _power(unit: Distribution, count: int) -> Distribution:
    if count == 1:
        return unit
    key = (unit, count)
    cached = _powers.get(key)
    if cached is None:
        # Squaring runs in C (int64 while it cannot overflow); Miller's recurrence runs
        # in Python but needs far fewer steps for many draws of a die with few faces.
        if unit.total_weight**count < _INT64_SAFE or 4 * count < len(unit):
            half = _power(unit, count // 2)
            cached = half + half
            if count % 2:
                cached = cached + unit
        else:
            cached = _miller(unit, count)
        _powers[key] = cached
    return cached


def _miller(unit: Distribution, count: int) -> Distribution:
    """``unit`` to the power ``count`` by Miller's recurrence: with ``Q(x)`` the weights
    of ``unit`` shifted to start at ``x**0`` and ``P = Q**n``, ``P' Q = n P Q'`` gives

        c[0] = q[0]**n,  c[k] = sum((n + 1) j - k) q[j] c[k - j] for j = 1..) / (k q[0]),

    an exact division (``c[k]`` is an integer). That is ``n * span`` steps per nonzero
    weight, where squaring would multiply ever longer rows of ever larger integers.
    """
    low = unit.low
    terms = [(outcome - low, weight) for outcome, weight in unit.weights.items()]
    q0 = terms[0][1]
    terms = terms[1:]
    degree = (unit.high - low) * count
    c = [q0**count] + [0] * degree
    n1 = count + 1
    for k in range(1, degree + 1):
        acc = 0
        for j, q in terms:
            if j > k:
                break
            acc += (n1 * j - k) * q * c[k - j]
        c[k] = acc // (k * q0)
    base = low * count
    weights = {base + k: w for k, w in enumerate(c) if w}
    return Distribution._exact(weights, unit.total_weight**count)


def order_window(faces: Sequence[tuple[int, int]], count: int, low: int, high: int) -> Distribution:
    """Keep ranks ``low..high-1`` of ``count`` identical dice and add up their scores.

    ``faces`` lists ``(score, weight)`` for each value one die can show, from the rank-0
    end (highest value first to keep highest, lowest first to keep lowest); equal values
    must be merged beforehand. The recurrence walks the values in that order, choosing
    how many of the still unplaced dice show the current value; once rank ``high`` is
    filled every remaining die is merely "further from the front", which one power of
    the remaining weight accounts for. The state is (dice placed, score so far) with
    fewer than ``high`` dice placed.

    The scores of each "dice placed" state are held as one Python int, a polynomial in
    ``2**bits`` (Kronecker substitution): shifting a whole row of scores is one shift,
    and adding rows one addition, so the inner loops run in C.
    """
    high = min(high, count)
    if low >= high:
        return Distribution.constant(0)
    kept_total = high - low
    least = min(score for score, _ in faces)
    one_die = sum(weight for _, weight in faces)
    # No coefficient exceeds C(count, placed) * one_die**count <= (2 * one_die)**count.
    bits = ((2 * one_die) ** count).bit_length() + 1
    bits += -bits % 8  # whole bytes, so unpacking is a byte slice per score
    remaining_after = [0] * (len(faces) + 1)
    for index in range(len(faces) - 1, -1, -1):
        remaining_after[index] = remaining_after[index + 1] + faces[index][1]
    # combs[placed][chosen] = C(count - placed, chosen), for the choices that stay < high.
    combs = [
        [math.comb(count - placed, chosen) for chosen in range(high - placed)]
        for placed in range(high)
    ]
    done = 0
    states = [0] * high  # states[placed]: a polynomial over the score so far
    states[0] = 1
    last = len(faces) - 1
    for index, (score, weight) in enumerate(faces):
        step = (score - least) * bits  # one kept die shifts the scores by this many bits
        below = remaining_after[index + 1]
        either = below + weight
        next_states = [0] * high
        for placed, current in enumerate(states):
            if not current:
                continue
            left = count - placed
            row = combs[placed]
            behind = placed - low if placed < low else 0  # of ``chosen`` more, kept
            partial = 0  # the weight of the choices that leave rank ``high`` unfilled
            here = 1
            for chosen, ways in enumerate(row):
                term = ways * here
                here *= weight
                partial += term * below ** (left - chosen)
                if index != last and term:
                    kept = chosen + behind
                    moved = current * term
                    next_states[placed + chosen] += moved << (kept * step) if kept > 0 else moved
            # Every choice that fills rank ``high``: the remaining dice lie further back.
            finish = either**left - partial
            if finish:
                done += (current * finish) << ((high - (placed if placed > low else low)) * step)
        states = next_states
    return Distribution._trusted(_unpack(done, bits, kept_total * least), True)


def _unpack(packed: int, bits: int, offset: int) -> dict[int, int]:
    """The nonzero coefficients of a polynomial packed ``bits`` (a multiple of 8) to a
    coefficient, keyed by exponent plus ``offset``."""
    width = bits // 8
    count = max(1, -(-packed.bit_length() // bits))
    return {offset + k: w for k, w in enumerate(unpack(packed, width, count)) if w}
