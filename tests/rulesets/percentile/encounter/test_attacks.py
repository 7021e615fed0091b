"""The Attack in play: the choices asked as they come, the defense it costs, the modifiers
the encounter knows (P-ACT-02, P-ACT-06, P-ACT-07, P-ATK-03 .. P-ATK-14, P-OPT-07,
P-OPT-16 .. P-OPT-22; rulings G-P-E1)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import DecisionError, IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev

from .helpers import act, add, contributions, duel, of_kind, table


def _defended(session, option: str) -> None:  # type: ignore[no-untyped-def]
    assert session.pending is not None
    session.answer(option)


def test_the_defender_chooses_before_its_roll_and_the_attack_is_percentile_attack() -> None:
    # P-ATK-01 .. P-ATK-08: attack 30 against Sword 60, the target parries (early, -20%).
    session, dice = duel(9, 2)  # Aldric 22, Brenna 15
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "brenna"
    assert "ahead of your turn, at -20%" in pending.prompt
    labels = {option.id: option.label for option in pending.options}
    assert labels["parry:broadsword"] == "Parry with broadsword at 40%"  # 60 - 20 (P-ACT-07)
    assert labels["dive"] == "Dive Dodge at 60%"  # 40 + 40 - 20 (P-OPT-18)
    assert labels["dodge/3"] == "Dodge, split 3 ways at -100%"  # 40 - 120 - 20 (P-OPT-07)
    assert pending.default == "parry:broadsword"
    dice.feed(70, 5)  # the parry fails; 1d8+1 = 6, less armor 2
    events = session.answer("parry:broadsword")
    (resolved,) = of_kind(events, ev.ATTACK_RESOLVED)
    outcome = resolved.payload["outcome"]
    assert isinstance(outcome, dict)
    assert outcome["defense"]["effect"] == "no_effect"
    (damaged,) = of_kind(events, ev.DAMAGED)
    assert (damaged.payload["amount"], damaged.payload["hp_after"]) == (4, 9)
    assert session.state.combatant("brenna").actions_left == 1  # the Defend taken early
    dice.done()


def test_only_the_defender_answers_and_only_with_an_option_offered() -> None:
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    with pytest.raises(DecisionError, match="brenna's to make, not aldric's"):
        session.answer("dodge", actor="aldric")
    with pytest.raises(DecisionError, match="not offered"):
        session.answer("somersault")
    with pytest.raises(IllegalCommandError, match="is pending"):
        act(session, cmd.END_TURN, "aldric")


def test_a_critical_asks_the_attacker_for_its_blow_first() -> None:
    # P-ATK-03: Devastating or Precise Blow; then the target's defense.
    session, dice = duel(9, 2)
    dice.feed(3)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.pending is not None
    assert session.pending.chooser == "aldric"
    assert session.pending.option_ids == ("devastating", "precise")
    session.answer("precise")
    assert session.pending is not None
    assert session.pending.chooser == "brenna"
    dice.feed(5)  # precise: normal damage, ignoring armor
    events = session.answer("none")
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 6


def test_after_its_turn_a_combatant_without_a_reserve_cannot_defend() -> None:
    # P-ATK-04: "If the target has no actions left or in reserve ... they cannot defend";
    # unused actions end with the turn (G-P-E1).
    session, dice = duel(2, 9)  # Brenna 22 first
    act(session, cmd.END_TURN, "brenna")
    dice.feed(30, 5)
    events = act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.pending is None
    assert of_kind(events, ev.DAMAGED)[0].payload["amount"] == 4


def test_a_defend_reserve_holds_until_the_next_turn_without_the_early_penalty() -> None:
    # P-ACT-06.
    session, dice = duel(2, 9)
    act(session, cmd.DEFEND, "brenna")
    act(session, cmd.END_TURN, "brenna")
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.pending is not None
    assert "ahead of your turn" not in session.pending.prompt
    dice.feed(20)  # Dodge 40: 20 succeeds and beats 30? no: higher roll wins, 30 > 20
    dice.feed(5)
    events = session.answer("dodge")
    (rolled,) = of_kind(events, ev.ATTACK_RESOLVED)
    assert contributions_of_defense(rolled) == {"P-ATK-05": 40}
    act(session, cmd.END_TURN, "aldric")
    assert session.state.combatant("brenna").reserves == ()  # expired at its turn


def contributions_of_defense(event) -> dict[str, int]:  # type: ignore[no-untyped-def]
    defense = event.payload["outcome"]["defense"]
    found: dict[str, int] = {}
    for term in defense["check"]["breakdown"]["contributions"]:
        found[term["source"]] = found.get(term["source"], 0) + term["amount"]
    return found


def test_three_dodges_from_one_split_defend_are_each_at_minus_120() -> None:
    # P-OPT-07: "Trying to dodge three incoming attacks with one "Defend" action means that
    # each Dodge roll is at -120%."
    session, dice = duel(2, 9)
    act(session, cmd.DEFEND, "brenna", split=3)
    act(session, cmd.END_TURN, "brenna")
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.pending is not None
    assert "dodge/3" in session.pending.option_ids
    dice.feed(50, 5)
    (rolled,) = of_kind(session.answer("dodge/3"), ev.ATTACK_RESOLVED)
    assert contributions_of_defense(rolled)["P-OPT-07"] == -120
    assert session.state.combatant("brenna").reserves[0].left == 2


def test_two_attacks_in_one_action_are_each_at_minus_60() -> None:
    # P-OPT-07: "rolling two melee attacks in one action causes both rolls to be at -60%."
    session, dice = duel(2, 9)
    act(session, cmd.END_TURN, "brenna")
    dice.feed(90, 95)
    events = act(session, cmd.ATTACK, "aldric", targets=["brenna", "brenna"])
    rolls = of_kind(events, ev.ATTACK_ROLLED)
    assert [contributions(e)["P-OPT-07"] for e in rolls] == [-60, -60]
    assert session.state.combatant("aldric").actions_left == 1


@pytest.mark.parametrize(("aims", "bonus"), [(1, 20), (2, 40), (3, 40)])
def test_aim_twice_in_a_row_is_plus_40_and_never_more(aims: int, bonus: int) -> None:
    # P-ACT-02: "A character may choose the Aim action twice in a row, which grants
    # cumulative benefits. These benefits do not stack a third time."
    session, dice = duel(2, 9, high_initiative_actions=True)
    act(session, cmd.END_TURN, "brenna")
    for _ in range(aims):
        if session.state.combatant("aldric").actions_left == 0:
            act(session, cmd.END_TURN, "aldric")
            act(session, cmd.END_TURN, "brenna")
        act(session, cmd.AIM, "aldric", target="brenna")
    if session.state.combatant("aldric").actions_left == 0:
        act(session, cmd.END_TURN, "aldric")
        act(session, cmd.END_TURN, "brenna")
    dice.feed(96)  # 96-100 always fail (G-P-01)
    events = act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-ACT-02"] == bonus


def test_defending_early_is_only_before_the_first_turn_with_that_setting() -> None:
    # P-ACT-07 read literally (G-P-E1): "If an attack comes before the character's first
    # turn ... they may take the Defend action ahead of their turn".
    for setting, asked in (("every_round", True), ("first_round", False)):
        session, dice = duel(9, 2, early_defense=setting)  # Aldric first
        act(session, cmd.END_TURN, "aldric")
        act(session, cmd.END_TURN, "brenna")
        dice.feed(30, 5)
        act(session, cmd.ATTACK, "aldric", targets=["brenna"])  # round 2, before Brenna's turn
        assert (session.pending is not None) is asked


def test_a_critical_dodge_offers_a_free_counter_attack_or_a_disengage() -> None:
    # P-ATK-14: the counter-attack is a brand new attack, not an action.
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    dice.feed(2)  # Dodge 40 - 20 = 20: critical at 2
    session.answer("dodge")
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "brenna"
    assert pending.option_ids == ("counter_attack", "disengage")
    dice.feed(95)
    events = session.answer("counter_attack")
    (counter,) = of_kind(events, ev.ATTACK_ROLLED)
    assert counter.payload["attack"]["reason"] == "counter_attack"  # type: ignore[index]
    assert session.state.combatant("brenna").actions_left == 1  # only the early Defend


def test_a_critical_dodge_disengage_takes_effect_at_the_next_turn() -> None:
    # P-ATK-14: "gives a pending Defend action until the defender's next turn, at which point
    # only is the character disengaged."
    session, dice = duel(9, 2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    dice.feed(2)
    session.answer("dodge")
    session.answer("disengage")
    brenna = session.state.combatant("brenna")
    assert brenna.disengaging
    assert brenna.reserve() is not None
    events = act(session, cmd.END_TURN, "aldric")
    assert of_kind(events, ev.DISENGAGED)[0].payload["combatant"] == "brenna"
    assert not session.state.in_melee("brenna")


def test_a_fumble_lets_the_fumbler_choose_the_equipment() -> None:
    # P-ATK-13: "Choose the lost piece based on the current situation".
    session, dice = duel(9, 2)
    dice.feed(100, 4)  # fumble; row 04: drop a held item
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "aldric"
    assert pending.option_ids == ("broadsword", "heater")
    assert pending.default == "broadsword"
    dice.feed(2)
    events = session.answer("heater")
    (dropped,) = of_kind(events, ev.ITEM_DROPPED)
    assert (dropped.payload["item"], dropped.payload["meters"]) == ("heater", 2)
    assert session.state.combatant("aldric").ready == ("broadsword",)


def test_a_move_of_siz_over_5_meters_then_an_attack_is_a_charge() -> None:
    # P-OPT-16: SIZ 13 / 5 = 2 meters; the damage bonus is zero, so +2 damage.
    session, dice = duel(9, 2)
    act(session, cmd.MOVE, "aldric", meters=2)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    dice.feed(5)
    (resolved,) = of_kind(session.answer("none"), ev.ATTACK_RESOLVED)
    terms = resolved.payload["outcome"]["damage"]["terms"]  # type: ignore[index]
    assert [term["source"] for term in terms] == ["P-ACT-03", "P-OPT-16"]  # type: ignore[index]


def test_a_move_shorter_than_siz_over_5_is_no_charge() -> None:
    session, dice = duel(9, 2)
    act(session, cmd.MOVE, "aldric", meters=1)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    dice.feed(5)
    (resolved,) = of_kind(session.answer("none"), ev.ATTACK_RESOLVED)
    assert resolved.payload["attack"]["charge"] is False  # type: ignore[index]


def test_retreat_gives_plus_20_to_defense_rolls_until_next_round() -> None:
    # P-OPT-17: Step backwards, +20% to all defense rolls; a step is SIZ / 10 = 1 meter.
    session, dice = duel(2, 9)
    events = act(session, cmd.STEP, "brenna", retreat=True)
    assert of_kind(events, ev.STEPPED)[0].payload["meters"] == 1
    act(session, cmd.DEFEND, "brenna")
    act(session, cmd.END_TURN, "brenna")
    dice.feed(30, 80, 5)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    (resolved,) = of_kind(session.answer("dodge"), ev.ATTACK_RESOLVED)
    assert contributions_of_defense(resolved)["P-OPT-17"] == 20


def test_step_is_once_a_round_and_not_after_a_move() -> None:
    # P-REA-03.
    session, _ = duel(2, 9)
    act(session, cmd.STEP, "brenna")
    with pytest.raises(IllegalCommandError, match="once per round"):
        act(session, cmd.STEP, "brenna")
    act(session, cmd.END_TURN, "brenna")
    act(session, cmd.MOVE, "aldric", meters=3)
    with pytest.raises(IllegalCommandError, match="not after a Move"):
        act(session, cmd.STEP, "aldric")


def test_a_dive_dodge_leaves_the_diver_prone_unless_athletics_gets_it_up() -> None:
    # P-OPT-18: +40% to the Dodge; after a successful Dodge, Athletics to get back up.
    session, dice = duel(9, 2)
    dice.feed(50)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    dice.feed(55)  # Dive Dodge at 60% succeeds and beats 50 (the higher success wins)
    session.answer("dive")
    assert session.state.combatant("brenna").prone
    assert session.pending is not None
    assert session.pending.option_ids == ("athletics", "stay_prone")
    dice.feed(10)
    session.answer("athletics")
    assert not session.state.combatant("brenna").prone


def test_smaller_defenders_take_minus_20_per_20_points_of_siz() -> None:
    # P-OPT-22: SIZ 13 against SIZ 53: -40% to Brenna's defense.
    session, dice = table()
    add(session, "ogre", "foes", stats={"characteristics": {"SIZ": 53, "DEX": 14, "INT": 13}})
    add(session, "brenna", "party")
    dice.feed(9, 2)
    from tablekeeper.rulesets.percentile.encounter import start

    session.submit(start())
    dice.feed(30)
    act(session, cmd.ATTACK, "ogre", targets=["brenna"])
    dice.feed(10, 5)
    (resolved,) = of_kind(session.answer("dodge"), ev.ATTACK_RESOLVED)
    assert contributions_of_defense(resolved)["P-OPT-22"] == -40


def test_firing_into_melee_counts_everyone_in_the_melee() -> None:
    # P-OPT-20: "Firing at an enemy currently engaged in melee with an ally is at -40% to not
    # hit that ally. If the ally is fighting two enemies, trying to hit one of those enemies
    # is at -20%."
    bow = {
        "name": "bow",
        "skill": "Bow",
        "damage": "1d6+1",
        "type": "piercing",
        "hp": 5,
        "ranged": True,
    }
    for foes, penalty in ((["brenna"], -40), (["brenna", "corin"], -20)):
        session, dice = table()
        add(session, "elin", "party", stats={"weapons": [bow], "skills": {"Bow": 60}})
        add(session, "aldric", "party")
        for foe in foes:
            add(session, foe, "foes")
        dice.feed(10, *range(1, 2 + len(foes)))
        from tablekeeper.rulesets.percentile.encounter import order, start

        session.submit(start())
        for foe in foes:
            session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", foe]))
        dice.feed(90)
        events = act(session, cmd.ATTACK, "elin", targets=["brenna"])
        assert contributions(of_kind(events, ev.ATTACK_ROLLED)[0])["P-OPT-20"] == penalty


def test_a_short_weapon_cannot_attack_at_long_melee_distance() -> None:
    # P-OPT-11: "Long | Short weapons cannot be used."
    dagger = {
        "name": "dagger",
        "skill": "Knife",
        "damage": "1d4+1",
        "type": "piercing",
        "hp": 6,
        "reach": "short",
    }
    spear = {
        "name": "spear",
        "skill": "Spear",
        "damage": "1d8+1",
        "type": "piercing",
        "hp": 10,
        "reach": "long",
    }
    session, dice = table(weapon_reach=True)
    add(session, "dara", "foes", stats={"weapons": [dagger]}, ready=["dagger"])
    add(session, "corin", "party", stats={"weapons": [spear]}, ready=["spear"])
    dice.feed(9, 1)
    from tablekeeper.rulesets.percentile.encounter import start

    session.submit(start())
    with pytest.raises(IllegalCommandError, match=r"cannot be used at long melee distance"):
        act(session, cmd.ATTACK, "dara", targets=["corin"])
