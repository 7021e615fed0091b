"""Exact odds of a Micro exchange's outcome: an attack against the target's defense and
armor, through ``tablekeeper.dice.pools.opposed_pool`` (G-F-04), equal to every face
rolled through the engine itself."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from tablekeeper.engine import Command
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.odds import exchange_distribution
from tablekeeper.rulesets.fractal.ruleset import FRACTAL

from .helpers import Table


def table() -> Table:
    found = Table()
    found.pc("brenna", default=4, stats={"body": 6})
    found.pc("orc", side="foes", default=4, armor=1)
    found.open(
        "fight", "combat", "brenna", "orc", scene_elements=[{"element": "obscured", "severity": 1}]
    )
    return found


def test_the_exchanges_exact_odds_are_the_engines_brute_force_g_f_04() -> None:
    counted: Counter[int] = Counter()
    for attack in itertools.product(range(1, 7), repeat=2):
        for guard in itertools.product(range(1, 5), repeat=2):  # Defense: 2d4 (Meditation)
            played = table()
            played.dice(*attack)
            played.act("fight", "brenna", "melee", 2, "orc")
            if played.session.pending is not None:
                played.dice(*guard)
                played.answer("defense:2")
            counted[played.payloads("defended")[0]["level"]] += 1
    total = sum(counted.values())
    fresh = table()
    state = fresh.state
    melee = state.catalogue.actions.action("melee")
    defense = state.catalogue.actions.action("defense")
    exact = exchange_distribution(
        state, state.conflicts["fight"], fresh.c("brenna"), melee, 2, fresh.c("orc"), defense, 2
    )
    # With no success the engine asks for no defense: those rows count 16 times each.
    assert {level: Fraction(n, total) for level, n in counted.items()} == dict(exact)


def test_the_gm_sees_the_odds_against_the_targets_default_defense() -> None:
    fresh = table()
    command = Command.of(
        "brenna",
        cmd.ACT,
        cmd.Act(conflict="fight", character="brenna", action="melee", dice=3, targets=["orc"]),
    )
    odds = FRACTAL.command_odds(fresh.state, command, GM_SIGHT)
    assert odds is not None
    assert odds.title.endswith("against Defense with 2 dice")
    assert sum(chance for _, chance in odds.outcomes) == 1
    state = fresh.state
    exact = exchange_distribution(
        state,
        state.conflicts["fight"],
        fresh.c("brenna"),
        state.catalogue.actions.action("melee"),
        3,
        fresh.c("orc"),
        state.catalogue.actions.action("defense"),
        2,
    )
    assert dict(odds.outcomes)["nothing"] == exact.probability(0)
