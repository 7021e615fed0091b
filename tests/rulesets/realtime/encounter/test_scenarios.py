"""Scenarios: loading, validation errors that name the field, and the shipped ones played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.realtime.scenario import ScenarioRun
from tablekeeper.services import scenarios
from tablekeeper.services.scenarios import packaged_scenarios, start

from .helpers import of_kind


def load_scenario(path: Path | str) -> Any:
    """A realtime scenario file (one that names no ruleset is read as realtime)."""
    return scenarios.load_scenario(path, ruleset="realtime")


def parse_scenario(data: Any) -> Any:
    return scenarios.parse_scenario(data, ruleset="realtime")


MINIMAL: dict[str, Any] = {
    "schema_version": 1,
    "name": "Duel",
    "seconds": 5,
    "creatures": [
        {"id": "aliena", "side": "party", "hp": 20},
        {"id": "balthazar", "side": "foes", "hp": 20, "position": [1, 0]},
    ],
    "timeline": [{"at": 1, "do": "move", "creature": "balthazar", "to": [2, 0]}],
}


def play_out(run: ScenarioRun) -> ScenarioRun:
    """Play to the end: the timeline at its seconds, one second at a time, defaults."""
    session = run.session
    while not run.finished:
        for command in run.due():
            session.submit(command)
            while session.pending is not None:
                session.answer(session.pending.default)
        session.submit(run.advance_command(1))
        while session.pending is not None:
            session.answer(session.pending.default)
    return run


def test_both_shipped_scenarios_load() -> None:
    assert packaged_scenarios("realtime") == ("bleeding_out", "leaving_reach")
    for name in packaged_scenarios("realtime"):
        scenario = load_scenario(name)
        assert scenario.schema_version == 1
        assert start(scenario).second == 1


def test_leaving_reach_plays_the_documents_examples() -> None:
    run = play_out(start(load_scenario("leaving_reach")))
    events = run.session.log.events
    used = [(e.payload["creature"], e.payload["second"]) for e in of_kind(events, "reaction_used")]
    # R-REACT-08 at 2; R-REACT-06 at 3 (Calliope at 3/5); R-CPLX-02 at 8; none at 9
    # (R-REACT-04: ready at 10); again at 10.
    assert used == [("aliena", 2), ("calliope", 3), ("demilio", 8), ("aliena", 10)]
    (cancelled,) = of_kind(events, "action_cancelled")
    assert cancelled.payload["reason"] == "voluntary_movement"  # R-CPLX-03
    assert run.state.second == 15


def test_bleeding_out_stabilizes_calliope_and_heals_balthazar() -> None:
    run = play_out(start(load_scenario("bleeding_out")))
    calliope, balthazar = run.state.creature("calliope"), run.state.creature("balthazar")
    assert (calliope.hp, calliope.n_wounds) == (0, 2)  # R-STAB-01
    rolled = of_kind(run.session.log.events, "critical_injury_rolled")
    assert [e.payload["cause"] for e in rolled] == ["stabilized", "healed"]
    assert balthazar.dead or balthazar.hp == 8  # R-STAB-02 (or R-CRIT-03)


def test_the_seed_decides_the_dice() -> None:
    first = play_out(start(load_scenario("bleeding_out"), seed=11))
    second = play_out(start(load_scenario("bleeding_out"), seed=11))
    assert list(first.session.log.records) == list(second.session.log.records)


def test_a_scenario_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(yaml.safe_dump(MINIMAL), encoding="utf-8")
    scenario = load_scenario(path)
    assert [spec.id for spec in scenario.creatures] == ["aliena", "balthazar"]


def _with(**changes: Any) -> dict[str, Any]:
    return {**MINIMAL, **changes}


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "x"}, "schema_version", "no schema_version"),
        (_with(schema_version=2), "scenario.schema_version", "reads scenario format 1, not 2"),
        (
            _with(creatures=[{"id": "aliena", "side": "party", "hp": "lots"}]),
            "scenario.creatures.0.hp",
            "valid integer",
        ),
        (_with(creatures=[]), "scenario.creatures", "at least 1"),
        (
            _with(timeline=[{"at": 1, "do": "support", "creature": "aliena", "target": "bob"}]),
            "timeline.0.target",
            "no creature 'bob'",
        ),
        (
            _with(timeline=[{"at": 9, "do": "advance"}]),
            "timeline.0.at",
            "after the scenario's last second",
        ),
        (
            _with(timeline=[{"at": 1, "do": "explode"}]),
            "scenario.timeline.0.do",
            "no command 'explode'",
        ),
        (
            _with(timeline=[{"at": 1, "do": "damage", "creature": "aliena"}]),
            "timeline.0.amount",
            "Field required",
        ),
        (
            _with(creatures=[MINIMAL["creatures"][0], MINIMAL["creatures"][0]]),
            "creatures",
            "ids repeat: aliena",
        ),
        (
            _with(options={"ap_per_second": 0}),
            "scenario.options.ap_per_second",
            "greater than or equal to 1",
        ),
        (
            _with(
                house_rules={"reactions": {"x": {"name": "X", "cooldown": 1, "triggers": ["y"]}}}
            ),
            "house_rules.reactions",
            "x: no trigger named y",
        ),
    ],
)
def test_a_bad_scenario_names_the_field(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(RulesError, match=message) as caught:
        parse_scenario(data)
    assert caught.value.field == field


def test_a_missing_file_names_the_shipped_scenarios(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="bleeding_out, leaving_reach \\(realtime\\)"):
        load_scenario(tmp_path / "nowhere.yaml")
