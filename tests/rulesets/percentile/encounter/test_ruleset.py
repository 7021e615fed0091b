"""The ``percentile`` ruleset object: its surface, the entry point, its resolvers."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from pydantic import ValidationError

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import EncounterEngine, Ruleset, RulesetRegistry
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.engine.rulesets import ActorIdentity
from tablekeeper.rulesets.percentile.encounter import CombatantSpec, PercentileState, order, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.options import ENCOUNTER_RULINGS, PercentileOptions
from tablekeeper.rulesets.percentile.resolvers import PERCENTILE_RESOLVERS
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE, new_encounter

from .helpers import add, stats, table


def test_the_ruleset_has_the_surface_of_a_plugin() -> None:
    assert isinstance(PERCENTILE, Ruleset)
    assert isinstance(PERCENTILE.engine, EncounterEngine)
    assert PERCENTILE.name == "percentile"
    assert PERCENTILE.document == "001_1e80cd24de9ae1d7.txt"
    assert PERCENTILE.Options is PercentileOptions
    assert PERCENTILE.State is PercentileState
    assert PERCENTILE.Actor is CombatantSpec
    assert PERCENTILE.console_panel == "panel.html"
    panel = files(PERCENTILE.package) / "console" / PERCENTILE.console_panel
    assert panel.is_file()
    assert isinstance(PERCENTILE.policy(), DefaultPolicy)


def test_every_option_names_its_ruling() -> None:
    # the engine's rulings moved from EncounterSettings; each keeps its gap id
    for name, field in PercentileOptions.model_fields.items():
        assert field.description, name
        assert re.search(r"G-P-|P-OPT-|P-ATK-", field.description), name
    for name in ENCOUNTER_RULINGS:
        assert name in PercentileOptions.model_fields


def test_a_stored_character_joins_by_the_name_the_table_knows_it_by() -> None:
    sheet = {"side": "wolves", "stats": stats("Wolf")}
    spec = PERCENTILE.actor_spec(sheet, id="wolf_1", name="Wolf 1")
    assert (spec.id, spec.name, spec.stats.name) == ("wolf_1", "Wolf 1", "Wolf")
    assert PERCENTILE.describe_actor(spec) == ActorIdentity("wolf_1", "Wolf 1", "wolves")
    named = PERCENTILE.actor_spec({**sheet, "name": "Grey"}, id="wolf_2", name="Wolf 2")
    assert named.name == "Wolf 2"  # the character's name, whatever its sheet says
    unnamed = CombatantSpec.model_validate({**sheet, "id": "wolf_3"})
    assert PERCENTILE.describe_actor(unnamed).name == "Wolf"
    session, _ = table()
    session.submit(PERCENTILE.add_actor(spec))
    assert session.state.combatant("wolf_1").name == "Wolf 1"
    with pytest.raises(ValidationError):
        PERCENTILE.actor_spec({"side": "wolves"}, id="wolf_4", name="Wolf 4")


def test_the_encounter_ends_with_a_side_standing_or_no_one() -> None:
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    assert PERCENTILE.ended(session.state) is None
    dice.feed(9, 2)
    session.submit(start())
    session.submit(order(cmd.DAMAGE, "brenna", actor="gm", amount=30))
    assert PERCENTILE.ended(session.state) == "party left standing"  # as tactical says it
    stopped, more = table()
    add(stopped, "aldric", "party")
    add(stopped, "brenna", "foes")
    more.feed(4, 3)
    stopped.submit(start())
    stopped.submit(order(cmd.END, None, actor="gm"))
    assert PERCENTILE.ended(stopped.state) == "the GM ended it"  # both sides stood
    nobody = stopped.state.model_copy(update={"combatants": {}})
    assert PERCENTILE.ended(nobody) == "no one left standing"


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
    campaign = PERCENTILE.new_encounter({"wait_scope": "encounter", "bash": False})
    assert campaign.options.wait_scope == "encounter"  # a campaign reaches every ruling
    assert not campaign.options.bash


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
