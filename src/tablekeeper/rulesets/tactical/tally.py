"""What a skill's dice come to: one definition, two interpreters (STYLE.md, lesson 2).

Document 004: a yield's damage is the sum of its dice, plus brawn for melee and thrown
attacks, reduced by the target's armor (S-TGT-06, G-S-07: flat, floor 0); each die at or
below the cunning earns a cunning effect (S-TGT-07, S-CUN-01, G-S-05), and from the third
success on each is a critical effect (S-CUN-03, G-S-06). A utility action's 2d8 counts
only its successes (S-TGT-03).

:func:`score_die` and :func:`tally` are that rule, once. The resolvers roll the dice and
call :func:`tally` on the faces (:func:`tally_faces`); the exact odds build the joint
distribution of (sum, successes) with icepool from the same :func:`score_die`
(:func:`joint`) and send each of its outcomes through the same :func:`tally`
(:func:`tally_distribution`). Nothing here knows which interpreter calls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import reduce
from typing import Any

import icepool

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.roller import Die
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.tactical.dice import is_cunning, split_successes
from tablekeeper.rulesets.tactical.options import CriticalCounting, CunningThreshold


class Scoring(Frozen):
    """What the dice are scored against: the cunning, the rulings, the flat bonus (brawn,
    for melee and thrown yields) and the armor subtracted."""

    cunning: int
    threshold: CunningThreshold = "at_or_below"
    counting: CriticalCounting = "instead"
    bonus: int = 0
    armor: int = 0


class Tally(Frozen):
    """The dice's sum and successes, and what they come to."""

    total: int
    successes: int
    damage_before_armor: int
    damage: int
    cunning_effects: int
    critical_effects: int


def effects_breakdown(faces: Sequence[int], scoring: Scoring) -> dict[str, Breakdown]:
    """Why the effects number what they do: each successful die, then the successes from
    the third on turned critical (S-TGT-07, S-CUN-01, S-CUN-03)."""
    result = tally_faces(faces, scoring)
    sign = "<=" if scoring.threshold == "at_or_below" else "<"
    successes = [
        Contribution(amount=1, label=f"{face} {sign} cunning {scoring.cunning}", source="S-CUN-01")
        for face in faces
        if score_die(face, scoring)[1]
    ]
    cunning = list(successes)
    if result.cunning_effects < result.successes:
        cunning.append(
            Contribution(
                amount=result.cunning_effects - result.successes,
                label="after the second: critical instead",
                source="S-CUN-03",
            )
        )
    critical = []
    if result.critical_effects:
        critical.append(
            Contribution(
                amount=result.critical_effects,
                label="successes after the second",
                source="S-CUN-03",
            )
        )
    return {"cunning_effects": Breakdown.of(*cunning), "critical_effects": Breakdown.of(*critical)}


def score_die(face: int, scoring: Scoring) -> tuple[int, int]:
    """One die: ``(its face, 1 if it earns a cunning effect else 0)``."""
    return face, int(is_cunning(face, scoring.cunning, scoring.threshold))


def tally(total: int, successes: int, scoring: Scoring) -> Tally:
    """The rule: what a sum and a count of successful dice come to."""
    before = total + scoring.bonus
    cunning, critical = split_successes(successes, scoring.counting)
    return Tally(
        total=total,
        successes=successes,
        damage_before_armor=before,
        damage=max(0, before - scoring.armor),
        cunning_effects=cunning,
        critical_effects=critical,
    )


def tally_faces(faces: Sequence[int], scoring: Scoring) -> Tally:
    """The rolled interpreter: score each face, then tally."""
    scored = [score_die(face, scoring) for face in faces]
    return tally(sum(s[0] for s in scored), sum(s[1] for s in scored), scoring)


def joint(dice: Sequence[Die], scoring: Scoring) -> Any:
    """The counting interpreter: the exact joint distribution of (sum, successes) of
    ``dice`` as an ``icepool.Die`` of 2-vectors, from :func:`score_die`."""
    start = icepool.Die([icepool.Vector((0, 0))])
    parts = [
        icepool.Die([icepool.Vector(score_die(face, scoring)) for face in die.faces])
        for die in dice
    ]
    return reduce(lambda left, right: left + right, parts, start)


def tally_distribution(dice: Sequence[Die], scoring: Scoring) -> list[tuple[Tally, Fraction]]:
    """Every distinct :class:`Tally` the dice can come to, with its exact chance."""
    counted = joint(dice, scoring)
    denominator = counted.denominator()
    found: dict[Tally, int] = {}
    for outcome, weight in counted.items():
        key = tally(int(outcome[0]), int(outcome[1]), scoring)
        found[key] = found.get(key, 0) + int(weight)
    ordered = sorted(found.items(), key=lambda item: _order(item[0]))
    return [(key, Fraction(weight, denominator)) for key, weight in ordered]


def marginal(dice: Sequence[Die], scoring: Scoring, field: str) -> Distribution:
    """The exact distribution of one :class:`Tally` field (``damage``, ``cunning_effects``,
    ``critical_effects``) as the dice engine's :class:`Distribution`."""
    counted = joint(dice, scoring)
    mapped = counted.map(
        lambda outcome: int(getattr(tally(int(outcome[0]), int(outcome[1]), scoring), field))
    )
    return Distribution.from_icepool(mapped)


def _order(key: Tally) -> tuple[int, int, int]:
    return key.damage, key.cunning_effects, key.critical_effects
