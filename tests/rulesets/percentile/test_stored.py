"""Saved campaigns still load: states, logs and scenarios written before the port.

The fixtures in ``stored/`` were written by the code before the port (its README says
how): the engine's rulings were then a separate ``settings`` object of the state, beside
``options``. The encounter played with rulings that are not the defaults (a Wait kept for
good, opposed spirit combat where only the winner deals damage, Rally rolled per ally,
1d4 Spirit Damage), so a migration that dropped them would show.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Event, EventLog, Session
from tablekeeper.engine.commands import Command
from tablekeeper.engine.log import replay
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import ENCOUNTER_RULINGS, PercentileOptions
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.rulesets.percentile.scenario import parse_scenario

from .encounter.helpers import stats

STORED = Path(__file__).parent / "stored"

OLD_RULINGS = {
    "wait_scope": "encounter",
    "unblocked_spirit_damage": "winner_only",
    "rally_roll": "per_ally",
    "spirit_damage": "1d4",
}
"""The rulings the stored encounter was played with, as its ``settings`` held them."""


def _read(name: str) -> Any:
    return json.loads((STORED / name).read_text(encoding="utf-8"))


def test_the_fixtures_are_in_the_old_shape() -> None:
    initial = _read("v1_initial_state.json")
    assert set(initial["settings"]) == set(ENCOUNTER_RULINGS)
    assert not set(initial["options"]) & set(ENCOUNTER_RULINGS)
    assert "settings" in _read("v1_snapshot.json")


def test_an_old_initial_state_loads_with_its_settings_as_options() -> None:
    state = PERCENTILE.State.model_validate(_read("v1_initial_state.json"))
    assert isinstance(state, PercentileState)
    for field, value in OLD_RULINGS.items():
        assert getattr(state.options, field) == value
    assert state.options.melee_fatigue is False  # the options it already had are kept
    assert "settings" not in state.model_dump(mode="json")


def test_an_old_snapshot_is_the_fold_of_the_old_log() -> None:
    # what the services do on load: the snapshot, or the initial state and the log
    initial = PercentileState.model_validate(_read("v1_initial_state.json"))
    snapshot = PercentileState.model_validate(_read("v1_snapshot.json"))
    events = [Event.model_validate(item) for item in _read("v1_events.json")]
    session = Session(PERCENTILE.engine, initial, roller=RandomRoller(0), log=EventLog(events))
    assert session.state == snapshot
    assert replay(events, initial, session.apply) == snapshot
    assert snapshot.round == 4  # round 3 played out
    assert snapshot.options.unblocked_spirit_damage == "winner_only"


def test_the_same_commands_and_dice_give_the_stored_log_event_for_event() -> None:
    # No change of behaviour: the commands the old code was given, with its dice, make
    # exactly the events it logged (kinds and payloads, byte for byte once in JSON).
    initial = PercentileState.model_validate(_read("v1_initial_state.json"))
    session = Session(PERCENTILE.engine, initial, roller=RandomRoller(2024))
    for item in _read("v1_commands.json"):
        session.submit(Command.model_validate(item))
    assert [event.model_dump(mode="json") for event in session.log.events] == [
        _prompt_without_skill(event) for event in _read("v1_events.json")
    ]


def _prompt_without_skill(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event as the code writes it now: a defender's prompt no longer tells the
    attacker's effective skill ("21 against 60%, a success" is "21, a success"), which
    the chooser may not see on the attacker's card (C-20); the rest byte for byte."""
    payload = event.get("payload") or {}
    prompt = payload.get("prompt")
    if event.get("kind") != "decision.requested" or not isinstance(prompt, str):
        return event
    said = re.sub(r"(\d+) against -?\d+%, a ", r"\1, a ", prompt)
    return {**event, "payload": {**payload, "prompt": said}}


def test_a_state_with_settings_and_options_keeps_both() -> None:
    old = {"options": {"split_action": False}, "settings": {"early_defense": "first_round"}}
    state = PercentileState.model_validate(old)
    assert state.options.split_action is False
    assert state.options.early_defense == "first_round"
    model = PercentileState.model_validate({"options": PercentileOptions(), "settings": {}})
    assert model.options == PercentileOptions()


def test_a_bad_old_setting_is_refused_naming_the_option() -> None:
    with pytest.raises(ValueError, match=r"options\.wait_scope"):
        PercentileState.model_validate({"settings": {"wait_scope": "forever"}})


OLD_SCENARIO: dict[str, Any] = {
    "schema_version": 1,
    "ruleset": "percentile",
    "name": "Duel",
    "settings": {"early_defense": "first_round", "rally_roll": "per_ally"},
    "options": {"hit_locations": True},
    "combatants": [
        {"id": "aldric", "side": "party", "stats": stats("Aldric")},
        {"id": "brenna", "side": "foes", "stats": stats("Brenna")},
    ],
}


def test_an_old_scenario_with_a_settings_block_still_parses() -> None:
    scenario = parse_scenario(OLD_SCENARIO)
    assert scenario.options.early_defense == "first_round"
    assert scenario.options.rally_roll == "per_ally"
    assert scenario.options.hit_locations is True
    assert scenario.initial_state().options == scenario.options
    assert PERCENTILE.scenarios is not None
    assert PERCENTILE.scenarios.parse(OLD_SCENARIO, source="duel.yaml") == scenario


def test_a_bad_setting_in_an_old_scenario_names_its_field() -> None:
    bad = {**OLD_SCENARIO, "settings": {"early_defense": "never"}}
    with pytest.raises(RulesError, match="Input should be") as caught:
        parse_scenario(bad)
    assert caught.value.field == "scenario.settings.early_defense"
