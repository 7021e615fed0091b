"""Stat blocks: characteristics, skills, weapons, shields, armor, hit points (G-P-03, G-P-07).

The document uses a character's numbers without defining them: the characteristics STR,
CON, SIZ, DEX, INT, POW and CHA; percent skills; weapons with a damage roll, a damage
type, HP and a reach ("See the Wealth and Equipment chapter for weapon statistics");
shields with HP; physical and magical armor AP; hit points, a damage bonus, MOV, Magic
Points and Determination Points (the Damage and Injury chapter is missing). They are
data here, validated when the stat block is built, with errors naming the field.

What the document does define is derived, with its breakdown:

- combat initiative ``(DEX + INT) / 2`` and spirit initiative ``(POW + CHA) / 2``,
  rounded down (G-P-16); a creature without INT uses DEX in its place, without CHA uses
  POW; without DEX (or POW) it has no combat (or spirit) initiative (P-CMB-03, P-CMB-04);
- a step, ``SIZ / 10`` meters rounded down, at least 1 (P-REA-03), and the charge
  distance ``SIZ / 5`` meters rounded down (P-OPT-16);
- hit points per location, with the provisional hit location table (G-P-08).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Annotated, Literal, TypeAlias

from pydantic import Field, StringConstraints, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.percentile.checks import SKILL_LIMIT
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.tables import (
    BodyPlan,
    HitLocationTable,
    hit_location_table,
    is_humanoid,
)

NAME_LENGTH = 60
"""The longest :data:`Name`."""

Name: TypeAlias = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_LENGTH)
]
"""A name a GM types: a weapon, a skill, a location."""

WeaponType: TypeAlias = Literal["slashing", "piercing", "crushing"]
"""How a weapon deals damage; it decides its Critical Damage (P-ATK-09, P-ATK-10)."""

Reach: TypeAlias = Literal["short", "medium", "long", "very_long"]
"""A melee weapon's reach (P-OPT-10)."""

CHARACTERISTIC_LIMIT = 200
"""The largest characteristic a stat block accepts (a bound against typos)."""

Characteristic: TypeAlias = Annotated[int | None, Field(ge=0, le=CHARACTERISTIC_LIMIT)]


class Characteristics(Frozen):
    """The seven characteristics; a creature lacking one (an animal's CHA, a spirit's
    STR) leaves it null."""

    STR: Characteristic = None
    CON: Characteristic = None
    SIZ: Characteristic = None
    DEX: Characteristic = None
    INT: Characteristic = None
    POW: Characteristic = None
    CHA: Characteristic = None


class Weapon(Frozen):
    """A weapon's statistics (G-P-07: the Wealth and Equipment chapter is missing)."""

    name: Name
    skill: Name | None = Field(default=None, description="The skill (specialization) it uses.")
    damage: DiceExpression = Field(description="Normal damage without damage bonus: '1d8+1'.")
    type: WeaponType
    impaling: bool = Field(default=False, description="Subject to Critical Impales (P-OPT-03).")
    hp: int = Field(ge=0, le=1000, description="Hit points: what a parry adds to armor.")
    reach: Reach = Field(default="medium", description="Melee reach (P-OPT-10).")
    ranged: bool = Field(default=False, description="A ranged weapon: it cannot parry.")


class Shield(Frozen):
    """A shield: its HP (what a block adds to armor) and the damage it deals (crushing)."""

    name: Name = "shield"
    skill: Name = Field(default="Shield", description="The skill blocks use.")
    hp: int = Field(ge=0, le=1000)
    damage: DiceExpression = Field(
        default="1d3", description="Its damage, crushing (P-ATK-10); 1d3 is provisional."
    )

    def as_weapon(self) -> Weapon:
        """The shield as the weapon of a Devastating Defense: "shields deal crushing damage"."""
        return Weapon(
            name=self.name, skill=self.skill, damage=self.damage, type="crushing", hp=self.hp
        )


ArmorPoints: TypeAlias = Annotated[int, Field(ge=0, le=1000)]


class ArmorValues(Frozen):
    """Armor points (AP) at one place: physical and magical (P-ATK-08)."""

    physical: ArmorPoints = 0
    magical: ArmorPoints = 0


class Armor(ArmorValues):
    """Worn armor: AP everywhere, and per hit location where it differs."""

    locations: dict[Name, ArmorValues] = Field(
        default_factory=dict, description="AP at a hit location, where not the general AP."
    )

    def at(self, location: str | None) -> ArmorValues:
        """The AP protecting ``location`` (the general AP when none or not listed)."""
        if location is not None and location in self.locations:
            return self.locations[location]
        return ArmorValues(physical=self.physical, magical=self.magical)


NO_ARMOR = Armor()


def step_distance(siz: int) -> int:
    """A Step: SIZ / 10 meters, rounded down, at least 1 meter (P-REA-03).

    >>> step_distance(13), step_distance(4), step_distance(25)
    (1, 1, 2)
    """
    return max(1, siz // 10)


def charge_distance(siz: int) -> int:
    """The distance a Move must cover to make the next melee Attack a Charge: SIZ / 5
    meters, rounded down (P-OPT-16).

    >>> charge_distance(13), charge_distance(15)
    (2, 3)
    """
    return siz // 5


def is_charge(distance_moved: int, siz: int) -> bool:
    """Whether a Move of ``distance_moved`` meters followed by a melee Attack is a Charge."""
    return distance_moved >= charge_distance(siz)


def combat_initiative(characteristics: Characteristics) -> Breakdown | None:
    """(DEX + INT) / 2, rounded down; DEX in place of a missing INT; none without DEX.

    >>> combat_initiative(Characteristics(DEX=14, INT=13)).total
    13
    """
    return _average(characteristics.DEX, "DEX", characteristics.INT, "INT", "combat")


def spirit_initiative(characteristics: Characteristics) -> Breakdown | None:
    """(POW + CHA) / 2, rounded down; POW in place of a missing CHA; none without POW."""
    return _average(characteristics.POW, "POW", characteristics.CHA, "CHA", "spirit")


def _average(
    main: int | None, main_name: str, other: int | None, other_name: str, kind: str
) -> Breakdown | None:
    """The initiative of two characteristics, explained (on the engine's fast paths, one
    frozen value per characteristics: ``engine/fast_paths.py``)."""
    if fast_paths.enabled():
        return _averaged(main, main_name, other, other_name, kind)
    return _averaged.__wrapped__(main, main_name, other, other_name, kind)


@lru_cache(maxsize=1024)
def _averaged(
    main: int | None, main_name: str, other: int | None, other_name: str, kind: str
) -> Breakdown | None:
    if main is None:
        return None  # "no relevant characteristic": turn order is 1D10 alone (P-CMB-04)
    if other is None:
        label = f"{main_name} {main} ({kind} initiative; no {other_name}: {main_name} in its place)"
        return Breakdown.of(Contribution(amount=main, label=label, source="P-CMB-04"))
    label = f"({main_name} {main} + {other_name} {other}) / 2, rounded down ({kind} initiative)"
    return Breakdown.of(Contribution(amount=(main + other) // 2, label=label, source="P-CMB-03"))


def location_hit_points(total: int, table: HitLocationTable | None = None) -> dict[str, int]:
    """Each location's hit points: the total times its share, rounded up (provisional).

    >>> location_hit_points(13)["chest"], location_hit_points(13)["left arm"]
    (6, 4)
    """
    table = table or hit_location_table()
    if not fast_paths.enabled():
        return _location_hit_points(total, table)
    key = (total, id(table))
    known = _LOCATION_HP.get(key)
    if known is None or known[0] is not table:
        known = _LOCATION_HP[key] = (table, _location_hit_points(total, table))
        if len(_LOCATION_HP) > 256:
            del _LOCATION_HP[next(iter(_LOCATION_HP))]
    return dict(known[1])


_LOCATION_HP: dict[tuple[int, int], tuple[HitLocationTable, dict[str, int]]] = {}
"""On the engine's fast paths (``engine/fast_paths.py``) each total's location HP per
table (a frozen value, matched by identity and held here), worked out once: every trial
of a scenario adds its combatants again, each working them out with ``Fraction``s. A
function of the total and the table alone; each caller gets its own copy."""


def _location_hit_points(total: int, table: HitLocationTable) -> dict[str, int]:
    return {row.location: math.ceil(total * row.hp_fraction) for row in table.rows}


class StatBlock(Frozen):
    """A combatant's numbers: what the attack and the encounter engine read."""

    name: Name
    characteristics: Characteristics = Field(default_factory=Characteristics)
    skills: dict[Name, Annotated[int, Field(ge=0, le=SKILL_LIMIT)]] = Field(
        default_factory=dict, description='Skill name to percent: {"Dodge": 40}.'
    )
    weapons: tuple[Weapon, ...] = ()
    shields: tuple[Shield, ...] = ()
    armor: Armor = Field(default_factory=Armor)
    hit_points: int = Field(ge=1, le=10_000, description="Total hit points (G-P-03).")
    body_plan: BodyPlan = Field(
        default="humanoid",
        exclude_if=is_humanoid,
        description="Whose hit location table strikes it: humanoid, or quadruped (G-P-08).",
    )
    location_hit_points: dict[Name, Annotated[int, Field(ge=1)]] | None = Field(
        default=None,
        description="HP per hit location; null derives them from the hit location table.",
    )
    damage_bonus: DiceExpression | None = Field(
        default=None, description="Dice added to damage: '1d4', '-1d4'; null for none."
    )
    mov: int = Field(ge=0, le=1000, description="MOV: meters per Move action (P-ACT-19).")
    magic_points: int | None = Field(
        default=None, ge=0, description="Maximum Magic Points; null: equal to POW (G-P-03)."
    )
    determination_points: int | None = Field(
        default=None, ge=0, description="Personal DP (G-P-04); null when not tracked."
    )

    @model_validator(mode="after")
    def _names_are_unique(self) -> StatBlock:
        for what, names in (
            ("weapons", [weapon.name for weapon in self.weapons]),
            ("shields", [shield.name for shield in self.shields]),
        ):
            repeated = sorted({name for name in names if names.count(name) > 1})
            if repeated:
                raise ValueError(f"{what} named twice: {', '.join(repeated)}")
        return self

    @property
    def combat_initiative(self) -> int | None:
        """(DEX + INT) / 2, rounded down (P-CMB-03, P-CMB-04); null without DEX."""
        breakdown = combat_initiative(self.characteristics)
        return None if breakdown is None else breakdown.total

    @property
    def spirit_initiative(self) -> int | None:
        """(POW + CHA) / 2, rounded down (P-CMB-03, P-CMB-04); null without POW."""
        breakdown = spirit_initiative(self.characteristics)
        return None if breakdown is None else breakdown.total

    @property
    def step(self) -> int | None:
        """A Step in meters (P-REA-03); null without SIZ."""
        siz = self.characteristics.SIZ
        return None if siz is None else step_distance(siz)

    @property
    def charge_distance(self) -> int | None:
        """The meters a Move must cover before a Charge (P-OPT-16); null without SIZ."""
        siz = self.characteristics.SIZ
        return None if siz is None else charge_distance(siz)

    @property
    def max_magic_points(self) -> int | None:
        """Magic Points when rested: as stated, else POW (G-P-03)."""
        return self.magic_points if self.magic_points is not None else self.characteristics.POW

    def hit_points_at(self, table: HitLocationTable | None = None) -> dict[str, int]:
        """HP per hit location: as stated, else derived from ``table`` (provisional)."""
        if self.location_hit_points is not None:
            return dict(self.location_hit_points)
        return location_hit_points(self.hit_points, table or hit_location_table(self.body_plan))

    def skill(self, name: str) -> int:
        """The percent of the skill named ``name``; an unknown name's error names close ones."""
        if name in self.skills:
            return self.skills[name]
        raise UnknownNameError(_unknown("skill", name, self.skills), field="skill")

    def weapon(self, name: str) -> Weapon:
        """The weapon named ``name``."""
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        known = [weapon.name for weapon in self.weapons]
        raise UnknownNameError(_unknown("weapon", name, known), field="weapon")

    def shield(self, name: str | None = None) -> Shield:
        """The shield named ``name`` (the first one when no name is given)."""
        for shield in self.shields:
            if name is None or shield.name == name:
                return shield
        known = [shield.name for shield in self.shields]
        raise UnknownNameError(_unknown("shield", name or "", known), field="shield")


def _unknown(what: str, name: str, known: Iterable[str]) -> str:
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    if close:
        hint = f"did you mean {' or '.join(close)}?"
    else:
        hint = "known: " + ", ".join(names) if names else f"it has no {what}"
    return f"{what} {name!r} is not on this stat block; {hint}"
