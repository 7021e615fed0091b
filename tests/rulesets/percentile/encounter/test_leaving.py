"""The GM takes a combatant out mid-encounter (``encounter/leaving.py``, ``departure.py``,
C-18, C-21): engagements and grapples, the turn order and the acting combatant, pending
decisions by or about it, the end of the encounter; undone and replayed like any command."""

from __future__ import annotations

import pytest

from tablekeeper.engine.session import Session
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import Grapple, PercentileState
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.table import order
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from ..social.helpers import end_turn, say, talk
from .helpers import Dice, act, add, duel, kinds, table


def remove(session: Session[PercentileState], key: str) -> list[str]:
    return kinds(session.submit(PERCENTILE.remove_actor(session.state, key)))


def melee(*turn_dice: int) -> tuple[Session[PercentileState], Dice]:
    """Aldric and Corin (party) against Brenna and Dara (foes), started."""
    session, dice = table()
    for key, side in (("aldric", "party"), ("brenna", "foes"), ("corin", "party")):
        add(session, key, side)
    add(session, "dara", "foes")
    dice.feed(*turn_dice)
    session.submit(order(cmd.START))
    return session, dice


def test_before_the_start_a_combatant_leaves_and_the_rest_start_without_it() -> None:
    session, dice = table()
    for key, side in (("aldric", "party"), ("brenna", "foes"), ("dara", "foes")):
        add(session, key, side)
    assert remove(session, "dara") == ["combatant_removed"]
    dice.feed(9, 2)
    session.submit(order(cmd.START))
    assert session.state.clock is not None
    assert session.state.clock.order == ("aldric", "brenna")


def test_a_fresh_encounter_loses_a_combatant_from_its_order_and_its_engagements() -> None:
    session, _ = melee(9, 8, 2, 1)  # Aldric 22, Brenna 21, Corin 15, Dara 14
    session.submit(order(cmd.ENGAGE, pair=["aldric", "dara"]))
    session.submit(order(cmd.ENGAGE, pair=["corin", "brenna"]))
    remove(session, "dara")
    state = session.state
    assert "dara" not in state.combatants
    assert state.clock is not None
    assert state.clock.order == ("aldric", "brenna", "corin")
    assert state.active == "aldric"
    assert [item.pair for item in state.engagements] == [("brenna", "corin")]
    assert not state.over


def test_mid_round_the_turn_stays_with_whoever_has_it() -> None:
    session, _ = melee(9, 8, 2, 1)
    act(session, cmd.END_TURN, "aldric")
    act(session, cmd.END_TURN, "brenna")
    assert session.state.active == "corin"
    remove(session, "aldric")  # before Corin in the order
    clock = session.state.clock
    assert clock is not None
    assert (clock.order, clock.turn) == (("brenna", "corin", "dara"), 1)
    assert session.state.active == "corin"


def test_the_acting_combatant_leaves_and_the_next_in_the_order_begins() -> None:
    session, _ = melee(9, 8, 2, 1)
    events = remove(session, "aldric")
    assert events[:2] == ["combatant_removed", "turn_started"]
    assert session.state.active == "brenna"
    assert session.state.round == 1


def test_the_last_in_the_order_leaves_on_its_turn_and_the_next_round_begins() -> None:
    session, _dice = melee(9, 8, 2, 1)
    for key in ("aldric", "brenna", "corin"):
        act(session, cmd.END_TURN, key)
    assert session.state.active == "dara"
    events = remove(session, "dara")
    assert "round_started" in events
    assert session.state.round == 2
    assert session.state.clock is not None
    assert session.state.clock.order == ("aldric", "brenna", "corin")


def test_a_defender_asked_how_to_defend_leaves_and_the_decision_is_withdrawn() -> None:
    session, dice = duel(9, 2)
    dice.feed(1)
    add(session, "dara", "foes")  # joins mid-round: rolls its turn order
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.pending is not None
    assert session.pending.chooser == "brenna"
    events = session.submit(PERCENTILE.remove_actor(session.state, "brenna"))
    assert [event.kind for event in events][:2] == ["decision.withdrawn", ev.COMBATANT_REMOVED]
    assert session.pending is None
    assert session.state.awaiting is None
    assert session.state.tasks == ()
    assert session.state.active == "aldric"  # its turn goes on: one action left
    assert session.state.combatant("aldric").actions_left == 1


def test_a_decision_about_others_stays_asked_when_a_bystander_leaves() -> None:
    session, dice = melee(9, 8, 2, 1)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    asked = session.pending
    assert asked is not None
    assert asked.chooser == "brenna"
    events = remove(session, "dara")
    assert events == ["combatant_removed"]
    assert session.pending == asked
    dice.feed(70, 5)
    session.answer("parry:broadsword")
    assert session.state.combatant("brenna").hp == 9


def test_the_attacker_leaves_while_its_target_chooses() -> None:
    session, dice = melee(9, 8, 2, 1)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    remove(session, "aldric")
    assert session.pending is None
    assert session.state.active == "brenna"


def test_a_grapple_ends_with_the_grappler() -> None:
    session, _dice = melee(9, 8, 2, 1)
    session.submit(order(cmd.ENGAGE, pair=["aldric", "brenna"]))
    state = session.state.model_copy(
        update={"grapples": (Grapple(grappler="brenna", grappled="aldric", skill="Brawl"),)}
    )
    held = Session(PERCENTILE.engine, state, roller=session.roller)
    held.submit(PERCENTILE.remove_actor(held.state, "brenna"))
    assert held.state.grapples == ()
    assert held.state.engagements == ()


def test_the_last_of_a_side_leaves_and_the_encounter_ends() -> None:
    session, _ = duel(9, 2)
    events = remove(session, "brenna")
    assert events[-1] == "encounter_ended"
    assert session.state.over
    assert session.state.winner == "party"


def test_an_unknown_combatant_is_refused_naming_it() -> None:
    session, _ = duel(9, 2)
    with pytest.raises(IllegalCommandError) as refused:
        remove(session, "ghost")
    assert refused.value.field == "combatant"


def test_undo_puts_it_back_with_its_decision_and_replay_gives_the_same_state() -> None:
    session, dice = melee(9, 8, 2, 1)
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    before, asked = session.state, session.pending
    remove(session, "brenna")
    assert session.replay() == session.state
    session.undo()
    assert session.state == before
    assert session.pending == asked
    session.redo()
    assert "brenna" not in session.state.combatants
    assert session.replay() == session.state
    assert session.pending is None


SOCIAL_ORDER = (10, 1, 5, 2)  # Brenna, Garth, Wren, Oswin


def test_a_character_leaves_its_seat_and_the_social_turn_order() -> None:
    session, _ = talk(*SOCIAL_ORDER)
    say(session, scmd.ARGUE, "brenna")  # the travellers' turn speaker, on her turn
    events = remove(session, "brenna")
    assert events[:2] == ["combatant_removed", "social_turn_started"]
    social = session.state.social
    assert social is not None
    assert "brenna" not in social.seats
    assert social.clock is not None
    assert social.clock.order == ("garth", "wren", "oswin")
    assert social.active == "garth"
    travellers = social.party("travellers")
    assert travellers.speaker is None
    assert travellers.argument is None  # her argument leaves with her
    assert not social.over


def test_a_party_with_no_one_left_to_speak_for_it_ends_the_social_encounter() -> None:
    session, _ = talk(*SOCIAL_ORDER)
    remove(session, "garth")
    events = remove(session, "wren")
    assert "social_ended" in events
    social = session.state.social
    assert social is not None
    assert social.over
    assert social.reason == "no one is left to speak for the bandits"


def test_an_argument_awaiting_its_winners_choice_is_void_when_a_speaker_leaves() -> None:
    session, dice = talk(*SOCIAL_ORDER)
    say(session, scmd.ARGUE, "brenna")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth", specialization="intimidation")
    end_turn(session, "garth")
    end_turn(session, "wren")
    dice.feed(40, 20)
    end_turn(session, "oswin")
    assert session.pending is not None
    assert session.pending.chooser == "brenna"
    events = session.submit(PERCENTILE.remove_actor(session.state, "garth"))
    assert events[0].kind == "decision.withdrawn"
    social = session.state.social
    assert social is not None
    assert all(party.argument is None for party in social.parties)
    assert social.round == 2  # nothing re-rolled: the round closed without the exchange
    dice.done()


def test_the_log_says_who_left() -> None:
    session, _ = duel(9, 2)
    (event,) = [
        e
        for e in session.submit(order(cmd.REMOVE_COMBATANT, "brenna", actor="gm"))
        if e.kind == ev.COMBATANT_REMOVED
    ]
    names = {"brenna": "Brenna"}
    assert PERCENTILE.words.event_sentence(event, names, GM_SIGHT) == "Brenna leaves the encounter"
