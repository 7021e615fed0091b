"""Exact odds before a Nano declaration: the success level as AP is committed, and an
attack's conditions against a declared defense (the issue's "exact odds"; C-10)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.checks import roll_plan
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare
from tablekeeper.rulesets.fractal.encounter.nano_strike import technique_check
from tablekeeper.rulesets.fractal.encounter.rolling import plan
from tablekeeper.rulesets.fractal.ruleset import FRACTAL

from .nano_helpers import duelists

GM_SIGHT = Sight(gm=True)


def _odds(table: object, sight: Sight, **fields: object) -> dict[str, Fraction]:
    order = Declare.model_validate({"conflict": "duel", **fields})
    state = table.state  # type: ignore[attr-defined]
    found = FRACTAL.command_odds(state, Command.of(str(fields["character"]), DECLARE, order), sight)
    assert found is not None
    return dict(found.outcomes)


def test_an_undefended_cut_reads_its_zone_table_exactly() -> None:
    table = duelists()
    odds = _odds(table, GM_SIGHT, character="a", action="cut", target="b", zone="mid", dice=2)
    # 2d8 against TN 4: each die succeeds 5 times in 8.
    assert odds == {
        "nothing": Fraction(9, 64),
        "Shallow Cut [1]": Fraction(30, 64),
        "Cut Ribs [2]": Fraction(25, 64),
    }


def test_against_a_declared_parry_the_odds_are_the_opposed_pool() -> None:
    table = duelists()
    table.attack("a", "b", dice=1)
    table.passes("b")
    # b's Parry as it commits 1 die: 1d6 against the parry TN 4.
    odds = _odds(table, GM_SIGHT, character="b", defense="parry", defense_dice=1)
    assert odds == {"0": Fraction(1, 2), "1": Fraction(1, 2)}
    table.declare("b", defense="parry", defense_dice=1)
    # Step 3: a Feint into a Thrust with no Rank and no added die has no pool, no odds.
    feint = Declare(conflict="duel", character="a", action="thrust", zone="mid")
    assert FRACTAL.command_odds(table.state, Command.of("a", DECLARE, feint), GM_SIGHT) is None
    # ...while a Feint with a Rank's die is a Thrust of 1d8 against the declared Parry.
    table_ranked = duelists(a={"ranks": {"feint": 1}})
    table_ranked.attack("a", "b", dice=1)
    table_ranked.passes("b")
    table_ranked.declare("b", defense="parry", defense_dice=1)
    feint = Declare(conflict="duel", character="a", action="thrust", zone="mid", feint_dice=1)
    guarded = FRACTAL.command_odds(table_ranked.state, Command.of("a", DECLARE, feint), GM_SIGHT)
    assert guarded is not None
    assert guarded.title.endswith("against parry with 1 die")
    # a margin of 1 iff the thrust succeeds (5/8) and the parry fails (1/2)
    assert dict(guarded.outcomes) == {
        "nothing": Fraction(11, 16),
        "Prick [1]": Fraction(5, 16),
    }


def test_a_player_gets_no_odds_for_another_and_none_from_hidden_dice_c_10() -> None:
    table = duelists()
    order = Declare(conflict="duel", character="a", action="cut", target="b", zone="mid", dice=1)
    command = Command.of("a", DECLARE, order)
    assert FRACTAL.command_odds(table.state, command, Sight.player({"b"})) is None
    mine = FRACTAL.command_odds(table.state, command, Sight.player({"a"}))
    assert mine is not None
    assert mine.title.endswith("undefended")


def test_the_odds_equal_a_seeded_monte_carlo() -> None:
    table = duelists()
    conflict = table.conflict("duel")
    request = technique_check(table.state, conflict, "a", "cut", 3, None)
    exact = _odds(table, GM_SIGHT, character="a", action="cut", target="b", zone="low", dice=3)
    roller = RandomRoller(seed=17)
    runs = 4000
    counts = Counter(
        roll_plan(plan(table.state, request), roller).success_level for _ in range(runs)
    )
    names = {0: "nothing", 1: "Grazed Shin [1]", 2: "Cut Thigh [2]", 3: "Hamstrung [3]"}
    for level, name in names.items():
        assert abs(counts[level] / runs - float(exact[name])) < 0.03
