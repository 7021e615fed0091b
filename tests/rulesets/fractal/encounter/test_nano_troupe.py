"""Troupe techniques in a Nano dance duel (document 000, Dancing, Troupe): Synchronized
Movement (F-DANCE-NANO-10) and Cannon / Chain (F-DANCE-NANO-12), ruling G-F-27."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.nano_troupe import TROUPE_MAX, chained, synced

from .nano_helpers import Duelists, dancers


def _troupe(*partners: str) -> Duelists:
    """``a`` (Body d8) and its partners (d6s) against ``b``."""
    table = dancers()
    for key in partners:
        table.pc(key)
        table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character=key, side="party")))
    return table


def _rolled(table: Duelists, technique: str) -> list[dict[str, object]]:
    return [p for p in table.payloads("technique_rolled") if p["technique"] == technique]


def _sync_against_lead(c_face: int) -> Duelists:
    """a and c use Synchronized Movement; b Leads at a, who Centers with one die."""
    table = _troupe("c")
    ap = table.c("a").ap
    table.declare("a", action="synchronized_movement", dice=1)
    assert table.c("a").ap == ap - 1  # its AP: the dice committed
    table.declare("b", action="lead", target="a", dice=2)
    table.declare("c", action="synchronized_movement", dice=1)
    table.dice(4, c_face)  # the two Synchronized Movements, in seat order (a, c)
    table.dice(6, 6)  # b's Lead: 2
    table.dice(1)  # a's Center: no success of its own
    table.declare("a", defense="center", defense_dice=1)
    table.passes("c")  # c may Cover / Mirror its partner: it does not
    return table


def test_synchronized_movement_adds_the_successful_users_to_their_other_action() -> None:
    # F-DANCE-NANO-10, G-F-27: Body or Visual vs TN 4; two successful users: +2 each
    table = _sync_against_lead(c_face=4)
    first, second = _rolled(table, "synchronized_movement")
    assert first["stat"] == "body"  # a's better stat of Body or Visual
    assert first["check"]["tn"] == 4  # type: ignore[index]
    assert second["check"]["success_level"] == 1  # type: ignore[index]  # a 4 succeeds
    (center,) = _rolled(table, "center")
    assert center["check"]["successes"] == 0  # type: ignore[index]
    assert center["check"]["success_level"] == 2  # type: ignore[index]  # + 2 users (G-F-27)
    (struck,) = table.payloads("struck")
    assert (struck["successes"], struck["defense"], struck["margin"]) == (2, 2, 0)
    assert table.labels("a") == []


def test_synchronized_movement_alone_adds_nothing_g_f_27() -> None:
    # F-DANCE-NANO-10: "you and other troupe members": c's 3 fails at TN 4, a is alone
    table = _sync_against_lead(c_face=3)
    (center,) = _rolled(table, "center")
    assert center["check"]["success_level"] == 0  # type: ignore[index]
    assert table.labels("a") == ["Lost Count [2]"]
    assert table.duel.synced == {}  # and next Beat it is gone in any case


def test_synchronized_movement_and_the_chain_add_at_most_4_g_f_27() -> None:
    # F-DANCE-NANO-10, F-DANCE-NANO-12: "(maximum 4)", "(max 4)"; two users at least
    assert TROUPE_MAX == 4
    party = dict.fromkeys(("a", "c", "d", "e", "f"), "party")
    assert synced(party) == dict.fromkeys(party, 4)
    assert synced({"a": "party", "c": "party", "d": "party"}) == dict.fromkeys("acd", 3)
    assert synced({"a": "party", "b": "foes"}) == {}  # not of one troupe
    # the chain: each successful passer counts, directly or through another (c -> d -> a)
    assert chained({"c": "d", "d": "a"}, ["a"]) == {"a": 2}
    assert chained(dict.fromkeys(("c", "d", "e", "f", "g"), "a"), ["a"]) == {"a": 4}
    assert chained({}, ["a"]) == {}


def _chain(pass_face: int) -> Duelists:
    """c passes the chain to a, who targets b with one die."""
    table = _troupe("c")
    ap = table.c("c").ap
    table.declare("a", action="cannon_chain", target="b", dice=1)
    table.passes("b")
    table.declare("c", action="cannon_chain", target="a", dice=1)
    assert table.c("c").ap == ap - 1  # its AP: the dice committed
    table.dice(pass_face)  # c's pass: Body or Auditory vs TN 4
    table.dice(6)  # a's Cannon: 1 success
    table.passes("b")  # b, attacked, has no reaction
    return table


def test_cannon_gains_a_success_for_each_successful_passer_f_dance_nano_12() -> None:
    # F-DANCE-NANO-12, G-F-27: targets Focus; a pass of 4 succeeds: + 1
    table = _chain(pass_face=4)
    (passed, cannon) = _rolled(table, "cannon_chain")
    assert passed["target"] == "a"
    assert passed["check"]["tn"] == 4  # type: ignore[index]
    assert cannon["check"]["success_level"] == 2  # type: ignore[index]  # 1 + 1 passer
    (struck,) = table.payloads("struck")  # the pass is no attack: only a struck
    assert (struck["attacker"], struck["zone"], struck["table"]) == ("a", "focus", "focus_nano")
    assert table.labels("b") == ["Lost Count [2]"]
    assert table.labels("a") == []


def test_a_failed_pass_adds_nothing_f_dance_nano_12() -> None:
    # F-DANCE-NANO-12: a 3 fails at TN 4: the Cannon's 1 success alone
    table = _chain(pass_face=3)
    assert table.labels("b") == ["Off-Beat [1]"]


def test_the_chain_passes_to_a_partner_or_targets_an_opponent() -> None:
    # F-DANCE-NANO-12: "passing the chain to someone else or targeting an opponent"
    table = _troupe("c")
    with pytest.raises(IllegalCommandError, match="passes to a partner"):
        table.declare("a", action="cannon_chain", target="a", dice=1)
