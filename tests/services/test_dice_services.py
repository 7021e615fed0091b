"""The dice use cases every interface shares."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.errors import DiceSupplyError
from tablekeeper.services import dice, resolvers


def test_the_roller_asked_for_is_built() -> None:
    assert isinstance(dice.make_roller(dice=[1, 2]), FixedRoller)
    assert isinstance(dice.make_roller(seed=4), RandomRoller)
    assert isinstance(dice.make_roller(), RandomRoller)


def test_table_dice_must_all_be_used() -> None:
    assert dice.roll_expression("2d6", dice=[3, 4]).total == 7
    with pytest.raises(DiceSupplyError, match="left over"):
        dice.roll_expression("2d6", dice=[3, 4, 5])


def test_odds_come_with_the_canonical_expression() -> None:
    canonical, distribution = dice.odds_with_expression("4d6k3")
    assert canonical == "4d6kh3"
    assert distribution.outcomes[0] == 3
    assert distribution.outcomes[-1] == 18


def test_resolvers_are_listed_with_the_dice_checks_and_every_ruleset() -> None:
    names = [info.name for info in resolvers.list_resolvers()]
    assert names == sorted(names)
    assert "dice.opposed_pool" in names
    assert "realtime.critical_injury" in names


def test_every_resolver_gives_an_example_it_resolves_and_gives_the_odds_of() -> None:
    """The lab's sweep and its form start from a resolver's example: it must be valid as
    it stands, roll, and (with exact odds) have them, for every installed ruleset."""
    for info in resolvers.list_resolvers():
        assert info.example is not None, info.name
        rolled = resolvers.resolve(info.name, info.example, seed=1)
        assert rolled.outcome is not None
        if info.has_odds:
            assert sum(resolvers.resolver_odds(info.name, info.example).as_dict().values()) == 1


def test_resolving_through_the_service_records_the_dice() -> None:
    resolution = resolvers.resolve("realtime.check", {"characteristic": 14}, dice=[9])
    assert resolution.to_dict()["success_points"] == 5
    assert resolution.faces == (9,)
