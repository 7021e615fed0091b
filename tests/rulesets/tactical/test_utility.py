"""``tactical.utility``: a utility action's 2d8 for cunning effects; maneuvers roll nothing."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.rulesets.tactical.utility import UtilityInput, utility


def test_a_utility_action_rolls_2d8() -> None:
    """S-TGT-03: roll 2d8; each die at or below the cunning earns a cunning effect."""
    outcome = utility(UtilityInput(cunning=4), FixedRoller([4, 5]))
    assert outcome.dice == (4, 5)
    assert (outcome.cunning_effects, outcome.critical_effects) == (1, 0)
    assert outcome.breakdown["dice"].total == 2


@pytest.mark.parametrize(
    ("boons", "banes", "dice"), [(1, 0, 3), (0, 1, 1), (0, 2, 0), (0, 3, 0), (2, 1, 3)]
)
def test_boons_and_banes_adjust_the_dice(boons: int, banes: int, dice: int) -> None:
    """S-TGT-03, G-S-04: each boon or bane adjusts the number of dice, never below 0."""
    outcome = utility(UtilityInput(cunning=8, boons=boons, banes=banes), FixedRoller([1] * dice))
    assert len(outcome.dice) == dice
    assert outcome.cunning_effects + outcome.critical_effects == dice


@pytest.mark.parametrize("kind", ["maneuver", "reaction"])
def test_maneuvers_and_reactions_roll_nothing(kind: str) -> None:
    """S-TGT-03: a utility action, but not a maneuver or reaction, rolls 2d8."""
    outcome = utility(UtilityInput(cunning=8, kind=kind), FixedRoller([]))
    assert outcome.dice == ()
    assert outcome.cunning_effects == 0


def test_the_cunning_threshold_option_below() -> None:
    """G-S-05 as an option: 'below' needs the die under the cunning."""
    below = UtilityInput(cunning=4, options={"cunning_threshold": "below"})
    assert utility(below, FixedRoller([4, 3])).cunning_effects == 1
