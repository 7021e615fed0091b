"""Social damage: what a successful argument deals (document 001, "Arguing": P-ARG-03,
P-ARG-08; P-SOC-19, P-SOC-20; gap G-P-05).

The chapter that says how much social damage a character deals is missing: each
character states it as a dice expression (``social.damage``), and one who states none
deals the options' provisional 2D6 (ruling G-P-05). "Critical social damage is equal to
maximum social damage plus rolled social damage" (a Devastating Argument); a failed or
fumbled argument deals none (its action ends). Investigate adds dice to a later Argue's
social damage (+1D6, +2D6): they are part of that social damage, so a critical maximizes
them too. A critical Identify Motivations halves, rounded down, the social damage coming
from the interlocutor it read (P-SOC-19).

The plan is the attack's :class:`~tablekeeper.rulesets.percentile.damage.DamagePlan`: one
definition rolls it and gives its exact odds.
"""

from __future__ import annotations

from tablekeeper.rulesets.percentile.checks import Level
from tablekeeper.rulesets.percentile.damage import DamagePlan, DamageTerm, Reduction

HALVED = Reduction(
    kind="halve",
    label="halved: the interlocutor's motivations are known",
    source="P-SOC-19",
    rounding="down",
)


def social_damage_plan(
    expression: str,
    level: Level,
    *,
    halved: bool = False,
    label: str = "social damage",
) -> DamagePlan | None:
    """The social damage an argument of ``level`` deals with ``expression``: ``None`` for
    a failure or a fumble; maximum plus rolled for a critical (P-ARG-08).

    >>> plan = social_damage_plan("1d6", Level.CRITICAL)
    >>> [term.kind for term in plan.terms], plan.rolled_odds().low, plan.rolled_odds().high
    (['maximum', 'roll'], 7, 12)
    >>> social_damage_plan("1d6", Level.FAILURE) is None
    True
    """
    if not level.succeeded:
        return None
    terms = [DamageTerm(kind="roll", label=label, expression=expression, source="P-ARG-03")]
    if level is Level.CRITICAL:
        terms.insert(
            0,
            DamageTerm(
                kind="maximum",
                label=f"maximum {label} (Devastating Argument)",
                expression=expression,
                source="P-ARG-08",
            ),
        )
    return DamagePlan(terms=tuple(terms), reductions=(HALVED,) if halved else ())
