"""The option ``rank_caps_dice`` caps every action's committed dice at the Rank, Nano
declarations' as Micro actions' (ruling G-F-01: "true caps every action's committed dice
at the actor's Rank in its skill"; F-CORE-10). Off by default: the document caps only
where a rule says so."""

from __future__ import annotations

import pytest

from tablekeeper.engine.sight import Sight
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.nano_view import nano_view

from .nano_helpers import Duelists, duelists


def test_rank_caps_a_nano_actions_dice_under_the_option_g_f_01_f_core_10() -> None:
    table = duelists(rank_caps_dice=True, a={"ranks": {"cut": 2}})
    with pytest.raises(IllegalCommandError, match="at most 2 dice") as refused:
        table.declare("a", action="cut", target="b", zone="mid", dice=3)
    assert refused.value.field == "dice"
    table.declare("a", action="cut", target="b", zone="mid", dice=2)  # at its Rank: allowed


def test_rank_caps_a_nano_defenses_dice_under_the_option_g_f_01() -> None:
    table = duelists(rank_caps_dice=True, b={"ranks": {"cut": 1}})
    table.passes("a")
    table.declare("b", action="cut", target="a", zone="mid", dice=1)
    with pytest.raises(IllegalCommandError, match="at most 0 dice") as refused:
        table.declare("a", defense="parry", defense_dice=1)  # Rank 0 (F-GM-03)
    assert refused.value.field == "defense_dice"


def test_without_the_option_a_nano_action_rolls_past_its_rank_g_f_01() -> None:
    table = duelists(a={"ranks": {"cut": 2}})
    table.declare("a", action="cut", target="b", zone="mid", dice=3)


def _cut_buttons(table: Duelists) -> set[tuple[int, str]]:
    """The dice and odds title of each Cut button a's player sees."""
    view = nano_view(table.state, table.conflict("duel"), Sight.player({"a"}))
    assert view is not None
    options = view["options"]
    assert isinstance(options, list)
    return {
        (int(o["command"]["payload"]["dice"]), str(o["odds_title"]).split(",")[0])
        for o in options
        if isinstance(o, dict) and o["command"]["payload"].get("action") == "cut"
    }


def test_the_buttons_offer_a_nano_action_at_most_its_ranks_dice_g_f_01() -> None:
    # a's pool is 7 AP: capped at Rank 2, each Cut button declares and rolls 2 dice
    capped = _cut_buttons(duelists(rank_caps_dice=True, a={"ranks": {"cut": 2}}))
    assert capped == {(2, "cut: 2d8 against TN 4")}
    free = _cut_buttons(duelists(a={"ranks": {"cut": 2}}))
    assert free == {(7, "cut: 7d8 against TN 4")}  # without the option, the pool
