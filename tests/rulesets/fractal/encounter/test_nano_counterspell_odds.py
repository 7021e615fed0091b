"""Counterspell's odds before it is declared are the roll's: "Roll Words or Visual against
an incoming spell targeted anywhere within range's TN + 2" (document 000, Arcanism;
F-MAGIC-NANO-20; rulings G-F-19, G-F-N15, G-F-N16). The odds a declaration button shows
must be computed against the TN the Beat will roll, for a mage's own Counterspell and for
one made for an ally; and for a player who cannot see the caster, from what they see."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from tablekeeper.engine import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare
from tablekeeper.rulesets.fractal.ruleset import FRACTAL
from tablekeeper.rulesets.fractal.stats import Stat

from .nano_helpers import Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _odds(table: Duelists, sight: Sight, **fields: object) -> tuple[str, dict[str, Fraction]]:
    order = Declare.model_validate({"conflict": "duel", "character": "a", **fields})
    found = FRACTAL.command_odds(table.state, Command.of("a", DECLARE, order), sight)
    assert found is not None
    return found.title, dict(found.outcomes)


def _rolled(table: Duelists) -> tuple[str, dict[str, Fraction]]:
    """The title and the exact chances of the Counterspell the Beat rolled: its dice, die
    and TN, the binomial of the faces that count."""
    (counter,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "counterspell"]
    check = counter["check"]
    die = table.c(counter["character"]).die(Stat(counter["stat"]))
    n = check["dice_rolled"]
    hit = Fraction(min(die, max(0, die - check["counts_from"] + 1)), die)
    chances = {str(k): comb(n, k) * hit**k * (1 - hit) ** (n - k) for k in range(n + 1)}
    return f"counterspell: {n}d{die} against TN {check['tn']}", {
        k: p for k, p in chances.items() if p
    }


def test_an_own_counterspells_odds_are_against_the_spells_tn_plus_2_f_magic_nano_20() -> None:
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.passes("a")
    table.declare("b", action="mind_spike", target="a", dice=1)  # TN 5 (F-MAGIC-NANO-07)
    for sight in (Sight(gm=True), Sight.player({"a"})):  # the caster's TN is public (G-F-N16)
        before = _odds(table, sight, defense="counterspell", defense_dice=2)
        assert before[0].startswith("counterspell: 2d6 against TN 7")
    table.dice(6)  # b's Mind Spike: 1 success
    table.dice(1, 1)  # a's Counterspell
    table.declare("a", defense="counterspell", defense_dice=2)
    title, chances = _rolled(table)
    assert title == "counterspell: 2d6 against TN 7"  # F-MAGIC-NANO-20: 5 + 2
    assert before == (title, chances)  # the odds' TN and chances are the roll's


def test_an_allys_counterspells_odds_are_against_the_spells_tn_plus_2_f_magic_nano_20() -> None:
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    table.passes("a")
    table.declare("b", action="energy_strike", target="c", dice=1)  # TN 4 (F-MAGIC-NANO-01)
    table.passes("c")
    fields = {"defense": "counterspell", "defense_dice": 3, "against": "b"}
    before = _odds(table, Sight.player({"a"}), **fields)
    assert _odds(table, Sight(gm=True), **fields) == before
    table.dice(6)  # b's Energy Strike at c: 1 success
    table.dice(6, 1, 1)  # a's Counterspell for c
    table.declare("a", **fields)
    table.passes("c")
    title, chances = _rolled(table)
    assert title == "counterspell: 3d6 against TN 6"  # F-MAGIC-NANO-20: 4 + 2 (G-F-N15)
    assert before == (title, chances)


def test_counterspells_odds_meet_an_area_spell_at_the_tn_6_plus_2_f_magic_nano_20() -> None:
    # Phantasm's area form strikes every opponent with one roll at TN 6 (F-MAGIC-NANO-06,
    # G-F-N13): a Counterspell by one it strikes but was not aimed at is rolled at 6 + 2
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    table.passes("a")
    table.declare("b", action="phantasm", target="c", dice=1, area=True)
    table.passes("c")
    before = _odds(table, Sight.player({"a"}), defense="counterspell", defense_dice=2)
    table.dice(6)  # b's Phantasm: 1 success at TN 6
    table.dice(1, 1)  # a's Counterspell
    table.declare("a", defense="counterspell", defense_dice=2)
    table.passes("c")
    title, chances = _rolled(table)
    assert title == "counterspell: 2d6 against TN 8"
    assert before == (title, chances)


def test_counterspells_odds_roll_the_stat_declared_for_it_f_magic_nano_20() -> None:
    # "Roll Words or Visual": the stat declared for the reaction is the one rolled
    table = Duelists()
    table.pc("a", stats={"words": 8}, tools=[WAND])
    table.pc("b", side="foes", tools=[WAND])
    table.open("duel", "combat", "a", "b", level="nano")
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=1)
    fields = {"defense": "counterspell", "defense_dice": 2, "defense_stat": "visual"}
    before = _odds(table, Sight.player({"a"}), **fields)
    table.dice(6)
    table.dice(1, 1)
    table.declare("a", **fields)
    title, chances = _rolled(table)
    assert title == "counterspell: 2d6 against TN 6"
    assert before == (title, chances)
