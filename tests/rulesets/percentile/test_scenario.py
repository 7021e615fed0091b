"""``percentile`` scenarios: loading, errors that name the field, the shipped ones played.

The scenario format is the ruleset's (``PERCENTILE.scenarios``); these tests read the
shipped files from the package as the services do, and play them unattended as the
terminal runner does when nobody is at the keys: the GM starts the encounter, then each
combatant takes its first legal command and every decision its default.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import pytest
import yaml

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.cards import distinct_names, names_of
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED
from tablekeeper.engine.events import Event
from tablekeeper.engine.scenarios import SCENARIO_FOLDER, ScenarioFormat
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.engine.values import GM
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.social.commands import START_SOCIAL
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.rulesets.percentile.scenario import (
    SCENARIOS,
    PercentileRun,
    PercentileScenario,
    parse_scenario,
)

from .encounter.helpers import stats

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


def shipped_names() -> list[str]:
    folder = files(PERCENTILE.package) / SCENARIO_FOLDER
    return sorted(
        item.name.removesuffix(".yaml") for item in folder.iterdir() if item.name.endswith(".yaml")
    )


def shipped(name: str) -> PercentileScenario:
    path = files(PERCENTILE.package) / SCENARIO_FOLDER / f"{name}.yaml"
    return SCENARIOS.parse(yaml.safe_load(path.read_text(encoding="utf-8")), source=f"{name}.yaml")


def begin(scenario: PercentileScenario, seed: int | None = None) -> PercentileRun:
    chosen = scenario.seed if seed is None else seed
    return SCENARIOS.start(scenario, RandomRoller(chosen), seed=chosen)


def play_out(run: PercentileRun) -> list[tuple[str, tuple[Event, ...]]]:
    """Unattended to the end: each command's label (as the GM sees it) and its events."""
    policy = PERCENTILE.policy()
    played: list[tuple[str, tuple[Event, ...]]] = []
    for _ in range(5000):
        command = run.next_command(policy)
        if command is None:
            return played
        names = distinct_names(names_of(PERCENTILE.cards(run.state, GM_SIGHT)))
        label = PERCENTILE.words.command_label(command, run.state, names)
        played.append((label, run.session.submit(command)))
    raise AssertionError("the scenario did not finish")


def test_the_format_is_the_rulesets_and_its_demo_is_shipped() -> None:
    contract: ScenarioFormat = SCENARIOS  # mypy checks the protocol
    assert PERCENTILE.scenarios is contract
    assert shipped_names() == ["bandit_toll", "brack_surrender", "river_ambush", "spirit_skirmish"]
    assert SCENARIOS.demo in shipped_names()
    assert SCENARIOS.party(shipped("river_ambush")) == "travellers"


def test_the_shipped_scenarios_load_and_name_their_ruleset() -> None:
    for name in shipped_names():
        scenario = shipped(name)
        assert scenario.ruleset == "percentile"
        assert (scenario.length, scenario.length_unit) == (scenario.rounds, "rounds")
        assert len(scenario.actors()) == 5
        run = begin(scenario)
        assert run.state.clock is None
        assert len(run.state.combatants) == 5
        assert run.due() == []
        first = run.next_command(PERCENTILE.policy())  # the GM starts it: a combat, or
        if scenario.social is None:
            assert first == cmd.start()
        else:  # a social encounter, as its scenario declares it
            assert first == Command.of(GM, START_SOCIAL, scenario.social)


@pytest.mark.parametrize("name", ["spirit_skirmish", "river_ambush"])
def test_the_shipped_scenarios_play_to_the_end(name: str) -> None:
    run = begin(shipped(name))
    played = play_out(run)
    assert run.finished
    assert run.state.over or run.round > run.scenario.rounds
    assert run.session.replay() == run.state
    lines = [
        line
        for _, events in played
        for event in events
        if (
            line := PERCENTILE.words.event_sentence(
                event, names_of(PERCENTILE.cards(run.state, GM_SIGHT)), GM_SIGHT
            )
        )
    ]
    assert any(line.startswith("Round 1: ") for line in lines)
    assert any("'s turn order (start): " in line for line in lines)
    ended = PERCENTILE.ended(run.state)
    if run.state.over:
        assert ended in (f"{run.state.winner} left standing", "no one left standing")
    else:  # its rounds ran out
        assert ended is None


def test_a_table_sees_turn_order_actions_hp_and_engagement_on_the_cards() -> None:
    # what the terminal runner's table showed: turn order, actions, HP, engaged with
    run = begin(shipped("river_ambush"))
    run.session.submit(run.next_command(PERCENTILE.policy()))  # type: ignore[arg-type]
    cards = {card.id: card for card in PERCENTILE.cards(run.state, GM_SIGHT)}
    oswin = cards["oswin"]
    facts = {fact.label: fact.value for fact in oswin.facts}
    assert facts["Engaged with"] == "Knife-fighter at very long"
    assert "Turn order" in facts
    assert "Actions left" in facts
    assert [gauge.label for gauge in oswin.gauges] == ["HP", "MP"]
    assert PERCENTILE.words.clock(run.state).startswith("round 1: ")


def test_the_skirmish_shows_the_spirit_and_the_decisions() -> None:
    run = begin(shipped("spirit_skirmish"), seed=3)
    played = play_out(run)
    labels = [label for label, _ in played]
    assert "Shrine wisp: manifest" in labels
    events = [event for _, batch in played for event in batch]
    asked = [e.payload["awaiting"]["kind"] for e in events if e.kind == ev.AWAITING_SET]
    assert "defense" in asked  # a defense decision...
    requested = {e.command_id: e.payload for e in events if e.kind == DECISION_REQUESTED}
    for answer in (e.payload for e in events if e.kind == DECISION_ANSWERED):
        assert answer["option"] == requested[answer["decision"]]["default"]  # ...by default


def test_the_skirmish_has_a_spirit_that_manifests() -> None:
    run = begin(shipped("spirit_skirmish"), seed=4)
    play_out(run)
    forms = [e.payload["form"] for e in run.session.log.events if e.kind == ev.FORM_CHANGED]
    assert "manifested" in forms


def test_the_ambush_opens_engaged_at_very_long_distance_with_hit_locations() -> None:
    run = begin(shipped("river_ambush"))
    engagement = run.state.engagement("oswin", "knife")
    assert engagement is not None
    assert engagement.distance == "very_long"
    assert run.state.options.hit_locations
    assert run.state.combatant("oswin").location_hp


def test_the_seed_decides_the_dice() -> None:
    first, second = begin(shipped("spirit_skirmish"), 11), begin(shipped("spirit_skirmish"), 11)
    assert [label for label, _ in play_out(first)] == [label for label, _ in play_out(second)]
    assert list(first.session.log.records) == list(second.session.log.records)
    assert first.seed == 11


def test_a_shorter_length_shortens_the_play() -> None:
    scenario = shipped("spirit_skirmish").with_length(1)
    assert scenario.rounds == 1
    run = begin(scenario)
    play_out(run)
    assert run.finished
    assert run.state.over or run.round == 2


def test_named_stat_blocks_are_laid_in() -> None:
    scenario = parse_scenario(yaml.safe_load(yaml.safe_dump(MINIMAL)))
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
        (
            _with(combatants=[MINIMAL["combatants"][0], MINIMAL["combatants"][0]]),
            "combatants",
            "combatant ids repeat: aldric",
        ),
        (_with(options={"split_action": "sometimes"}), "scenario.options.split_action", "boolean"),
        (_with(options={"early_defense": "never"}), "scenario.options.early_defense", "Input"),
        (_with(settings={"early_defense": "never"}), "scenario.settings.early_defense", "Input"),
        (_with(ruleset="realtime"), "scenario.ruleset", "Input should be 'percentile'"),
    ],
)
def test_a_bad_scenario_names_the_field(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(RulesError, match=message) as caught:
        SCENARIOS.parse(data, source="duel.yaml")
    assert caught.value.field == field


def test_a_scenario_without_a_version_is_refused() -> None:
    data = {key: value for key, value in MINIMAL.items() if key != "schema_version"}
    with pytest.raises(RulesError, match=r"duel\.yaml has no schema_version") as caught:
        SCENARIOS.parse(data, source="duel.yaml")
    assert caught.value.field == "schema_version"
