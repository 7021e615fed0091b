"""The other actions and the attack's declared options in play (P-ACT-01, P-ACT-05,
P-ACT-17, P-REA-02, P-REA-04, P-OPT-05, P-OPT-08, P-OPT-09, P-OPT-13, P-OPT-14, P-OPT-23,
P-OPT-25), hit locations, and undo."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import order

from .helpers import act, contributions, duel, kinds, of_kind


def test_ability_use_rolls_the_skill_and_an_opposed_roll_if_any() -> None:
    # P-ACT-01: "This ability roll may be opposed."
    session, dice = duel(9, 2)
    dice.feed(20, 80)
    events = act(
        session,
        cmd.ABILITY,
        "aldric",
        skill="Athletics",
        goal="shove the cart",
        opposed_by="brenna",
        opposed_skill="STR",
    )
    rolls = of_kind(events, ev.CHECK_ROLLED)
    assert [contributions(e) for e in rolls] == [{"P-ACT-01": 40}, {"G-P-01": 65}]
    assert rolls[1].payload["note"] == "opposed: attacker wins"
    assert session.state.combatant("aldric").actions_left == 1


def test_help_concentrate_and_free_actions() -> None:
    # P-ACT-17, P-ACT-05, P-REA-02 (Drop Item, Speak: no action).
    session, dice = table_of_three()
    dice.feed(30)
    act(session, cmd.HELP, "aldric", ally="elin", skill="Battlefield")
    act(session, cmd.CONCENTRATE, "aldric", spell="Bladesharp")
    assert session.state.combatant("aldric").concentrating == "Bladesharp"
    act(session, cmd.SPEAK, "aldric", text="Hold the line!")
    act(session, cmd.DROP, "aldric", item="heater")
    aldric = session.state.combatant("aldric")
    assert (aldric.actions_left, aldric.ready, aldric.dropped) == (0, ("broadsword",), ("heater",))


def table_of_three():  # type: ignore[no-untyped-def]
    from tablekeeper.rulesets.percentile.encounter import start

    from .helpers import add, table

    session, dice = table()
    add(session, "aldric", "party")
    add(session, "elin", "party")
    add(session, "brenna", "foes")
    dice.feed(9, 5, 1)
    session.submit(start())
    return session, dice


def test_use_passion_is_once_per_encounter() -> None:
    # P-REA-04 (G-P-06).
    session, _dice = duel(9, 2)
    act(session, cmd.USE_PASSION, "aldric", passion="Loyalty (Clan)")
    with pytest.raises(IllegalCommandError, match="once per encounter"):
        act(session, cmd.USE_PASSION, "aldric", passion="Loyalty (Clan)")


def test_a_bash_pushes_one_meter_plus_a_tenth_of_the_damage() -> None:
    # P-OPT-23: "pushed back or sideways by 1 meter plus one-tenth of rolled damage".
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"], intent="bash")
    dice.feed(8)
    events = session.answer("none")
    assert of_kind(events, ev.PUSHED)[0].payload["meters"] == 1


def test_a_disarm_knocks_the_weapon_away_and_deals_no_damage() -> None:
    # P-OPT-25: "The attack deals no damage. The weapon falls 1D3 meters away".
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"], intent="disarm")
    dice.feed(3)
    events = session.answer("none")
    assert not of_kind(events, ev.DAMAGED)
    (dropped,) = of_kind(events, ev.ITEM_DROPPED)
    assert (dropped.payload["item"], dropped.payload["meters"]) == ("broadsword", 3)


@pytest.mark.parametrize(("location", "penalty"), [("abdomen", -40), ("head", -60)])
def test_a_called_shot_is_minus_40_or_60_and_strikes_its_location(
    location: str, penalty: int
) -> None:
    # P-OPT-09: "Chest or abdomen: -40%; Head or limbs: -60%".
    session, dice = duel(9, 2, hit_locations=True)
    dice.feed(5)
    events = act(session, cmd.ATTACK, "aldric", targets=["brenna"], called_shot=location)
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-OPT-09"] == penalty
    dice.feed(5)
    if session.pending is not None and session.pending.chooser == "aldric":
        session.answer("devastating")
    events = session.answer("none")
    assert of_kind(events, ev.DAMAGED)[0].payload["location"] == location


def test_find_weak_spot_is_minus_60_and_ignores_armor() -> None:
    # P-OPT-08.
    session, dice = duel(9, 2)
    act(session, cmd.AIM, "aldric", target="brenna")
    act(session, cmd.END_TURN, "aldric")
    act(session, cmd.END_TURN, "brenna")
    dice.feed(10)
    events = act(session, cmd.ATTACK, "aldric", targets=["brenna"], find_weak_spot=True)
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-OPT-08"] == -60
    dice.feed(5)
    events = session.answer("none")
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 6  # no armor


def test_an_attack_trades_half_its_damage_for_a_step_of_melee_distance() -> None:
    # P-OPT-13.
    session, dice = duel(9, 2, weapon_reach=True)
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    assert session.state.engagement("aldric", "brenna").distance == "medium"  # type: ignore[union-attr]
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"], change_distance="closer")
    dice.feed(7)
    events = session.answer("none")
    assert of_kind(events, ev.DISTANCE_CHANGED)[0].payload["distance"] == "short"
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == (8 - 2) // 2


def test_a_defend_changes_the_distance_when_that_opponent_does_not_attack() -> None:
    # P-OPT-14: "If no attack came from the opponent [...] up to two steps."
    session, _ = duel(9, 2, weapon_reach=True)
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    act(session, cmd.DEFEND, "aldric", distance={"opponent": "brenna", "steps": 2})
    act(session, cmd.END_TURN, "aldric")
    events = act(session, cmd.END_TURN, "brenna")
    assert of_kind(events, ev.DISTANCE_CHANGED)[0].payload["distance"] == "very_long"


@pytest.mark.parametrize(("dodge", "distance"), [(35, "very_long"), (90, "medium")])
def test_a_defend_attacked_by_that_opponent_changes_the_distance_only_on_a_victory(
    dodge: int, distance: str
) -> None:
    # P-OPT-14: "If an attack came from that opponent, the same distance change is possible
    # only if the defense scored a victory against the attack."
    session, dice = duel(9, 2, weapon_reach=True)
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    act(session, cmd.DEFEND, "aldric", distance={"opponent": "brenna", "steps": 2})
    act(session, cmd.END_TURN, "aldric")
    dice.feed(30, dodge, 5)
    act(session, cmd.ATTACK, "brenna", targets=["aldric"])
    session.answer("dodge")
    act(session, cmd.END_TURN, "brenna")
    assert session.state.engagement("aldric", "brenna").distance == distance  # type: ignore[union-attr]


def test_a_stuck_weapon_let_go_is_regrabbed_with_a_grapple_action() -> None:
    # P-OPT-05: "After letting go, re-grabbing the stuck weapon requires a Grapple action."
    from .test_melee import stuck_spear

    session, dice, _ = stuck_spear()
    act(session, cmd.LET_GO, "corin", target="brenna")
    assert not session.state.stuck[0].held
    assert "spear" not in session.state.combatant("corin").ready
    dice.feed(20)
    act(session, cmd.REGRAB, "corin", target="brenna")
    session.answer("none")
    assert session.state.stuck[0].held  # held on to again, still stuck: not a weapon in hand
    assert "spear" not in session.state.combatant("corin").ready


def test_pulling_a_stuck_weapon_out_rolls_the_skill_at_minus_40_again() -> None:
    # P-OPT-05, P-OPT-03: success deals normal damage, ignoring armor, as it comes out.
    from .test_melee import stuck_spear

    session, dice, _ = stuck_spear()
    act(session, cmd.END_TURN, "corin")
    act(session, cmd.END_TURN, "brenna")
    dice.feed(5, 3)
    events = act(session, cmd.PULL_WEAPON, "corin", target="brenna")
    (roll,) = of_kind(events, ev.CHECK_ROLLED)
    assert contributions(roll) == {"P-OPT-05": 55 - 40, "P-OPT-03": -40}
    assert not session.state.stuck
    assert "spear" in session.state.combatant("corin").ready  # back in hand
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 4


def test_undo_takes_back_the_answer_and_the_decision_is_pending_again() -> None:
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    pending = session.pending
    dice.feed(70, 5)
    session.answer("parry:broadsword")
    hp = session.state.combatant("brenna").hp
    session.undo()
    assert session.pending == pending
    assert session.state.combatant("brenna").hp == 13
    session.redo()
    assert session.pending is None
    assert session.state.combatant("brenna").hp == hp
    assert kinds(session.log.events)[-1] == "damaged"
