"""``fractal.check``: a pool of stat dice against a TN, the scene inside it, and its exact
odds (document 000, F-CORE-03, F-CORE-05, F-CORE-06, 6.5; rulings G-F-01, G-F-04)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.fractal import CheckInput, check, check_odds, register_resolvers
from tablekeeper.rulesets.fractal.checks import plan_check


def roll(faces: list[int], **fields: Any) -> Any:
    return check(CheckInput.model_validate(fields), FixedRoller(faces, strict=True))


def registry() -> ResolverRegistry:
    found = ResolverRegistry()
    register_resolvers(found)
    return found


@pytest.mark.parametrize(("face", "success"), [(3, 0), (4, 1), (5, 1)])
def test_a_die_at_or_above_the_tn_is_a_success_f_core_03_g_f_01(face: int, success: int) -> None:
    # F-CORE-03: "Roll Body or Meditation against TN 4"; G-F-01: a face of the TN or more.
    outcome = roll([face], die=6, dice=1, tn=4)
    assert (outcome.successes, outcome.success_level, outcome.dice) == (success, success, (face,))


def test_above_tn_option_counts_only_faces_above_g_f_01() -> None:
    options = {"success_rule": "above_tn"}
    assert roll([4], die=6, dice=1, options=options).successes == 0
    assert roll([5], die=6, dice=1, options=options).successes == 1


def test_the_dice_are_the_stat_dies_size_and_one_per_ap_g_f_01() -> None:
    outcome = roll([8, 1, 4, 7, 2], die=8, dice=5)
    assert (outcome.dice_rolled, outcome.successes) == (5, 3)
    with pytest.raises(Exception, match="valid"):
        CheckInput.model_validate({"die": 5, "dice": 1})


def test_circumstance_dice_change_the_pool_without_going_below_zero_f_core_06() -> None:
    # F-CORE-06: circumstance modifiers are dice (+1 die / -S dice) or TN shifts.
    assert roll([4, 4, 4], die=6, dice=2, circumstance_dice=1).dice_rolled == 3
    assert roll([4], die=6, dice=2, circumstance_dice=-1).dice_rolled == 1
    none = roll([], die=6, dice=2, circumstance_dice=-3)
    assert (none.dice_rolled, none.successes, none.dice) == (0, 0, ())
    assert none.dice_breakdown.total == 0
    assert none.dice_breakdown.contributions[-1].source == "G-F-01"
    shifted = roll([4, 5], die=6, dice=2, tn_modifier=1)  # "a Circumstance penalty of TN + 1"
    assert (shifted.tn, shifted.successes) == (5, 1)


def test_the_defense_subtracts_its_successes_f_core_05_g_f_04() -> None:
    # F-CORE-05: a reactive defense subtracts its successes; G-F-04: never below 0.
    outcome = roll([6, 6, 5, 1], die=6, dice=4, defense_successes=2)
    assert (outcome.successes, outcome.success_level, outcome.margin) == (3, 1, 1)
    assert roll([6], die=6, dice=1, defense_successes=3).success_level == 0
    armored = roll([6, 6, 6, 6], die=6, dice=4, defense_successes=1, armor=2)
    assert armored.success_level == 1
    assert [c.source for c in armored.loss_breakdown.contributions] == ["F-CORE-05", "G-F-04"]


def test_margin_beyond_the_first_option_g_f_04() -> None:
    outcome = roll([6, 6, 6], die=6, dice=3, options={"margin": "beyond_first"})
    assert (outcome.success_level, outcome.margin) == (3, 2)


def test_obscured_takes_dice_from_visual_and_ranged_once_and_helps_hiding_f_scene_03() -> None:
    smoke = [{"element": "obscured", "severity": 2}]
    assert roll([1] * 2, die=6, dice=4, stat="visual", scene_elements=smoke).dice_rolled == 2
    assert (
        roll([1] * 2, die=6, dice=4, stat="body", ranged=True, scene_elements=smoke).dice_rolled
        == 2
    )
    # One penalty for a visual ranged roll, not two.
    assert (
        roll([1] * 2, die=6, dice=4, stat="visual", ranged=True, scene_elements=smoke).dice_rolled
        == 2
    )
    assert roll([1] * 4, die=6, dice=4, stat="body", scene_elements=smoke).dice_rolled == 4
    hiding = roll(
        [1] * 6, die=6, dice=4, stat="body", purpose="remain_unnoticed", scene_elements=smoke
    )
    assert hiding.dice_rolled == 6
    assert {c.source for c in hiding.dice_breakdown.contributions} == {"G-F-01", "F-SCENE-03"}


def test_blinding_subtracts_from_proactive_actions_only_f_scene_04() -> None:
    # F-SCENE-04: Blinding [S] takes S from a Proactive action's successes, never below 0.
    glare = [{"element": "blinding", "severity": 3}]
    proactive = roll([6, 6, 6, 6], die=6, dice=4, action_type="proactive", scene_elements=glare)
    assert (proactive.successes, proactive.success_level) == (4, 1)
    reactive = roll([6, 6, 6, 6], die=6, dice=4, action_type="reactive", scene_elements=glare)
    assert reactive.success_level == 4
    floor = roll([6, 6], die=6, dice=2, action_type="proactive", scene_elements=glare)
    assert floor.success_level == 0


def test_deafening_raises_auditory_tns_at_micro_and_nano_alike_f_scene_01_f_scene_06() -> None:
    # F-SCENE-06: Deafening [S] raises Auditory TNs by S.
    # F-SCENE-01: "If you are fighting a Nano duel in a Deafening [3] environment, your
    # Auditory TNs are still increased by 3."
    noise = [{"element": "deafening", "severity": 3}]
    outcome = roll([6, 7, 8], die=8, dice=3, stat="auditory", scene_elements=noise)
    assert (outcome.tn, outcome.successes) == (7, 2)
    assert roll([6], die=8, dice=1, stat="visual", scene_elements=noise).tn == 4


@pytest.mark.parametrize(("severity", "allowed"), [(2, True), (3, False), (4, False)])
def test_deafening_3_forbids_speaking_f_scene_07(severity: int, allowed: bool) -> None:
    # F-SCENE-07: speaking is refused at Deafening 3 and 4, allowed at 2.
    noise = [{"element": "deafening", "severity": severity}]
    fields = {"die": 6, "dice": 1, "speaking": True, "scene_elements": noise}
    if allowed:
        assert roll([4], **fields).successes == 1
        return
    with pytest.raises(
        IllegalCommandError, match=r"Deafening \[\d\] forbids skills that involve speaking"
    ):
        roll([4], **fields)
    with pytest.raises(IllegalCommandError, match="speaking"):
        registry().resolve("fractal.check", fields, FixedRoller([4]))


def test_resonant_adds_dice_to_auditory_rolls_f_scene_09() -> None:
    # F-SCENE-09: Resonant [S] adds S dice to Auditory rolls only.
    echo = [{"element": "resonant", "severity": 2}]
    assert roll([1] * 3, die=6, dice=1, stat="auditory", scene_elements=echo).dice_rolled == 3
    assert roll([1], die=6, dice=1, stat="words", scene_elements=echo).dice_rolled == 1


def test_aromatic_helps_cooking_and_social_and_distracts_logic_f_scene_11() -> None:
    # F-SCENE-11: +S dice to Cooking or Social checks, -S dice to Logic checks.
    scent = [{"element": "aromatic", "severity": 2}]
    assert (
        roll(
            [1] * 5, die=6, dice=3, stat="nature", tree="cooking", scene_elements=scent
        ).dice_rolled
        == 5
    )
    assert (
        roll([1] * 5, die=6, dice=3, stat="words", tree="social", scene_elements=scent).dice_rolled
        == 5
    )
    assert (
        roll([1], die=6, dice=3, stat="logic", tree="magic", scene_elements=scent).dice_rolled == 1
    )
    # A Cooking check on Logic: both effects (+2, -2).
    assert (
        roll([1] * 3, die=6, dice=3, stat="logic", tree="cooking", scene_elements=scent).dice_rolled
        == 3
    )


def test_focused_cancels_the_largest_circumstance_penalty_f_gtab_ment_07() -> None:
    # F-GTAB-MENT-07: Focused [1] cancels one Circumstance penalty.
    fields: dict[str, Any] = {
        "die": 6,
        "dice": 4,
        "stat": "visual",
        "scene_elements": [{"element": "obscured", "severity": 3}],
        "modifiers": [{"label": "Vertigo", "source": "F-GTAB-MENT-02", "dice": -1}],
    }
    assert roll([1], **fields).dice_rolled == 0
    assert roll([1] * 3, **fields, cancel_penalties=1).dice_rolled == 3


def test_every_face_is_recorded_and_the_breakdowns_add_up() -> None:
    resolution = registry().resolve(
        "fractal.check",
        {
            "die": 10,
            "dice": 3,
            "tn": 6,
            "stat": "visual",
            "scene_elements": [{"element": "obscured", "severity": 1}],
        },
        FixedRoller([9, 2]),
    )
    assert resolution.faces == (9, 2)
    outcome = resolution.outcome
    assert outcome.dice_breakdown.total == outcome.dice_rolled == 2
    assert outcome.tn_breakdown.total == outcome.tn == 6


def test_bad_input_names_the_field() -> None:
    with pytest.raises(InvalidInputError, match=r"input\.die"):
        registry().resolve("fractal.check", {"die": 7, "dice": 1}, FixedRoller([1]))
    with pytest.raises(InvalidInputError, match=r"input\.scene_elements\.0\.severity"):
        registry().resolve(
            "fractal.check",
            {"die": 6, "dice": 1, "scene_elements": [{"element": "obscured", "severity": 5}]},
            FixedRoller([1]),
        )


def test_exact_odds_equal_every_face_rolled_through_the_resolver() -> None:
    """Brute force: every face of 3d6 rolled through the check itself."""
    fields = {
        "die": 6,
        "dice": 3,
        "tn": 4,
        "defense_successes": 1,
        "action_type": "proactive",
        "scene_elements": [{"element": "blinding", "severity": 1}],
    }
    counted: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=3):
        counted[roll(list(faces), **fields).success_level] += 1
    exact = check_odds(CheckInput.model_validate(fields)).as_dict()
    assert exact == {str(level): Fraction(n, 216) for level, n in sorted(counted.items())}


@settings(max_examples=15, deadline=None)
@given(
    die=st.sampled_from([4, 6, 8, 10, 12]),
    dice=st.integers(0, 8),
    tn=st.integers(1, 13),
    defense=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_exact_odds_equal_a_seeded_monte_carlo(
    die: int, dice: int, tn: int, defense: int, seed: int
) -> None:
    request = CheckInput(die=die, dice=dice, tn=tn, defense_successes=defense)  # type: ignore[arg-type]
    exact = check_odds(request).as_dict()
    roller = RandomRoller(seed)
    runs = 1500
    seen = Counter(check(request, roller).success_level for _ in range(runs))
    for label, chance in exact.items():
        assert abs(seen[int(label)] / runs - float(chance)) < 0.06
    assert set(map(str, seen)) <= set(exact)


def test_the_plan_is_shared_by_roll_and_odds() -> None:
    request = CheckInput(die=8, dice=4, tn=5, circumstance_dice=-1)
    plan = plan_check(request)
    assert plan.dice_rolled == 3
    assert sum(check_odds(request).as_dict().values()) == 1
