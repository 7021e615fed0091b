"""The social chapter's numbers, each at and around its boundary, through the resolvers.

Document 001, "Social Encounters": time scales and specializations (P-SOC-02, P-SOC-03),
the two-thirds rule for magic (P-SOC-04, G-P-23), base target DP and modifiers (P-SOC-07,
P-SOC-08), encounter lengths (P-SOC-09), social turn order (P-SOC-11), Appeal for Time
(P-SOC-15, P-SOC-16, G-P-18), Investigate (P-SOC-20), Provoke (P-SOC-21, G-P-19) and the
ending's bands (P-ARG-09). Each resolver is called through a registry, as the CLI and the
API call it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.percentile import register_resolvers
from tablekeeper.rulesets.percentile.checks import Level
from tablekeeper.rulesets.percentile.social.appeal import appeal_penalty, rounds_after
from tablekeeper.rulesets.percentile.social.ending import may_end_early, rounds_for
from tablekeeper.rulesets.percentile.social.investigate import allowed
from tablekeeper.rulesets.percentile.social.provoke import provoke_odds, provoke_result
from tablekeeper.rulesets.percentile.social.scale import refusal, round_seconds, spell_rounds

REGISTRY = ResolverRegistry()
register_resolvers(REGISTRY)


def resolve(name: str, data: dict[str, Any], *faces: int) -> Any:
    return REGISTRY.resolve(f"percentile.{name}", data, FixedRoller(faces, strict=True)).outcome


# -- P-SOC-11: social turn order ----------------------------------------------------------


@pytest.mark.parametrize(
    ("cha", "int_", "initiative"),
    [(14, 15, 14), (14, 16, 15), (15, 16, 15), (1, 0, 0), (31, 31, 31)],
)
def test_social_initiative_is_the_average_of_cha_and_int_rounded_down(
    cha: int, int_: int, initiative: int
) -> None:
    # P-SOC-11: "(CHA + INT) / 2, rounded down", and the turn order adds 1D10
    outcome = resolve("social_initiative", {"cha": cha, "int": int_}, 7)
    assert outcome.social_initiative == initiative
    assert (outcome.die, outcome.turn_order) == (7, initiative + 7)
    assert outcome.breakdown.total == outcome.turn_order
    assert [term.source for term in outcome.breakdown.contributions] == ["P-SOC-11"] * 2


@pytest.mark.parametrize("modifier", [10, -5])
def test_the_gms_modifier_moves_the_turn_order(modifier: int) -> None:
    # P-SOC-11: "a tribal king's great hall might grant that GMC +10, while recently
    # maligned character gets -5"
    outcome = resolve("social_initiative", {"cha": 12, "int": 12, "modifier": modifier}, 1)
    assert outcome.turn_order == 12 + 1 + modifier
    assert outcome.breakdown.contributions[-1].amount == modifier


def test_the_turn_orders_odds_are_the_d10s() -> None:
    odds = REGISTRY.odds("percentile.social_initiative", {"cha": 10, "int": 11, "modifier": 2})
    assert odds.labels == tuple(f"turn order {12 + face}" for face in range(1, 11))
    assert set(odds.as_dict().values()) == {Fraction(1, 10)}


# -- P-SOC-07, P-SOC-08: target DP --------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "base"),
    [("reasonable", 15), ("debatable", 20), ("difficult", 25), ("impossible", 30)],
)
def test_the_base_target_dp_of_each_goal(goal: str, base: int) -> None:
    # P-SOC-07: Reasonable 15, Debatable 20, Difficult 25, Impossible 30
    outcome = resolve("target_dp", {"goal": goal})
    assert (outcome.base, outcome.target_dp) == (base, base)
    assert outcome.breakdown.contributions[0].source == "P-SOC-07"


def test_debatable_is_the_default_goal() -> None:
    # P-SOC-07: "This is the default encounter difficulty."
    assert resolve("target_dp", {}).target_dp == 20


@pytest.mark.parametrize(
    ("size", "change"),
    [("significantly_smaller", -5), ("comparable", 0), ("significantly_larger", 5)],
)
def test_party_size_changes_the_target_dp_by_five(size: str, change: int) -> None:
    # P-SOC-08: "a significantly smaller or larger party my grant -5 DP or incur +5 DP"
    outcome = resolve("target_dp", {"party_size": size})
    assert outcome.target_dp == 20 + change
    assert len(outcome.breakdown.contributions) == (1 if change == 0 else 2)


def test_recent_events_and_the_gms_final_say() -> None:
    # P-SOC-08: recent events "-5 or +5 or more"; "The gamemaster has the final say"
    outcome = resolve(
        "target_dp",
        {"goal": "difficult", "party_size": "significantly_larger", "recent_events": 10,
         "gm_adjustment": -3},
    )  # fmt: skip
    assert outcome.base == 25
    assert outcome.target_dp == 25 + 5 + 10 - 3
    labels = [term.label for term in outcome.breakdown.contributions]
    assert labels[2:] == ["recent events", "the GM's final say"]


# -- P-ARG-09, P-ARG-10, P-SOC-09: the length and the ending ------------------------------


@pytest.mark.parametrize(
    ("remaining", "result"),
    [(-7, "victory"), (0, "victory"), (1, "weak_victory"), (4, "weak_victory"), (5, "defeat"),
     (30, "defeat")],
)  # fmt: skip
def test_the_ending_bands(remaining: int, result: str) -> None:
    # P-ARG-09: Victory at 0 or less, Weak Victory 1 to 4, Defeat at 5 or more
    assert resolve("social_outcome", {"remaining_target_dp": remaining}).result == result


def test_the_encounter_lengths() -> None:
    # P-SOC-09: One Chance 1, Short 2, Average 3, Long 4
    assert [rounds_for(item) for item in ("one_chance", "short", "average", "long")] == [1, 2, 3, 4]


def test_the_gm_may_end_early_when_some_target_dp_is_zero_or_less() -> None:
    # P-ARG-10
    assert may_end_early([7, 0])
    assert may_end_early([-2])
    assert not may_end_early([1, 5])


# -- P-SOC-02 .. P-SOC-04: the time scale ------------------------------------------------


@pytest.mark.parametrize(
    ("specialization", "scale", "allowed_there"),
    [
        ("negotiation", "short", True),
        ("negotiation", "daily", True),
        ("intimidation", "short", True),
        ("intimidation", "medium", False),
        ("intimidation", "daily", False),
        ("fast_talk", "medium", True),
        ("fast_talk", "hourly", False),
        ("fast_talk", "daily", False),
        ("charm", "hourly", True),
        ("charm", "daily", False),
        ("Oratory", "daily", True),
    ],
)
def test_what_each_scale_lets_a_specialization_do(
    specialization: str, scale: Any, allowed_there: bool
) -> None:
    # P-SOC-03: Negotiation at all scales; Intimidation at Short, at Medium or longer
    # only from a position of force; Fast-Talk not at Hourly or longer; Charm not at Daily;
    # another ability is not restricted
    assert (refusal(specialization, scale) is None) is allowed_there


@pytest.mark.parametrize("scale", ["medium", "hourly", "daily"])
def test_intimidation_at_medium_or_longer_needs_a_position_of_force(scale: Any) -> None:
    # P-SOC-03
    assert refusal("intimidation", scale, position_of_force=True) is None
    reason = refusal("intimidation", scale)
    assert reason is not None
    assert "position of force" in reason


def test_the_round_of_each_scale() -> None:
    # P-SOC-02: Short about a minute, Medium a handful of minutes, Hourly one hour, Daily
    # four hours or more (G-P-23: only Hourly is exact; the GM's value replaces them)
    assert [round_seconds(scale) for scale in ("short", "medium", "hourly", "daily")] == [
        60,
        300,
        3600,
        14400,
    ]
    assert round_seconds("medium", 600) == 600


@pytest.mark.parametrize(
    ("seconds", "round_length", "rounds"),
    [
        (39, 60, 0),
        (40, 60, 1),
        (2399, 3600, 0),
        (2400, 3600, 1),
        (3600 + 2399, 3600, 1),
        (3600 + 2400, 3600, 2),
        (0, 60, 0),
    ],
)
def test_a_spell_counts_when_it_lasts_two_thirds_of_a_round(
    seconds: int, round_length: int, rounds: int
) -> None:
    # P-SOC-04: "at least two-thirds of the maximum round duration"; "Sufficiently long-
    # acting spells may be active for more than one round" (G-P-23: 40 minutes an hour)
    assert spell_rounds(seconds, round_length) == rounds


# -- P-SOC-15, P-SOC-16: Appeal for Time --------------------------------------------------


@pytest.mark.parametrize(
    ("face", "level", "change"),
    [(4, "critical", 2), (5, "critical", 2), (6, "success", 1), (50, "success", 1),
     (51, "failure", 0), (98, "failure", 0), (99, "fumble", -1)],
)  # fmt: skip
def test_appeal_for_time_by_its_level(face: int, level: str, change: int) -> None:
    # P-SOC-15: Critical +2 rounds, Success +1, Failure nothing, Fumble one less
    outcome = resolve("appeal_for_time", {"skill": 50, "rounds": 3}, face)
    assert outcome.level == level
    assert (outcome.rounds_change, outcome.rounds) == (change, 3 + change)


@pytest.mark.parametrize(("previous", "penalty"), [(0, 0), (1, -40), (2, -80), (3, -120)])
def test_each_appeal_is_at_a_cumulative_minus_40(previous: int, penalty: int) -> None:
    # P-SOC-16, G-P-18: the first is free, the k-th at -40% x (k - 1)
    outcome = resolve(
        "appeal_for_time",
        {"skill": 70, "modifier": 10, "previous_appeals": previous, "rounds": 2},
        1,
    )
    assert outcome.effective_skill == 80 + penalty
    assert appeal_penalty(previous) == penalty


def test_the_first_appeal_may_be_penalised_too() -> None:
    # G-P-18's alternative: appeal_penalty='every_use'
    outcome = resolve(
        "appeal_for_time",
        {"skill": 70, "rounds": 2, "options": {"appeal_penalty": "every_use"}},
        1,
    )
    assert outcome.effective_skill == 30


def test_a_fumbled_appeal_never_takes_the_encounter_below_one_round() -> None:
    outcome = resolve("appeal_for_time", {"skill": 40, "rounds": 1}, 100)
    assert (outcome.level, outcome.rounds, outcome.rounds_change) == ("fumble", 1, 0)
    assert rounds_after(4, Level.FUMBLE, floor=4) == 4  # the engine: not below the round


def test_appeal_odds_are_the_levels_new_lengths() -> None:
    odds = REGISTRY.odds("percentile.appeal_for_time", {"skill": 50, "rounds": 3})
    assert odds.as_dict() == {
        "5 rounds": Fraction(5, 100),
        "4 rounds": Fraction(45, 100),
        "3 rounds": Fraction(48, 100),
        "2 rounds": Fraction(2, 100),
    }


# -- P-SOC-20: Investigate -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "ok"), [("short", False), ("medium", False), ("hourly", True), ("daily", True)]
)
def test_investigate_needs_an_hourly_scale_or_longer(scale: str, ok: bool) -> None:
    # P-SOC-20: "This action is only available for hourly time scales or longer."
    data = {"skill": 60, "opposition": 50, "time_scale": scale}
    assert allowed(scale) is ok  # type: ignore[arg-type]
    if ok:
        resolve("investigate", data, 30, 80)
        return
    with pytest.raises(InvalidInputError, match="hourly time scales or longer") as caught:
        resolve("investigate", data, 30, 80)
    assert caught.value.field == "input.time_scale"


@pytest.mark.parametrize(
    ("faces", "level", "bonus", "damage", "penalty"),
    [
        ((3, 80), "critical", 60, "2d6", 0),  # P-SOC-20: +60% and +2D6
        ((40, 80), "success", 20, "1d6", 0),  # +20% and +1D6
        ((40, 45), "failure", 0, None, 0),  # the opposition's higher success wins
        ((70, 30), "failure", 0, None, 0),  # nothing found
        ((100, 30), "fumble", 0, None, -60),  # the party's next Argue at -60%
    ],
)
def test_investigations_levels_and_grants(
    faces: tuple[int, int], level: str, bonus: int, damage: str | None, penalty: int
) -> None:
    outcome = resolve(
        "investigate", {"skill": 60, "opposition": 50, "time_scale": "hourly"}, *faces
    )
    assert outcome.level == level
    assert outcome.argue_bonus_percent == bonus
    assert outcome.argue_bonus_damage == damage
    assert outcome.party_argue_penalty_percent == penalty


def test_the_opposition_wins_a_perfect_tie() -> None:
    # G-P-02: equal levels and rolls go to the status quo
    outcome = resolve("investigate", {"skill": 60, "opposition": 60, "time_scale": "daily"}, 40, 40)
    assert outcome.level == "failure"


# -- P-SOC-21, G-P-19: Provoke -------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "roll", "score", "result"),
    [
        (Level.SUCCESS, 40, 40, "choice"),  # a success equal to the trait score
        (Level.SUCCESS, 40, 39, "no_effect"),  # a success above it (G-P-19)
        (Level.FAILURE, 61, 60, "fool"),  # a failure above it: +1D6 to their target DP
        (Level.FAILURE, 61, 61, "no_effect"),  # a failure at or below it (G-P-19)
        (Level.CRITICAL, 2, 50, "choice"),
        (Level.FUMBLE, 100, 50, "fool"),
        (Level.SUCCESS, 10, None, "no_trait"),  # "If they do not have such a trait"
    ],
)
def test_provokes_four_cases(level: Level, roll: int, score: int | None, result: str) -> None:
    assert provoke_result(level, roll, score) == result


def test_provokes_odds_count_the_faces() -> None:
    # skill 50 against a trait of 30: choice on 01-30, fool on 51-100, nothing on 31-50
    odds = provoke_odds(50, 30)
    assert odds == {
        "choice": Fraction(30, 100),
        "fool": Fraction(50, 100),
        "no_effect": Fraction(20, 100),
    }
