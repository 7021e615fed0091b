"""Damage: what a blow rolls, and every reduction applied in order (Step 3, P-ATK-08).

A blow's damage is a :class:`DamagePlan`: the *terms* rolled and added (the weapon's
damage, its maximum, the damage bonus, a constant), then the *reductions* applied in the
document's order: a successful Dodge halves (rounding up, G-P-09), worn physical and
magical armor subtract their AP unless the blow ignores them, a victorious parry or a
block subtracts the weapon's or shield's share of HP, and trading damage for melee
distance halves what is left (P-OPT-13). Damage never goes below 0, rolled or dealt
(G-P-03).

- Normal damage (a Normal or Precise Blow, P-ATK-03): the weapon's damage plus the damage
  bonus.
- Critical Damage (a Devastating Blow or a Devastating Defense; the "Strong Blow" of the
  document, G-P-11): slashing or piercing, maximum weapon damage plus rolled weapon
  damage plus damage bonus (P-ATK-09); crushing, rolled weapon damage plus maximum damage
  bonus plus rolled damage bonus, or +1 when the damage bonus is zero (P-ATK-10).
- A Charge rolls the damage bonus twice, or adds +2 when it is zero; mounted, the mount's
  damage bonus is added instead (P-OPT-16, G-P-12).

One plan, two interpreters: :func:`roll_damage` rolls the terms (in order, each with
:func:`tablekeeper.dice.roll`) and applies :meth:`DamagePlan.steps`; the exact odds map
the same :meth:`DamagePlan.steps` over the terms' exact distribution.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.roller import Roller
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.expressions import distribution, highest, is_zero
from tablekeeper.rulesets.percentile.stats import ArmorValues, Weapon

TermKind: TypeAlias = Literal["roll", "maximum", "constant"]
ReductionKind: TypeAlias = Literal["halve", "subtract"]


class DamageTerm(Frozen):
    """One term of a damage roll: dice rolled, the dice's maximum, or a constant."""

    kind: TermKind
    label: str
    expression: str | None = Field(default=None, description="For 'roll' and 'maximum'.")
    constant: int | None = Field(default=None, description="For 'constant'.")
    source: str

    def value_range(self) -> Distribution:
        """The exact distribution of this term's value."""
        if self.kind == "roll":
            return distribution(self.expression or "0")
        if self.kind == "maximum":
            return Distribution.constant(highest(self.expression or "0"))
        return Distribution.constant(self.constant or 0)


class RolledTerm(Frozen):
    """A term as rolled: its value and the faces of its dice, in order."""

    label: str
    kind: TermKind
    expression: str | None
    value: int
    faces: tuple[int, ...] = ()
    source: str


class Reduction(Frozen):
    """One step of Step 3: halve (``rounding``) or subtract ``amount`` (armor AP, HP)."""

    kind: ReductionKind
    label: str
    source: str
    amount: int = Field(default=0, ge=0, description="What 'subtract' takes off.")
    rounding: Literal["up", "down"] = "down"

    def apply(self, damage: int) -> int:
        """The damage left after this step."""
        if self.kind == "halve":
            return (damage + 1) // 2 if self.rounding == "up" else damage // 2
        return max(0, damage - self.amount)


class AppliedReduction(Frozen):
    """A reduction as applied: the damage before and after it."""

    label: str
    source: str
    before: int
    after: int


class DamagePlan(Frozen):
    """Step 3 for one blow: the terms to roll and the reductions, in order."""

    terms: tuple[DamageTerm, ...]
    reductions: tuple[Reduction, ...] = ()

    def steps(self, rolled: int) -> tuple[int, ...]:
        """The damage after each reduction, starting from ``rolled`` (floored at 0)."""
        left = [max(0, rolled)]
        for reduction in self.reductions:
            left.append(reduction.apply(left[-1]))
        return tuple(left)

    def dealt(self, rolled: int) -> int:
        """The damage dealt for a roll of ``rolled``."""
        return self.steps(rolled)[-1]

    def rolled_odds(self) -> Distribution:
        """The exact distribution of the damage rolled (the terms' sum, at least 0)."""
        total = Distribution.constant(0)
        for term in self.terms:
            total = total + term.value_range()
        return total.map(lambda value: max(0, value))

    def dealt_odds(self) -> Distribution:
        """The exact distribution of the damage dealt: :meth:`steps` over the rolled odds."""
        return self.rolled_odds().map(self.dealt)

    def then(self, *reductions: Reduction) -> DamagePlan:
        """This plan with ``reductions`` applied after its own."""
        return self.model_copy(update={"reductions": self.reductions + reductions})


class DamageOutcome(Frozen):
    """Damage rolled and dealt: each term, the total rolled, each reduction, what is left."""

    location: str | None = Field(default=None, description="The hit location struck.")
    terms: tuple[RolledTerm, ...]
    rolled: int = Field(description="The terms' sum, at least 0.")
    reductions: tuple[AppliedReduction, ...]
    dealt: int = Field(description="What reaches the target's hit points.")


def apply_plan(
    plan: DamagePlan, rolled_terms: tuple[RolledTerm, ...], location: str | None = None
) -> DamageOutcome:
    """Step 3 for terms already rolled: :meth:`DamagePlan.steps`, recorded."""
    rolled = max(0, sum(term.value for term in rolled_terms))
    left = plan.steps(rolled)
    applied = tuple(
        AppliedReduction(label=step.label, source=step.source, before=before, after=after)
        for step, before, after in zip(plan.reductions, left[:-1], left[1:], strict=True)
    )
    return DamageOutcome(
        location=location, terms=rolled_terms, rolled=rolled, reductions=applied, dealt=left[-1]
    )


def roll_terms(terms: tuple[DamageTerm, ...], roller: Roller) -> tuple[RolledTerm, ...]:
    """Roll each ``roll`` term in order; maxima and constants roll no die."""
    rolled: list[RolledTerm] = []
    for term in terms:
        faces: tuple[int, ...] = ()
        if term.kind == "roll":
            result = roll(term.expression or "0", roller)
            value, faces = result.total, tuple(die.face for die in result.dice)
        elif term.kind == "maximum":
            value = highest(term.expression or "0")
        else:
            value = term.constant or 0
        rolled.append(
            RolledTerm(
                label=term.label,
                kind=term.kind,
                expression=term.expression,
                value=value,
                faces=faces,
                source=term.source,
            )
        )
    return tuple(rolled)


def roll_damage(plan: DamagePlan, roller: Roller, location: str | None = None) -> DamageOutcome:
    """Roll a plan's terms and apply its reductions."""
    return apply_plan(plan, roll_terms(plan.terms, roller), location)


# -- the terms of a blow --------------------------------------------------------------------


def _roll(expression: str, label: str, source: str) -> DamageTerm:
    return DamageTerm(kind="roll", label=label, expression=expression, source=source)


def _constant(amount: int, label: str, source: str) -> DamageTerm:
    return DamageTerm(kind="constant", label=label, constant=amount, source=source)


def blow_terms(
    weapon: Weapon,
    damage_bonus: str | None,
    *,
    critical: bool,
    charge: bool = False,
    mount_bonus: str | None = None,
    with_bonus: bool = True,
) -> tuple[DamageTerm, ...]:
    """The terms of a blow with ``weapon``: normal or Critical Damage, and a Charge; normal
    damage includes the damage bonus, added once in Critical Damage too (G-P-C4).

    ``with_bonus=False`` leaves the damage bonus out (a stuck weapon's damage, P-OPT-04).
    """
    bonus = None if not with_bonus or is_zero(damage_bonus) else damage_bonus
    terms: list[DamageTerm] = []
    if critical and weapon.type in ("slashing", "piercing"):
        terms.append(
            DamageTerm(
                kind="maximum",
                label=f"{weapon.name}: maximum damage",
                expression=weapon.damage,
                source="P-ATK-09",
            )
        )
    terms.append(_roll(weapon.damage, f"{weapon.name} damage", "P-ACT-03"))
    if critical and weapon.type == "crushing":
        if bonus is None:
            terms.append(_constant(1, "crushing critical, no damage bonus", "P-ATK-10"))
        else:
            terms.append(
                DamageTerm(
                    kind="maximum",
                    label="maximum damage bonus",
                    expression=bonus,
                    source="P-ATK-10",
                )
            )
    if bonus is not None:
        terms.append(_roll(bonus, "damage bonus", "P-ATK-09" if critical else "P-ACT-03"))
    if charge:
        terms.extend(charge_terms(bonus, mount_bonus))
    return tuple(terms)


def charge_terms(damage_bonus: str | None, mount_bonus: str | None) -> tuple[DamageTerm, ...]:
    """A Charge: the damage bonus rolled a second time, or +2 when it is zero; mounted,
    the mount's damage bonus instead (P-OPT-16)."""
    rider = None if is_zero(damage_bonus) else damage_bonus
    if mount_bonus is not None:
        if not is_zero(mount_bonus):
            return (_roll(mount_bonus, "charge: mount's damage bonus", "P-OPT-16"),)
        if rider is not None:
            return ()  # a mount without a damage bonus adds nothing to the rider's
    elif rider is not None:
        return (_roll(rider, "charge: damage bonus again", "P-OPT-16"),)
    return (_constant(2, "charge, no damage bonus", "P-OPT-16"),)


def spirit_damage_terms(spirit_damage: str, *, critical: bool) -> tuple[DamageTerm, ...]:
    """Spirit Damage, and Critical Spirit Damage: "maximum Spirit Damage plus rolled Spirit
    Damage" (P-SPC-06) (a Spirit Blast; a Spirit Sting is normal damage, P-SPC-02)."""
    rolled = _roll(spirit_damage, "Spirit Damage", "P-ACT-23")
    if not critical:
        return (rolled,)
    maximum = DamageTerm(
        kind="maximum", label="maximum Spirit Damage", expression=spirit_damage, source="P-SPC-06"
    )
    return (maximum, rolled)


# -- the reductions -----------------------------------------------------------------------


def dodge_halving(rounding: Literal["up", "down"]) -> Reduction:
    """A successful but defeated Dodge: half damage (P-ATK-06, P-ATK-08, G-P-09)."""
    return Reduction(
        kind="halve",
        label=f"Dodge: half damage, rounded {rounding}",
        source="P-ATK-06",
        rounding=rounding,
    )


def armor_reductions(
    armor: ArmorValues, *, physical: bool = True, magical: bool = True
) -> tuple[Reduction, ...]:
    """Worn armor: physical AP, then magical AP (P-ATK-08); those switched off are left out."""
    steps: list[Reduction] = []
    if physical and armor.physical:
        steps.append(
            Reduction(
                kind="subtract", label="physical armor", source="P-ATK-08", amount=armor.physical
            )
        )
    if magical and armor.magical:
        steps.append(
            Reduction(
                kind="subtract", label="magical armor", source="P-ATK-08", amount=armor.magical
            )
        )
    return tuple(steps)


def absorption(amount: int, label: str, source: str = "P-ATK-07") -> tuple[Reduction, ...]:
    """A parrying weapon's or blocking shield's HP added to armor (P-ATK-07, G-P-10)."""
    if amount <= 0:
        return ()
    return (Reduction(kind="subtract", label=label, source=source, amount=amount),)


def distance_halving() -> Reduction:
    """Trading damage for a step of melee distance: half the damage dealt, rounded down
    (P-OPT-13, G-P-C8)."""
    return Reduction(
        kind="halve",
        label="melee distance changed: half damage",
        source="P-OPT-13",
        rounding="down",
    )


def stuck_weapon_plan(weapon: Weapon) -> DamagePlan:
    """A stuck impaling weapon's damage each round the victim moves or acts, or when the
    victim pulls it out: half the weapon's damage, rounded down, ignoring armor and
    without damage bonus (P-OPT-04, P-OPT-06)."""
    return DamagePlan(
        terms=blow_terms(weapon, None, critical=False, with_bonus=False),
        reductions=(Reduction(kind="halve", label="stuck weapon: half damage", source="P-OPT-04"),),
    )


# -- equipment ----------------------------------------------------------------------------


class EquipmentWear(Frozen):
    """A parrying weapon or blocking shield chipped (normal damage, P-ATK-12) or damaged by
    the excess (Critical Damage, P-ATK-11)."""

    item: str
    kind: Literal["chipped", "damaged"]
    damage: int = Field(description="The damage compared with the item's HP (G-P-13).")
    hp_before: int
    hp_after: int
    source: str

    @property
    def broken(self) -> bool:
        """The item has no HP left."""
        return self.hp_after == 0


def equipment_wear(item: str, hp: int, damage: int, *, critical: bool) -> EquipmentWear | None:
    """What ``damage`` does to an item of ``hp`` HP that parried or blocked it: nothing
    unless the damage exceeds the HP (G-P-13: strictly).

    >>> equipment_wear("sword", 10, 14, critical=True).hp_after
    6
    >>> equipment_wear("sword", 10, 14, critical=False).hp_after
    9
    """
    if damage <= hp:
        return None
    loss = damage - hp if critical else 1
    return EquipmentWear(
        item=item,
        kind="damaged" if critical else "chipped",
        damage=damage,
        hp_before=hp,
        hp_after=max(0, hp - loss),
        source="P-ATK-11" if critical else "P-ATK-12",
    )
