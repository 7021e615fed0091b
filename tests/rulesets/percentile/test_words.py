"""The ``percentile`` words: labels, sentences that respect sight, outcomes first, the clock.

A sentence says only what its viewer may know (docs/rulings.md, C-03): another
combatant's HP after a blow, its Magic and Determination Points and the skill its rolls
were made against are the GM's and its player's.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import Event, Session
from tablekeeper.engine.decisions import DECISION_REQUESTED
from tablekeeper.engine.overrides import set_value
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.encounter import PercentileState, add_combatant, order
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.sentences import sentence
from tablekeeper.rulesets.percentile.words import WORDS, ended_words, table_names

from .encounter.helpers import Dice, act, add, duel, of_kind, stats, table

BRENNA = Sight.player({"brenna"})
KNIFE = Sight.player({"knife"})

NAMES = {"brenna": "Brenna", "ogre": "Ogre", "wolf_1": "Wolf [wolf_1]"}


def label(kind: str, who: str | None = "brenna", **payload: Any) -> str:
    if who is None:
        command = order(kind, payload.pop("combatant", None), actor="gm", **payload)
    else:
        command = order(kind, who, **payload)
    return WORDS.command_label(command, PercentileState(), NAMES)


def test_labels_name_who_acts_and_on_whom() -> None:
    # the console's buttons and the terminal runner's menu (web/command_labels, cli)
    assert label(cmd.ATTACK, targets=["ogre"]) == "Brenna: attack Ogre"
    assert label(cmd.ATTACK, targets=["ogre"], weapon="sword") == "Brenna: attack Ogre with sword"
    assert label(cmd.ATTACK, targets=["ogre", "wolf_1"]) == "Brenna: attack Ogre, Wolf [wolf_1]"
    assert label(cmd.MOVE, meters=9) == "Brenna: move 9 m"
    assert label(cmd.END_TURN) == "Brenna: end the turn"
    assert label(cmd.STEP) == "Brenna: step"
    assert label(cmd.STEP, retreat=True) == "Brenna: step back (retreat)"
    assert label(cmd.DEFEND) == "Brenna: defend"
    assert label(cmd.DEFEND, split=2) == "Brenna: defend, split 2 ways"
    assert label(cmd.GRAPPLE, target="ogre") == "Brenna: grapple Ogre"
    assert label(cmd.GRAPPLE, target="ogre", maneuver="twist_limb") == "Brenna: twist limb Ogre"
    assert label(cmd.AIM, target="ogre") == "Brenna: aim Ogre"
    assert label(cmd.HELP, ally="ogre", skill="Dodge") == "Brenna: help Ogre"
    assert label(cmd.MANIFEST) == "Brenna: manifest"
    assert label(cmd.SPIRIT_COMBAT, target="ogre") == "Brenna: spirit combat Ogre"


def test_the_gms_labels() -> None:
    assert label(cmd.START, None) == "Start the encounter: roll turn orders"
    assert label(cmd.END, None) == "End the encounter"
    assert label(cmd.DAMAGE, None, combatant="ogre", amount=3) == "Deal 3 damage to Ogre"
    assert label(cmd.ENGAGE, None, pair=["brenna", "ogre"]) == "Engage Brenna and Ogre"
    assert label(cmd.ENGAGE, None, pair=["brenna", "ogre"], distance="very_long") == (
        "Engage Brenna and Ogre at very long"
    )
    wolf = add_combatant(id="wolf_2", name="Wolf 2", side="wolves", stats=stats("Wolf"))
    assert WORDS.command_label(wolf, PercentileState(), NAMES) == "Add Wolf 2 (wolves)"
    wolf = add_combatant(id="wolf_3", side="wolves", stats=stats("Wolf"))
    assert WORDS.command_label(wolf, PercentileState(), NAMES) == "Add Wolf (wolves)"


def _ambush(*faces: int) -> tuple[Session[PercentileState], Dice]:
    """Brenna (first) against the Knife-fighter, with Hit Locations on."""
    session, dice = table(hit_locations=True)
    add(session, "brenna", "travellers")
    add(session, "knife", "ambushers", name="Knife-fighter")
    dice.feed(9, 2, *faces)
    session.submit(order(cmd.START, None, actor="gm"))
    return session, dice


def _lines(events: tuple[Event, ...], names: dict[str, str], sight: Sight) -> list[str]:
    return [line for event in events if (line := WORDS.event_sentence(event, names, sight))]


def test_the_outcome_comes_first_and_damage_is_told_without_the_hp_left() -> None:
    # P-ATK-01 .. P-ATK-08 with Hit Locations: 30 against Sword 60, undefended, left leg
    # (d20 6), 1d8+1 = 6 less armor 2: 4 to the left leg. C-03: HP left is the GM's.
    session, dice = _ambush()
    dice.feed(30)
    first = act(session, cmd.ATTACK, "brenna", targets=["knife"])
    dice.feed(6, 5)
    second = session.answer("none")
    dice.done()
    events = first + second
    names = table_names(session.state)
    summary = WORDS.command_summary(events, names, GM_SIGHT)
    assert summary == "Brenna hits Knife-fighter in the left leg for 4"
    for sight in (GM_SIGHT, BRENNA, KNIFE):
        assert WORDS.command_summary(second, names, sight) == summary
    assert "Knife-fighter takes 4 damage to the left leg (Brenna's broadsword): 9 HP" in (
        _lines(events, names, GM_SIGHT)
    )
    assert "Knife-fighter takes 4 damage to the left leg (Brenna's broadsword): 9 HP" in (
        _lines(events, names, KNIFE)
    )
    told = _lines(events, names, BRENNA)
    assert "Knife-fighter takes 4 damage to the left leg (Brenna's broadsword)" in told
    assert not [line for line in told if "9 HP" in line]


def test_a_players_roll_shows_its_skill_to_them_not_to_the_others() -> None:
    session, dice = _ambush()
    dice.feed(30)
    events = act(session, cmd.ATTACK, "brenna", targets=["knife"])
    names = table_names(session.state)
    (rolled,) = of_kind(events, ev.ATTACK_ROLLED)
    line = "Brenna attacks Knife-fighter with broadsword: 30 against 60%, success"
    assert WORDS.event_sentence(rolled, names, BRENNA) == line
    assert WORDS.event_sentence(rolled, names, GM_SIGHT) == line
    told = WORDS.event_sentence(rolled, names, KNIFE)
    assert told == "Brenna attacks Knife-fighter with broadsword: 30, success"
    # the summary of a command still waiting on the defense: the engagement and the roll
    summary = WORDS.command_summary(events, names, KNIFE)
    assert summary == f"Brenna and Knife-fighter are engaged in melee; {told}"
    # the decision's prompt is its chooser's (C-04)
    (asked,) = [event for event in events if event.kind == DECISION_REQUESTED]
    told = WORDS.event_sentence(asked, names, BRENNA)
    assert told is not None
    assert "defend" not in told
    prompt = WORDS.event_sentence(asked, names, KNIFE)
    assert prompt is not None
    assert "Knife-fighter, defend ahead of your turn, at -20%, how?" in prompt
    # bookkeeping has no sentence: the action spent, the attack queued, the decision's topic
    for kind in (ev.ACTION_TAKEN, ev.TASKS_SET, ev.AWAITING_SET):
        (event, *_) = of_kind(events, kind)
        assert WORDS.event_sentence(event, names, GM_SIGHT) is None


def test_a_miss_and_a_fall_out_of_the_fight() -> None:
    session, dice = duel(9, 2)
    names = table_names(session.state)
    dice.feed(90)
    missed = act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert WORDS.command_summary(missed, names, GM_SIGHT) == "Aldric misses Brenna"
    gm = order(cmd.DAMAGE, "brenna", actor="gm", amount=20, source="a fall")
    felled = session.submit(gm)
    ended = "The encounter ends: party left standing; Brenna is out of the fight"
    assert WORDS.command_summary(felled, names, BRENNA) == ended
    assert WORDS.command_summary(felled, names, KNIFE) == ended


def test_points_are_the_gms_and_their_players() -> None:
    # C-03: Magic and Determination Points are not told; the change is (like damage)
    payload = ev.PointsChanged(
        combatant="knife", points="magic", before=12, after=9, source="Spirit Damage"
    )
    event = Event(
        sequence=1, command_id="c1", kind=ev.POINTS_CHANGED, payload=payload.model_dump(mode="json")
    )
    names = {"knife": "Knife-fighter"}
    assert WORDS.event_sentence(event, names, KNIFE) == (
        "Knife-fighter: Magic Points 12 → 9 (Spirit Damage)"
    )
    assert WORDS.event_sentence(event, names, BRENNA) == (
        "Knife-fighter loses 3 Magic Points (Spirit Damage)"
    )


def test_turn_orders_show_how_they_are_made_to_those_who_may_see() -> None:
    session, dice = table()
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    dice.feed(9, 2)
    events = session.submit(order(cmd.START, None, actor="gm"))
    names = table_names(session.state)
    (aldric, _) = of_kind(events, ev.TURN_ORDER_ROLLED)
    assert WORDS.event_sentence(aldric, names, GM_SIGHT) == (
        "Aldric's turn order (start): 13 + 1D10 (9) = 22"
    )
    assert WORDS.event_sentence(aldric, names, BRENNA) == "Aldric's turn order (start): 22"
    lines = _lines(events, names, BRENNA)
    assert "Round 1: Aldric, Brenna" in lines
    assert "Aldric's turn" in lines


def test_overrides_have_the_engines_sentences() -> None:
    session, _ = duel(9, 2)
    names = table_names(session.state)
    (override,) = session.submit(set_value("combatants.brenna.hp", 3, reason="a potion"))
    assert WORDS.event_sentence(override, names, GM_SIGHT) == (
        "GM override: combatants.brenna.hp = 3 (a potion)"
    )
    assert WORDS.event_sentence(override, names, KNIFE) == (
        "GM override of combatants.brenna (a potion)"
    )


def test_the_clock_says_the_round_and_whose_turn() -> None:
    session, dice = table()
    assert WORDS.clock(session.state) == "before the first round"
    add(session, "aldric", "party")
    add(session, "brenna", "foes", name="Aldric")  # two of one name are told apart
    dice.feed(2, 9)
    session.submit(order(cmd.START, None, actor="gm"))
    assert WORDS.clock(session.state) == "round 1: Aldric [brenna]'s turn"
    session.submit(order(cmd.END, None, actor="gm"))
    # both still stand: the GM ended it, and no one is said to stand or to have fallen
    assert WORDS.clock(session.state) == "over: the GM ended it"


def test_an_end_with_no_winner_says_why_not_that_no_one_stands() -> None:
    # The log once read "The encounter ends: no one stands (the GM ended it)" while both
    # combatants stood. Each ending now says what happened, as the status line does.
    names: dict[str, str] = {}
    for reason, said in (
        ("the GM ended it", "the GM ended it"),
        ("no one is left", "no one left standing"),
    ):
        payload = ev.EncounterEnded(winner=None, reason=reason)
        line = sentence(ev.ENCOUNTER_ENDED, payload, names, GM_SIGHT)
        assert line == f"The encounter ends: {said}"  # as the status line says it
    won = sentence(
        ev.ENCOUNTER_ENDED,
        ev.EncounterEnded(winner="party", reason="one side is left"),
        names,
        GM_SIGHT,
    )
    assert won == "The encounter ends: party left standing"
    session, _dice = duel(9, 2)
    assert ended_words(session.state) is None
    state = session.state
    fallen = {key: item.model_copy(update={"hp": 0}) for key, item in state.combatants.items()}
    over = state.model_copy(update={"combatants": fallen, "over": True})
    assert ended_words(over) == "no one left standing"
    assert WORDS.clock(over) == "over: no one left standing"


def test_an_aim_and_a_defend_say_what_they_did() -> None:
    # Issue 13: "Undo says what it will undo"; the game-night test read "Undo: Action
    # taken" after a Defend or an Aim, which had no sentence (P-ACT-02, P-ACT-06).
    session, _ = duel(9, 2)
    names = table_names(session.state)
    aimed = act(session, cmd.AIM, "aldric", target="brenna")
    assert WORDS.command_summary(aimed, names, GM_SIGHT) == "Aldric aims at Brenna"
    aimed_again = act(session, cmd.AIM, "aldric", target="brenna")
    assert WORDS.command_summary(aimed_again, names, BRENNA) == "Aldric aims again at Brenna"
    act(session, cmd.END_TURN, "aldric")
    held = act(session, cmd.DEFEND, "brenna")
    said = WORDS.command_summary(held, names, GM_SIGHT)
    assert said == "Brenna holds a defense (parry, block or dodge)"


def test_a_failed_defense_says_what_it_did_in_words() -> None:
    # P-ATK-05: a failed Dodge does nothing to the blow; the sentence says so in words,
    # not as the rules' code (GM walkthrough: "failure (no_effect)")
    session, dice = _ambush()
    dice.feed(30)
    first = act(session, cmd.ATTACK, "brenna", targets=["knife"])
    dice.feed(90, 6, 5, 5)  # the Dodge (20%) fails; the blow lands whole
    second = session.answer("dodge")
    names = table_names(session.state)
    lines = _lines(first + second, names, GM_SIGHT)
    (defended,) = [line for line in lines if line.startswith("Knife-fighter's dodge")]
    assert defended == "Knife-fighter's dodge: 90 against 20%, failure (no effect)"


def test_the_odds_of_a_parry_read_as_english() -> None:
    # "hit if Knife-fighter parries with dagger", not "parrys" (GM walkthrough)
    from tablekeeper.rulesets.percentile.encounter.defending import Choice
    from tablekeeper.rulesets.percentile.odds import _describe

    assert _describe(Choice(kind="parry", item="dagger"), "Knife-fighter") == (
        "Knife-fighter parries with dagger"
    )
    assert _describe(Choice(kind="block", item="shield"), "Orc") == "Orc blocks with shield"
    assert _describe(Choice(kind="dodge", dive=True), "Orc") == "Orc dive dodges"
    assert _describe(Choice(kind="none"), "Orc") == "Orc does not defend"
