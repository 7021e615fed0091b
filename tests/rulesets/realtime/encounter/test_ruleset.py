"""The ``realtime`` ruleset object and its catalogue of actions and reactions."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import EncounterEngine, Ruleset, RulesetRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime.encounter import default_catalogue, load_catalogue
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.resolvers import REALTIME_RESOLVERS
from tablekeeper.rulesets.realtime.ruleset import REALTIME, new_encounter

RESOLVERS = {item.name for item in REALTIME_RESOLVERS}


def test_the_ruleset_has_the_surface_of_a_plugin() -> None:
    assert isinstance(REALTIME, Ruleset)
    assert isinstance(REALTIME.engine, EncounterEngine)
    assert REALTIME.name == "realtime"
    assert REALTIME.Options is RealtimeOptions
    assert RealtimeOptions().ap_per_second == 1


def test_the_entry_point_loads_it_and_registers_every_realtime_resolver() -> None:
    registry = RulesetRegistry()
    assert registry.load("realtime") is REALTIME
    assert set(registry.resolvers.names()) == RESOLVERS
    assert {"realtime.check", "realtime.critical_injury", "realtime.treatment"} <= RESOLVERS
    resolution = registry.resolver("realtime.critical_injury").resolve(
        {"n_wounds": 0, "seconds_negative": 5, "negative_hp": 3}, FixedRoller([37])
    )
    assert resolution.outcome.injury == "Broken"  # Example 1


def test_a_new_encounter_carries_its_options_and_catalogue() -> None:
    state = new_encounter(RealtimeOptions(ap_per_second=2))
    assert (state.second, state.creatures, state.options.ap_per_second) == (1, {}, 2)
    assert state.catalogue == default_catalogue()


def test_the_catalogue_holds_the_documents_reactions_and_provisional_entries() -> None:
    catalogue = default_catalogue()
    oa = catalogue.reactions["opportunity_attack"]
    assert (oa.name, oa.cooldown, oa.triggers) == (
        "Opportunity Attack",
        8,
        ("leaves_reach", "complex_action_completed"),
    )
    assert catalogue.reactions_for("leaves_reach") == ("opportunity_attack",)
    provisional = {
        "movement": catalogue.movement.provisional,
        "support": catalogue.support.provisional,
        "opportunity_attack": oa.provisional,
        **{key: entry.provisional for key, entry in catalogue.actions.items()},
    }
    assert all(provisional.values()), provisional
    assert catalogue.movement.cost(3) == 3
    assert catalogue.support.cost == 2


def test_house_rules_are_laid_over_the_packaged_catalogue() -> None:
    house = load_catalogue({"reactions": {"opportunity_attack": {"cooldown": 6}}})
    assert house.reactions["opportunity_attack"].cooldown == 6
    assert house.reactions["opportunity_attack"].name == "Opportunity Attack"
    assert default_catalogue().reactions["opportunity_attack"].cooldown == 8


@pytest.mark.parametrize(
    ("house", "field"),
    [
        ({"reactions": {"opportunity_attack": {"cooldown": -1}}}, "house_rules.reactions"),
        ({"support": {"cost": 0}}, "house_rules.support.cost"),
        ({"triggers": {"leaves_reach": None}}, "house_rules.triggers.leaves_reach"),
    ],
)
def test_bad_house_rules_name_the_field(house: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        load_catalogue(house)
    assert caught.value.field is not None
    assert caught.value.field.startswith(field)
