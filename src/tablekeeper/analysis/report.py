"""Reports: what many trials of one scenario (at one variation point) came to.

Win rates per side come with Wilson score intervals (95 % unless asked otherwise): unlike
the normal approximation they stay inside 0..1 and behave at 0 and N wins, which is
where a balance question often sits. "No one" counts the trials no side won (a draw, the
scenario's length run out, a GM's call, a social encounter). How each trial ended, in the
ruleset's words or, where the scenario's length ran out, the run's (``endings``: a social
encounter's Victory or Defeat for each party, why a combat stopped, "the 30 seconds ran
out"), is counted the same way, with the sides that won each ending's trials. The
length is in the scenario's unit (rounds, seconds, steps; commands for a ruleset whose
clock the contract cannot read). Per actor: how often it ended out of the fight and
dead (``None`` where its ruleset leaves death to the GM and tallies none), its mean
injuries, and the mean of each resource it spent, in its ruleset's words.
Beside each mean, its spread over the trials (the standard deviation: ``length.sd``, an
actor's ``spread``): 0 when every trial came to the same.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from tablekeeper.analysis.telling import NO_ONE
from tablekeeper.analysis.trials import Cast, Trial
from tablekeeper.engine.tallies import DEAD, DEFEATED, INJURIES


@dataclass(frozen=True)
class Interval:
    """A proportion with its confidence interval."""

    rate: float
    low: float
    high: float


def wilson(successes: int, trials: int, confidence: float = 0.95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``trials``.

    >>> band = wilson(50, 100)
    >>> round(band.low, 4), round(band.high, 4)
    (0.4038, 0.5962)
    """
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def summarize(trials: Sequence[Trial], cast: Cast, *, confidence: float = 0.95) -> dict[str, Any]:
    """The report of ``trials`` (JSON data: sides, length, actors)."""
    count = len(trials)
    wins = Counter(trial.winner or NO_ONE for trial in trials)
    sides = list(dict.fromkeys([*cast.sides.values(), *sorted(w for w in wins if w != NO_ONE)]))
    rows = {}
    for side in [*sides, NO_ONE]:
        band = wilson(wins.get(side, 0), count, confidence)
        rows[side] = {
            "wins": wins.get(side, 0),
            "rate": band.rate,
            "low": band.low,
            "high": band.high,
        }
    return {
        "trials": count,
        "confidence": confidence,
        "sides": rows,
        "endings": _endings(trials, confidence),
        "length": _lengths([trial.length for trial in trials]),
        "commands": _lengths([trial.commands for trial in trials]),
        "actors": _actors(trials, cast),
    }


def _endings(trials: Sequence[Trial], confidence: float) -> dict[str, Any]:
    """How the trials ended, in words (``ended``: the ruleset's, or the run's where the
    scenario's length ran out), the commonest first, each with its interval and how many
    of its trials each side won (``sides``; ``no one`` for none): what a social
    encounter came to (each party's Victory, Weak Victory or Defeat), which no winning
    side says, why a combat stopped. Trials are counted by :func:`ending_group`, the
    ending less a trial's own details (its scores)."""
    count = len(trials)
    won: dict[str, Counter[str]] = {}
    for trial in trials:
        group = ending_group(trial.ended or trial.winner or NO_ONE)
        won.setdefault(group, Counter())[trial.winner or NO_ONE] += 1
    endings = {text: sum(sides.values()) for text, sides in won.items()}
    found: dict[str, Any] = {}
    for text, times in sorted(endings.items(), key=lambda item: (-item[1], item[0])):
        band = wilson(times, count, confidence)
        sides = dict(sorted(won[text].items(), key=lambda item: (-item[1], item[0])))
        found[text] = {
            "count": times,
            "rate": band.rate,
            "low": band.low,
            "high": band.high,
            "sides": sides,
        }
    return found


_DETAIL = re.compile(r" \([^()]*\)")


def ending_group(ended: str) -> str:
    """The ending ``ended`` as trials are counted together: less the details a ruleset
    writes in brackets (a trial's own scores), so that trials that ended the same way
    count as one however their numbers fell.

    >>> ending_group("time's up: troupe won the crowd (Audience Favor: troupe -2, party -7)")
    "time's up: troupe won the crowd"
    >>> ending_group("a tie, the GM decides (Audience Favor: party -4, troupe -4); b: over")
    'a tie, the GM decides; b: over'
    """
    return _DETAIL.sub("", ended)


def _lengths(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0, "max": 0, "median": 0, "histogram": {}}
    ordered = sorted(values)
    counts = Counter(ordered)
    return {
        "mean": sum(ordered) / len(ordered),
        "sd": _sd(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "median": ordered[len(ordered) // 2],
        "histogram": {str(value): counts[value] for value in sorted(counts)},
    }


def _sd(values: Sequence[float]) -> float:
    """The standard deviation of ``values`` (of the trials themselves: 0 when every
    trial came to the same, so a designer sees whether the dice matter)."""
    if len(values) < 2:
        return 0.0
    return statistics.pstdev(values)


def _actors(trials: Sequence[Trial], cast: Cast) -> dict[str, Any]:
    count = max(1, len(trials))
    actors = list(dict.fromkeys([*cast.names, *(a for t in trials for a in t.tally)]))
    found: dict[str, Any] = {}
    for actor in actors:
        totals: Counter[str] = Counter()
        for trial in trials:
            totals.update(trial.tally.get(actor, {}))
        resources = sorted(name for name in totals if name not in (DEFEATED, DEAD, INJURIES))
        for trial in trials:
            resources += [n for n in trial.tally.get(actor, {}) if n not in resources]
        spent = [
            name for name in dict.fromkeys(resources) if name not in (DEFEATED, DEAD, INJURIES)
        ]
        tallies = [trial.tally.get(actor, {}) for trial in trials]
        found[actor] = {
            "name": cast.names.get(actor, actor),
            "side": cast.sides.get(actor, ""),
            "defeated": totals[DEFEATED] / count,
            # None: its ruleset leaves death to the GM (no tally holds it; engine/tallies.py)
            "dead": totals[DEAD] / count if any(DEAD in tally for tally in tallies) else None,
            "injuries": totals[INJURIES] / count,
            "resources": {name: totals[name] / count for name in spent},
            "spread": {
                name: _sd([tally.get(name, 0) for tally in tallies]) for name in [INJURIES, *spent]
            },
        }
    return found


def side_rate(report: Mapping[str, Any], side: str) -> Interval:
    """One side's win rate and interval, from a report."""
    row = report["sides"].get(side, {"rate": 0.0, "low": 0.0, "high": 1.0})
    return Interval(row["rate"], row["low"], row["high"])
