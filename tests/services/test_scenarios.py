"""Scenario files through the services: the ruleset a file names (or the caller asks for)
reads it; with neither, the file is refused naming the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.services import scenarios

UNNAMED = "schema_version: 1\nname: Unnamed\nseconds: 3\ncreatures:\n  - {id: a, side: x, hp: 5}\n"


def test_a_file_naming_no_ruleset_is_read_as_the_callers(tmp_path: Path) -> None:
    path = tmp_path / "unnamed.yaml"
    path.write_text(UNNAMED, encoding="utf-8")
    assert scenarios.load_scenario(path, ruleset="realtime").name == "Unnamed"
    with pytest.raises(InvalidInputError, match="names no ruleset: add `ruleset: <name>`") as no:
        scenarios.load_scenario(path)
    assert no.value.field == "ruleset"


def test_a_file_naming_another_ruleset_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text("ruleset: duel\n" + UNNAMED, encoding="utf-8")
    with pytest.raises(InvalidInputError, match="is a 'duel' scenario, not a 'realtime' one"):
        scenarios.load_scenario(path, ruleset="realtime")


def test_every_installed_ruleset_with_scenarios_ships_some() -> None:
    assert {"duel", "percentile", "realtime"} <= set(scenarios.scenario_rulesets())
    for name in scenarios.scenario_rulesets():
        assert scenarios.packaged_scenarios(name)
