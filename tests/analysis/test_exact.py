"""The exact answer's enumeration (``analysis/exact.py``): branch points, its budgets, and
a script the rules refuse in some branch.

``test_exact_vs_monte_carlo.py`` holds its answers against the Monte Carlo and the
resolvers; here, how it gets them: the same answer from branch points as from playing
every sequence from the start, a refusal after a bounded number of plays and commands
where the answer is out of reach, and a clear refusal, not a crash, where the scenario's
script cannot be played in every branch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablekeeper.analysis import exact, simulation
from tablekeeper.analysis.exact import ExactRefusedError, exact_outcomes
from tablekeeper.analysis.simulation import without_timing
from tablekeeper.analysis.trials import TrialPlan
from tablekeeper.services import lab

SCENARIOS = Path(__file__).parent / "scenarios"


def _plan(name: str, policy: Any = "ruleset") -> TrialPlan:
    path = SCENARIOS / f"{name}.yaml"
    found = lab.scenario_source(str(path) if path.exists() else name)
    return TrialPlan(found.ruleset, found.data, found.source, policy)


@pytest.mark.parametrize(
    "name", ["duel_one_round", "realtime_one_roll", "tactical_one_slash", "skirmish"]
)
def test_branch_points_give_the_answer_playing_from_the_start_gives(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    forked = exact_outcomes(_plan(name))
    monkeypatch.setattr(exact, "_can_fork", lambda run: False)
    replayed = exact_outcomes(_plan(name), max_steps=10**7)
    assert forked["sides"] == replayed["sides"]
    assert forked["actors"] == replayed["actors"]
    assert forked["plays"] == replayed["plays"]  # the sequences of dice weighed
    assert forked["steps"] <= replayed["steps"]  # the commands given to weigh them


def test_a_script_refused_in_some_branch_is_no_exact_answer_and_names_the_command() -> None:
    # Mirela's meal fails in some branches of her four d4s: its serve_output is refused there
    with pytest.raises(ExactRefusedError) as refused:
        exact_outcomes(_plan("fractal_quick_meal"))
    error = refused.value
    assert error.reason == exact.SCRIPT_REFUSED
    assert "script cannot be played in every branch" in error.message
    assert "fractal.serve_output" in error.message
    assert "only a finished, successful project with an output can be served" in error.message
    assert error.plays > 0  # the branches where the meal was served played to the end
    shown = simulation._exact(_plan("fractal_quick_meal"))
    assert shown["reason"] == exact.SCRIPT_REFUSED
    assert shown["unavailable"] == error.message


def test_an_encounter_out_of_reach_is_refused_after_a_few_plays() -> None:
    # every branch waiting ends in one sequence of dice at least: once they are more than
    # MAX_PLAYS the answer is out of reach, known long before MAX_PLAYS plays
    with pytest.raises(ExactRefusedError, match="too many dice") as refused:
        exact_outcomes(_plan("goblin_ambush"))
    error = refused.value
    assert error.reason == exact.TOO_MANY_DICE
    assert error.plays < exact.MAX_PLAYS
    assert error.steps < 2_000  # commands, every one played again counted


@pytest.mark.parametrize(("ruleset", "name"), lab.shipped_scenarios())
def test_every_shipped_scenario_is_answered_or_refused_within_the_budgets(
    ruleset: str, name: str
) -> None:
    found = lab.scenario_source(name, ruleset=ruleset)
    plan = TrialPlan(found.ruleset, found.data, found.source)
    try:
        answer = exact_outcomes(plan)
    except ExactRefusedError as error:
        plays, steps, limit = error.plays, error.steps, exact.MAX_STEPS + 20_000  # and one play
    else:
        plays, steps, limit = answer["plays"], answer["steps"], exact.MAX_STEPS
    assert plays <= exact.MAX_PLAYS
    assert steps <= limit


def test_long_plays_are_refused_once_their_commands_pass_the_budget() -> None:
    answered = exact_outcomes(_plan("skirmish"))
    assert answered["sides"] == {"goblins": "1"}
    with pytest.raises(ExactRefusedError, match="more than 300 commands") as refused:
        exact_outcomes(_plan("skirmish"), max_steps=300)
    error = refused.value
    assert error.reason == exact.TOO_MUCH_PLAY
    assert 300 < error.steps < answered["steps"]


def test_a_simulation_times_its_exact_answer_apart_and_the_same_seed_gives_the_same_result() -> (
    None
):
    path = str(SCENARIOS / "tactical_one_slash.yaml")
    first = lab.simulate(path, trials=5, seed=3, workers=1, exact=True)
    again = lab.simulate(path, trials=5, seed=3, workers=1, exact=True)
    assert first["timing"]["exact_seconds"] >= 0
    assert without_timing(first) == without_timing(again)
    assert first["points"][0]["exact"]["plays"] == 4
    plain = lab.simulate(path, trials=5, seed=3, workers=1)
    assert "exact_seconds" not in plain["timing"]
