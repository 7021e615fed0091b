"""The exact odds of an argument, from the same functions the rolled argument uses.

No second formula (STYLE.md, lesson 2): each side's 100 faces are read through
:func:`~..checks.levels`, each pair of faces through :func:`~..opposed.contest` (the
winner), each level's social damage through :func:`~.damage.social_damage_plan` (its
:meth:`~..damage.DamagePlan.dealt_odds`: the exact distribution of the dice, halved when
the side's motivations are known), and each pair of damages through
:func:`~.exchange.reductions`, the rule of Step 3. :func:`argue_distribution` is the
joint distribution of both sides' target DP reductions for one winner's choice;
the resolver's odds label it ``reduction: attacker A, defender D``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache

from tablekeeper.dice.distribution import Distribution
from tablekeeper.engine.resolvers import OutcomeOdds
from tablekeeper.rulesets.percentile.checks import D100, Level, level_counts, levels
from tablekeeper.rulesets.percentile.opposed import Winner, contest
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.social.argue_input import (
    ArgueInput,
    ArgueSide,
    WinnerChoice,
    side_breakdown,
)
from tablekeeper.rulesets.percentile.social.damage import social_damage_plan
from tablekeeper.rulesets.percentile.social.exchange import reductions

Reductions = tuple[int, int]
"""How far the attacker's and the defender's target DP fall."""

NONE = Distribution.constant(0)


def damage_odds(expression: str, level: Level | None, *, halved: bool = False) -> Distribution:
    """The social damage a side of ``level`` deals (0 when it rolled none)."""
    plan = None if level is None else social_damage_plan(expression, level, halved=halved)
    return NONE if plan is None else plan.dealt_odds()


@lru_cache(maxsize=256)
def level_contests(
    attacker: int, defender: int, options: PercentileOptions
) -> dict[tuple[Level, Level, Winner], int]:
    """How many of the 100 x 100 pairs of faces give each pair of levels and winner."""
    counts: dict[tuple[Level, Level, Winner], int] = {}
    attacker_levels, defender_levels = levels(attacker, options), levels(defender, options)
    for a_face, a_level in zip(D100.faces, attacker_levels, strict=True):
        for d_face, d_level in zip(D100.faces, defender_levels, strict=True):
            winner = contest(a_level, a_face, d_level, d_face, options).winner
            key = (a_level, d_level, winner)
            counts[key] = counts.get(key, 0) + 1
    return counts


def _damage(request: ArgueInput, side: ArgueSide) -> str:
    return side.damage or request.options.social_damage


def _branches(
    request: ArgueInput,
) -> Iterator[tuple[Fraction, Winner, Distribution, Distribution]]:
    """Each way the rolls can fall: its chance, the winner, both sides' damage."""
    options = request.options
    attacker, defender = request.attacker, request.defender
    label = request.specialization
    a_skill = side_breakdown(attacker, label).total
    a_damage = _damage(request, attacker)
    if defender is None:
        for level, count in level_counts(a_skill, options).items():
            if count:
                winner = Winner.ATTACKER if level.succeeded else Winner.NONE
                dealt = damage_odds(a_damage, level, halved=attacker.halved)
                yield Fraction(count, D100.sides), winner, dealt, NONE
        return
    d_skill = side_breakdown(defender, label).total
    d_damage = _damage(request, defender)
    total = D100.sides**2
    for (a_level, d_level, winner), count in level_contests(a_skill, d_skill, options).items():
        yield (
            Fraction(count, total),
            winner,
            damage_odds(a_damage, a_level, halved=attacker.halved),
            damage_odds(d_damage, d_level, halved=defender.halved),
        )


def argue_distribution(
    request: ArgueInput, choice: WinnerChoice | None = None
) -> dict[Reductions, Fraction]:
    """The exact chance of each pair of target DP reductions (attacker, defender) when
    the winner chooses ``choice`` (the input's ``winner_choice`` by default)."""
    chosen = choice or request.winner_choice
    defended = request.defender is not None
    found: dict[Reductions, Fraction] = {}
    for chance, winner, attacker, defender in _branches(request):
        for a_value, a_chance in attacker:
            for d_value, d_chance in defender:
                split = reductions(winner, chosen, a_value, d_value, defended=defended)
                key = (split["attacker"].total, split["defender"].total)
                found[key] = found.get(key, Fraction(0)) + chance * a_chance * d_chance
    return dict(sorted(found.items()))


def reduction_label(reduction: Reductions) -> str:
    """``reduction: attacker 3, defender 0``."""
    return f"reduction: attacker {reduction[0]}, defender {reduction[1]}"


def argue_outcome_odds(request: ArgueInput) -> OutcomeOdds:
    """The resolver's odds: each pair of target DP reductions, for the input's choice."""
    return OutcomeOdds.of(
        {reduction_label(key): chance for key, chance in argue_distribution(request).items()}
    )


def side_reductions(distribution: dict[Reductions, Fraction], side: int) -> dict[int, Fraction]:
    """One side's reduction (0: the attacker's, 1: the defender's), summed over the other's."""
    found: dict[int, Fraction] = {}
    for key, chance in distribution.items():
        found[key[side]] = found.get(key[side], Fraction(0)) + chance
    return dict(sorted(found.items()))
