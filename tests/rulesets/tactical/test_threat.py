"""Threat: base threat plus agility; immunity to any tag makes it 0 and gives doom."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.rulesets.tactical.resolvers import register_resolvers
from tablekeeper.rulesets.tactical.threat import ThreatInput, total_threat


@pytest.mark.parametrize(
    ("base", "agility", "expected"), [(0, 0, 0), (1, 0, 1), (2, 3, 5), (0, 4, 4)]
)
def test_threat_is_base_threat_plus_agility(base: int, agility: int, expected: int) -> None:
    """S-TGT-05: you add your agility to the attack's base threat."""
    outcome = total_threat(ThreatInput(base_threat=base, agility=agility))
    assert outcome.threat == expected
    assert [c.source for c in outcome.breakdown.contributions] == ["S-TGT-05", "S-TGT-05"]
    assert not outcome.immune
    assert outcome.doom == 0


def test_immunity_to_one_tag_is_enough() -> None:
    """S-TAG-25: immune to one of the tags, not all: the threat is 0 and the GM gains a
    point of doom."""
    outcome = total_threat(
        ThreatInput(base_threat=2, agility=3, tags=("fire", "blunt"), target_immune_tags=("blunt",))
    )
    assert outcome.threat == 0
    assert outcome.immune
    assert outcome.immune_to == ("blunt",)
    assert outcome.doom == 1
    assert outcome.breakdown.total == 0


def test_immunity_to_a_tag_the_attack_lacks_changes_nothing() -> None:
    outcome = total_threat(
        ThreatInput(base_threat=2, agility=1, tags=("fire",), target_immune_tags=("ice",))
    )
    assert (outcome.threat, outcome.doom) == (3, 0)


def test_the_resolver_is_registered_and_rolls_nothing() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    assert registry.names() == (
        "tactical.attack",
        "tactical.targets",
        "tactical.threat",
        "tactical.utility",
    )
    roller = FixedRoller([])
    resolution = registry.resolve(
        "tactical.threat",
        {"base_threat": 1, "agility": 2, "tags": ["ice"], "target_immune_tags": ["ice"]},
        roller,
    )
    assert resolution.to_dict()["threat"] == 0
    assert resolution.to_dict()["doom"] == 1
    assert resolution.faces == ()
