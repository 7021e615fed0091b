"""Target Determination Points: what a party must argue down (document 001, "Target
Determination Points", P-SOC-05 .. P-SOC-08).

"A base target DP is set by the gamemaster depending on how reasonable or outlandish the
stated goals are, and then further modified by circumstances, to obtain the effective
target DP": Reasonable 15, Debatable 20 (the default), Difficult 25, Impossible 30; a
significantly smaller or larger party -5 or +5 (the GM weighs the authority it
represents); recent events -5, +5 or more; and "the gamemaster has the final say on the
effective target DP" (``gm_adjustment``). The target DP is the party's own, distinct from
any character's personal DP (P-SOC-06): its arguments bring it down (G-P-20). No dice.
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.social.tables import Goal, PartySize, social_tables

DP_LIMIT = 1000
"""The largest target DP modifier an input accepts (a bound against typos, not a rule)."""

GOAL_WORDS = {
    "reasonable": "reasonable goals",
    "debatable": "debatable goals",
    "difficult": "difficult goals",
    "impossible": "impossible goals",
}
PARTY_WORDS = {
    "significantly_smaller": "a significantly smaller party",
    "comparable": "a comparable party",
    "significantly_larger": "a significantly larger party",
}


class TargetDpInput(Frozen):
    """What a party's target DP is made of: its goal and the circumstances."""

    goal: Goal = Field(default="debatable", description="P-SOC-07: Debatable is the default.")
    party_size: PartySize = Field(
        default="comparable", description="P-SOC-08: the party dealt with, and its authority."
    )
    recent_events: int = Field(
        default=0,
        ge=-DP_LIMIT,
        le=DP_LIMIT,
        description="P-SOC-08: -5, +5 or more, as recent events justify.",
    )
    gm_adjustment: int = Field(
        default=0,
        ge=-DP_LIMIT,
        le=DP_LIMIT,
        description="P-SOC-08: the GM has the final say on the effective target DP.",
    )


class TargetDpOutcome(Frozen):
    """The base target DP of the goal, the effective target DP, and how it is made."""

    base: int
    target_dp: int
    breakdown: Breakdown


def target_breakdown(request: TargetDpInput) -> Breakdown:
    """The effective target DP: the goal's base, then each circumstance that is not 0.

    >>> target_breakdown(TargetDpInput(goal="difficult", party_size="significantly_larger")).total
    30
    """
    tables = social_tables()
    terms = [
        Contribution(
            amount=tables.goals[request.goal],
            label=f"base: {GOAL_WORDS[request.goal]}",
            source="P-SOC-07",
        )
    ]
    size = tables.party_sizes[request.party_size]
    if size:
        terms.append(
            Contribution(amount=size, label=PARTY_WORDS[request.party_size], source="P-SOC-08")
        )
    if request.recent_events:
        terms.append(
            Contribution(amount=request.recent_events, label="recent events", source="P-SOC-08")
        )
    if request.gm_adjustment:
        terms.append(
            Contribution(
                amount=request.gm_adjustment, label="the GM's final say", source="P-SOC-08"
            )
        )
    return Breakdown.of(*terms)


def rule_target(request: TargetDpInput) -> TargetDpOutcome:
    """The target DP a party's goal and circumstances give."""
    breakdown = target_breakdown(request)
    return TargetDpOutcome(
        base=breakdown.contributions[0].amount, target_dp=breakdown.total, breakdown=breakdown
    )


@resolver(
    "percentile.target_dp",
    summary="A party's target DP in a social encounter: the goal's base and its modifiers.",
    example={"goal": "debatable", "party_size": "comparable"},
)
def target_dp(request: TargetDpInput, roller: Roller) -> TargetDpOutcome:
    """The base and effective target DP (P-SOC-07, P-SOC-08); rolls nothing."""
    return rule_target(request)
