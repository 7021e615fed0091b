"""Exact odds: one definition, two interpreters. The counted distributions equal a
brute-force enumeration through the very resolvers that roll, and a seeded Monte Carlo."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.rulesets.tactical.attack import (
    AttackInput,
    attack,
    attack_odds,
    label,
    scoring,
    yield_dice,
)
from tablekeeper.rulesets.tactical.tally import Tally, marginal
from tablekeeper.rulesets.tactical.utility import (
    UtilityInput,
    utility,
    utility_dice,
    utility_odds,
)

ATTACKS: list[dict[str, Any]] = [
    {
        "yield_dice": "2d6",
        "delivery": "melee",
        "yield_track": "poise",
        "brawn": 2,
        "cunning": 3,
        "armor": 3,
    },
    {
        "yield_dice": "1d8 + 1d4",
        "delivery": "ranged",
        "yield_track": "focus",
        "cunning": 2,
        "armor": 1,
        "boons": 1,
    },
    {
        "yield_dice": "3d4",
        "delivery": "blast",
        "yield_track": "momentum",
        "cunning": 2,
        "tags": ["fire"],
        "target": {"resistant": ["fire"]},
    },
    {
        "yield_dice": "2d6",
        "delivery": "thrown",
        "yield_track": "poise",
        "brawn": 1,
        "cunning": 4,
        "options": {"critical_counting": "as_well"},
        "boons": 1,
    },
]


def _brute_attack(check: AttackInput) -> dict[str, Fraction]:
    dice = yield_dice(check)
    counts: Counter[str] = Counter()
    for faces in itertools.product(*(die.faces for die in dice)):
        outcome = attack(check, FixedRoller(list(faces)))
        counts[
            label(
                Tally(
                    total=0,
                    successes=0,
                    damage_before_armor=0,
                    damage=outcome.damage,
                    cunning_effects=outcome.cunning_effects,
                    critical_effects=outcome.critical_effects,
                )
            )
        ] += 1
    total = sum(counts.values())
    return {key: Fraction(value, total) for key, value in counts.items()}


@pytest.mark.parametrize("raw", ATTACKS)
def test_attack_odds_equal_brute_force_through_the_resolver(raw: dict[str, Any]) -> None:
    check = AttackInput.model_validate(raw)
    assert attack_odds(check).as_dict() == _brute_attack(check)


def test_attack_odds_when_the_target_defends() -> None:
    check = AttackInput.model_validate(ATTACKS[0] | {"defense": "dodge"})
    assert attack_odds(check).as_dict() == {"damage 0, cunning 0, critical 0": Fraction(1)}


@pytest.mark.parametrize(
    "raw",
    [
        {"cunning": 4},
        {"cunning": 6, "boons": 1},
        {"cunning": 3, "banes": 1},
        {"cunning": 8, "banes": 2},
    ],
)
def test_utility_odds_equal_brute_force(raw: dict[str, Any]) -> None:
    check = UtilityInput.model_validate(raw)
    counts: Counter[str] = Counter()
    for faces in itertools.product(*(die.faces for die in utility_dice(check))):
        outcome = utility(check, FixedRoller(list(faces)))
        counts[f"cunning {outcome.cunning_effects}, critical {outcome.critical_effects}"] += 1
    total = sum(counts.values())
    assert utility_odds(check).as_dict() == {k: Fraction(v, total) for k, v in counts.items()}


def test_the_damage_marginal_is_a_dice_engine_distribution() -> None:
    """Damage after armor, floor 0 (G-S-07): 2d6 + 2 brawn - 5 armor is 0 when 2d6 <= 3."""
    check = AttackInput.model_validate(ATTACKS[0] | {"armor": 5})
    damage = marginal(yield_dice(check), scoring(check), "damage")
    assert damage.low == 0
    assert damage.probability(0) == Fraction(3, 36)
    assert damage.high == 12 + 2 - 5
    assert damage.mean == sum(
        (Fraction(max(0, a + b + 2 - 5), 36) for a in range(1, 7) for b in range(1, 7)),
        Fraction(0),
    )
    effects = marginal(yield_dice(check), scoring(check), "cunning_effects")
    assert effects.probability(2) == Fraction(9, 36)  # both dice <= 3


def test_seeded_monte_carlo_agrees_with_the_exact_odds() -> None:
    check = AttackInput.model_validate(ATTACKS[1])
    exact = attack_odds(check).as_dict()
    roller = RandomRoller(2026)
    runs = 6000
    seen: Counter[str] = Counter()
    for _ in range(runs):
        outcome = attack(check, roller)
        seen[
            f"damage {outcome.damage}, cunning {outcome.cunning_effects}, "
            f"critical {outcome.critical_effects}"
        ] += 1
    for key, chance in exact.items():
        assert abs(seen[key] / runs - float(chance)) < 0.03, key
