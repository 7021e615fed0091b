"""Turn order, rounds and actions per turn (P-CMB-01 .. P-CMB-07, P-OPT-01, P-OPT-02,
P-OPT-10, P-ACT-24; rulings G-P-16, G-P-17, G-P-E2, G-P-E5)."""

from __future__ import annotations

import pytest

from tablekeeper.rulesets.percentile.encounter import actions_per_turn, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.options import PercentileOptions

from .helpers import act, add, duel, kinds, of_kind, table


def test_turn_order_is_combat_initiative_plus_1d10_descending() -> None:
    # P-CMB-02, P-CMB-03: (DEX 14 + INT 13) / 2 = 13; P-CMB-06: descending.
    session, _ = duel(2, 9)
    rolled = of_kind(session.log.events, ev.TURN_ORDER_ROLLED)
    assert [e.payload["order"]["initiative"] for e in rolled] == [13, 13]  # type: ignore[index]
    assert [e.payload["rule"] for e in rolled] == ["P-CMB-02", "P-CMB-02"]
    state = session.state
    assert state.combatant("aldric").turn_order.total == 15  # type: ignore[union-attr]
    assert state.combatant("brenna").turn_order.total == 22  # type: ignore[union-attr]
    assert state.clock is not None
    assert state.clock.order == ("brenna", "aldric")
    assert state.active == "brenna"


def test_a_discorporate_entity_uses_spirit_initiative() -> None:
    # P-CMB-02, P-CMB-03: (POW 16 + CHA 9) / 2 = 12 for a spirit in the Spirit World.
    session, dice = table()
    add(session, "aldric", "party")
    wisp = {"characteristics": {"POW": 16, "CHA": 9}, "skills": {"Spirit Combat": 50}}
    add(session, "wisp", "foes", spirit=True, form="discorporate", stats=wisp)
    dice.feed(1, 10)
    session.submit(start())
    assert session.state.combatant("wisp").turn_order.initiative == 12  # type: ignore[union-attr]
    assert session.state.combatant("wisp").turn_order.kind == "spirit"  # type: ignore[union-attr]


def test_missing_characteristics_are_replaced_or_leave_only_1d10() -> None:
    # P-CMB-04: no INT -> DEX; no CHA -> POW; no relevant characteristic -> 1D10 alone.
    session, dice = table()
    add(session, "wolf", "beasts", stats={"characteristics": {"DEX": 16, "SIZ": 8}})
    add(session, "golem", "beasts", stats={"characteristics": {"STR": 20}})
    add(
        session,
        "shade",
        "beasts",
        spirit=True,
        form="discorporate",
        stats={"characteristics": {"POW": 14}},
    )
    dice.feed(3, 4, 5)
    session.submit(start())
    orders = {key: c.turn_order for key, c in session.state.combatants.items()}
    assert (orders["wolf"].initiative, orders["wolf"].total) == (16, 19)  # type: ignore[union-attr]
    assert (orders["golem"].kind, orders["golem"].total) == ("none", 4)  # type: ignore[union-attr]
    assert orders["shade"].initiative == 14  # type: ignore[union-attr]


def test_equal_turn_orders_go_to_the_higher_initiative_then_a_roll_off() -> None:
    # G-P-16: Dara's initiative 15 (DEX 17, INT 13) beats Aldric's 13 on an equal 20.
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "dara", "foes", stats={"characteristics": {"DEX": 17, "INT": 13}})
    add(session, "brenna", "foes")
    dice.feed(7, 5, 7, 3, 8)  # Aldric 20, Dara 20, Brenna 20; roll-off Aldric 3, Brenna 8
    session.submit(start())
    (started,) = of_kind(session.log.events, ev.ROUND_STARTED)
    assert started.payload["order"] == ["dara", "brenna", "aldric"]
    assert started.payload["roll_offs"] == {"aldric": [3], "brenna": [8]}


@pytest.mark.parametrize(
    ("initiative", "actions"), [(13, 2), (30, 2), (31, 3), (39, 3), (47, 4), (52, 5)]
)
def test_high_initiatives_grant_initiative_over_10_actions(initiative: int, actions: int) -> None:
    # P-OPT-01: "a combat initiative of 47 would grant four actions per turn"; above 30 only
    # (G-P-17).
    assert actions_per_turn(initiative, PercentileOptions()) == actions


def test_initiative_47_gives_four_actions_in_play_and_two_without_the_option() -> None:
    # P-OPT-01, P-CMB-07.
    fast = {"characteristics": {"DEX": 47, "INT": 47, "SIZ": 13}}
    for option, actions in ((True, 4), (False, 2)):
        session, dice = table(high_initiative_actions=option)
        add(session, "hero", "party", stats=fast)
        add(session, "brenna", "foes")
        dice.feed(1, 1)
        session.submit(start())
        assert session.state.combatant("hero").actions_left == actions


def test_extra_actions_of_a_monster_add_to_its_actions() -> None:
    # P-OPT-01: "Some heroes, monsters, and major spirits may get extra actions."
    session, dice = table()
    add(session, "troll", "foes", extra_actions=1)
    add(session, "aldric", "party")
    dice.feed(9, 1)
    session.submit(start())
    assert session.state.combatant("troll").actions_left == 3


def test_each_round_every_combatant_gets_one_turn_then_a_new_round() -> None:
    # P-CMB-01: a new round starts when all have had their turn; P-CMB-07: two actions.
    session, _ = duel(2, 9)
    act(session, cmd.END_TURN, "brenna")
    assert session.state.active == "aldric"
    assert session.state.round == 1
    events = act(session, cmd.END_TURN, "aldric")
    assert kinds(events) == ["turn_ended", "round_ended", "round_started", "turn_started"]
    assert session.state.round == 2
    assert session.state.combatant("aldric").actions_left == 2


def test_wait_lowers_the_turn_order_and_spends_no_action() -> None:
    # P-ACT-24: "waiting does not consume an action, the character still keeps their two
    # actions."
    session, _ = duel(2, 9)  # Brenna 22, Aldric 15
    act(session, cmd.WAIT, "brenna", turn_order=10)
    state = session.state
    assert state.active == "aldric"
    assert state.clock is not None
    assert state.clock.order == ("aldric", "brenna")
    act(session, cmd.END_TURN, "aldric")
    assert session.state.active == "brenna"
    assert session.state.combatant("brenna").actions_left == 2
    act(session, cmd.END_TURN, "brenna")
    # G-P-E2: the next round goes back to the rolled turn orders.
    assert session.state.clock is not None
    assert session.state.clock.order == ("brenna", "aldric")


def test_wait_only_lowers_the_turn_order() -> None:
    session, _ = duel(2, 9)
    with pytest.raises(Exception, match="lowers the turn order: below 22"):
        act(session, cmd.WAIT, "brenna", turn_order=30)


def test_discorporating_rerolls_the_turn_order_for_the_next_round() -> None:
    # P-CMB-05: "If an entity discorporates or reincorporates their body during the
    # encounter, re-roll their turn order." G-P-E5: it orders the next round.
    session, dice = table()
    add(session, "kell", "party", discorporates=True)
    add(session, "brenna", "foes")
    dice.feed(9, 1)  # Kell 22, Brenna 14
    session.submit(start())
    dice.feed(1)  # spirit initiative (12 + 11) / 2 = 11, + 1 = 12
    events = act(session, cmd.DISCORPORATE, "kell")
    (rolled,) = of_kind(events, ev.TURN_ORDER_ROLLED)
    assert rolled.payload["rule"] == "P-CMB-05"
    assert session.state.combatant("kell").turn_order.total == 12  # type: ignore[union-attr]
    assert session.state.clock is not None
    assert session.state.clock.order[0] == "kell"
    act(session, cmd.END_TURN, "kell")
    act(session, cmd.END_TURN, "brenna")
    assert session.state.clock is not None
    assert session.state.clock.order == ("brenna", "kell")


def test_engaging_rerolls_with_the_reach_modifier_and_disengaging_without() -> None:
    # P-OPT-02, P-OPT-10: a long weapon +5 and a short one -5 when engaging; no modifier
    # when disengaging.
    session, dice = table(reroll_turn_order=True, weapon_reach=True)
    add(
        session,
        "corin",
        "party",
        stats={
            "weapons": [
                {
                    "name": "spear",
                    "skill": "Spear",
                    "damage": "1d8+1",
                    "type": "piercing",
                    "hp": 10,
                    "reach": "long",
                }
            ]
        },
        ready=["spear"],
    )
    add(
        session,
        "dara",
        "foes",
        stats={
            "weapons": [
                {
                    "name": "dagger",
                    "skill": "Knife",
                    "damage": "1d4+1",
                    "type": "piercing",
                    "hp": 6,
                    "reach": "short",
                }
            ]
        },
        ready=["dagger"],
    )
    dice.feed(9, 1)
    session.submit(start())
    dice.feed(4, 6, 90)  # re-rolls on engaging, then a missed attack
    events = act(session, cmd.ATTACK, "corin", targets=["dara"])
    engaged, *_ = of_kind(events, ev.ENGAGED)
    assert engaged.payload["distance"] == "long"  # P-OPT-12: the longer of long and contact
    corin, dara = (session.state.combatant(key).turn_order for key in ("corin", "dara"))
    assert (corin.modifier, corin.total) == (5, 13 + 4 + 5)  # type: ignore[union-attr]
    assert (dara.modifier, dara.total) == (-5, 13 + 6 - 5)  # type: ignore[union-attr]
    act(session, cmd.DISENGAGE, "corin")
    act(session, cmd.END_TURN, "corin")
    dice.feed(8)
    events = act(session, cmd.END_TURN, "dara")  # round 2: Corin's turn begins, disengaged
    (disengaged,) = of_kind(events, ev.DISENGAGED)
    assert disengaged.payload["others"] == ["dara"]  # P-ACT-09: no attack injured Corin
    (rolled,) = of_kind(events, ev.TURN_ORDER_ROLLED)
    assert rolled.payload["order"]["modifier"] == 0  # type: ignore[index]
    assert rolled.payload["order"]["reason"] == "disengaging"  # type: ignore[index]
    dice.done()


def test_a_waiting_combatant_attacked_defends_ahead_of_its_turn() -> None:
    # P-ACT-24 with P-ACT-07: its turn is still to come, so it takes the Defend early.
    session, dice = duel(2, 9)
    act(session, cmd.WAIT, "brenna", turn_order=10)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    pending = session.pending
    assert pending is not None
    assert "ahead of your turn, at -20%" in pending.prompt
