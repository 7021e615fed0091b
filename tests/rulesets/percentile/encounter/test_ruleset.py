"""The ``percentile`` ruleset object: its surface, the entry point, its resolvers."""

from __future__ import annotations

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import EncounterEngine, Ruleset, RulesetRegistry
from tablekeeper.rulesets.percentile.encounter import start
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.resolvers import PERCENTILE_RESOLVERS
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter

from .helpers import add, table


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


def test_a_scene_that_turns_to_combat_starts_a_combat_encounter_p_enc_02() -> None:
    """P-ENC-02 [gm]: encounters may be combined, e.g. a social encounter that degenerates
    into combat. The engine plays the combat part: the GM opens a combat encounter at
    that moment, each combatant bringing the Determination Points it has left."""
    session, dice = table()
    add(session, "aldric", "party", determination_points=6)
    add(session, "brenna", "foes")
    dice.feed(9, 2)
    session.submit(start())
    assert PERCENTILE.summary.startswith("d100 roll-under combat")
    assert session.state.round == 1
    assert session.state.combatant("aldric").determination_points == 6


def test_combat_tricks_are_a_switch_recorded_but_not_modelled_p_opt_15() -> None:
    """P-OPT-15 [gm]: "Combat tricks may be used as a reaction at any point during a round.
    See the Combat Tricks chapter" (missing, G-P-08): the option is on by default and only
    recorded; no command plays a trick, so the GM rules them."""
    field = PercentileOptions.model_fields["combat_tricks"]
    assert PercentileOptions().combat_tricks is True
    assert field.description is not None
    assert "record-only" in field.description
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    dice.feed(9, 2)
    session.submit(start())
    commands = PERCENTILE.engine.legal_commands(session.state, "aldric")
    assert not [kind for kind in map(str, commands) if "trick" in kind]
