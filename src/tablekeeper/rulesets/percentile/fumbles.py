"""Rolling on the Combat Fumble Table (P-ATK-13).

A fumbled attack, a fumbled defense and a fumbled Dodge to leave melee (P-ACT-20) roll a
d10 on the table (``data/fumbles.yaml``). The dice a row names are rolled right after
the d10, in the row's order: the 1D3 (or 1D3+3) meters a dropped item flies, the 1D3 HP
a bad hit costs, and for a hit on oneself the hit location (d20, when the Hit Locations
option is on) and then the damage: the character's weapon's normal damage plus their
damage bonus (G-P-C6; with no weapon in hand, ``options.unarmed_damage``), reduced by
the armor the row lets apply.

"Choose the lost piece based on the current situation (e.g. the piece used or targeted
by the current action)": the caller names it (:class:`FumbleGear`); by default the item
is the weapon in hand and the strap is the armor's.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.damage import (
    DamageOutcome,
    DamagePlan,
    armor_reductions,
    blow_terms,
    roll_damage,
)
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions
from tablekeeper.rulesets.percentile.stats import Armor, Name, Weapon
from tablekeeper.rulesets.percentile.tables import (
    BodyPlan,
    DamageItem,
    Distracted,
    DropItem,
    FreeAttack,
    FumbleRow,
    FumbleTable,
    HitSelf,
    LoseActions,
    LoseEquipment,
    fumble_table,
    hit_location_table,
    is_humanoid,
)


class FumbleGear(Frozen):
    """What a fumble can hit: the character's weapon, damage bonus and armor, the held item
    that drops or loses HP, and the shield or armor piece whose strap breaks."""

    weapon: Weapon | None = Field(default=None, description="The weapon in hand, if any.")
    damage_bonus: DiceExpression | None = None
    armor: Armor = Field(default_factory=Armor)
    item: Name | None = Field(
        default=None, description="The held item that drops or loses HP; default: the weapon."
    )
    item_hp: int | None = Field(
        default=None, ge=0, description="That item's HP; default: the weapon's when it is."
    )
    strap: Name = Field(default="armor", description="The shield or armor piece (fumble 03).")
    body_plan: BodyPlan = Field(
        default="humanoid", exclude_if=is_humanoid, description="Where a self-hit lands."
    )

    @property
    def held(self) -> str | None:
        """The held item the fumble acts on."""
        if self.item is not None:
            return self.item
        return self.weapon.name if self.weapon is not None else None

    @property
    def held_hp(self) -> int | None:
        """The held item's HP, when known."""
        if self.item_hp is not None:
            return self.item_hp
        if self.weapon is not None and self.held == self.weapon.name:
            return self.weapon.hp
        return None


class FumbleOutcome(Frozen):
    """A row of the Combat Fumble Table and the numbers its dice gave."""

    roll: int = Field(description="The table's die (d10).")
    effect: str = Field(description="The row's effect: lose_turn, drop_item, hit_self...")
    text: str
    item: str | None = Field(default=None, description="The item lost, dropped or damaged.")
    actions_lost: int | None = None
    distance_m: int | None = Field(default=None, description="How far the item falls.")
    hp_lost: int | None = None
    hp_after: int | None = Field(default=None, description="The item's HP left, when known.")
    free_attacks: int | None = None
    enemy_modifier: int | None = Field(default=None, description="Enemies' attack bonus, %.")
    self_damage: DamageOutcome | None = None
    source: str = "P-ATK-13"


def self_hit_plan(
    row: HitSelf, gear: FumbleGear, options: PercentileOptions, location: str | None
) -> DamagePlan:
    """Fumbles 09 and 10: the weapon's normal damage against oneself, with the armor the
    row lets apply."""
    weapon = gear.weapon or Weapon(
        name="unarmed", damage=options.unarmed_damage, type="crushing", hp=0
    )
    armor = armor_reductions(
        gear.armor.at(location), physical=row.physical_armor, magical=row.magical_armor
    )
    return DamagePlan(terms=blow_terms(weapon, gear.damage_bonus, critical=False), reductions=armor)


def fumble_outcome(
    row: FumbleRow,
    face: int,
    gear: FumbleGear,
    roller: Roller,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> FumbleOutcome:
    """The outcome of ``row`` (rolled ``face``), rolling the dice the row names."""
    outcome = FumbleOutcome(roll=face, effect=row.effect, text=row.text)
    if isinstance(row, LoseActions):
        return outcome.model_copy(update={"actions_lost": row.actions})
    if isinstance(row, LoseEquipment):
        return outcome.model_copy(update={"item": gear.strap})
    if isinstance(row, DropItem):
        distance = roll(row.distance, roller).total
        return outcome.model_copy(update={"item": gear.held, "distance_m": distance})
    if isinstance(row, DamageItem):
        lost = roll(row.hp_loss, roller).total
        hp = gear.held_hp
        after = None if hp is None else max(0, hp - lost)
        return outcome.model_copy(update={"item": gear.held, "hp_lost": lost, "hp_after": after})
    if isinstance(row, FreeAttack):
        return outcome.model_copy(update={"free_attacks": row.attacks})
    if isinstance(row, Distracted):
        return outcome.model_copy(update={"enemy_modifier": row.modifier})
    if isinstance(row, HitSelf):
        location = None
        if options.hit_locations:
            table = hit_location_table(gear.body_plan)
            location = table.row_for(roller.roll(Die(table.die))).location
        plan = self_hit_plan(row, gear, options, location)
        return outcome.model_copy(update={"self_damage": roll_damage(plan, roller, location)})
    return outcome  # lose_turn


def roll_fumble(
    gear: FumbleGear,
    roller: Roller,
    options: PercentileOptions = DEFAULT_OPTIONS,
    table: FumbleTable | None = None,
) -> FumbleOutcome:
    """Roll the table's die, then the dice of the row it names."""
    table = table or fumble_table()
    face = roller.roll(Die(table.die))
    return fumble_outcome(table.row_for(face), face, gear, roller, options)


class FumbleInput(FumbleGear):
    """A roll on the Combat Fumble Table, with the fumbler's gear."""

    options: PercentileOptions = Field(default_factory=PercentileOptions)


def fumble_label(row: FumbleRow) -> str:
    """``'4: drop_item'``: the odds' label of a row."""
    span = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
    return f"{span}: {row.effect}"


def fumble_odds(request: FumbleInput) -> OutcomeOdds:
    """The exact chance of each row of the table."""
    table = fumble_table()
    return OutcomeOdds.of(
        {fumble_label(row): Fraction(row.high - row.low + 1, table.die) for row in table.rows}
    )


@resolver(
    "percentile.fumble",
    summary="Roll a d10 on the Combat Fumble Table, with the dice its row names.",
    odds=fumble_odds,
    example={"weapon": {"name": "sword", "damage": "1d8", "type": "slashing", "hp": 10}},
)
def fumble(request: FumbleInput, roller: Roller) -> FumbleOutcome:
    """Roll on the Combat Fumble Table (P-ATK-13)."""
    return roll_fumble(request, roller, request.options)
