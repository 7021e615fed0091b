"""``percentile`` scenarios: loading, errors that name the field, the shipped ones played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tablekeeper.errors import RulesError
from tablekeeper.services.scenarios import (
    PercentileRun,
    PercentileScenario,
    load_scenario,
    packaged_scenarios,
    parse_scenario,
    start,
)

from .helpers import stats

MINIMAL: dict[str, Any] = {
    "schema_version": 1,
    "ruleset": "percentile",
    "name": "Duel",
    "rounds": 3,
    "stat_blocks": {"warrior": stats("Warrior")},
    "combatants": [
        {"id": "aldric", "side": "party", "stats": "warrior"},
        {"id": "brenna", "side": "foes", "stats": stats("Brenna")},
    ],
}


def play_out(run: PercentileRun) -> PercentileRun:
    """Start, then the first legal command and every default to the end."""
    session = run.session
    session.submit(run.start_command())
    while not run.finished:
        if session.pending is not None:
            session.answer(session.pending.default)
            continue
        actor = run.state.active
        assert actor is not None
        session.submit(session.legal_commands(actor)[0])
    return run


def test_the_shipped_scenarios_load_and_name_their_ruleset() -> None:
    assert packaged_scenarios("percentile") == ("river_ambush", "spirit_skirmish")
    for name in packaged_scenarios("percentile"):
        scenario = load_scenario(name)
        assert isinstance(scenario, PercentileScenario)
        assert scenario.ruleset == "percentile"
        run = start(scenario)
        assert run.state.clock is None
        assert len(run.state.combatants) == 5


@pytest.mark.parametrize("name", ["spirit_skirmish", "river_ambush"])
def test_the_shipped_scenarios_play_to_the_end(name: str) -> None:
    run = play_out(start(load_scenario(name, ruleset="percentile")))
    assert run.state.over or run.round > run.scenario.rounds
    assert run.session.replay() == run.state


def test_the_skirmish_has_a_spirit_that_manifests() -> None:
    run = play_out(start(load_scenario("spirit_skirmish"), seed=4))
    forms = [
        e.payload["form"] for e in run.session.log.events if e.kind == "percentile.form_changed"
    ]
    assert "manifested" in forms


def test_the_ambush_opens_engaged_at_very_long_distance_with_hit_locations() -> None:
    run = start(load_scenario("river_ambush"))
    engagement = run.state.engagement("oswin", "knife")
    assert engagement is not None
    assert engagement.distance == "very_long"
    assert run.state.options.hit_locations
    assert run.state.combatant("oswin").location_hp


def test_the_seed_decides_the_dice() -> None:
    first = play_out(start(load_scenario("spirit_skirmish"), seed=11))
    second = play_out(start(load_scenario("spirit_skirmish"), seed=11))
    assert list(first.session.log.records) == list(second.session.log.records)


def test_a_scenario_file_is_read_and_named_stat_blocks_laid_in(tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(yaml.safe_dump(MINIMAL), encoding="utf-8")
    scenario = load_scenario(path)
    assert isinstance(scenario, PercentileScenario)
    assert scenario.combatants[0].stats.name == "Warrior"


def _with(**changes: Any) -> dict[str, Any]:
    return {**MINIMAL, **changes}


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (_with(schema_version=2), "scenario.schema_version", "reads scenario format 1, not 2"),
        (
            _with(combatants=[{"id": "a", "side": "x", "stats": {"name": "A"}}]),
            "scenario.combatants.0.stats.hit_points",
            "Field required",
        ),
        (
            _with(combatants=[{"id": "a", "side": "x", "stats": "troll"}]),
            "combatants.0.stats",
            "no stat block 'troll'",
        ),
        (
            _with(engagements=[{"pair": ["aldric", "bob"]}]),
            "engagements.0.pair",
            "no combatant 'bob'",
        ),
        (_with(options={"split_action": "sometimes"}), "scenario.options.split_action", "boolean"),
        (_with(settings={"early_defense": "never"}), "scenario.settings.early_defense", "Input"),
        (_with(ruleset="realtime"), "ruleset", "a 'realtime' scenario, not a 'percentile' one"),
    ],
)
def test_a_bad_scenario_names_the_field(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(RulesError, match=message) as caught:
        parse_scenario(data, ruleset="percentile")
    assert caught.value.field == field
