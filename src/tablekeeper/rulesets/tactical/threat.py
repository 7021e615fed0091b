"""Threat: how hard an attack is to avoid (document 004, "Threat" and "Immune").

The total threat is the attack's base threat plus the attacker's agility (S-TGT-05). A
target immune to any one of the attack's tags faces a threat of 0, and the GM gains a
point of doom (S-TAG-25).
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen

DOOM_PER_IMMUNITY = 1
"""The GM gains a point of doom when a target is immune to the attack (S-TAG-25)."""


class ThreatInput(Frozen):
    """An attack's base threat and tags, the attacker's agility, the target's immunities."""

    base_threat: int = Field(ge=0, le=100)
    agility: int = Field(ge=0, le=100)
    tags: tuple[str, ...] = ()
    target_immune_tags: tuple[str, ...] = ()


class ThreatOutcome(Frozen):
    """The threat the target must take to avoid the yield, and the doom it gives the GM."""

    threat: int
    immune: bool
    immune_to: tuple[str, ...] = Field(description="The attack's tags the target is immune to.")
    doom: int
    breakdown: Breakdown


def total_threat(check: ThreatInput) -> ThreatOutcome:
    """The rule (S-TGT-05, S-TAG-25).

    >>> total_threat(ThreatInput(base_threat=2, agility=3)).threat
    5
    >>> total_threat(ThreatInput(base_threat=2, agility=3, tags=("fire",),
    ...     target_immune_tags=("fire",))).threat
    0
    """
    immune_to = tuple(tag for tag in dict.fromkeys(check.tags) if tag in check.target_immune_tags)
    terms = [
        Contribution(amount=check.base_threat, label="base threat", source="S-TGT-05"),
        Contribution(amount=check.agility, label="agility", source="S-TGT-05"),
    ]
    if immune_to:
        reduced = -(check.base_threat + check.agility)
        terms.append(
            Contribution(amount=reduced, label=f"immune to {immune_to[0]}", source="S-TAG-25")
        )
    breakdown = Breakdown.of(*terms)
    return ThreatOutcome(
        threat=breakdown.total,
        immune=bool(immune_to),
        immune_to=immune_to,
        doom=DOOM_PER_IMMUNITY if immune_to else 0,
        breakdown=breakdown,
    )


def threat_of(
    base_threat: int, agility: int, tags: tuple[str, ...], target_immune_tags: tuple[str, ...]
) -> ThreatOutcome:
    """:func:`total_threat` of the input these values make: a pure function of them, built
    once for equal values on the engine's fast paths (``engine/memo.built``; an attack's
    threat is asked for each defense offered, each choice and each roll)."""
    return built(
        ("tactical.threat", base_threat, agility, tags, target_immune_tags),
        lambda: total_threat(
            ThreatInput(
                base_threat=base_threat,
                agility=agility,
                tags=tags,
                target_immune_tags=target_immune_tags,
            )
        ),
    )


def _threat_odds(check: ThreatInput) -> OutcomeOdds:
    return OutcomeOdds.of({f"threat {total_threat(check).threat}": 1})


@resolver(
    "tactical.threat",
    summary="An attack's threat: base threat + agility, 0 against an immune target.",
    odds=_threat_odds,
    example={"base_threat": 1, "agility": 2},
)
def threat(check: ThreatInput, roller: Roller) -> ThreatOutcome:
    """Threat rolls nothing."""
    return total_threat(check)
