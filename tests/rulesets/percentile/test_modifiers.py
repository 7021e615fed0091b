"""Every modifier the document states, as a number with its source (document 001)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.percentile import MeleeDistance, Reach, Situation
from tablekeeper.rulesets.percentile import modifiers as mod


def total(terms: tuple[Contribution, ...]) -> int:
    return sum(term.amount for term in terms)


def sources(terms: tuple[Contribution, ...]) -> set[str]:
    return {term.source for term in terms}


def test_aim_20_twice_40_not_a_third_time_p_act_02() -> None:
    """ "Gain a +20% bonus [...] may choose the Aim action twice in a row, which grants
    cumulative benefits. These benefits do not stack a third time." """
    assert [total(mod.aim(times)) for times in (0, 1, 2, 3)] == [0, 20, 40, 40]
    assert sources(mod.aim(2)) == {"P-ACT-02"}


def test_split_action_two_attacks_at_60_three_dodges_at_120_p_opt_07() -> None:
    """ "rolling two melee attacks in one action causes both rolls to be at -60%. Trying to
    dodge three incoming attacks with one "Defend" action means that each Dodge roll is at
    -120%." """
    assert total(mod.split_action(1)) == 0
    assert total(mod.split_action(2)) == -60
    assert total(mod.split_action(3)) == -120
    assert sources(mod.split_action(3)) == {"P-OPT-07"}
    with pytest.raises(ValueError, match="at least one attempt"):
        mod.split_action(0)


def test_find_weak_spot_is_minus_60_p_opt_08() -> None:
    assert (total(mod.find_weak_spot()), sources(mod.find_weak_spot())) == (-60, {"P-OPT-08"})


@pytest.mark.parametrize(
    ("location", "penalty"),
    [
        ("chest", -40),
        ("abdomen", -40),
        ("head", -60),
        ("left arm", -60),
        ("right leg", -60),
    ],
)
def test_called_shot_chest_or_abdomen_40_head_or_limbs_60_p_opt_09(
    location: str, penalty: int
) -> None:
    terms = mod.called_shot(location)
    assert (total(terms), sources(terms)) == (penalty, {"P-OPT-09"})


@pytest.mark.parametrize(
    ("avoid", "people", "penalty"),
    [
        (1, 2, -40),  # "at an enemy [...] engaged in melee with an ally is at -40%"
        (1, 3, -20),  # "If the ally is fighting two enemies [...] at -20%"
        (1, 4, -20),
        (2, 6, -20),  # exactly a third
        (2, 5, -40),
        (2, 3, -40),  # exactly two thirds
        (3, 4, -60),  # more than two thirds
        (5, 6, -60),
        (0, 3, 0),
    ],
)
def test_firing_into_melee_tiers_p_opt_20(avoid: int, people: int, penalty: int) -> None:
    """ "Less than or equal to a third: -20% / More than a third and less than or equal to
    two-thirds: -40% / More than a two-thirds: -60%" over everyone in the melee (G-P-24)."""
    terms = mod.firing_into_melee(avoid, people)
    assert total(terms) == penalty
    assert sources(terms) <= {"P-OPT-20"}


def test_firing_into_melee_needs_a_target_left() -> None:
    with pytest.raises(InvalidInputError, match="firing_into_melee"):
        mod.firing_into_melee(2, 2)


def test_defending_before_ones_first_turn_is_minus_20_p_act_07() -> None:
    terms = mod.defending_before_first_turn()
    assert (total(terms), sources(terms)) == (-20, {"P-ACT-07"})


def test_retreat_20_and_dive_dodge_40_p_opt_17_18() -> None:
    assert (total(mod.retreat()), sources(mod.retreat())) == (20, {"P-OPT-17"})
    assert (total(mod.dive_dodge()), sources(mod.dive_dodge())) == (40, {"P-OPT-18"})


@pytest.mark.parametrize(
    ("defender", "attacker", "penalty"),
    [(13, 13, 0), (13, 32, 0), (13, 33, -20), (13, 52, -20), (13, 53, -40), (60, 13, 0)],
)
def test_siz_differences_20_per_20_points_p_opt_22(
    defender: int, attacker: int, penalty: int
) -> None:
    """ "For every 20 points of SIZ difference between melee opponents, the smaller one gets
    a cumulative -20% penalty to all defense rolls." """
    terms = mod.siz_difference(defender, attacker)
    assert total(terms) == penalty
    assert sources(terms) <= {"P-OPT-22"}


def test_reach_initiative_modifiers_p_opt_10() -> None:
    """Short -5, Medium 0, Long +5, Very Long +10."""
    assert [total(mod.reach_initiative(reach)) for reach in REACHES] == [-5, 0, 5, 10]


REACHES: tuple[Reach, ...] = ("short", "medium", "long", "very_long")
UNUSABLE = None
DISTANCE_TABLE: dict[MeleeDistance, tuple[int | None, ...]] = {
    # distance: (short, medium, long, very long)
    "contact": (20, UNUSABLE, UNUSABLE, UNUSABLE),
    "short": (0, -20, UNUSABLE, UNUSABLE),
    "medium": (-20, 0, 0, 0),
    "long": (UNUSABLE, 0, 0, 0),
    "very_long": (UNUSABLE, -20, 0, 0),
}


@pytest.mark.parametrize("distance", list(DISTANCE_TABLE))
def test_melee_distance_skill_modifiers_p_opt_11(distance: MeleeDistance) -> None:
    """The Melee Distance table, cell by cell; unlisted combinations are 0 (G-P-25)."""
    for reach, expected in zip(REACHES, DISTANCE_TABLE[distance], strict=True):
        assert mod.usable_at(reach, distance) is (expected is not None)
        if expected is None:
            with pytest.raises(IllegalCommandError, match="cannot be used"):
                mod.melee_distance(reach, distance)
        else:
            terms = mod.melee_distance(reach, distance)
            assert total(terms) == expected
            assert sources(terms) <= {"P-OPT-11"}


def test_melee_fatigue_from_the_fourth_round_p_opt_19() -> None:
    """ "Starting with the fourth round of combat, characters engaged in melee take 1 point
    of damage as a new "fatigue" injury every round." """
    assert [total(mod.melee_fatigue(n, engaged=True)) for n in (1, 2, 3, 4, 5)] == [0, 0, 0, 1, 1]
    assert mod.melee_fatigue(6, engaged=False) == ()
    assert sources(mod.melee_fatigue(4, engaged=True)) == {"P-OPT-19"}


def test_grapple_penalties_p_act_14_p_act_16() -> None:
    """-40% while grappled, except to escape (P-ACT-14); each Tighten Grapple -20%, escape
    included (P-ACT-16, G-P-15)."""
    assert total(mod.grappled()) == -40
    assert total(mod.grappled(2)) == -80
    assert total(mod.grappled(2, escaping=True)) == -40
    assert total(mod.grappled(escaping=True)) == 0
    assert sources(mod.grappled(1)) == {"P-ACT-14", "P-ACT-16"}


def test_stuck_weapon_penalties_p_opt_03_04_05() -> None:
    assert total(mod.impaled(2)) == -40  # -20% per weapon stuck (P-OPT-04)
    assert total(mod.holding_stuck_weapon()) == -40  # P-OPT-05
    assert total(mod.pulling_out()) == -40  # "roll the attack skill again at -40%" (P-OPT-03)


def test_other_stated_modifiers() -> None:
    """Leaving melee by Move: -20% per enemy after the first (P-ACT-20); a second Rally
    -40% (P-ACT-22); the closest specialization -40% (P-ATK-02); fumble 08's +20%."""
    assert [total(mod.moving_out_of_melee(n)) for n in (1, 2, 3)] == [0, -20, -40]
    assert total(mod.another_rally()) == -40
    assert total(mod.closest_specialization()) == -40
    assert sources(mod.closest_specialization()) == {"P-ATK-02"}
    assert total(mod.distracted_target()) == 20


@pytest.mark.parametrize(
    ("situation", "amount"),
    [
        ({"kind": "unsuspecting_target"}, 40),
        ({"kind": "from_behind"}, 20),
        ({"kind": "prone"}, -40),
        ({"kind": "target_prone"}, 40),
        ({"kind": "bad_terrain"}, -20),
        ({"kind": "very_difficult_terrain"}, -40),
        ({"kind": "low_lighting", "amount": -20}, -20),
        ({"kind": "low_lighting", "amount": -100}, -100),
        ({"kind": "target_behind_cover", "amount": -60}, -60),
        ({"kind": "other", "amount": 15, "label": "high ground"}, 15),
    ],
)
def test_the_modifiers_list_p_mod_01(situation: dict[str, object], amount: int) -> None:
    terms = mod.situational(Situation.model_validate(situation))
    assert total(terms) == amount
    assert sources(terms) == {"P-MOD-01"}


@pytest.mark.parametrize(
    ("situation", "message"),
    [
        ({"kind": "low_lighting"}, "give an amount from -20% to -100%"),
        ({"kind": "low_lighting", "amount": -120}, "not -120%"),
        ({"kind": "target_behind_cover", "amount": -10}, "from -20% to -60%"),
        ({"kind": "from_behind", "amount": 40}, r"\+20%, not \+40%"),
        ({"kind": "other"}, "needs an amount"),
        ({"kind": "sunlight"}, "kind"),
    ],
)
def test_amounts_outside_the_document_are_refused(
    situation: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        Situation.model_validate(situation)


def test_an_unsuspecting_target_may_be_an_automatic_success() -> None:
    situation = Situation(kind="unsuspecting_target_automatic")
    assert situation.automatic_success
    assert mod.situational(situation) == ()
