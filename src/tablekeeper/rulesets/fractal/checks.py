"""The check: a pool of stat dice against a target number (document 000, F-CORE-03).

"Roll Words or People against TN 4": the actor commits ``dice`` dice from the Action
Pool (G-F-01), all of the size of the stat rolled; circumstance dice add or take dice
(F-CORE-06); each die showing the TN or more is a success (the option ``success_rule``),
and the count is the success level. The scene changes the pool, the TN and the successes
(:func:`~tablekeeper.rulesets.fractal.scene.check_effects`, F-SCENE-03 .. -11), and may
forbid the action (speaking at Deafening 3+). A defense subtracts its successes
(F-CORE-05), armor after it (G-F-04, G-F-30).

:func:`plan_check` is the one definition of all that: the rolled check
(:func:`roll_check`, through the dice engine's pool term) and its exact odds
(:func:`check_odds`, the binomial success pool of ``tablekeeper.dice.pools``) both read
the plan's dice, TN and :meth:`CheckPlan.level`.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.pools import net_successes as margin_of_success
from tablekeeper.dice.pools import success_pool
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.dice.syntax import Compare, CountSuccesses, Dice
from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal import pool
from tablekeeper.rulesets.fractal.actions import ActionType
from tablekeeper.rulesets.fractal.catalogue import default_catalogue
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.scene import (
    CheckContext,
    SceneElement,
    SceneElementsTable,
    check_effects,
)
from tablekeeper.rulesets.fractal.stats import DieSize, Stat

MAX_DICE = 60
"""The most dice one check rolls (no Action Pool reaches it)."""


class Modifier(Frozen):
    """A labelled change to a check from a condition, an assist, a rule: dice, TN,
    successes (the encounter engine passes its conditions this way, so each is named in
    the breakdown)."""

    label: str = Field(min_length=1)
    source: str = Field(min_length=1, description="A CATALOG id, a condition, an option.")
    dice: int = 0
    tn: int = 0
    successes: int = 0


class CheckInput(Frozen):
    """A check, as the issue names its fields (document 000, F-CORE-03)."""

    die: DieSize = Field(description="The size of the stat rolled: 4, 6, 8, 10 or 12.")
    dice: int = Field(ge=0, le=MAX_DICE, description="AP committed: one die each (G-F-01).")
    tn: int = Field(default=4, ge=1, le=20, description="The target number (4 unless stated).")
    circumstance_dice: int = Field(default=0, ge=-MAX_DICE, le=MAX_DICE)
    tn_modifier: int = Field(default=0, ge=-20, le=20)
    defense_successes: int = Field(default=0, ge=0, le=MAX_DICE)
    armor: int = Field(default=0, ge=0, le=40, description="Armor after the defense (G-F-30).")
    stat: Stat | None = None
    action_type: ActionType | None = None
    ranged: bool = False
    speaking: bool = False
    purpose: str | None = Field(default=None, max_length=80, examples=["remain_unnoticed"])
    tree: str | None = Field(default=None, description="The skill tree (Aromatic, F-SCENE-11).")
    scene_elements: tuple[SceneElement, ...] = Field(
        default=(), description="The elements the character is inside."
    )
    modifiers: tuple[Modifier, ...] = ()
    cancel_penalties: int = Field(
        default=0, ge=0, le=4, description="Circumstance penalties cancelled (Focused [1])."
    )
    options: FractalOptions = Field(default_factory=FractalOptions)


class CheckPlan(Frozen):
    """What is rolled and how it is read: the pool, the TN, what the successes lose."""

    die: int
    dice: Breakdown
    tn: Breakdown
    loss: Breakdown = Field(description="Taken off the successes: Blinding, defense, armor.")
    counts_from: int = Field(description="A die succeeds when it shows this or more.")
    margin_beyond_first: bool = False

    @property
    def dice_rolled(self) -> int:
        """The dice rolled (never below 0)."""
        return self.dice.total

    def level(self, successes: int) -> int:
        """The success level after the scene's subtraction, the defense and armor (G-F-04)."""
        return margin_of_success(successes, self.loss.total)

    def margin(self, successes: int) -> int:
        """The margin of success (G-F-04; one less under ``beyond_first``)."""
        level = self.level(successes)
        return max(0, level - 1) if self.margin_beyond_first else level


def _floored(terms: list[Contribution], label: str, source: str) -> Breakdown:
    total = sum(term.amount for term in terms)
    if total < 0:
        terms.append(Contribution(amount=-total, label=label, source=source))
    return Breakdown.of(*terms)


def plan_check(check: CheckInput, elements: SceneElementsTable | None = None) -> CheckPlan:
    """The check's pool, TN and losses, each with its breakdown (the one definition);
    ``elements`` is the scene elements' table (the packaged one unless given)."""
    scene = check_effects(
        elements if elements is not None else default_catalogue().scene,
        check.scene_elements,
        CheckContext(
            stat=check.stat,
            action_type=check.action_type,
            ranged=check.ranged,
            speaking=check.speaking,
            purpose=check.purpose,
            tree=check.tree,
        ),
    )
    dice = [Contribution(amount=check.dice, label="dice committed", source="G-F-01")]
    if check.circumstance_dice:
        dice.append(
            Contribution(amount=check.circumstance_dice, label="circumstance", source="F-CORE-06")
        )
    penalties: list[Contribution] = []
    for modifier in check.modifiers:
        if modifier.dice:
            term = Contribution(amount=modifier.dice, label=modifier.label, source=modifier.source)
            (penalties if modifier.dice < 0 else dice).append(term)
    penalties += [term for term in scene.dice if term.amount < 0]
    dice += [term for term in scene.dice if term.amount > 0]
    penalties.sort(key=lambda term: term.amount)
    for index, term in enumerate(penalties):
        dice.append(term)
        if index < check.cancel_penalties:
            dice.append(
                Contribution(
                    amount=-term.amount, label=f"{term.label} cancelled", source="F-GTAB-MENT-07"
                )
            )
    tn = [Contribution(amount=check.tn, label="TN", source="F-CORE-03")]
    if check.tn_modifier:
        tn.append(Contribution(amount=check.tn_modifier, label="TN modifier", source="F-CORE-06"))
    tn += [
        Contribution(amount=m.tn, label=m.label, source=m.source) for m in check.modifiers if m.tn
    ]
    tn += list(scene.tn)
    tn_total = sum(term.amount for term in tn)
    if tn_total < 1:
        tn.append(Contribution(amount=1 - tn_total, label="TN at least 1", source="G-F-01"))
    loss = list(scene.subtract)
    loss += [
        Contribution(amount=-m.successes, label=m.label, source=m.source)
        for m in check.modifiers
        if m.successes
    ]
    if check.defense_successes:
        loss.append(
            Contribution(amount=check.defense_successes, label="defense", source="F-CORE-05")
        )
    if check.armor:
        loss.append(Contribution(amount=check.armor, label="armor", source="G-F-04"))
    tn_breakdown = Breakdown.of(*tn)
    above = check.options.success_rule == "above_tn"
    return CheckPlan(
        die=check.die,
        dice=_floored(dice, "no fewer than 0 dice", "G-F-01"),
        tn=tn_breakdown,
        loss=_floored(loss, "no added successes", "G-F-04"),
        counts_from=tn_breakdown.total + (1 if above else 0),
        margin_beyond_first=check.options.margin == "beyond_first",
    )


class CheckOutcome(Frozen):
    """A rolled check: every die, the successes and the success level, with breakdowns."""

    dice_rolled: int
    tn: int = Field(description="The effective TN.")
    dice: tuple[int, ...] = Field(description="The faces rolled, in order.")
    successes: int = Field(description="Dice at or above the TN (G-F-01).")
    success_level: int = Field(description="After the scene's subtraction, defense, armor.")
    margin: int = Field(description="The margin of success (G-F-04).")
    counts_from: int = Field(description="The lowest face that is a success.")
    dice_breakdown: Breakdown
    tn_breakdown: Breakdown
    loss_breakdown: Breakdown


def pool_term(plan: CheckPlan) -> Dice:
    """The pool as dice notation (``5d8>=4``): what the dice engine rolls."""
    return Dice(plan.dice_rolled, Die(plan.die), (CountSuccesses(Compare(">=", plan.counts_from)),))


def roll_plan(plan: CheckPlan, roller: Roller) -> CheckOutcome:
    """Roll the plan's pool through the dice engine and read it."""
    faces: tuple[int, ...] = ()
    successes = 0
    if pool.plain(plan.die, plan.dice_rolled):  # the fast paths: what the engine would ask
        faces, successes = pool.rolled(plan.die, plan.dice_rolled, plan.counts_from, roller)
    elif plan.dice_rolled:
        result = roll(pool_term(plan), roller)
        faces = tuple(die.face for die in result.dice)
        successes = result.total
    read = CheckOutcome.trusted if fast_paths.enabled() else CheckOutcome
    return read(  # trusted on the fast paths: every field is an int or the plan's own value
        dice_rolled=plan.dice_rolled,
        tn=plan.tn.total,
        dice=faces,
        successes=successes,
        success_level=plan.level(successes),
        margin=plan.margin(successes),
        counts_from=plan.counts_from,
        dice_breakdown=plan.dice,
        tn_breakdown=plan.tn,
        loss_breakdown=plan.loss,
    )


def successes_distribution(plan: CheckPlan) -> Distribution:
    """The exact distribution of the successes rolled."""
    return success_pool(plan.dice_rolled, plan.die, plan.counts_from)


def level_distribution(plan: CheckPlan) -> Distribution:
    """The exact distribution of the success level."""
    return successes_distribution(plan).map(plan.level)


def level_odds(plan: CheckPlan) -> OutcomeOdds:
    """The exact chance of each success level, from 0 up."""
    return OutcomeOdds(tuple((str(level), chance) for level, chance in level_distribution(plan)))


def check_odds(check: CheckInput) -> OutcomeOdds:
    """The exact odds of ``success_level``."""
    return level_odds(plan_check(check))


def at_least(plan: CheckPlan, level: int) -> Fraction:
    """The chance the success level is ``level`` or more."""
    return level_distribution(plan).at_least(level)


@resolver(
    "fractal.check",
    summary="A pool of stat dice against a TN: successes and success level, scene included.",
    odds=check_odds,
    example={"die": 8, "dice": 3, "tn": 4},
    reading=Reading(
        (Number("success level", r"^(-?\d+)$", field="success_level"),),
        headline="P(success level ≥ 1)",
    ),
)
def check(request: CheckInput, roller: Roller) -> CheckOutcome:
    """Roll ``dice`` d``die`` against the TN, in the scene (document 000, F-CORE-03)."""
    return roll_plan(plan_check(request), roller)
