"""Exact where it can be: for a small encounter of each ruleset, the Monte Carlo stays
within its 95 % interval of the exact answer.

The exact answers come two ways: the lab's enumeration of every sequence of dice
(``analysis/exact.py``, through the contract alone), and, where the encounter is one
check, the check's own resolver (its exact odds). Where both apply they must agree to
the fraction. The small scenarios are in ``scenarios/``; two of them play with a policy
given from Python (one attack, then the turn ends), as a designer asking about one
exchange would.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.analysis.exact import exact_outcomes
from tablekeeper.analysis.report import wilson
from tablekeeper.analysis.trials import TrialPlan
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.tallies import DEAD
from tablekeeper.errors import OddsUnavailableError
from tablekeeper.services import lab
from tablekeeper.services.resolvers import resolver_odds

SCENARIOS = Path(__file__).parent / "scenarios"


def _plan(name: str, policy: Any = "ruleset") -> TrialPlan:
    found = lab.scenario_source(str(SCENARIOS / f"{name}.yaml"))
    return TrialPlan(found.ruleset, found.data, found.source, policy)


def _monte_carlo(name: str, trials: int, policy: Any = "ruleset") -> dict[str, Any]:
    result = lab.simulate(str(SCENARIOS / f"{name}.yaml"), trials=trials, seed=2026, policy=policy)
    report: dict[str, Any] = result["points"][0]["report"]
    return report


def _within(row: dict[str, float], exact: Fraction) -> None:
    assert row["low"] <= float(exact) <= row["high"], (row, exact)


class OneAttack:
    """One attack by whoever may attack first, then every turn ends; no defense."""

    def __init__(self, attack: str, end: str) -> None:
        self.attack, self.end = attack, end

    def choose(self, state: Any, actor: Any, legal: Sequence[Command]) -> Command:
        ends = [c for c in legal if c.kind == self.end]
        if not ends:
            return legal[0]
        fresh = self.fresh(state, str(actor))
        attacks = [c for c in legal if c.kind == self.attack]
        return attacks[0] if attacks and fresh else ends[0]

    def fresh(self, state: Any, actor: str) -> bool:
        raise NotImplementedError

    def answer(self, state: Any, decision: PendingDecision) -> Command:
        return decision.answer("none" if decision.offers("none") else decision.default)


class OnePercentileAttack(OneAttack):
    def __init__(self) -> None:
        super().__init__("percentile.attack", "percentile.end_turn")

    def fresh(self, state: Any, actor: str) -> bool:
        return actor == "duelist" and bool(state.combatants[actor].actions_left >= 2)


class OneFractalBlow(OneAttack):
    def __init__(self) -> None:
        super().__init__("fractal.act", "fractal.end_turn")

    def fresh(self, state: Any, actor: str) -> bool:
        return actor == "brenna" and bool(state.characters[actor].ap == 8)


def test_duel_one_round_of_one_hp_fighters() -> None:
    exact = exact_outcomes(_plan("duel_one_round"))
    alice = Fraction(exact["sides"]["alice"])
    assert 0 < alice < 1
    report = _monte_carlo("duel_one_round", 800)
    _within(report["sides"]["alice"], alice)
    _within(report["sides"]["bob"], Fraction(exact["sides"]["bob"]))


def test_realtime_a_dying_creature_supported_rolls_one_critical_injury() -> None:
    exact = exact_outcomes(_plan("realtime_one_roll"))
    dead = Fraction(exact["actors"]["calliope"]["dead"])
    by_resolver = resolver_odds(
        "realtime.critical_injury", {"n_wounds": 2, "seconds_negative": 1, "negative_hp": 30}
    )["death"]
    assert dead == by_resolver == Fraction(9, 50)
    report = _monte_carlo("realtime_one_roll", 1000)
    actor = report["actors"]["calliope"]
    assert actor["defeated"] == 1.0
    deaths = round(actor["dead"] * report["trials"])
    band = wilson(deaths, report["trials"])
    assert band.low <= float(dead) <= band.high


def test_a_ruleset_tallying_no_death_has_none_in_the_exact_answer_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # percentile leaves death to the GM and tallies none: its exact answer says None, as
    # its Monte Carlo report does, not a death chance of 0 (the duel stands in for it here:
    # percentile's smallest encounter has too many dice for an exact answer)
    duel = load_ruleset("duel")
    tally = duel.tally

    def no_deaths(start: Any, end: Any) -> Any:
        return {
            actor: {k: v for k, v in counts.items() if k != DEAD}
            for actor, counts in tally(start, end).items()
        }

    monkeypatch.setattr(duel, "tally", no_deaths)
    exact = exact_outcomes(_plan("duel_one_round"))
    assert {row["dead"] for row in exact["actors"].values()} == {None}
    assert all(Fraction(row["defeated"]) > 0 for row in exact["actors"].values())


def test_tactical_a_slash_on_a_minion() -> None:
    exact = exact_outcomes(_plan("tactical_one_slash"))
    report = _monte_carlo("tactical_one_slash", 300)
    for side, chance in exact["sides"].items():
        _within(report["sides"][side], Fraction(chance))


def test_fractal_one_blow_on_an_undefended_minion() -> None:
    policy = OneFractalBlow()
    exact = exact_outcomes(_plan("fractal_one_blow", policy), max_plays=1000)
    party = Fraction(exact["sides"]["party"])
    pool = resolver_odds("dice.pool", {"dice": 4, "sides": 4, "tn": 4})
    assert party == 1 - pool["0"] == Fraction(175, 256)
    report = _monte_carlo("fractal_one_blow", 600, OneFractalBlow())
    _within(report["sides"]["party"], party)


def test_percentile_one_attack_on_a_one_hp_dummy() -> None:
    odds = resolver_odds(
        "percentile.attack",
        {
            "attacker": {
                "skill": 50,
                "weapon": {
                    "name": "knife",
                    "damage": "1d3",
                    "type": "piercing",
                    "hp": 6,
                    "reach": "short",
                },
            },
            "melee_distance": "contact",  # as the scenario engages them: short reach, +20%
        },
    ).as_dict()
    damaging = sum((p for label, p in odds.items() if label.endswith(" damage")), Fraction(0))
    assert damaging == Fraction(7, 10)  # 70% to hit: every hit on 1 HP takes it
    report = _monte_carlo("percentile_one_thrust", 800, OnePercentileAttack())
    _within(report["sides"]["duelists"], damaging)


def test_an_encounter_of_too_many_dice_is_left_to_the_monte_carlo() -> None:
    with pytest.raises(OddsUnavailableError, match="too many dice"):
        exact_outcomes(_plan("percentile_one_thrust", OnePercentileAttack()), max_plays=50)
