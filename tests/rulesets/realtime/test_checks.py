"""The d20 roll-under check (document 003, Test Resolution): R-TEST-01 .. R-TEST-07."""

from __future__ import annotations

import doctest
import importlib
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import DiceSupplyError, InvalidInputError
from tablekeeper.rulesets.realtime import (
    Breakdown,
    CheckInput,
    Contribution,
    check,
    check_odds,
    register_resolvers,
    resolve_test,
    success_chance,
    threshold_odds,
)

thresholds = st.integers(min_value=-30, max_value=50)
faces = st.integers(min_value=1, max_value=20)


@given(thresholds, faces)
def test_sp_and_fp_are_the_difference_characteristic_minus_die_r_test_01_02(
    threshold: int, die: int
) -> None:
    """ "S.P. / F.P. = Characteristic – Die Result"; success iff die <= characteristic;
    zero is a success with 0 S.P. (R-TEST-01, R-TEST-02)."""
    result = resolve_test(threshold, die)
    assert result.success is (die <= threshold)
    if result.success:
        assert result.success_points == threshold - die >= 0
        assert result.failure_points is None
    else:
        assert result.failure_points == die - threshold > 0
        assert result.success_points is None
    assert result.difference == threshold - die


def test_a_result_equal_to_the_characteristic_succeeds_with_0_sp_r_test_02() -> None:
    """ "Even if the result equals the characteristic, the action succeeds but generates
    0 S.P." (R-TEST-02)."""
    result = resolve_test(12, 12)
    assert (result.success, result.success_points, result.label) == (True, 0, "0 S.P.")


@given(st.integers(min_value=21, max_value=60), faces)
def test_above_20_succeeds_automatically_and_the_die_sets_sp_r_test_05(
    threshold: int, die: int
) -> None:
    """ "The creature automatically succeeds on the Test. The roll still determines the
    number of S.P." (R-TEST-05)."""
    result = resolve_test(threshold, die)
    assert result.automatic
    assert result.success
    assert result.success_points == threshold - die


def test_a_penalty_brings_a_high_characteristic_back_to_where_failure_is_possible_r_test_05() -> (
    None
):
    """ "Penalties may still reduce the characteristic to a point where failure becomes
    possible again." (R-TEST-05, R-TEST-03: modifiers apply to the characteristic)."""
    outcome = check(CheckInput(characteristic=23, modifier=-5), FixedRoller([19]))
    assert (outcome.threshold, outcome.automatic, outcome.success) == (18, False, False)
    assert outcome.failure_points == 1


@pytest.mark.parametrize("threshold", [0, -3])
def test_a_threshold_of_zero_or_less_always_fails_with_no_natural_results_g_r_11(
    threshold: int,
) -> None:
    """Ruling G-R-11: no natural 1 or 20; a characteristic <= 0 always fails, F.P. =
    die - characteristic."""
    assert success_chance(threshold) == 0
    result = resolve_test(threshold, 1)
    assert (result.success, result.failure_points) == (False, 1 - threshold)
    assert resolve_test(19, 20).failure_points == 1  # a 20 is no automatic failure
    assert success_chance(20) == 1


def test_resolve_test_refuses_a_face_no_d20_shows() -> None:
    for face in (0, 21):
        with pytest.raises(ValueError, match="d20"):
            resolve_test(10, face)


def test_the_threshold_breakdown_names_each_rule_r_test_03_04() -> None:
    """The threshold explains itself: characteristic (R-TEST-01), modifier (R-TEST-03),
    hidden modifier (R-TEST-04, marked hidden)."""
    request = CheckInput(
        characteristic=12, modifier=-1, hidden_modifier=2, characteristic_name="Psychology"
    )
    breakdown = request.threshold_breakdown()
    assert breakdown == Breakdown.of(
        Contribution(amount=12, label="Psychology", source="R-TEST-01"),
        Contribution(amount=-1, label="modifier", source="R-TEST-03"),
        Contribution(amount=2, label="hidden modifier", source="R-TEST-04", hidden=True),
    )
    assert (breakdown.total, breakdown.visible().total, breakdown.has_hidden) == (13, 11, True)
    assert CheckInput(characteristic=9).threshold_breakdown().contributions == (
        Contribution(amount=9, label="characteristic", source="R-TEST-01"),
    )


@given(st.integers(-20, 40), st.integers(-10, 10), st.integers(-10, 10), faces)
def test_the_player_view_never_holds_the_hidden_modifier_r_test_04(
    characteristic: int, modifier: int, hidden: int, die: int
) -> None:
    """Players are not always informed of the modifiers (R-TEST-04): the player view is the
    check without the hidden modifier, and the GM outcome holds both results."""
    outcome = check(
        CheckInput(characteristic=characteristic, modifier=modifier, hidden_modifier=hidden),
        FixedRoller([die]),
    )
    view = outcome.player_view()
    without = check(
        CheckInput(characteristic=characteristic, modifier=modifier), FixedRoller([die])
    )
    assert view.model_dump() == without.player_view().model_dump()
    assert view.threshold == outcome.apparent_threshold == characteristic + modifier
    assert view.success == outcome.apparent_success
    assert not any(term.hidden for term in view.breakdown.contributions)
    assert outcome.result == resolve_test(characteristic + modifier + hidden, die)
    assert outcome.misleading is (outcome.success != view.success)


@given(thresholds)
def test_the_odds_equal_brute_force_enumeration_and_sum_to_1(threshold: int) -> None:
    """The exact odds, from the 20 faces through resolve_test, against a plain oracle."""
    odds = threshold_odds(threshold)
    oracle: Counter[str] = Counter()
    for die in range(1, 21):
        difference = threshold - die
        oracle[f"{difference} S.P." if difference >= 0 else f"{-difference} F.P."] += 1
    assert odds.as_dict() == {label: Fraction(n, 20) for label, n in oracle.items()}
    assert sum(odds.as_dict().values()) == 1
    assert success_chance(threshold) == Fraction(min(max(threshold, 0), 20), 20)


def test_the_odds_list_labels_best_first_and_use_the_real_threshold() -> None:
    request = CheckInput(characteristic=12, hidden_modifier=2)
    odds = check_odds(request)
    assert odds.labels[:3] == ("13 S.P.", "12 S.P.", "11 S.P.")
    assert odds.labels[-1] == "6 F.P."
    assert check_odds(request.apparent()).labels[-1] == "8 F.P."


def test_the_odds_match_a_seeded_monte_carlo_run() -> None:
    """The exact chance of success against the frequency over 20,000 seeded checks."""
    roller = RandomRoller(seed=3)
    request = CheckInput(characteristic=13)
    wins = sum(check(request, roller).success for _ in range(20_000))
    assert abs(Fraction(wins, 20_000) - success_chance(13)) < Fraction(2, 100)


def test_a_check_rolls_exactly_one_d20() -> None:
    roller = FixedRoller([9, 4])
    check(CheckInput(characteristic=14), roller)
    assert roller.remaining == [4]
    assert [str(rolled.die) for rolled in roller.history] == ["d20"]
    with pytest.raises(DiceSupplyError):
        check(CheckInput(characteristic=14), FixedRoller([21]))


def test_failure_points_are_exposed_for_reactions_and_consequences_r_test_06_07() -> None:
    """S.P. and F.P. are what abilities consume and what reactions read (R-TEST-06,
    R-TEST-07); their uses are per ability (G-R-10): the outcome carries both numbers."""
    failed = check(CheckInput(characteristic=5), FixedRoller([18]))
    assert (failed.failure_points, failed.result.label) == (13, "13 F.P.")


def test_input_errors_name_the_field() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError, match=r"^input\.characteristic: "):
        registry.resolve("realtime.check", {"characteristic": "high"}, FixedRoller([1]))
    with pytest.raises(InvalidInputError, match=r"input\.surprise: no such field"):
        registry.resolve("realtime.check", {"characteristic": 3, "surprise": 1}, FixedRoller([1]))
    assert registry.odds("realtime.check", {"characteristic": 14})["5 S.P."] == Fraction(1, 20)


@pytest.mark.parametrize(
    "name",
    [
        f"tablekeeper.rulesets.realtime.{module}"
        for module in ("checks", "injuries", "negotiation", "rest", "treatment")
    ],
)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
