"""Arguing, Steps 1 to 3: an argument's dice, and what the winner's choice makes of them
(document 001, "Arguing", P-ARG-01 .. P-ARG-08).

1. Roll for arguments: a roll under an appropriate social ability, generally a Persuasion
   specialization the time scale allows (P-SOC-03). A Critical Success is a Devastating
   Argument (critical social damage), a Success deals social damage, a Failure ends the
   action, a Fumble calls for the Social Combat Fumble table, which the document does
   not give (G-P-08: the GM rules it), and ends the action.
2. Roll for defense: when the encounter is actively opposed and the other party's turn
   speaker also picked Argue, they defend and counter-attack, with the same results.
3. Unopposed, the attacker deals its social damage to the target DP. Defended, both roll
   their social damage (a side whose roll failed deals none: its action ended) and the
   rolls are compared by the opposed roll rules (G-P-02). The winner chooses to deal
   damage directly (each side's damage lowers its own target DP, G-P-20) or to block:
   the winner's damage is taken off the opponent's; if it counters all of it, the
   opponent's target DP is not hit and the winner's excess hits the winner's; otherwise
   the opponent's target DP falls by what is left and the winner's is not hit. When
   nobody wins (both failed, or a perfect tie under ``opposed_tie='none'``), each side
   deals what it rolled (ruling G-P-S2).

Dice are asked in this order: the attacker's d100, the defender's d100 (when defended),
then the attacker's social damage dice, then the defender's. :func:`roll_exchange` rolls
them, :func:`settle` applies the winner's choice (:func:`reductions` is the rule of Step
3); the engine rolls with the same functions and asks the choice in between, and the
exact odds (``argue_odds.py``) enumerate through them.
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.checks import CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import DamageOutcome, roll_damage
from tablekeeper.rulesets.percentile.opposed import Winner, oppose
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions
from tablekeeper.rulesets.percentile.social.argue_input import SIDES, Side, WinnerChoice
from tablekeeper.rulesets.percentile.social.damage import social_damage_plan


class Exchange(Frozen):
    """The dice of an argument: both rolls and both social damages (null when not rolled)."""

    attacker_roll: CheckOutcome
    defender_roll: CheckOutcome | None = None
    attacker_damage: DamageOutcome | None = None
    defender_damage: DamageOutcome | None = None

    @property
    def defended(self) -> bool:
        """Whether the other party's speaker rolled a defense (P-ARG-04)."""
        return self.defender_roll is not None

    def dealt(self, side: Side) -> int:
        """The social damage ``side`` rolled (after any halving); 0 when it rolled none."""
        damage = self.attacker_damage if side == "attacker" else self.defender_damage
        return 0 if damage is None else damage.dealt

    def winner(self, options: PercentileOptions = DEFAULT_OPTIONS) -> Winner:
        """The opposed rolls' winner; unopposed, the attacker when it succeeded."""
        if self.defender_roll is None:
            return Winner.ATTACKER if self.attacker_roll.succeeded else Winner.NONE
        return oppose(self.attacker_roll, self.defender_roll, options).winner

    def asks_choice(self, options: PercentileOptions = DEFAULT_OPTIONS) -> bool:
        """Whether a winner has a choice to make: a defended argument someone won, where
        dealing directly and blocking do not come to the same (they do when the loser
        rolled no damage)."""
        winner = self.winner(options)
        if not self.defended or winner is Winner.NONE:
            return False
        a, d = self.dealt("attacker"), self.dealt("defender")
        deal = reductions(winner, "deal", a, d, defended=True)
        block = reductions(winner, "block", a, d, defended=True)
        return {side: deal[side].total for side in SIDES} != {
            side: block[side].total for side in SIDES
        }


class ArgueOutcome(Frozen):
    """Both levels, who won, both social damages, and how far each side's target DP falls."""

    attacker_level: Level
    defender_level: Level | None
    winner: Winner
    winner_choice: WinnerChoice | None = Field(description="Null: no winner chose.")
    attacker_roll: CheckOutcome
    defender_roll: CheckOutcome | None
    attacker_damage: DamageOutcome | None
    defender_damage: DamageOutcome | None
    target_dp_reduction: dict[Side, int] = Field(
        description="How far each side's own target DP falls."
    )
    breakdown: dict[Side, Breakdown] = Field(description="How each reduction is made.")


def _dealt(amount: int, side: Side, rule: str) -> Breakdown:
    if amount <= 0:
        return Breakdown.of()
    return Breakdown.of(Contribution(amount=amount, label=f"{side}'s social damage", source=rule))


def reductions(
    winner: Winner, choice: WinnerChoice | None, attacker: int, defender: int, *, defended: bool
) -> dict[Side, Breakdown]:
    """Step 3: how far each side's target DP falls, given its social damage.

    >>> block = reductions(Winner.ATTACKER, "block", 5, 3, defended=True)
    >>> block["attacker"].total, block["defender"].total
    (2, 0)
    >>> block = reductions(Winner.ATTACKER, "block", 2, 6, defended=True)
    >>> block["attacker"].total, block["defender"].total
    (0, 4)
    >>> deal = reductions(Winner.DEFENDER, "deal", 2, 6, defended=True)
    >>> deal["attacker"].total, deal["defender"].total
    (2, 6)
    """
    if not defended:
        return {"attacker": _dealt(attacker, "attacker", "P-ARG-05"), "defender": Breakdown.of()}
    if winner is Winner.NONE or choice != "block":
        rule = "G-P-S2" if winner is Winner.NONE else "P-ARG-06"
        return {
            "attacker": _dealt(attacker, "attacker", rule),
            "defender": _dealt(defender, "defender", rule),
        }
    won: Side = "attacker" if winner is Winner.ATTACKER else "defender"
    lost: Side = "defender" if won == "attacker" else "attacker"
    mine, theirs = (attacker, defender) if won == "attacker" else (defender, attacker)
    result: dict[Side, Breakdown] = {won: Breakdown.of(), lost: Breakdown.of()}
    if theirs <= mine:  # all of the opponent's damage countered: the winner's excess hits
        if mine - theirs > 0:
            result[won] = Breakdown.of(
                Contribution(amount=mine, label=f"{won}'s social damage", source="P-ARG-07"),
                Contribution(
                    amount=-theirs, label=f"spent countering the {lost}'s", source="P-ARG-07"
                ),
            )
    else:  # some of the opponent's damage uncountered: it hits the opponent's target DP
        result[lost] = Breakdown.of(
            Contribution(amount=theirs, label=f"{lost}'s social damage", source="P-ARG-07"),
            Contribution(amount=-mine, label=f"countered by the {won}'s", source="P-ARG-07"),
        )
    return result


def roll_exchange(
    attacker: Breakdown,
    attacker_damage: str,
    roller: Roller,
    options: PercentileOptions = DEFAULT_OPTIONS,
    *,
    defender: Breakdown | None = None,
    defender_damage: str | None = None,
    halved: tuple[bool, bool] = (False, False),
) -> Exchange:
    """Roll an argument (Steps 1 and 2) and the social damage of each side that succeeded,
    in the order of :mod:`this module <.argue>`; ``halved`` says whose damage is halved."""
    attacker_roll = roll_check(attacker, roller, options)
    defender_roll = None if defender is None else roll_check(defender, roller, options)
    damages: list[DamageOutcome | None] = []
    for roll, expression, halve in (
        (attacker_roll, attacker_damage, halved[0]),
        (defender_roll, defender_damage, halved[1]),
    ):
        plan = None
        if roll is not None:
            plan = social_damage_plan(expression or options.social_damage, roll.level, halved=halve)
        damages.append(None if plan is None else roll_damage(plan, roller))
    return Exchange(
        attacker_roll=attacker_roll,
        defender_roll=defender_roll,
        attacker_damage=damages[0],
        defender_damage=damages[1],
    )


def settle(
    exchange: Exchange,
    choice: WinnerChoice | None = "block",
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> ArgueOutcome:
    """Step 3 for rolled dice: the winner, the choice it made (``None``: it made none, as
    when the choice would change nothing), each side's target DP reduction."""
    winner = exchange.winner(options)
    chose = choice if exchange.defended and winner is not Winner.NONE else None
    split = reductions(
        winner,
        chose,
        exchange.dealt("attacker"),
        exchange.dealt("defender"),
        defended=exchange.defended,
    )
    defender_roll = exchange.defender_roll
    return ArgueOutcome(
        attacker_level=exchange.attacker_roll.level,
        defender_level=None if defender_roll is None else defender_roll.level,
        winner=winner,
        winner_choice=chose,
        attacker_roll=exchange.attacker_roll,
        defender_roll=defender_roll,
        attacker_damage=exchange.attacker_damage,
        defender_damage=exchange.defender_damage,
        target_dp_reduction={side: split[side].total for side in SIDES},
        breakdown=split,
    )
