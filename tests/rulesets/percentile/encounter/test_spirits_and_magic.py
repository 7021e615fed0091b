"""Spirit combat, manifesting, magic, Rally and fumble effects (P-ACT-04, P-ACT-10,
P-ACT-18, P-ACT-21 .. P-ACT-23, P-SPC-01 .. P-SPC-07, P-OPT-21, P-ATK-13; rulings G-P-21,
G-P-26, G-P-E3, G-P-E10)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import casting_actions, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.options import PercentileOptions

from .helpers import act, add, contributions, duel, of_kind, table

WISP = {
    "characteristics": {"POW": 16, "CHA": 8},
    "skills": {"Spirit Combat": 60},
    "weapons": [],
    "shields": [],
    "armor": {},
    "magic_points": 10,
}


def haunted(*turn_dice: int, **options: object):  # type: ignore[no-untyped-def]
    """Kell (a shaman, Spirit Combat 40, MP 12) and a wisp in the Spirit World."""
    session, dice = table(**options)
    add(session, "kell", "party", spirit_damage="1d6")
    add(
        session,
        "wisp",
        "spirits",
        spirit=True,
        form="discorporate",
        spirit_damage="1d6",
        spirit_armor=1,
        stats=WISP,
    )
    dice.feed(*turn_dice)
    session.submit(start())
    return session, dice


def test_a_spirit_must_manifest_before_attacking_a_corporeal_being() -> None:
    # P-ACT-23: "A spirit attacking a corporeal being must first come to the physical world
    # using the Manifest action."
    session, _dice = haunted(1, 9)  # wisp first
    with pytest.raises(IllegalCommandError, match="must manifest"):
        act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    act(session, cmd.MANIFEST, "wisp")
    assert session.state.combatant("wisp").form == "manifested"


def test_only_spirits_initiate_spirit_combat() -> None:
    # P-ACT-23: "Only discorporate entities may initiate Spirit Combat".
    session, _ = haunted(9, 1)  # Kell first
    with pytest.raises(IllegalCommandError, match="only discorporate entities initiate"):
        act(session, cmd.SPIRIT_COMBAT, "kell", target="wisp")


def test_unopposed_spirit_damage_goes_through_spirit_armor_to_magic_points() -> None:
    # P-SPC-04, P-SPC-07: Kell has no spirit armor; 1d6 = 5 off his 12 MP.
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(30, 5)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    assert session.pending is not None
    assert session.pending.chooser == "kell"
    events = session.answer("no")
    (lost,) = of_kind(events, ev.POINTS_CHANGED)
    assert (lost.payload["before"], lost.payload["after"]) == (12, 7)
    assert session.state.combatant("kell").hp == 13  # Spirit Damage is not HP damage


def test_opposed_spirit_combat_the_winner_blocks_with_its_damage() -> None:
    # P-SPC-05: the winner's damage is taken off the loser's; the winner takes what is left
    # and deals what is left of its own. Kell's response spends an action (G-P-E10).
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(50)  # the wisp succeeds (60)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    dice.feed(30, 2, 6)  # Kell succeeds (40) with a lower roll: the wisp wins; damage 2 and 6
    session.answer("respond")
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "wisp"
    assert pending.option_ids == ("block", "deal")
    events = session.answer("block")
    changes = {
        e.payload["combatant"]: e.payload["after"] for e in of_kind(events, ev.POINTS_CHANGED)
    }
    assert changes == {"wisp": 10 - (6 - 2 - 1)}  # 4 unblocked, less spirit armor 1
    assert session.state.combatant("kell").actions_left == 1
    assert session.state.combatant("kell").spirit_guard


@pytest.mark.parametrize(("setting", "wisp_after"), [("both_deal", 9), ("winner_only", 10)])
def test_when_the_winner_does_not_block(setting: str, wisp_after: int) -> None:
    # G-P-21: both deal their damage (or only the winner, with the setting). The wisp wins
    # with 6 Spirit Damage against Kell's 2 (less its spirit armor 1).
    session, dice = haunted(1, 9, unblocked_spirit_damage=setting)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(50)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    dice.feed(30, 6, 2)
    session.answer("respond")
    session.answer("deal")
    assert session.state.combatant("kell").magic_points == 12 - 6
    assert session.state.combatant("wisp").magic_points == wisp_after


def test_a_spirit_sting_bypasses_spirit_armor() -> None:
    # P-SPC-02, P-SPC-07: "Spirit armor reduces Spirit Damage unless the attack was a Spirit
    # Sting."
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(50)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    dice.feed(3)  # Kell's critical (4 or less)
    session.answer("respond")
    assert session.pending is not None
    assert session.pending.option_ids == ("blast", "sting")
    dice.feed(2, 4)  # the wisp's damage 2, Kell's sting 4
    session.answer("sting")
    assert session.pending is not None
    assert session.pending.chooser == "kell"
    session.answer("deal")
    assert session.state.combatant("wisp").magic_points == 10 - 4  # no armor against a sting
    assert session.state.combatant("kell").magic_points == 12 - 2


def test_a_combatant_at_0_magic_points_is_out_of_the_fight() -> None:
    # P-SPC-07, G-P-E3.
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(30, 6)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    session.answer("no")
    act(session, cmd.END_TURN, "wisp")
    act(session, cmd.END_TURN, "kell")
    dice.feed(30, 6)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    events = session.answer("no")
    assert session.state.combatant("kell").magic_points == 0
    assert of_kind(events, ev.COMBATANT_DOWN)
    assert session.state.over


def test_disengaging_from_spirit_combat_takes_effect_at_the_next_turn() -> None:
    # P-ACT-10.
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(96)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    act(session, cmd.END_TURN, "wisp")
    act(session, cmd.DISENGAGE_SPIRIT, "kell")
    assert session.state.combatant("kell").spirit_guard
    act(session, cmd.END_TURN, "kell")
    events = act(session, cmd.END_TURN, "wisp")
    assert of_kind(events, ev.DISENGAGED)[0].payload["spirit"] is True
    assert session.state.spirit_foes("kell") == ()


@pytest.mark.parametrize(("mp", "actions"), [(0, 1), (9, 1), (10, 2), (19, 2), (20, 3), (35, 4)])
def test_long_magic_casting_takes_an_extra_action_per_10_mp(mp: int, actions: int) -> None:
    # P-OPT-21, G-P-26: 1 + MP / 10 actions.
    assert casting_actions(mp, PercentileOptions()) == actions
    assert casting_actions(mp, PercentileOptions(long_magic_casting=False)) == 1


def test_a_long_casting_carries_over_to_the_next_turn_then_rolls_pow() -> None:
    # P-OPT-21: "This may delay the effect to a following round."; spirit magic rolls POW.
    session, dice = duel(9, 2)
    act(session, cmd.CAST, "aldric", spell="Bladesharp", magic_points=10)
    dice.feed(70)
    events = act(session, cmd.CAST, "aldric", spell="Bladesharp", magic_points=10)
    assert of_kind(events, ev.SPELL_CAST)[0].payload["effective"] is False
    assert session.state.combatant("aldric").magic_points == 12  # spent only when it works
    session2, dice2 = duel(9, 2, high_initiative_actions=True)
    act(session2, cmd.AIM, "aldric", target="brenna")
    act(session2, cmd.CAST, "aldric", spell="Heal", magic_points=10)
    act(session2, cmd.END_TURN, "aldric")
    assert session2.state.combatant("aldric").casting.spent == 1  # type: ignore[union-attr]
    act(session2, cmd.END_TURN, "brenna")
    dice2.feed(30)  # POW 12 x 5 = 60
    events = act(session2, cmd.CAST, "aldric", spell="Heal", magic_points=10)
    (cast,) = of_kind(events, ev.SPELL_CAST)
    assert cast.payload["effective"] is True
    assert contributions(cast) == {"G-P-01": 60}
    assert session2.state.combatant("aldric").magic_points == 2


def test_a_targeted_spell_may_be_resisted_with_pow() -> None:
    # P-ACT-04, P-REA-01: Resist Magic is a reaction, asked of the target.
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.CAST, "aldric", spell="Demoralize", magic_points=2, target="brenna")
    assert session.pending is not None
    assert session.pending.chooser == "brenna"
    dice.feed(40)  # Brenna's POW roll succeeds higher: she wins
    events = session.answer("resist")
    assert of_kind(events, ev.SPELL_CAST)[0].payload["effective"] is False
    assert session.state.combatant("aldric").magic_points == 12


def test_rally_gives_allies_determination_and_a_second_rally_is_at_minus_40() -> None:
    # P-ACT-21: Battlefield or CHA, whichever is best (CHA 11 x 5 = 55 > 50); a success
    # gives +1D4 DP. P-ACT-22: another character's Rally is at -40%.
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "elin", "party")
    add(session, "corin", "party")
    add(session, "brenna", "foes")
    dice.feed(10, 9, 8, 1)
    session.submit(start())
    dice.feed(30, 3)
    events = act(session, cmd.RALLY, "aldric")
    assert contributions(of_kind(events, ev.CHECK_ROLLED)[0]) == {"G-P-01": 55}
    gains = {e.payload["combatant"]: e.payload["after"] for e in of_kind(events, ev.POINTS_CHANGED)}
    assert gains == {"elin": 13, "corin": 13}
    act(session, cmd.END_TURN, "aldric")
    dice.feed(96)  # a failure: +1 DP
    events = act(session, cmd.RALLY, "elin")
    assert contributions(of_kind(events, ev.CHECK_ROLLED)[0]) == {"G-P-01": 55, "P-ACT-22": -40}


def test_a_fumbled_rally_takes_1d4_determination_from_the_allies() -> None:
    # P-ACT-21 and G-P-29: "Fumble: Allies lose -1D4 DP." is read as losing 1D4 (the
    # double negative is a typo), never as gaining it.
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "elin", "party")
    add(session, "brenna", "foes")
    dice.feed(10, 9, 1)
    session.submit(start())
    before = session.state.combatant("elin").determination_points
    dice.feed(99, 3)  # 99 fails and fumbles (G-P-02); the 1d4 shows 3
    events = act(session, cmd.RALLY, "aldric")
    changed = of_kind(events, ev.POINTS_CHANGED)
    assert [(e.payload["combatant"], e.payload["after"]) for e in changed] == [("elin", before - 3)]


def test_a_fumble_that_loses_the_next_turn_skips_it() -> None:
    # P-ATK-13, row 01: "Dazed and confused, the character loses their next turn."
    session, dice = duel(9, 2)
    dice.feed(100, 1)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    act(session, cmd.END_TURN, "aldric")
    events = act(session, cmd.END_TURN, "brenna")
    assert [e.payload["reason"] for e in of_kind(events, ev.TURN_ENDED)] == ["ended", "skipped"]
    assert session.state.active == "brenna"
    assert session.state.round == 2


def test_a_distracted_fumbler_is_attacked_at_plus_20_until_its_next_turn() -> None:
    # P-ATK-13, row 08.
    session, dice = duel(9, 2)
    dice.feed(100, 8)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    act(session, cmd.END_TURN, "aldric")
    dice.feed(96)
    events = act(session, cmd.ATTACK, "brenna", targets=["aldric"])
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-ATK-13"] == 20


def test_a_spirit_combat_defense_only_when_the_target_takes_spirit_combat_p_spc_03() -> None:
    """P-SPC-03: the target defends and counter-attacks only if it also chose the Spirit
    Combat action, with its own Spirit Combat roll on the same scale; otherwise the attack
    is unopposed (P-SPC-04)."""
    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(50, 4)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    events = session.answer("no")  # Kell does not take Spirit Combat: no roll of his
    assert [e.payload["role"] for e in of_kind(events, ev.SPIRIT_ROLLED)] == []
    assert session.state.combatant("kell").magic_points == 12 - 4

    session, dice = haunted(1, 9)
    act(session, cmd.MANIFEST, "wisp")
    dice.feed(50)
    act(session, cmd.SPIRIT_COMBAT, "wisp", target="kell")
    dice.feed(30, 2, 6)
    events = session.answer("respond")
    (defense,) = of_kind(events, ev.SPIRIT_ROLLED)
    assert (defense.payload["combatant"], defense.payload["role"]) == ("kell", "defense")
    assert defense.payload["roll"]["level"] == "success"
    assert contributions(defense) == {"P-SPC-01": 40}  # his Spirit Combat skill
    assert session.state.combatant("kell").spirit_guard  # he took the action


def test_one_combat_encounter_holds_physical_and_spirit_world_combatants_p_enc_01() -> None:
    """P-ENC-01: a Combat encounter is fought with physical weapons or against spirits,
    manifested in the physical world or in the Spirit World; the engine plays that kind
    only (no social encounter): a corporeal being rolls a combat turn order, a
    discorporate spirit a spirit one (P-CMB-02), and the spirit may manifest."""
    session, _dice = haunted(1, 9)
    kell, wisp = session.state.combatant("kell"), session.state.combatant("wisp")
    assert (kell.form, kell.turn_order.kind if kell.turn_order else None) == (
        "corporeal",
        "combat",
    )
    assert (wisp.form, wisp.turn_order.kind if wisp.turn_order else None) == (
        "discorporate",
        "spirit",
    )
    act(session, cmd.MANIFEST, "wisp")
    assert session.state.combatant("wisp").form == "manifested"
