"""Grapple damage: a thrown grappler and a twisted limb (P-ACT-13, P-ACT-15, P-ACT-16).

- Escape from Grapple, Normal Victory: the grappler takes "damage equal to the defender's
  damage bonus (or 1 if there's none)"; Great Victory: "maximum damage bonus plus rolled
  damage bonus (or 2 if there's none)" (P-ACT-13).
- Twist Limb, on a victory: the damage bonus (or 1) ignoring armor; with a critical
  success, maximum plus rolled damage bonus (or 2) (P-ACT-15).
- Each Tighten Grapple adds +1 "to further grapple damage" (P-ACT-16).

Each rule keeps its own constant (G-P-12). Whether armor applies is the caller's to add
(Twist Limb ignores it; the document says nothing of the thrown grappler's). The opposed
rolls themselves are :func:`~.opposed.contest`; the grapple's state is the encounter's.
"""

from __future__ import annotations

from tablekeeper.rulesets.percentile.damage import DamagePlan, DamageTerm
from tablekeeper.rulesets.percentile.expressions import is_zero
from tablekeeper.rulesets.percentile.opposed import Victory


def grapple_damage_plan(
    damage_bonus: str | None, *, great: bool, tightened: int = 0, source: str = "P-ACT-13"
) -> DamagePlan:
    """The damage bonus (or 1), or with ``great`` its maximum plus a roll (or 2), plus 1
    per Tighten Grapple."""
    terms: list[DamageTerm] = []
    if damage_bonus is None or is_zero(damage_bonus):
        amount = 2 if great else 1
        terms.append(
            DamageTerm(
                kind="constant", label="grapple, no damage bonus", constant=amount, source=source
            )
        )
    else:
        if great:
            terms.append(
                DamageTerm(
                    kind="maximum",
                    label="maximum damage bonus",
                    expression=damage_bonus,
                    source=source,
                )
            )
        terms.append(
            DamageTerm(kind="roll", label="damage bonus", expression=damage_bonus, source=source)
        )
    if tightened:
        terms.append(
            DamageTerm(
                kind="constant",
                label=f"grapple tightened × {tightened}",
                constant=tightened,
                source="P-ACT-16",
            )
        )
    return DamagePlan(terms=tuple(terms))


def escape_damage_plan(
    damage_bonus: str | None, victory: Victory, tightened: int = 0
) -> DamagePlan | None:
    """What the escaping defender's victory does to the grappler: nothing on a Weak
    Victory, thrown for damage on a Normal or Great one (P-ACT-13)."""
    if victory is Victory.WEAK:
        return None
    return grapple_damage_plan(damage_bonus, great=victory is Victory.GREAT, tightened=tightened)


def twist_limb_plan(damage_bonus: str | None, *, critical: bool, tightened: int = 0) -> DamagePlan:
    """Twist Limb's damage on a victory, ignoring armor (P-ACT-15)."""
    return grapple_damage_plan(damage_bonus, great=critical, tightened=tightened, source="P-ACT-15")
