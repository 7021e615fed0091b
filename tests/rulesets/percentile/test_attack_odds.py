"""The attack's exact odds: the same step functions as the rolled attack, checked against
a brute-force enumeration of every sequence of dice (STYLE.md, lessons 2 and 11)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.rulesets.percentile import (
    AttackInput,
    Level,
    attack_odds,
    register_resolvers,
    resolve_attack,
)

from .attack_cases import attack_input, block, dodge, parry
from .helpers import BOW, enumerate_outcomes

KNIFE: dict[str, Any] = {"name": "knife", "damage": "1d3", "type": "slashing", "hp": 4}
PICK: dict[str, Any] = {
    "name": "pick",
    "damage": "1d2",
    "type": "piercing",
    "impaling": True,
    "hp": 6,
}


def brute(request: AttackInput) -> dict[str, Fraction]:
    return enumerate_outcomes(lambda roller: resolve_attack(request, roller), lambda o: o.label)


def exact(request: AttackInput) -> dict[str, Fraction]:
    return {label: p for label, p in attack_odds(request).outcomes.as_dict().items() if p}


def test_a_hand_computed_case() -> None:
    """Skill 50, a constant 3 damage, slashing, no armor: criticals (01-05) deal 3 + 3,
    successes 06-50 deal 3, 51-98 miss, 99-100 fumble."""
    request = attack_input(
        {"skill": 50, "weapon": KNIFE | {"damage": "3"}, "damage_bonus": None},
        {"armor": {}},
    )
    odds = attack_odds(request)
    assert odds.outcomes.as_dict() == {
        "fumble": Fraction(2, 100),
        "miss": Fraction(48, 100),
        "3 damage": Fraction(45, 100),
        "6 damage": Fraction(5, 100),
    }
    assert odds.hit == Fraction(1, 2)
    assert odds.damage.mean == Fraction(45 * 3 + 5 * 6, 100)
    assert odds.attack_levels[Level.CRITICAL] == Fraction(5, 100)


@pytest.mark.parametrize(
    "request_",
    [
        pytest.param(
            attack_input({"skill": 40, "weapon": KNIFE, "damage_bonus": None}), id="undefended"
        ),
        pytest.param(
            attack_input({"skill": 15, "weapon": KNIFE, "damage_bonus": "1d2"}, dodge(60)),
            id="dodge",
        ),
        pytest.param(
            attack_input({"skill": 12, "weapon": KNIFE, "damage_bonus": None}, parry(45)),
            id="parry with devastating defense",
        ),
        pytest.param(
            attack_input({"skill": 12, "weapon": KNIFE, "damage_bonus": None}, block(45)),
            id="block",
        ),
        pytest.param(
            attack_input({"skill": 20, "weapon": PICK, "damage_bonus": None}, {"armor": {}}),
            id="critical impales",
        ),
        pytest.param(
            attack_input(
                {"skill": 10, "weapon": KNIFE, "damage_bonus": None},
                {"armor": {"physical": 2, "locations": {"head": {}, "chest": {"physical": 3}}}},
                options={"hit_locations": True},
            ),
            id="hit locations",
        ),
        pytest.param(
            attack_input({"skill": 12, "weapon": KNIFE, "intent": "disarm"}, parry(45)),
            id="disarm",
        ),
        pytest.param(
            attack_input(
                {
                    "skill": 60,
                    "weapon": BOW,
                    "damage_bonus": None,
                    "firing_into_melee": {"avoid": 2, "people": 3},
                    "critical_choice": "precise",
                },
                {"armor": {"physical": 3}},
            ),
            id="firing into melee, precise blows",
        ),
        pytest.param(
            attack_input(
                {"skill": 12, "weapon": KNIFE, "damage_bonus": None, "change_distance": "closer"},
                dodge(30),
                melee_distance="medium",
            ),
            id="distance change",
        ),
    ],
)
def test_exact_odds_equal_brute_force_enumeration(request_: AttackInput) -> None:
    odds = attack_odds(request_)
    assert sum(odds.outcomes.as_dict().values()) == 1
    assert exact(request_) == brute(request_)


def test_every_option_that_changes_damage_changes_the_odds_alike() -> None:
    base: dict[str, Any] = {"skill": 12, "weapon": KNIFE, "damage_bonus": None}
    for options in ({"dodge_halving": "down"}, {"opposed_tie": "none"}):
        request = attack_input(base, dodge(30), options=options)
        assert exact(request) == brute(request)


weapons = st.sampled_from([KNIFE, PICK, KNIFE | {"type": "crushing"}, BOW])
defenses = st.sampled_from(["none", "dodge", "parry", "block"])


@st.composite
def attacks(draw: st.DrawFn) -> AttackInput:
    weapon = draw(weapons)
    defense = draw(defenses)
    if weapon is BOW and defense == "parry":
        defense = "block"
    defender: dict[str, Any] = {"defense": defense, "skill": draw(st.integers(0, 120))}
    if defense == "parry":
        defender["weapon"] = PICK
    if defense == "block":
        defender["shield"] = {"hp": draw(st.integers(0, 8)), "damage": "1d2"}
    defender["armor"] = {
        "physical": draw(st.integers(0, 3)),
        "magical": draw(st.integers(0, 2)),
        "locations": {"head": {"physical": draw(st.integers(0, 3))}},
    }
    attacker = {
        "skill": draw(st.integers(0, 150)),
        "weapon": weapon,
        "damage_bonus": draw(st.sampled_from([None, "1d2", "-1d2"])),
        "critical_choice": draw(st.sampled_from(["devastating", "precise"])),
        "find_weak_spot": draw(st.booleans()),
        "intent": draw(st.sampled_from(["damage", "damage", "bash", "disarm"])),
    }
    options = {
        "hit_locations": draw(st.booleans()),
        "parry_absorbs": draw(st.sampled_from(["half", "full"])),
    }
    return AttackInput.model_validate(
        {"attacker": attacker, "defender": defender, "options": options}
    )


@settings(max_examples=60, deadline=None)
@given(attacks(), st.integers(min_value=0, max_value=2**32))
def test_every_rolled_outcome_has_positive_exact_odds(request: AttackInput, seed: int) -> None:
    odds = attack_odds(request)
    assert sum(odds.outcomes.as_dict().values()) == 1
    assert odds.damage.low >= 0
    for offset in range(5):
        outcome = resolve_attack(request, RandomRoller(seed + offset))
        assert odds.outcomes[outcome.label] > 0
        assert outcome.damage_dealt >= 0
        if outcome.damage is not None:
            assert outcome.damage.dealt <= outcome.damage.rolled


def test_the_resolver_serializes_to_readable_json_with_its_dice() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    raw = attack_input(defender=parry()).model_dump(mode="json")
    resolution = registry.resolve("percentile.attack", raw, RandomRoller(3))
    data = resolution.to_dict()
    assert data["dice"] == list(resolution.faces)
    assert data["attack_level"] in {"critical", "success", "failure", "fumble"}
    replay = registry.resolve(
        "percentile.attack",
        raw,
        FixedRoller(resolution.faces, strict=True),
    )
    assert replay.outcome == resolution.outcome
    odds = registry.odds("percentile.attack", raw)
    assert sum(odds.as_dict().values()) == 1
