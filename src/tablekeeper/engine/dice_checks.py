"""The ``dice.*`` resolvers: a free-form roll, a success pool, an opposed pool.

Each check is written once, as dice notation or a pool of dice against a target number,
and both rolled and given exact odds from that one definition (STYLE.md, lesson 2): the
roll goes through the dice evaluator, the odds through the same tree's distribution, and
the opposed margin through :func:`~tablekeeper.dice.pools.net_successes` in both.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.odds import odds
from tablekeeper.dice.parse import parse
from tablekeeper.dice.pools import net_successes, opposed_pool
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.dice.syntax import Compare, CountSuccesses, Dice
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, Resolver, ResolverRegistry, resolver

MAX_POOL = 100
"""The largest pool these checks accept (the roll limit allows more; no table needs it)."""


class _Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DiceRollInput(_Input):
    """A free-form dice expression, as a GM types it."""

    expression: str = Field(min_length=1, max_length=500, examples=["4d6kh3", "8d8>=4"])


class DiceRollOutcome(BaseModel):
    """The total, the canonical expression, and every die with what happened to it."""

    model_config = ConfigDict(frozen=True)

    expression: str
    total: int
    label: str | None
    rolled: list[dict[str, Any]] = Field(description="Every die: face, value, kept, exploded...")


def _roll_odds(check: DiceRollInput) -> OutcomeOdds:
    distribution = odds(parse(check.expression))
    return OutcomeOdds(tuple((str(value), chance) for value, chance in distribution))


@resolver(
    "dice.roll",
    summary="Roll a dice expression: 4d6kh3, 8d8>=4, 1d20+5 [to hit].",
    odds=_roll_odds,
    example={"expression": "4d6kh3"},
    reading=Reading((Number("total", r"^(-?\d+)$", field="total"),), headline="mean total"),
)
def dice_roll(check: DiceRollInput, roller: Roller) -> DiceRollOutcome:
    """Roll the expression with the roller given."""
    result = roll(check.expression, roller)
    return DiceRollOutcome(
        expression=result.expression,
        total=result.total,
        label=result.label,
        rolled=[die.to_dict() for die in result.dice],
    )


class PoolInput(_Input):
    """A pool of ``dice`` d``sides`` against target number ``tn``: each die showing ``tn``
    or more is a success."""

    dice: int = Field(ge=0, le=MAX_POOL, description="How many dice are rolled.")
    sides: int = Field(ge=2, le=100, description="The size of each die: 6 for d6.")
    tn: int = Field(title="TN", description="The target number a die must reach to succeed.")


class PoolOutcome(BaseModel):
    """The faces rolled and how many reached the target number."""

    model_config = ConfigDict(frozen=True)

    faces: list[int]
    successes: int


def pool_term(dice: int, sides: int, tn: int) -> Dice:
    """The pool as dice notation: ``5d8>=4``."""
    return Dice(dice, Die(sides), (CountSuccesses(Compare(">=", tn)),))


def _pool_odds(check: PoolInput) -> OutcomeOdds:
    if check.dice == 0:
        return OutcomeOdds.of({"0": 1})
    distribution = odds(pool_term(check.dice, check.sides, check.tn))
    return OutcomeOdds(tuple((str(value), chance) for value, chance in distribution))


def _roll_pool(dice: int, sides: int, tn: int, roller: Roller) -> tuple[list[int], int]:
    if dice == 0:
        return [], 0
    result = roll(pool_term(dice, sides, tn), roller)
    return [die.face for die in result.dice], result.total


@resolver(
    "dice.pool",
    summary="A pool of dice against a target number: count the successes.",
    odds=_pool_odds,
    example={"dice": 5, "sides": 6, "tn": 4},
    reading=Reading(
        (Number("successes", r"^(\d+)$", field="successes"),), headline="mean successes"
    ),
)
def dice_pool(check: PoolInput, roller: Roller) -> PoolOutcome:
    """Roll the pool; a die succeeds when its face reaches the target number."""
    faces, successes = _roll_pool(check.dice, check.sides, check.tn, roller)
    return PoolOutcome(faces=faces, successes=successes)


class OpposedPoolInput(_Input):
    """An attack pool against a defence pool and armor. The defender rolls the attacker's
    die and target number unless ``defender_sides`` / ``defender_tn`` say otherwise."""

    attacker_dice: int = Field(ge=0, le=MAX_POOL)
    defender_dice: int = Field(ge=0, le=MAX_POOL)
    sides: int = Field(ge=2, le=100, description="The attacker's die: 6 for d6.")
    tn: int = Field(title="TN", description="The target number an attacking die must reach.")
    armor: int = Field(default=0, ge=0, description="Successes the armor takes off the attack.")
    defender_sides: int | None = Field(
        default=None, ge=2, le=100, description="The defender's die, if not the attacker's."
    )
    defender_tn: int | None = Field(
        default=None, title="Defender TN", description="The defender's TN, if not the attacker's."
    )

    @property
    def defence_sides(self) -> int:
        """The defender's die size."""
        return self.sides if self.defender_sides is None else self.defender_sides

    @property
    def defence_tn(self) -> int:
        """The defender's target number."""
        return self.tn if self.defender_tn is None else self.defender_tn


class OpposedPoolOutcome(BaseModel):
    """Both pools' faces and successes, and the margin of success."""

    model_config = ConfigDict(frozen=True)

    attacker_faces: list[int]
    defender_faces: list[int]
    attacker_successes: int
    defender_successes: int
    margin: int = Field(description="max(0, attacker - defender successes - armor)")


def _opposed_odds(check: OpposedPoolInput) -> OutcomeOdds:
    distribution = opposed_pool(
        check.attacker_dice,
        check.defender_dice,
        check.sides,
        check.tn,
        check.armor,
        defender_sides=check.defence_sides,
        defender_tn=check.defence_tn,
    )
    return OutcomeOdds(tuple((str(value), chance) for value, chance in distribution))


@resolver(
    "dice.opposed_pool",
    summary="An attack pool against a defence pool and armor: the margin of success.",
    odds=_opposed_odds,
    example={"attacker_dice": 8, "defender_dice": 5, "sides": 6, "tn": 4, "armor": 1},
    reading=Reading((Number("margin", r"^(-?\d+)$", field="margin"),), headline="P(margin ≥ 1)"),
)
def dice_opposed_pool(check: OpposedPoolInput, roller: Roller) -> OpposedPoolOutcome:
    """Roll the attacker's pool, then the defender's (dice in that order)."""
    attacker_faces, hits = _roll_pool(check.attacker_dice, check.sides, check.tn, roller)
    defender_faces, blocked = _roll_pool(
        check.defender_dice, check.defence_sides, check.defence_tn, roller
    )
    return OpposedPoolOutcome(
        attacker_faces=attacker_faces,
        defender_faces=defender_faces,
        attacker_successes=hits,
        defender_successes=blocked,
        margin=net_successes(hits, blocked, check.armor),
    )


DICE_RESOLVERS: tuple[Resolver[Any, Any], ...] = (dice_roll, dice_pool, dice_opposed_pool)


def register_resolvers(registry: ResolverRegistry) -> None:
    """Register the ``dice.*`` resolvers in ``registry``."""
    registry.register(*DICE_RESOLVERS)
