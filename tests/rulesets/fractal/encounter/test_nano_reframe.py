"""Reframe (F-SOCIAL-NANO-14) and Improvise (F-DANCE-NANO-05): a Beat's own conditions
ignored, up to the successes (document 000; ruling G-F-N9)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .nano_helpers import Duelists, dancers, debaters


def _hurt(table: Duelists, *tables: tuple[str, int]) -> None:
    for name, successes in tables:
        order = cmd.Inflict(character="a", table=name, kind="negative", successes=successes)
        table.gm(cmd.INFLICT, order)


def _play_out(table: Duelists) -> None:
    """Everyone else passes until the Beat has struck."""
    for _ in range(6):
        if table.payloads("struck"):
            return
        who = table.waiting
        assert who is not None
        table.passes(who)
    raise AssertionError("the Beat never resolved")


def _ignored(table: Duelists) -> dict[str, list[str]]:
    """What the Beat's Reframe or Improvise ignored (the next Beat forgets it)."""
    found = [p["duel"]["ignored"] for p in table.payloads("duel_updated") if p["rule"] == "G-F-N9"]
    return found[-1] if found else {}  # type: ignore[no-any-return]


def _rolled(table: Duelists, technique: str) -> dict[str, object]:
    (found,) = [p for p in table.payloads("technique_rolled") if p["technique"] == technique]
    return found


def _reframed(face: int) -> Duelists:
    """a, Flustered [2] (Meditation -1 die) and Doubted, Reframes with one die; b's Pathos
    meets a's Turnabout of 2 Meditation dice."""
    table = debaters()
    _hurt(table, ("composure_nano", 2), ("credibility_nano", 1))
    ap = table.c("a").ap
    table.declare("a", action="reframe", dice=1, stat="words")
    assert table.c("a").ap == ap - 1  # its AP: the dice committed
    table.declare("b", action="pathos", target="a", dice=1)
    table.declare("a", defense="turnabout", defense_dice=2, defense_stat="meditation")
    table.dice(face)  # Reframe, rolled before anything else of the Beat
    table.dice(1)  # b's Pathos: no success
    table.dice(1, 1)  # a's Turnabout (as many dice as it rolls)
    _play_out(table)
    return table


def test_reframe_ignores_the_most_severe_condition_per_success_f_social_nano_14() -> None:
    # F-SOCIAL-NANO-14, G-F-N9: Words or People vs TN 4; a 4 succeeds: 1 condition ignored
    table = _reframed(face=4)
    reframe = _rolled(table, "reframe")
    assert (reframe["stat"], reframe["check"]["tn"]) == ("words", 4)  # type: ignore[index]
    flustered = next(e for e in table.c("a").conditions if e.name == "Flustered")
    assert _ignored(table) == {"a": [flustered.id]}  # the most severe first
    assert _rolled(table, "turnabout")["check"]["dice_rolled"] == 2  # type: ignore[index]


def test_a_failed_reframe_ignores_nothing_f_social_nano_14() -> None:
    # F-SOCIAL-NANO-14: a 3 fails at TN 4: Flustered still takes a Meditation die
    table = _reframed(face=1)
    assert _ignored(table) == {}
    assert _rolled(table, "turnabout")["check"]["dice_rolled"] == 1  # type: ignore[index]


def test_reframe_and_improvise_need_their_trigger_f_social_nano_14_f_dance_nano_05() -> None:
    # F-SOCIAL-NANO-14 "You are effected social-related conditions"; F-DANCE-NANO-05
    # "affected by negative performance-related conditions"
    with pytest.raises(IllegalCommandError, match="trigger"):
        debaters().declare("a", action="reframe", dice=1)
    table = dancers()
    _hurt(table, ("composure_nano", 2))  # a social condition: no trigger for Improvise
    with pytest.raises(IllegalCommandError, match="trigger"):
        table.declare("a", action="improvise", dice=1)


def test_improvise_ignores_performance_conditions_for_the_beat_f_dance_nano_05() -> None:
    # F-DANCE-NANO-05, G-F-N9: Auditory or Meditation vs TN 4; Outshone [2]: Visual -1 die
    table = dancers()
    _hurt(table, ("audience_attention_nano", 2))
    table.declare("a", action="improvise", dice=2, stat="auditory")
    table.declare("b", action="precise_technique", target="a", dice=1)
    table.dice(4, 3)  # Improvise: 1 success (3 fails at TN 4)
    table.dice(1)  # b's Precise Technique
    table.dice(1, 1)  # a's Flawless Form: both Visual dice
    table.declare("a", defense="flawless_form", defense_dice=2, defense_stat="visual")
    _play_out(table)
    improvise = _rolled(table, "improvise")
    assert (improvise["stat"], improvise["check"]["tn"]) == ("auditory", 4)  # type: ignore[index]
    assert _rolled(table, "flawless_form")["check"]["dice_rolled"] == 2  # type: ignore[index]
    assert len(_ignored(table)["a"]) == 1
    assert table.duel.ignored == {}  # the next Beat: forgotten
