"""``tactical.attack``: threat or yield, the tags' defenses, boons and banes, damage."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.attack import AttackInput, attack
from tablekeeper.rulesets.tactical.resolvers import register_resolvers


def _registry() -> ResolverRegistry:
    registry = ResolverRegistry()
    register_resolvers(registry)
    return registry


def check(**fields: Any) -> AttackInput:
    base: dict[str, Any] = {
        "yield_dice": "2d6",
        "delivery": "melee",
        "yield_track": "poise",
        "brawn": 2,
        "cunning": 3,
        "agility": 2,
        "base_threat": 1,
        "armor": 1,
    }
    return AttackInput.model_validate(base | fields)


def test_a_melee_yield_adds_brawn_and_armor_reduces_it() -> None:
    """S-TGT-06, S-TGT-09: dice + brawn for melee, less the target's armor."""
    outcome = attack(check(), FixedRoller([4, 5]))
    assert outcome.dice == (4, 5)
    assert outcome.damage_before_armor == 4 + 5 + 2
    assert outcome.damage == 4 + 5 + 2 - 1
    assert outcome.threat == 3  # S-TGT-05
    sources = [c.source for c in outcome.breakdown["damage"].contributions]
    assert sources == ["S-TGT-06", "S-TGT-09", "G-S-07"]


def test_a_thrown_attack_adds_brawn() -> None:
    """S-TAG-06: if a thrown skill is an attack, add your brawn to the yield damage."""
    assert attack(check(delivery="thrown"), FixedRoller([1, 1])).damage_before_armor == 4


@pytest.mark.parametrize("delivery", ["ranged", "line", "blast"])
def test_other_deliveries_add_no_brawn(delivery: str) -> None:
    assert attack(check(delivery=delivery), FixedRoller([1, 1])).damage_before_armor == 2


def test_damage_never_below_zero() -> None:
    """G-S-07: armor above the damage leaves 0, not a negative number."""
    outcome = attack(check(delivery="ranged", armor=5), FixedRoller([1, 2]))
    assert (outcome.damage_before_armor, outcome.damage) == (3, 0)
    assert attack(check(delivery="ranged", armor=3), FixedRoller([1, 2])).damage == 0
    assert attack(check(delivery="ranged", armor=2), FixedRoller([1, 2])).damage == 1


def test_yield_dice_earn_cunning_effects() -> None:
    """S-TGT-07: each yield die at or below the cunning earns a cunning effect."""
    outcome = attack(check(cunning=3), FixedRoller([3, 4]))
    assert (outcome.cunning_effects, outcome.critical_effects) == (1, 0)


def test_three_successes_make_one_critical() -> None:
    """S-CUN-03 / G-S-06 on the yield: 3 dice at or below cunning give 2 cunning, 1 critical."""
    outcome = attack(check(yield_dice="3d6", cunning=3), FixedRoller([1, 2, 3]))
    assert (outcome.cunning_effects, outcome.critical_effects) == (2, 1)


def test_a_defense_rolls_nothing_and_names_its_pool() -> None:
    """S-TGT-04, G-S-03: the target takes the threat instead of the yield: no dice."""
    for defense, track in (("block", "momentum"), ("dodge", "poise"), ("predict", "focus")):
        outcome = attack(check(defense=defense), FixedRoller([]))
        assert outcome.dice == ()
        assert outcome.damage == 0
        assert outcome.cunning_effects == 0
        assert outcome.defense_track == track


@pytest.mark.parametrize(
    ("tag", "forbidden"),
    [("unblockable", "block"), ("undodgeable", "dodge"), ("unpredictable", "predict")],
)
def test_a_tag_forbids_one_defense(tag: str, forbidden: str) -> None:
    """S-TAG-07, S-TAG-08, S-TAG-09: the target must choose among the other three."""
    outcome = attack(check(tags=[tag]), FixedRoller([1, 1]))
    assert forbidden not in outcome.allowed_defenses
    assert len(outcome.allowed_defenses) == 3
    assert "yield" in outcome.allowed_defenses
    with pytest.raises(InvalidInputError, match="defense") as error:
        attack(check(tags=[tag], defense=forbidden), FixedRoller([]))
    assert error.value.field == "defense"


@pytest.mark.parametrize("tag", ["unblockable", "undodgeable", "unpredictable"])
def test_a_minion_must_yield_to_those_tags(tag: str) -> None:
    """S-TAG-07..09: a minion must yield to an unblockable, undodgeable or unpredictable attack."""
    minion = {"minion": True}
    assert attack(check(tags=[tag], target=minion), FixedRoller([1, 1])).allowed_defenses == (
        "yield",
    )
    with pytest.raises(InvalidInputError, match="minion must yield"):
        attack(check(tags=[tag], target=minion, defense="dodge"), FixedRoller([]))


def test_a_minion_may_defend_other_attacks() -> None:
    outcome = attack(
        check(tags=["slashing"], target={"minion": True}, defense="block"), FixedRoller([])
    )
    assert outcome.defense == "block"


def test_vulnerability_is_a_boon_per_distinct_tag() -> None:
    """S-TAG-22: each tag vulnerable to adds a boon (a yield die); the same tag twice, one."""
    target = {"vulnerable": ["fire", "fire", "slashing"]}
    outcome = attack(
        check(tags=["fire", "slashing", "fire"], target=target), FixedRoller([1, 1, 1, 1])
    )
    assert outcome.boons == 2
    assert len(outcome.dice) == 4


def test_resistance_is_a_bane_per_distinct_tag() -> None:
    """S-TAG-23: each tag resistant to removes a yield die."""
    outcome = attack(check(tags=["ice"], target={"resistant": ["ice"]}), FixedRoller([6]))
    assert outcome.banes == 1
    assert outcome.dice == (6,)


def test_vulnerable_and_resistant_cancel() -> None:
    """G-S-10: a boon and a bane cancel one for one."""
    target = {"vulnerable": ["fire"], "resistant": ["blunt"]}
    outcome = attack(check(tags=["fire", "blunt"], target=target), FixedRoller([2, 2]))
    assert (outcome.boons, outcome.banes, len(outcome.dice)) == (1, 1, 2)


def test_attacks_that_are_not_actions_ignore_vulnerability_and_resistance() -> None:
    """S-TAG-22, S-TAG-23: attacks that aren't actions are unaffected."""
    target = {"vulnerable": ["fire"], "resistant": ["ice"]}
    outcome = attack(check(tags=["fire"], target=target, is_action=False), FixedRoller([1, 1]))
    assert (outcome.boons, outcome.banes) == (0, 0)


def test_immunity_zeroes_the_threat_but_not_the_yield() -> None:
    """S-TAG-25: the threat is 0 (the target may ignore it); the GM gains doom."""
    outcome = attack(
        check(tags=["fire"], target={"immune": ["fire"]}, defense="block"), FixedRoller([])
    )
    assert (outcome.threat, outcome.immune, outcome.doom) == (0, True, 1)


def test_cunning_options_come_from_the_tags_and_interrupting_is_always_one() -> None:
    """S-CUN-02, S-CONC-03: several tags offer all their options; interrupting always."""
    outcome = attack(check(tags=["slashing", "fire"]), FixedRoller([1, 1]))
    ids = [option.id for option in outcome.cunning_options]
    assert ids == [
        "slashing.poise_and_move",
        "slashing.unbalanced",
        "fire.burning",
        "fire.blinded",
        "interrupt",
    ]
    assert [o.id for o in attack(check(tags=[]), FixedRoller([1, 1])).cunning_options] == [
        "interrupt"
    ]


def test_the_registered_resolver_records_every_die_and_refuses_by_field() -> None:
    registry = _registry()
    raw = check().model_dump(mode="json")
    resolution = registry.resolve("tactical.attack", raw, FixedRoller([6, 6]))
    assert resolution.faces == (6, 6)
    assert resolution.to_dict()["damage"] == 13
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("tactical.attack", {**raw, "delivery": "sling"}, FixedRoller([]))
    assert error.value.field == "input.delivery"


def test_the_effects_explain_themselves() -> None:
    """Every number has its breakdown: each die at or below the cunning, and from the
    third success the critical ones (S-CUN-01, S-CUN-03)."""
    outcome = attack(check(yield_dice="4d6", cunning=3), FixedRoller([1, 3, 2, 6]))
    cunning = outcome.breakdown["cunning_effects"]
    assert [c.label for c in cunning.contributions] == [
        "1 <= cunning 3",
        "3 <= cunning 3",
        "2 <= cunning 3",
        "after the second: critical instead",
    ]
    assert cunning.total == outcome.cunning_effects == 2
    assert outcome.breakdown["critical_effects"].total == outcome.critical_effects == 1
