"""Every worked example of rule document 003 (003_1ba9b18b6280b79b.txt), as a test.

Each test names the example and quotes the sentence it proves; the CATALOG ids it proves
are in its name or docstring. The Reaction and Complex Action examples belong to the
encounter engine's tests.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.rulesets.realtime import (
    CheckInput,
    CriticalInjuryInput,
    NegotiationInput,
    RestInput,
    RestLedger,
    TreatmentInput,
    check,
    critical_injury,
    negotiate,
    register_resolvers,
    rest,
    treatment,
)


def roller(*faces: int) -> FixedRoller:
    return FixedRoller(faces, strict=True)


# --- Test Resolution ---------------------------------------------------------------------


def test_aliena_acrobatics_14_rolls_9_succeeds_with_5_sp_r_test_01_02() -> None:
    """ "Aliena attempts an Acrobatics Test with a characteristic of 14. She rolls 9.
    S.P. = 14 – 9 = 5" (R-TEST-01, R-TEST-02)."""
    outcome = check(CheckInput(characteristic=14, characteristic_name="Acrobatics"), roller(9))
    assert (outcome.die, outcome.threshold, outcome.success) == (9, 14, True)
    assert (outcome.success_points, outcome.failure_points) == (5, None)
    assert not outcome.automatic


def test_balthazar_athletics_11_rolls_17_fails_with_6_fp_r_test_02() -> None:
    """ "Balthazar attempts an Athletics Test with a characteristic of 11. He rolls 17.
    F.P. = 11 – 17 = –6 [...] fails the Test with 6 F.P." (R-TEST-02)."""
    outcome = check(CheckInput(characteristic=11), roller(17))
    assert (outcome.success, outcome.success_points, outcome.failure_points) == (False, None, 6)
    assert outcome.result.difference == -6


def test_calliope_hidden_bonus_appears_failed_but_succeeds_r_test_03_04() -> None:
    """ "Calliope attempts a Psychology Test with a visible characteristic of 12, but
    secretly benefits from a +2 bonus. She rolls 13. The Test appears failed, but the real
    threshold is 14, making it a success with 1 S.P." (R-TEST-03, R-TEST-04)."""
    outcome = check(CheckInput(characteristic=12, hidden_modifier=2), roller(13))
    assert (outcome.threshold, outcome.success, outcome.success_points) == (14, True, 1)
    assert (outcome.apparent_threshold, outcome.apparent_success) == (12, False)
    assert outcome.apparent_failure_points == 1
    assert outcome.misleading

    view = outcome.player_view()
    assert (view.threshold, view.success, view.failure_points) == (12, False, 1)
    assert view.breakdown.total == 12
    shown = view.model_dump(mode="json")
    assert "hidden_modifier" not in str(shown)
    assert 2 not in [term["amount"] for term in shown["breakdown"]["contributions"]]
    assert 14 not in shown.values()


def test_demilio_perception_23_rolls_12_succeeds_automatically_with_11_sp_r_test_05() -> None:
    """ "Demilio has a Perception characteristic of 23. He rolls 12. S.P. = 23 – 12 = 11.
    The Test is automatically successful" (R-TEST-05)."""
    outcome = check(CheckInput(characteristic=23), roller(12))
    assert (outcome.automatic, outcome.success, outcome.success_points) == (True, True, 11)


# --- Price Negotiation -------------------------------------------------------------------


def psychology_for(success_points: int, die: int = 10) -> int:
    """The Psychology that gives ``success_points`` on ``die``."""
    return die + success_points


def test_aliena_asks_george_20_percent_gets_6_sp_partial_6_percent_r_nego_01_03_05() -> None:
    """ "She asks for a 20% reduction (X = 20). [...] obtains 6 S.P. [...] X/4 = 5, X/2 = 10
    [...] partial success. The price is reduced by 6%." (R-NEGO-01, R-NEGO-03, R-NEGO-05)."""
    request = NegotiationInput(
        direction="buy",
        requested_percent=Decimal(20),
        characteristic=psychology_for(6),
        base_price=Decimal(100),
        item="magic dagger",
    )
    outcome = negotiate(request, roller(10))
    assert (outcome.quarter_threshold, outcome.half_threshold) == (5, 10)
    assert (outcome.success_points, outcome.result) == (6, "partial")
    assert (outcome.applied_percent, outcome.price_change) == (6, "decrease")
    assert outcome.final_price == Decimal(94)


def test_balthazar_asks_12_percent_markup_gets_7_sp_full_12_percent_r_nego_04_05() -> None:
    """ "Balthazar wants to sell rare materials to George and asks for a 12% markup (X = 12).
    He rolls and achieves 7 S.P. [...] X/4 = 3, X/2 = 6 [...] full success. The selling price
    increases by 12%." (R-NEGO-04, R-NEGO-05)."""
    request = NegotiationInput(
        direction="sell",
        requested_percent=12,
        characteristic=psychology_for(7),
        base_price="250",
    )
    outcome = negotiate(request, roller(10))
    assert (outcome.quarter_threshold, outcome.half_threshold) == (3, 6)
    assert (outcome.result, outcome.applied_percent, outcome.price_change) == (
        "full",
        12,
        "increase",
    )
    assert outcome.final_price == Decimal(280)


def test_calliope_asks_15_percent_gets_2_sp_unchanged_r_nego_02() -> None:
    """ "Calliope tries to negotiate a 15% reduction on potions. She rolls and obtains 2 S.P.
    [...] X/4 = 3.75, X/2 = 7.5. Since S.P. < 3.75, the negotiation fails. The price remains
    unchanged." (R-NEGO-02)."""
    request = NegotiationInput(
        direction="buy", requested_percent=15, characteristic=psychology_for(2), base_price=40
    )
    outcome = negotiate(request, roller(10))
    assert (outcome.quarter_threshold, outcome.half_threshold) == (Decimal("3.75"), Decimal("7.5"))
    assert (outcome.result, outcome.applied_percent, outcome.price_change) == (
        "unchanged",
        0,
        "none",
    )
    assert outcome.final_price == 40


@pytest.mark.parametrize(
    ("success_points", "result", "applied"),
    [(3, "unchanged", 0), (4, "partial", 4), (7, "partial", 7), (8, "full", 15)],
)
def test_calliope_thresholds_fall_between_integers_r_nego_01(
    success_points: int, result: str, applied: int
) -> None:
    """ "Because S.P. is always an integer, fractional thresholds naturally fall between
    integer values": with X = 15, 3 S.P. < 3.75 fails, 4 is partial, 8 >= 7.5 is full
    (R-NEGO-01 .. R-NEGO-04)."""
    request = NegotiationInput(
        direction="buy", requested_percent=15, characteristic=psychology_for(success_points)
    )
    outcome = negotiate(request, roller(10))
    assert (outcome.result, outcome.applied_percent) == (result, applied)


# --- Rest --------------------------------------------------------------------------------


def test_forest_rest_scores_15_for_8_hours_r_rest_03_to_07_09() -> None:
    """Example 1 — Forest Rest: "Fresh stream water → Thirst = 6; Satiating but bland food →
    Hunger = 4; Each sleeps 6 hours → Sleep = 4; Each uses a hammock and removes armor →
    Comfort = 1. Rest Score = 6 + 4 + 4 + 1 = 15. Regeneration is based on 8 hours and a
    Score of 15." (R-REST-03 .. R-REST-07, R-REST-09)."""
    outcome = rest(
        RestInput(
            hours=8, drank_enough=True, food="satiating", hours_slept=6, comfort=1, armor_worn=False
        ),
        roller(),
    )
    assert (outcome.thirst, outcome.hunger, outcome.sleep, outcome.comfort) == (6, 4, 4, 1)
    assert outcome.score == 15
    assert outcome.breakdown.total == 15
    assert (outcome.hours_counted, outcome.regeneration) == (8, 15 * 8)


def test_cave_rest_interrupted_is_two_rests_scoring_13_then_12_r_rest_10() -> None:
    """Example 2 — Interrupted Rest: a 3-hour segment "Rest Score = 13" (water +6, food +6,
    sleeps 2 hours +0, bedroll +1), then, the bedroll lost, a 5-hour segment "Rest Score =
    12". "Calliope therefore completes two independent Rest periods, each with its own
    Score and regeneration." (R-REST-10, R-REST-06, ruling G-R-13 on sleep per segment)."""
    first = RestInput(
        hours=3, drank_enough=True, food="quality", hours_slept=2, comfort=1, armor_worn=False
    )
    second = first.model_copy(update={"hours": 5, "hours_slept": 3, "comfort": 0})
    ledger = RestLedger()
    ledger, before = ledger.take_rest(0, first)
    ledger, after = ledger.take_rest(4 * 3600, second)  # the relocation took an hour
    assert (before.score, before.hours_counted, before.regeneration) == (13, 3, 39)
    assert (after.score, after.hours_counted, after.regeneration) == (12, 5, 60)
    assert rest(first, roller()) == before


# --- Critical injuries -------------------------------------------------------------------


def test_example_1_quick_stabilization_total_45_is_broken_r_crit_02_04() -> None:
    """Example 1 — "falls to −3 HP and remains unconscious for 5 seconds [...] roll = 1d100 +
    8. If the total roll = 45 → Broken." (R-CRIT-01, R-CRIT-02, R-CRIT-04)."""
    request = CriticalInjuryInput(n_wounds=0, seconds_negative=5, negative_hp=3)
    outcome = critical_injury(request, roller(37))
    assert (outcome.modifier, outcome.die, outcome.total) == (8, 37, 45)
    assert (outcome.injury, outcome.test_modifier, outcome.dead) == ("Broken", 0, False)


def test_example_2_late_healing_total_150_is_bleeding_r_crit_02_06() -> None:
    """Example 2 — "at −6 HP for 40 seconds, with 1 existing critical injury [...] roll =
    1d100 + 92. If the total roll = 150 → Bleeding." (R-CRIT-01, R-CRIT-02, R-CRIT-06)."""
    request = CriticalInjuryInput(n_wounds=1, seconds_negative=40, negative_hp=6)
    outcome = critical_injury(request, roller(58))
    assert (outcome.modifier, outcome.total, outcome.injury) == (92, 150, "Bleeding")
    assert outcome.test_modifier == -10


def test_example_3_automatic_death_after_175_seconds_without_a_roll_r_life_03() -> None:
    """Example 3 — "After 175 seconds at negative HP, the creature dies automatically,
    without any roll." (R-LIFE-03, ruling G-R-05): no die is asked for."""
    empty = roller()
    outcome = critical_injury(
        CriticalInjuryInput(n_wounds=0, seconds_negative=175, negative_hp=1), empty
    )
    assert (outcome.dead, outcome.automatic_death, outcome.die, outcome.total) == (
        True,
        True,
        None,
        None,
    )
    assert outcome.injury is None
    assert empty.history == []
    empty.finish()


def test_example_4_a_roll_of_119_is_left_arm_amputation_at_minus_10_r_crit_06() -> None:
    """Example 4 — "A roll of 119 results in: Amputated (Left Arm), Test penalty: −10"
    (R-CRIT-06)."""
    outcome = critical_injury(
        CriticalInjuryInput(n_wounds=0, seconds_negative=10, negative_hp=9), roller(100)
    )
    assert (outcome.total, outcome.injury, outcome.test_modifier) == (
        119,
        "Amputated (Left Arm)",
        -10,
    )


def test_example_5_light_treatment_of_weak_is_cunning_plus_2_minus_5_r_treat_01() -> None:
    """Example 5 — "A creature suffers Weak (−5 penalty). Light Treatment: 1 minute,
    Cunning +2 −5; Symptoms removed; Injury remains for n_wounds" (R-TREAT-01, R-CRIT-05)."""
    request = TreatmentInput(kind="light", cunning=12, injury="Weak")
    outcome = treatment(request, roller(9))
    assert [term.amount for term in outcome.check.breakdown.contributions] == [12, 2, -5]
    assert (outcome.check.threshold, outcome.duration_seconds) == (9, 60)
    assert (outcome.symptoms_removed, outcome.injury_removed) == (True, False)
    assert outcome.counts_toward_n_wounds


def test_example_5_full_treatment_of_weak_is_cunning_minus_5_r_treat_03() -> None:
    """Example 5 — "Full Treatment: 1 hour, Cunning −5; Injury is permanently removed"
    (R-TREAT-03)."""
    request = TreatmentInput(kind="full", cunning=12, injury="Weak")
    outcome = treatment(request, roller(7))
    assert [term.amount for term in outcome.check.breakdown.contributions] == [12, -5]
    assert (outcome.check.threshold, outcome.duration_seconds) == (7, 3600)
    assert (outcome.symptoms_removed, outcome.injury_removed) == (True, True)
    assert not outcome.counts_toward_n_wounds


# --- Through the registry, as the CLI runs them ------------------------------------------


@pytest.mark.parametrize(
    ("name", "raw", "faces", "expected"),
    [
        ("realtime.check", {"characteristic": 14}, [9], {"success_points": 5}),
        (
            "realtime.critical_injury",
            {"n_wounds": 1, "seconds_negative": 40, "negative_hp": 6},
            [58],
            {"total": 150, "injury": "Bleeding"},
        ),
        (
            "realtime.negotiate",
            {"direction": "buy", "requested_percent": "15", "characteristic": 12},
            [10],
            {"result": "unchanged", "quarter_threshold": "3.75"},
        ),
        (
            "realtime.rest_simple",
            {"quality": "adequate", "hours": 8},
            [],
            {"score": 15, "regeneration": 120},
        ),
    ],
)
def test_the_examples_read_well_as_json_through_the_registry(
    name: str, raw: dict[str, object], faces: list[int], expected: dict[str, object]
) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    data = registry.resolve(name, raw, FixedRoller(faces, strict=True)).to_dict()
    assert data["dice"] == faces
    assert {key: data[key] for key in expected} == expected
