"""Life states, death, stabilization and healing (document 003, sections 1, 2, 4, 5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import (
    LifeState,
    add_creature,
    advance,
    damage,
    death_chance_if_stabilized,
    heal,
    seconds_left,
    start_action,
    support,
)
from tablekeeper.rulesets.realtime.injuries import CriticalInjuryInput, death_chance

from .helpers import cast, kinds, of_kind, table


def test_zero_hp_is_unconscious_but_not_dying() -> None:
    # R-LIFE-01: "A creature becomes unconscious when its Hit Points (HP) reach 0 or below";
    # G-R-04: at exactly 0 it is not dying.
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(damage("aliena", 20))
    aliena = session.state.creature("aliena")
    assert aliena.life is LifeState.UNCONSCIOUS
    assert not aliena.is_dying
    session.submit(advance(300))
    assert session.state.creature("aliena").seconds_negative == 0
    assert not session.state.creature("aliena").dead
    with pytest.raises(IllegalCommandError, match="aliena is unconscious") as caught:
        session.submit(start_action("aliena", name="Get up", cost=1))
    assert caught.value.field == "creature"


def test_negative_hp_is_dying_and_the_seconds_are_counted() -> None:
    # R-LIFE-02: strictly negative HP is the critical state; R-CRIT-01: d is counted.
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(damage("aliena", 23))
    assert session.state.creature("aliena").life is LifeState.DYING
    session.submit(advance(5))
    aliena = session.state.creature("aliena")
    assert (aliena.hp, aliena.seconds_negative, seconds_left(aliena)) == (-3, 5, 170)


def test_example_3_death_after_175_seconds_at_negative_hp_without_any_roll() -> None:
    # Example 3 / R-LIFE-03: "After 175 seconds at negative HP, the creature dies
    # automatically, without any roll."
    session = table([])
    cast(session, aliena=(0, 0))
    session.submit(damage("aliena", 21))
    session.submit(advance(174))
    aliena = session.state.creature("aliena")
    assert (aliena.life, aliena.seconds_negative) == (LifeState.DYING, 174)
    events = session.submit(advance(1))
    (died,) = of_kind(events, "died")
    assert died.payload == {
        "creature": "aliena",
        "cause": "negative_hp_175_seconds",
        "rule": "R-LIFE-03",
        "seconds_negative": 175,
    }
    assert session.state.creature("aliena").life is LifeState.DEAD
    assert session.roller.history == []
    with pytest.raises(IllegalCommandError, match="aliena is dead"):
        session.submit(heal("aliena", 10))


def test_example_1_quick_stabilization_returns_to_0_hp_with_a_critical_injury() -> None:
    # Example 1 / R-STAB-01, R-CRIT-02: "falls to -3 HP and remains unconscious for 5
    # seconds before being stabilized ... roll = 1d100 + 8 ... total roll = 45 -> Broken."
    session = table([37])
    cast(session, aliena=(0, 0), calliope=(1, 0))
    session.submit(damage("calliope", 23))  # -3 HP during second 1
    session.submit(advance(4))
    session.submit(support("aliena", "calliope"))  # 2 A.P.: completes at the end of 6
    events = session.submit(advance(2))
    assert kinds(events)[-4:] == [
        "action_completed",
        "critical_injury_rolled",
        "stabilized",
        "second_ended",
    ]
    (rolled,) = of_kind(events, "critical_injury_rolled")
    assert rolled.payload["input"] == {"n_wounds": 0, "seconds_negative": 5, "negative_hp": 3}
    outcome = rolled.payload["outcome"]
    assert isinstance(outcome, dict)
    assert (outcome["die"], outcome["total"], outcome["injury"]) == (37, 45, "Broken")
    calliope = session.state.creature("calliope")
    assert (calliope.hp, calliope.life, calliope.seconds_negative) == (0, LifeState.UNCONSCIOUS, 0)
    assert [(i.name, i.test_modifier) for i in calliope.injuries] == [("Broken", 0)]
    session.submit(advance(500))  # "The creature stops deteriorating."
    assert session.state.creature("calliope").life is LifeState.UNCONSCIOUS


def test_example_2_late_healing_magic_gives_bleeding_and_the_healed_hp() -> None:
    # Example 2 / R-STAB-02: "-6 HP for 40 seconds, with 1 existing critical injury ...
    # roll = 1d100 + 92. If the total roll = 150 -> Bleeding. Then healing brings the
    # creature to the restored HP amount." (+10 HP -> 10 HP)
    session = table([58])
    session.submit(add_creature(id="calliope", side="party", hp=-6, max_hp=20, injuries=["Weak"]))
    session.submit(advance(40))
    events = session.submit(heal("calliope", 10, source="Healing Word"))
    (rolled,) = of_kind(events, "critical_injury_rolled")
    assert rolled.payload["input"] == {"n_wounds": 1, "seconds_negative": 40, "negative_hp": 6}
    assert isinstance(rolled.payload["outcome"], dict)
    assert rolled.payload["outcome"]["total"] == 150
    (healed,) = of_kind(events, "healed")
    assert (healed.payload["hp_before"], healed.payload["hp_after"]) == (-6, 10)
    calliope = session.state.creature("calliope")
    assert (calliope.hp, calliope.life) == (10, LifeState.CONSCIOUS)
    assert [i.name for i in calliope.injuries] == ["Weak", "Bleeding"]


def test_a_roll_of_176_or_more_kills_instantly() -> None:
    # R-CRIT-03: "If roll >= 176, the creature dies instantly."
    session = table([66])
    session.submit(add_creature(id="calliope", side="party", hp=-10, max_hp=20))
    session.submit(advance(100))
    events = session.submit(heal("calliope", 5))
    assert kinds(events) == ["critical_injury_rolled", "died"]
    assert of_kind(events, "died")[0].payload["cause"] == "critical_injury_roll"
    assert session.state.creature("calliope").dead


def test_healing_outside_negative_hp_rolls_nothing() -> None:
    # R-LIFE-04: the injury comes only on leaving negative HP.
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=0, max_hp=20))
    session.submit(heal("aliena", 7))
    assert session.state.creature("aliena").hp == 7
    session.submit(heal("aliena", 50))
    assert session.state.creature("aliena").hp == 20


def test_support_needs_an_unconscious_creature_within_reach() -> None:
    # R-STAB-01: "performing the Support action on an unconscious creature".
    session = table()
    cast(session, aliena=(0, 0), calliope=(3, 0))
    with pytest.raises(IllegalCommandError, match="calliope is conscious") as caught:
        session.submit(support("aliena", "calliope"))
    assert caught.value.field == "target"
    session.submit(damage("calliope", 25))
    with pytest.raises(IllegalCommandError, match="beyond aliena's reach of 1"):
        session.submit(support("aliena", "calliope"))


def test_support_finds_the_target_already_healed() -> None:
    session = table([50])
    cast(session, aliena=(0, 0), calliope=(1, 0))
    session.submit(damage("calliope", 25))
    session.submit(support("aliena", "calliope"))
    session.submit(heal("calliope", 3, source="potion"))
    session.submit(advance(2))
    (completed,) = of_kind(session.log.events, "action_completed")
    assert completed.payload["result"] == "no_effect"


def test_falling_unconscious_cancels_the_charge_and_damage_while_dying_deepens_it() -> None:
    # R-LIFE-01; G-R-06: further damage lowers HP (raises npv).
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Aim", cost=5))
    events = session.submit(damage("aliena", 22))
    assert kinds(events) == ["damaged", "action_cancelled"]
    assert of_kind(events, "action_cancelled")[0].payload["reason"] == "unconscious"
    session.submit(advance(3))
    session.submit(damage("aliena", 4))
    aliena = session.state.creature("aliena")
    assert (aliena.hp, aliena.seconds_negative) == (-6, 3)


def test_the_exact_death_chance_if_stabilized_now_and_in_10_seconds() -> None:
    session = table()
    session.submit(add_creature(id="calliope", side="party", hp=-6, max_hp=20, injuries=["Weak"]))
    session.submit(advance(40))
    calliope = session.state.creature("calliope")
    now = death_chance_if_stabilized(calliope)
    later = death_chance_if_stabilized(calliope, later=10)
    assert now == death_chance(CriticalInjuryInput(n_wounds=1, seconds_negative=40, negative_hp=6))
    assert now == Fraction(17, 100)  # 1d100 + 92 >= 176: faces 84..100
    assert later == Fraction(37, 100)  # 1d100 + 112 >= 176: faces 64..100
    session.submit(advance(130))
    assert death_chance_if_stabilized(session.state.creature("calliope"), later=10) == 1
    assert death_chance_if_stabilized(session.state.creature("calliope"), later=0) == 1
    healthy = session.state.model_copy()
    assert (
        death_chance_if_stabilized(healthy.creature("calliope").model_copy(update={"hp": 3}))
        is None
    )
