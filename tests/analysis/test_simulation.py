"""Simulations of whole encounters, for every shipped scenario of every installed ruleset.

The duel (``examples/duel``) is simulated like the rest: it joins the lab by the ruleset
contract alone (its winner, length and tally are the contract's defaults).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablekeeper.analysis import simulation
from tablekeeper.analysis.report import summarize
from tablekeeper.analysis.seeds import trial_seeds
from tablekeeper.analysis.simulation import without_timing
from tablekeeper.analysis.trials import cast_of, play_trials
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import lab

SHIPPED = lab.shipped_scenarios()


def test_every_installed_ruleset_with_scenarios_is_in_the_lab() -> None:
    assert {ruleset for ruleset, _ in SHIPPED} >= {
        "realtime",
        "percentile",
        "tactical",
        "fractal",
        "duel",
    }


@pytest.mark.parametrize(("ruleset", "name"), SHIPPED)
def test_a_shipped_scenario_simulates_and_the_same_seed_gives_the_same_result(
    ruleset: str, name: str
) -> None:
    first = lab.simulate(name, ruleset=ruleset, trials=3, seed=11, workers=1)
    again = lab.simulate(name, ruleset=ruleset, trials=3, seed=11, workers=1)
    assert without_timing(first) == without_timing(again)
    assert first["ruleset"] == ruleset
    report = first["points"][0]["report"]
    assert report["trials"] == 3
    assert sum(row["wins"] for row in report["sides"].values()) == 3
    assert report["length"]["min"] >= 0
    assert report["actors"], "every actor is tallied"
    for row in report["actors"].values():
        assert 0 <= row["defeated"] <= 1
        if ruleset == "percentile":  # death is the GM's to rule there: none is counted
            assert row["dead"] is None
        else:
            assert 0 <= row["dead"] <= 1
        assert row["side"]


def test_the_result_does_not_depend_on_the_number_of_workers() -> None:
    one = lab.simulate("first_blood", trials=24, seed=3, workers=1)
    two = lab.simulate("first_blood", trials=24, seed=3, workers=2)
    assert without_timing(one) == without_timing(two)
    assert two["timing"]["workers"] == 2
    other = lab.simulate("first_blood", trials=24, seed=4, workers=1)
    assert without_timing(other) != without_timing(one)


def test_a_varied_field_gives_one_report_per_value_on_the_same_dice() -> None:
    result = lab.simulate(
        "river_ambush",
        trials=4,
        seed=1,
        workers=1,
        vary=["combatants.4.stats.skills.Bite=40:60:20"],
    )
    assert result["varied"] == ["combatants.4.stats.skills.Bite"]
    assert [point["values"] for point in result["points"]] == [
        {"combatants.4.stats.skills.Bite": 40},
        {"combatants.4.stats.skills.Bite": 60},
    ]


def test_a_varied_value_the_ruleset_refuses_is_an_error_naming_the_field() -> None:
    with pytest.raises(InvalidInputError, match=r"combatants\.0\.stats\.hit_points"):
        lab.simulate("river_ambush", trials=2, vary=["combatants.0.stats.hit_points=a,b"])
    with pytest.raises(InvalidInputError) as caught:
        lab.simulate("river_ambush", trials=2, vary=["combatants.9.hp=1"])
    assert caught.value.field == "vary"


def test_results_save_and_load_back(tmp_path: Path) -> None:
    result = lab.simulate("feast_preparations", trials=3, seed=2, workers=1)
    path = simulation.save(result, tmp_path / "feast.json")
    assert simulation.load(path) == result
    (tmp_path / "other.json").write_text('{"kind": "something else"}')
    with pytest.raises(InvalidInputError, match="not a Tablekeeper simulation"):
        simulation.load(tmp_path / "other.json")


class AlwaysWait(DefaultPolicy):
    """A policy from Python: the last legal command (the duel's ``wait``)."""

    def choose(self, state: Any, actor: Any, legal: Any) -> Any:
        return legal[-1]


def test_a_policy_is_pluggable_from_python_by_object_or_by_path() -> None:
    waiting = lab.simulate("first_blood", trials=3, seed=1, workers=1, policy=AlwaysWait())
    assert waiting["policy"] == "AlwaysWait"
    report = waiting["points"][0]["report"]
    assert report["sides"]["no one"]["wins"] == 3  # nobody ever attacks
    by_path = lab.simulate(
        "first_blood", trials=3, seed=1, workers=1, policy=f"{__name__}:AlwaysWait"
    )
    assert by_path["points"] == waiting["points"]
    first = lab.simulate("first_blood", trials=3, seed=1, workers=1, policy="first-legal")
    assert first["points"] == lab.simulate("first_blood", trials=3, seed=1, workers=1)["points"]
    with pytest.raises(InvalidInputError, match="no policy 'best'"):
        lab.simulate("first_blood", trials=3, policy="best")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"trials": 0}, "trials"),
        ({"trials": 2, "seed": -1}, "seed"),
        ({"trials": 2, "workers": 0}, "workers"),
        ({"trials": 2, "workers": -3}, "workers"),
    ],
)
def test_bad_numbers_name_their_field(options: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        lab.simulate("first_blood", **options)
    assert caught.value.field == field


def test_progress_moves_at_least_every_fifty_trials_even_with_one_worker() -> None:
    from tablekeeper.analysis.backends import MAX_CHUNK, chunks
    from tablekeeper.analysis.trials import TrialPlan

    plan = TrialPlan("duel", {}, "nowhere")
    cut = chunks([plan], list(range(2_000)), 1)
    assert max(len(chunk.seeds) for chunk in cut) == MAX_CHUNK == 50
    assert sum(len(chunk.seeds) for chunk in cut) == 2_000


def test_a_varied_field_the_scenario_does_not_have_is_refused_before_the_run() -> None:
    """Brenna has Rapier, not Sword: a Sword would be added unread, every point alike."""
    vary = ["combatants.0.stats.skills.Sword=40:80:20"]
    for attempt in (
        lambda: lab.check_simulation("river_ambush", ruleset=None, vary=vary),
        lambda: lab.simulate("river_ambush", trials=2, workers=1, vary=vary),
    ):
        with pytest.raises(InvalidInputError) as caught:
            attempt()
        assert caught.value.field == "vary"
        assert caught.value.message.startswith(
            "combatants.0.stats.skills.Sword: no such skill here; this mapping has Rapier, Dodge,"
        )


def test_a_list_of_dice_varies_a_field_that_is_not_a_number() -> None:
    result = lab.simulate(
        "bandit_toll",
        trials=2,
        workers=1,
        vary=["combatants.3.stats.weapons.0.damage=1d8,2d6+1"],
    )
    assert [point["values"] for point in result["points"]] == [
        {"combatants.3.stats.weapons.0.damage": "1d8"},
        {"combatants.3.stats.weapons.0.damage": "2d6+1"},
    ]
    with pytest.raises(InvalidInputError) as caught:
        lab.check_simulation(
            "bandit_toll", ruleset=None, vary=["combatants.3.stats.weapons.0.damage=1d8,sharp"]
        )
    assert caught.value.field == "vary"
    assert caught.value.message.startswith(
        "at combatants.3.stats.weapons.0.damage=sharp: scenario.combatants.3.stats.weapons.0.damage"
    )


def test_the_length_is_in_commands_where_the_ruleset_reads_no_time() -> None:
    """The duel's ``elapsed`` says nothing: its trials count commands, not rounds."""
    duel = lab.simulate("first_blood", trials=4, workers=1)
    assert duel["length_unit"] == "commands"
    report = duel["points"][0]["report"]
    assert report["length"] == report["commands"]
    assert lab.simulate("skirmish", trials=2, workers=1)["length_unit"] == "rounds"
    assert lab.simulate("bleeding_out", trials=2, workers=1)["length_unit"] == "seconds"


def test_actors_who_share_a_name_are_told_apart_by_their_ids() -> None:
    result = lab.simulate("skirmish", trials=2, workers=1)
    names = [row["name"] for row in result["points"][0]["report"]["actors"].values()]
    assert names == [
        "Brenna",
        "Corin",
        "Grask",
        "Goblin (goblin_1)",
        "Goblin (goblin_2)",
        "Goblin (goblin_3)",
    ]


@pytest.mark.parametrize(
    ("policy", "words"),
    [
        ("os:path", "--policy 'os:path': a module, not a policy"),
        ("os:sep", "--policy 'os:sep': a str, not a policy"),
        ("os:getcwd", "--policy 'os:getcwd': getcwd() gives a str, not a policy"),
        ("json:dumps", "--policy 'json:dumps': dumps cannot be made without arguments"),
    ],
)
def test_what_is_not_a_policy_is_refused_before_the_run(policy: str, words: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        lab.simulate("first_blood", trials=2, workers=2, policy=policy)
    assert caught.value.field == "policy"
    assert caught.value.message.startswith(words)


def test_a_social_encounter_reports_how_it_ended_and_its_social_rounds() -> None:
    """A social encounter has no winner side (each party gets Victory, Weak Victory or
    Defeat: P-ARG-09), so the report counts how the trials ended, each with its interval,
    and the length is the social rounds played (P-SOC-09), not the combat rounds (0)."""
    result = lab.simulate("bandit_toll", trials=12, workers=1)
    report = result["points"][0]["report"]
    assert result["length_unit"] == "rounds"
    assert report["length"]["min"] >= 1
    endings = report["endings"]
    assert sum(row["count"] for row in endings.values()) == 12
    assert all(text.startswith("the social encounter ended") for text in endings)
    assert all(0 <= row["low"] <= row["rate"] <= row["high"] <= 1 for row in endings.values())
    counts = [row["count"] for row in endings.values()]
    assert counts == sorted(counts, reverse=True), "the commonest ending first"


def test_a_combats_endings_are_counted_too() -> None:
    report = lab.simulate("skirmish", trials=3, workers=1)["points"][0]["report"]
    assert sum(row["count"] for row in report["endings"].values()) == 3


def _stop_after(batches: int) -> Any:
    """A ``stop`` that asks to stop once ``batches`` batches of trials are played."""
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) >= batches

    return stop


def test_a_stopped_run_reports_the_first_trials_of_the_full_run_at_its_seed() -> None:
    """40 trials in batches of 10, stopped after 2: the report of trials 0-19, the very
    trials a whole run at seed 3 starts with, marked stopped with played and planned."""
    partial = lab.simulate("first_blood", trials=40, seed=3, workers=1, stop=_stop_after(2))
    assert (partial["stopped"], partial["played"], partial["planned"]) == (True, 20, 40)
    found = lab.scenario_source("first_blood")
    request = simulation.SimulationRequest(found.ruleset, found.data, found.source, 40, 3)
    ((_, plan),) = request.plans()
    full = play_trials(plan, 0, trial_seeds(3, 40))
    assert partial["points"][0]["report"] == summarize(full[:20], cast_of(plan))
    assert partial["points"][0]["report"] != summarize(full, cast_of(plan))
    whole = lab.simulate("first_blood", trials=40, seed=3, workers=1, stop=lambda: False)
    assert "stopped" not in whole
    assert "played" not in whole
    assert whole["points"][0]["report"] == summarize(full, cast_of(plan))


def test_a_stopped_run_over_a_grid_played_its_first_points_in_order() -> None:
    """One worker plays the points one after another: stopped in the second point, the
    first is whole, the second has its first trials, the third was not reached."""
    vary = ["fighters.0.hp=8:10"]
    partial = lab.simulate(
        "first_blood", trials=40, seed=5, workers=1, vary=vary, stop=_stop_after(6)
    )
    whole = lab.simulate("first_blood", trials=40, seed=5, workers=1, vary=vary)
    short = lab.simulate("first_blood", trials=20, seed=5, workers=1, vary=vary)
    assert (partial["played"], partial["planned"]) == (60, 120)
    reports = [point["report"] for point in partial["points"]]
    assert [report["trials"] for report in reports] == [40, 20, 0]
    assert reports[0] == whole["points"][0]["report"]
    assert reports[1] == short["points"][1]["report"]  # trials 0-19: the same seeds
    assert reports[2]["sides"]
    assert not reports[2]["length"]["histogram"]


def test_a_run_stopped_on_a_pool_keeps_each_points_first_trials_only() -> None:
    """Two workers finish batches out of order: what is kept is the trials up to the
    first one missing, the start of the run a single worker plays at the same seed."""
    partial = lab.simulate("first_blood", trials=40, seed=3, workers=2, stop=_stop_after(3))
    played = partial["played"]
    assert partial["stopped"]
    assert played == partial["points"][0]["report"]["trials"] < 40
    assert played % 5 == 0  # whole batches of 5 (40 trials over 2 workers)
    if played:
        first = lab.simulate("first_blood", trials=played, seed=3, workers=1)
        assert partial["points"][0]["report"] == first["points"][0]["report"]
