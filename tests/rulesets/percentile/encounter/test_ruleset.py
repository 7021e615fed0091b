"""The ``percentile`` ruleset object: its surface, the entry point, its resolvers."""

from __future__ import annotations

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import EncounterEngine, Ruleset, RulesetRegistry
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.resolvers import PERCENTILE_RESOLVERS
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter


def test_the_ruleset_has_the_surface_of_a_plugin() -> None:
    assert isinstance(PERCENTILE, Ruleset)
    assert isinstance(PERCENTILE.engine, EncounterEngine)
    assert PERCENTILE.name == "percentile"
    assert PERCENTILE.Options is PercentileOptions


def test_the_entry_point_loads_it_and_registers_every_percentile_resolver() -> None:
    registry = RulesetRegistry()
    assert registry.load("percentile") is PERCENTILE
    names = set(registry.resolvers.names())
    assert names == {item.name for item in PERCENTILE_RESOLVERS}
    assert {"percentile.check", "percentile.opposed", "percentile.attack"} <= names
    resolution = registry.resolver("percentile.check").resolve({"skill": 45}, FixedRoller([5]))
    assert resolution.outcome.level == "critical"


def test_a_new_encounter_carries_its_options_and_is_not_started() -> None:
    state = new_encounter(PercentileOptions(melee_fatigue=False))
    assert state.clock is None
    assert state.round == 0
    assert not state.options.melee_fatigue
    assert PERCENTILE.engine.legal_commands(state, "gm") == ()  # type: ignore[arg-type]
