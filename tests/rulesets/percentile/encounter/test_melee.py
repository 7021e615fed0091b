"""Melee: engagement per pair, leaving it, equipping in it, grapples, stuck weapons and
fatigue (P-MOD-02, P-ACT-09, P-ACT-11 .. P-ACT-16, P-ACT-20, P-OPT-03 .. P-OPT-06,
P-OPT-19; rulings G-P-15, G-P-27, G-P-E9)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import order, start

from .helpers import SPEAR, act, add, contributions, duel, of_kind, table


def engage(session, a: str, b: str) -> None:  # type: ignore[no-untyped-def]
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=[a, b]))


def trio(*turn_dice: int, **options):  # type: ignore[no-untyped-def]
    """Aldric engaged with Brenna and Corin."""
    session, dice = table(**options)
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    add(session, "corin", "foes")
    dice.feed(*turn_dice)
    session.submit(start())
    engage(session, "aldric", "brenna")
    engage(session, "aldric", "corin")
    return session, dice


def test_melee_engagement_is_per_pair_and_an_attack_engages() -> None:
    # P-MOD-02: engaged "once one is attacking the other"; more than two may be engaged.
    session, dice = duel(9, 2)
    assert not session.state.in_melee("aldric")
    dice.feed(96)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.state.engagement("aldric", "brenna") is not None


@pytest.mark.parametrize(("enemies", "penalty"), [(1, 0), (2, -20), (3, -40)])
def test_moving_out_of_melee_dodges_at_minus_20_per_extra_enemy(enemies: int, penalty: int) -> None:
    # P-ACT-20: "a cumulative -20% penalty for each enemy after the first one".
    session, dice = table()
    add(session, "aldric", "party")
    for number in range(enemies):
        add(session, f"foe{number}", "foes")
    dice.feed(10, *range(1, enemies + 1))
    session.submit(start())
    for number in range(enemies):
        engage(session, "aldric", f"foe{number}")
    dice.feed(5)  # a success: disengaged, full MOV
    events = act(session, cmd.MOVE, "aldric", meters=8)
    (dodge,) = of_kind(events, ev.CHECK_ROLLED)
    assert contributions(dodge).get("P-ACT-20", 0) == penalty
    assert contributions(dodge)["P-ATK-05"] == 40
    assert of_kind(events, ev.MOVED)[0].payload["out_of_melee"] is True
    assert not session.state.in_melee("aldric")


def test_a_failed_move_dodge_lets_each_enemy_attack_freely_then_disengages() -> None:
    # P-ACT-20: "Each enemy they were engaged in melee with may make an attack against the
    # character. This attack does not count as an action."
    session, dice = trio(10, 1, 2)
    dice.feed(60)  # Dodge 40 - 20 fails
    act(session, cmd.MOVE, "aldric", meters=8)
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "brenna"
    assert pending.option_ids == ("attack", "let_go")
    dice.feed(96)
    session.answer("attack")
    assert session.pending is not None
    assert session.pending.chooser == "corin"
    events = session.answer("let_go")
    assert of_kind(events, ev.MOVED)[0].payload["out_of_melee"] is True
    assert not session.state.in_melee("aldric")
    assert session.state.combatant("brenna").actions_left == 2  # not an action


def test_a_fumbled_move_dodge_stays_engaged_and_rolls_on_the_fumble_table() -> None:
    # P-ACT-20: "Fumble: As above, but the character stays engaged in melee".
    session, dice = trio(10, 1, 2)
    dice.feed(100, 1)  # fumble; fumble table 01: loses the next turn
    act(session, cmd.MOVE, "aldric", meters=8)
    assert of_kind(session.log.events, ev.FUMBLED)[0].payload["during"] == "move"
    session.answer("let_go")
    session.answer("let_go")
    assert session.state.in_melee("aldric")
    assert session.state.combatant("aldric").lose_turn  # P-ATK-13, row 01


def test_disengage_takes_effect_at_the_next_turn_unless_an_attack_injures() -> None:
    # P-ACT-09: "If any ranged or melee attack gets through the character's defenses and
    # armor, dealing at least 1 point of damage, the action fails" (G-P-27).
    session, dice = duel(9, 2)
    engage(session, "aldric", "brenna")
    act(session, cmd.DISENGAGE, "aldric")
    assert session.state.combatant("aldric").reserve() is not None  # replaced by Defend
    act(session, cmd.END_TURN, "aldric")
    dice.feed(30)
    act(session, cmd.ATTACK, "brenna", targets=["aldric"])
    dice.feed(8)  # 1d8+1 = 9, less armor 2: injured
    events = session.answer("none")
    assert of_kind(events, ev.DISENGAGE_FAILED)
    events = act(session, cmd.END_TURN, "brenna")  # round 2: Aldric's turn, still engaged
    assert not of_kind(events, ev.DISENGAGED)
    assert session.state.active == "aldric"
    assert session.state.in_melee("aldric")


def test_equipping_in_melee_is_an_action_replaced_by_a_dodge_or_shield_defense() -> None:
    # P-ACT-11: "Only Dodge may be used if the equipment change requires two hands."
    for hands, guards in ((1, ("dodge", "block")), (2, ("dodge",))):
        session, _ = duel(9, 2)
        engage(session, "aldric", "brenna")
        act(session, cmd.EQUIP, "aldric", ready=["broadsword"], hands=hands)
        aldric = session.state.combatant("aldric")
        assert aldric.actions_left == 1
        assert aldric.reserves[0].guards == guards
    session, _ = duel(9, 2)
    act(session, cmd.EQUIP, "aldric", ready=["broadsword"])  # outside melee: free (P-REA-02)
    assert session.state.combatant("aldric").actions_left == 2


def test_a_grappled_combatant_is_at_minus_40_except_to_escape() -> None:
    # P-ACT-12, P-ACT-14.
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.GRAPPLE, "aldric", target="brenna")
    session.answer("none")
    grapple = session.state.grapple_on("brenna")
    assert grapple is not None
    assert grapple.skill == "Brawl"
    act(session, cmd.END_TURN, "aldric")
    dice.feed(96)
    events = act(session, cmd.ATTACK, "brenna", targets=["aldric"])
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-ACT-14"] == -40


@pytest.mark.parametrize(
    ("escape", "hold", "victory", "damage"),
    [(40, 30, "weak", None), (30, 80, "normal", 1), (4, 80, "great", 2), (30, 40, None, None)],
)
def test_escape_from_grapple_by_degree_of_victory(
    escape: int, hold: int, victory: str | None, damage: int | None
) -> None:
    # P-ACT-13: Weak: free; Normal: thrown prone for the damage bonus (or 1); Great: maximum
    # plus rolled damage bonus (or 2). The grappler winning changes nothing (G-P-15).
    session, dice = duel(9, 2)
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    dice.feed(30)
    act(session, cmd.GRAPPLE, "aldric", target="brenna")
    session.answer("none")
    act(session, cmd.END_TURN, "aldric")
    act(session, cmd.ESCAPE, "brenna")
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "aldric"
    dice.feed(escape, hold)
    events = session.answer("hold")
    released = of_kind(events, ev.GRAPPLE_RELEASED)
    assert (released[0].payload["reason"] == f"{victory} victory") if victory else not released
    hurt = [e.payload["amount"] for e in of_kind(events, ev.DAMAGED)]
    # Aldric wears 2 AP: the thrown damage goes through armor (G-P-15).
    assert hurt == ([] if damage is None else [max(0, damage - 2)])
    assert session.state.combatant("aldric").prone is (damage is not None)


def test_tighten_grapple_puts_minus_20_on_the_escape_and_twist_limb_ignores_armor() -> None:
    # P-ACT-15, P-ACT-16: "This cumulative penalty applies to the Escape from Grapple action."
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.GRAPPLE, "aldric", target="brenna")
    session.answer("none")
    dice.feed(20, 90)  # Aldric wins the opposed roll
    act(session, cmd.GRAPPLE, "aldric", target="brenna", maneuver="tighten_grapple")
    assert session.state.grapple_on("brenna").tightened == 1  # type: ignore[union-attr]
    act(session, cmd.END_TURN, "aldric")
    act(session, cmd.ESCAPE, "brenna")
    dice.feed(90, 90)
    events = session.answer("hold")
    escape = [e for e in of_kind(events, ev.CHECK_ROLLED) if e.payload["purpose"] == "escape"]
    assert contributions(escape[0]) == {"P-ACT-13": 45, "P-ACT-16": -20}
    act(session, cmd.END_TURN, "brenna")
    dice.feed(20, 90)  # Twist Limb: a victory; no damage bonus: 1, +1 tightened, no armor
    events = act(session, cmd.GRAPPLE, "aldric", target="brenna", maneuver="twist_limb")
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 2


def stuck_spear():  # type: ignore[no-untyped-def]
    """Corin's spear stuck in Brenna (a Devastating Blow, then a failed impale roll)."""
    session, dice = table()
    add(session, "corin", "party", stats={"weapons": [SPEAR]}, ready=["spear"])
    add(session, "brenna", "foes", stats={"hit_points": 30})
    dice.feed(9, 2)
    session.submit(start())
    dice.feed(2)  # critical
    act(session, cmd.ATTACK, "corin", targets=["brenna"])
    session.answer("devastating")
    dice.feed(5, 80)  # 9 + 6 - 2 = 13 dealt; the impale roll 80 at 55 - 40 fails: stuck
    events = session.answer("none")
    return session, dice, events


def test_a_critical_impale_that_fails_leaves_the_weapon_stuck_with_its_penalties() -> None:
    # P-OPT-03 .. P-OPT-05: the impaled at -20% per stuck weapon, the holder at -40%.
    session, dice, events = stuck_spear()
    (stuck,) = of_kind(events, ev.WEAPON_STUCK)
    assert stuck.payload["stuck"]["held"] is True  # type: ignore[index]
    dice.feed(96)
    events = act(session, cmd.ATTACK, "corin", targets=["brenna"], weapon="unarmed")
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-OPT-05"] == -40
    act(session, cmd.END_TURN, "corin")
    dice.feed(96, 4)  # Brenna attacks (a physical action): the spear bites, 1d8+1 = 5 / 2
    events = act(session, cmd.ATTACK, "brenna", targets=["corin"])
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-OPT-04"] == -20
    events = act(session, cmd.END_TURN, "brenna")
    bite = [e for e in of_kind(events, ev.DAMAGED) if e.payload["rule"] == "P-OPT-04"]
    assert bite[0].payload["amount"] == 2  # half of 5, rounded down, no armor


def test_the_impaled_pulls_the_weapon_out_with_the_lower_of_con_and_str() -> None:
    # P-OPT-06: "a CON or STR roll, whichever is lowest ... regardless of the result, deals
    # half-damage".
    session, dice, _ = stuck_spear()
    act(session, cmd.END_TURN, "corin")
    dice.feed(30, 7)  # CON 12 x 5 = 60 (STR 13), -20 stuck: a success; 1d8+1 = 8 / 2 = 4
    events = act(session, cmd.REMOVE_WEAPON, "brenna", target="corin")
    (roll,) = of_kind(events, ev.CHECK_ROLLED)
    assert contributions(roll) == {"G-P-01": 60, "P-OPT-04": -20}
    assert of_kind(events, ev.WEAPON_PULLED)
    assert not session.state.stuck
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 4


def test_melee_fatigue_starts_with_the_fourth_round() -> None:
    # P-OPT-19: "Starting with the fourth round of combat, characters engaged in melee take 1
    # point of damage as a new "fatigue" injury every round."
    session, _ = duel(9, 2, melee_fatigue=True)
    engage(session, "aldric", "brenna")
    for round_number in (1, 2, 3, 4):
        act(session, cmd.END_TURN, "aldric")
        events = act(session, cmd.END_TURN, "brenna")
        fatigue = of_kind(events, ev.FATIGUED)
        assert len(fatigue) == (2 if round_number == 4 else 0), round_number
    assert session.state.combatant("aldric").hp == 12


def test_manifesting_and_discorporating_are_refused_while_engaged() -> None:
    # P-ACT-18: "Both manifesting and discorporating cannot be done while enaged in melee".
    session, dice = table()
    add(session, "kell", "party", discorporates=True)
    add(session, "brenna", "foes")
    dice.feed(9, 2)
    session.submit(start())
    engage(session, "kell", "brenna")
    with pytest.raises(IllegalCommandError, match="while engaged"):
        act(session, cmd.DISCORPORATE, "kell")


@pytest.mark.parametrize(("terrain", "most"), [("normal", 8), ("half", 4), ("quarter", 2)])
def test_move_covers_up_to_mov_times_the_gms_terrain_factor_in_one_go_p_act_19(
    terrain: str, most: int
) -> None:
    """P-ACT-19: up to MOV (8) meters in one go, the unused distance lost (each Move is one
    action, never resumed); the GM may halve MOV or take a quarter or a tenth of it."""
    session, _dice = duel(9, 2)
    with pytest.raises(IllegalCommandError, match=f"moves up to {most} meters"):
        act(session, cmd.MOVE, "aldric", meters=most + 1, terrain=terrain)
    events = act(session, cmd.MOVE, "aldric", meters=1, terrain=terrain)
    assert of_kind(events, ev.MOVED)[0].payload["meters"] == 1
    assert session.state.combatant("aldric").actions_left == 1  # the rest is lost
    with pytest.raises(IllegalCommandError, match="moves up to 0 meters"):
        act(session, cmd.MOVE, "aldric", meters=1, terrain="tenth")  # 8 / 10, rounded down
