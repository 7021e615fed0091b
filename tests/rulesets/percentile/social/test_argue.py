"""``percentile.argue``: the procedure for social combat, and its exact odds.

Document 001, "Arguing" (P-ARG-01 .. P-ARG-08; rulings G-P-05, G-P-20, G-P-S2): the dice in
the order the issue names, each level's social damage, the unopposed and the defended
argument, the winner's deal-or-block choice, critical social damage, the specializations
a time scale refuses. The odds are checked against a brute-force enumeration of every
sequence of dice and against a seeded Monte Carlo.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.percentile import register_resolvers
from tablekeeper.rulesets.percentile.opposed import Winner
from tablekeeper.rulesets.percentile.social.argue import argue
from tablekeeper.rulesets.percentile.social.argue_input import ArgueInput
from tablekeeper.rulesets.percentile.social.argue_odds import (
    argue_distribution,
    reduction_label,
    side_reductions,
)
from tablekeeper.rulesets.percentile.social.exchange import reductions

from ..helpers import enumerate_outcomes

REGISTRY = ResolverRegistry()
register_resolvers(REGISTRY)


def argued(data: dict[str, Any], *faces: int) -> Any:
    roller = FixedRoller(faces, strict=True)
    return REGISTRY.resolve("percentile.argue", {"time_scale": "short", **data}, roller).outcome


def side(skill: int, damage: str = "1d6", **more: Any) -> dict[str, Any]:
    return {"skill": skill, "damage": damage, **more}


def test_unopposed_the_attacker_lowers_its_own_target_dp() -> None:
    # P-ARG-01 step 1 then 3; P-ARG-05: "the attacker deals their social damage to the
    # target DP" (G-P-20: its own party's); dice: the d100, then the damage
    outcome = argued({"attacker": side(60)}, 30, 4)
    assert (outcome.attacker_level, outcome.defender_level) == ("success", None)
    assert outcome.winner == "attacker"
    assert outcome.winner_choice is None
    assert outcome.target_dp_reduction == {"attacker": 4, "defender": 0}
    assert outcome.breakdown["attacker"].contributions[0].source == "P-ARG-05"
    assert outcome.attacker_damage.terms[0].faces == (4,)


@pytest.mark.parametrize(("face", "level"), [(61, "failure"), (99, "fumble")])
def test_a_failed_or_fumbled_argument_deals_nothing(face: int, level: str) -> None:
    # P-ARG-03: "Failure: The attack fails to advance the agenda, and the action ends.
    # Fumble: Roll on the Social Combat Fumble table. The action ends." No damage die.
    outcome = argued({"attacker": side(60)}, face)
    assert outcome.attacker_level == level
    assert outcome.attacker_damage is None
    assert outcome.winner == "none"
    assert outcome.target_dp_reduction == {"attacker": 0, "defender": 0}


def test_a_devastating_argument_deals_maximum_plus_rolled() -> None:
    # P-ARG-03: "Critical Success: The player gets a Devastating Argument"; P-ARG-08:
    # "Critical social damage is equal to maximum social damage plus rolled social damage."
    outcome = argued({"attacker": side(60, "2d6")}, 6, 3, 4)
    assert outcome.attacker_level == "critical"
    assert [term.kind for term in outcome.attacker_damage.terms] == ["maximum", "roll"]
    assert outcome.attacker_damage.dealt == 12 + 7
    assert outcome.target_dp_reduction["attacker"] == 19


def test_the_default_social_damage_is_the_options() -> None:
    # G-P-05: a side that states no social damage deals the provisional 2D6
    outcome = argued({"attacker": {"skill": 60}}, 30, 2, 5)
    assert outcome.attacker_damage.dealt == 7
    changed = argued({"attacker": {"skill": 60}, "options": {"social_damage": "1d4"}}, 30, 3)
    assert changed.attacker_damage.dealt == 3


def test_a_defended_argument_rolls_both_d100s_then_both_damages() -> None:
    # P-ARG-04: the other party's speaker "get to defend and counter-attack"; the dice:
    # attacker's d100, defender's d100, attacker's damage, defender's damage
    outcome = argued({"attacker": side(60), "defender": side(50)}, 40, 20, 5, 2)
    assert (outcome.attacker_level, outcome.defender_level) == ("success", "success")
    assert outcome.attacker_damage.dealt == 5
    assert outcome.defender_damage.dealt == 2
    assert outcome.winner == "attacker"  # G-P-02: the higher successful roll


def test_the_winner_who_deals_directly_lowers_both_target_dp() -> None:
    # P-ARG-06: "When dealing damage directly, each participant simply apply their rolled
    # social damage to the other."
    data = {"attacker": side(60), "defender": side(50), "winner_choice": "deal"}
    outcome = argued(data, 40, 20, 5, 2)
    assert outcome.winner_choice == "deal"
    assert outcome.target_dp_reduction == {"attacker": 5, "defender": 2}


def test_a_block_that_counters_everything_lets_the_excess_hit_the_winners_target_dp() -> None:
    # P-ARG-07: "If all of the opponent's damage was countered, the opponent does not hit
    # their target DP. The winner's excess damage hits their target DP."
    outcome = argued({"attacker": side(60), "defender": side(50)}, 40, 20, 5, 2)
    assert outcome.winner_choice == "block"
    assert outcome.target_dp_reduction == {"attacker": 3, "defender": 0}
    assert [term.amount for term in outcome.breakdown["attacker"].contributions] == [5, -2]


def test_a_block_that_counters_part_lets_the_excess_hit_the_losers_target_dp() -> None:
    # P-ARG-07: "If some of the opponent's damage was left uncountered, the opponent's
    # target DP is decreased by the excess. The winner's target DP does not get hit."
    outcome = argued({"attacker": side(60), "defender": side(50)}, 40, 20, 2, 6)
    assert outcome.target_dp_reduction == {"attacker": 0, "defender": 4}


def test_a_block_of_equal_damage_hits_nobody() -> None:
    # P-ARG-07 at its boundary: all of the opponent's damage countered, no excess
    outcome = argued({"attacker": side(60), "defender": side(50)}, 40, 20, 3, 3)
    assert outcome.target_dp_reduction == {"attacker": 0, "defender": 0}


def test_the_defender_can_win_and_block() -> None:
    outcome = argued({"attacker": side(60), "defender": side(50)}, 20, 45, 6, 1)
    assert outcome.winner == "defender"
    assert outcome.target_dp_reduction == {"attacker": 5, "defender": 0}


def test_when_nobody_wins_each_side_deals_what_it_rolled() -> None:
    # G-P-S2: both failed (nothing rolled), or a perfect tie under opposed_tie='none'
    failed = argued({"attacker": side(30), "defender": side(30)}, 80, 90)
    assert failed.winner == "none"
    assert failed.target_dp_reduction == {"attacker": 0, "defender": 0}
    data = {"attacker": side(60), "defender": side(60), "options": {"opposed_tie": "none"}}
    tie = argued(data, 40, 40, 4, 2)
    assert tie.winner == "none"
    assert tie.winner_choice is None
    assert tie.target_dp_reduction == {"attacker": 4, "defender": 2}
    assert tie.breakdown["attacker"].contributions[0].source == "G-P-S2"


def test_a_defense_that_fails_is_beaten_by_any_success() -> None:
    outcome = argued({"attacker": side(60), "defender": side(50)}, 55, 70, 3)
    assert outcome.winner == "attacker"
    assert outcome.defender_damage is None
    assert outcome.target_dp_reduction == {"attacker": 3, "defender": 0}


def test_halved_social_damage_rounds_down() -> None:
    # P-SOC-19: "any social damage coming from that interlocutor is halved (round down)"
    outcome = argued({"attacker": side(60, "1d6", halved=True)}, 30, 5)
    assert outcome.attacker_damage.rolled == 5
    assert outcome.attacker_damage.dealt == 2
    assert outcome.attacker_damage.reductions[0].source == "P-SOC-19"


@pytest.mark.parametrize(
    ("specialization", "scale", "extra"),
    [
        ("fast_talk", "hourly", {}),
        ("Fast-Talk", "daily", {}),
        ("charm", "daily", {}),
        ("intimidation", "medium", {}),
    ],
)
def test_a_specialization_the_scale_forbids_is_refused_naming_the_field(
    specialization: str, scale: str, extra: dict[str, Any]
) -> None:
    # P-SOC-03
    data = {"attacker": side(60), "time_scale": scale, "specialization": specialization, **extra}
    with pytest.raises(InvalidInputError, match=r"P-SOC-03") as caught:
        REGISTRY.resolve("percentile.argue", data, FixedRoller([30, 3]))
    assert caught.value.field == "input.specialization"


def test_intimidation_from_a_position_of_force_is_allowed_at_hourly() -> None:
    data = {
        "attacker": side(60),
        "time_scale": "hourly",
        "specialization": "intimidation",
        "position_of_force": True,
    }
    outcome = REGISTRY.resolve("percentile.argue", data, FixedRoller([30, 3])).outcome
    assert outcome.target_dp_reduction["attacker"] == 3


# -- exact odds ----------------------------------------------------------------------------


def _brute(request: ArgueInput) -> dict[str, Fraction]:
    return enumerate_outcomes(
        lambda roller: argue(request, roller),
        lambda outcome: reduction_label(
            (outcome.target_dp_reduction["attacker"], outcome.target_dp_reduction["defender"])
        ),
    )


CASES = [
    {"attacker": side(45, "1d3")},
    {"attacker": side(45, "1d3", halved=True), "winner_choice": "deal"},
    {"attacker": side(70, "1d2"), "defender": side(55, "1d2"), "winner_choice": "block"},
    {"attacker": side(20, "1d2"), "defender": side(65, "2"), "winner_choice": "deal"},
]


@pytest.mark.parametrize("data", CASES)
def test_the_odds_equal_a_brute_force_enumeration_of_every_die(data: dict[str, Any]) -> None:
    request = ArgueInput.model_validate({"time_scale": "medium", **data})
    exact = {reduction_label(key): p for key, p in argue_distribution(request).items() if p}
    assert exact == _brute(request)
    assert sum(exact.values()) == 1


def test_the_resolvers_odds_are_its_distribution_for_the_inputs_choice() -> None:
    data = {"time_scale": "short", "attacker": side(60), "defender": side(50)}
    block = REGISTRY.odds("percentile.argue", {**data, "winner_choice": "block"})
    deal = REGISTRY.odds("percentile.argue", {**data, "winner_choice": "deal"})
    assert block != deal
    request = ArgueInput.model_validate(data)
    for choice, odds in (("block", block), ("deal", deal)):
        found = argue_distribution(request, choice)  # type: ignore[arg-type]
        assert odds.as_dict() == {reduction_label(key): p for key, p in found.items()}


def test_each_sides_distribution_for_both_choices() -> None:
    # the issue: "the distribution of target_dp_reduction for each side, for both winner
    # choices"; blocking never lowers both target DP at once
    request = ArgueInput.model_validate(
        {"time_scale": "short", "attacker": side(60), "defender": side(60)}
    )
    block = argue_distribution(request, "block")
    assert all(a == 0 or d == 0 for a, d in block)
    deal = argue_distribution(request, "deal")
    for found in (block, deal):
        for index in (0, 1):
            assert sum(side_reductions(found, index).values()) == 1
    # dealing directly, the attacker's reduction is its own damage: as if unopposed
    # whenever it succeeds
    alone = argue_distribution(
        ArgueInput.model_validate({"time_scale": "short", "attacker": side(60)})
    )
    assert side_reductions(deal, 0) == side_reductions(alone, 0)


@settings(max_examples=5, deadline=None)
@given(
    attacker=st.integers(min_value=0, max_value=120),
    defender=st.integers(min_value=0, max_value=120),
    choice=st.sampled_from(["deal", "block"]),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_the_odds_equal_a_seeded_monte_carlo(
    attacker: int, defender: int, choice: str, seed: int
) -> None:
    request = ArgueInput.model_validate(
        {
            "time_scale": "short",
            "attacker": side(attacker, "1d4"),
            "defender": side(defender, "1d4"),
            "winner_choice": choice,
        }
    )
    trials = 4000
    roller = RandomRoller(seed)
    counted = Counter(
        (outcome.target_dp_reduction["attacker"], outcome.target_dp_reduction["defender"])
        for outcome in (argue(request, roller) for _ in range(trials))
    )
    for key, chance in argue_distribution(request).items():
        frequency = counted.get(key, 0) / trials
        assert abs(frequency - float(chance)) < 0.035, key


def test_the_rule_of_step_three_by_hand() -> None:
    # P-ARG-05 .. P-ARG-07, as a table: (winner, choice, attacker's, defender's) -> falls
    table = {
        (Winner.ATTACKER, "block", 5, 3): (2, 0),
        (Winner.ATTACKER, "block", 3, 5): (0, 2),
        (Winner.DEFENDER, "block", 5, 3): (2, 0),
        (Winner.DEFENDER, "block", 3, 5): (0, 2),
        (Winner.ATTACKER, "deal", 5, 3): (5, 3),
        (Winner.NONE, None, 5, 3): (5, 3),
    }
    for (winner, choice, a, d), falls in table.items():
        found = reductions(winner, choice, a, d, defended=True)  # type: ignore[arg-type]
        assert (found["attacker"].total, found["defender"].total) == falls
