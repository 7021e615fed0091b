"""A Ward's odds count the dice allies add to it, as the Beat's roll does: "Allies within
the mage's range may contribute their AP to this action." (document 000, Arcanism;
F-MAGIC-NANO-18, F-MAGIC-MICRO-07; ruling G-F-N11). One check gives both."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from tablekeeper.engine import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare
from tablekeeper.rulesets.fractal.ruleset import FRACTAL
from tablekeeper.rulesets.fractal.stats import Stat

from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _odds(table: Duelists, **fields: object) -> tuple[str, dict[str, Fraction]]:
    order = Declare.model_validate({"conflict": "duel", "character": "a", **fields})
    found = FRACTAL.command_odds(table.state, Command.of("a", DECLARE, order), Sight(gm=True))
    assert found is not None
    return found.title, dict(found.outcomes)


def test_a_wards_odds_count_an_allys_assist_f_magic_nano_18_g_f_n11() -> None:
    table = duelists(a_tools=(SWORD,), b_tools=(WAND,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=2)
    table.passes("c")
    table.dice(6, 6)  # b's Energy Strike: 2
    table.dice(1, 6, 6)  # the Ward: a's die fails, c's two succeed
    table.declare("c", defense="ward", defense_dice=2, assist="a")  # G-F-N11: c's AP first
    before = _odds(table, defense="ward", defense_dice=1)
    table.declare("a", defense="ward", defense_dice=1)
    (ward,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "ward"]
    check = ward["check"]
    n = check["dice_rolled"]
    assert n == 3  # F-MAGIC-MICRO-07: a's 1 die and c's 2, one roll
    die = table.c("a").die(Stat(ward["stat"]))
    hit = Fraction(min(die, max(0, die - check["counts_from"] + 1)), die)
    chances = {str(k): comb(n, k) * hit**k * (1 - hit) ** (n - k) for k in range(n + 1)}
    rolled = f"ward: {n}d{die} against TN {check['tn']}", {k: p for k, p in chances.items() if p}
    assert before == rolled  # G-F-N11: the odds' dice and chances are the roll's
