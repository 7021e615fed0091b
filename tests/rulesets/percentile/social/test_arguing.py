"""Arguing in play: the turn speaker, Argue at the end of the round, the winner's choice,
Ad-Hominem Attack and Provoke.

Document 001: P-SOC-06, P-SOC-10, P-SOC-14, P-SOC-17, P-SOC-21, P-ARG-01 .. P-ARG-07;
rulings G-P-04, G-P-07, G-P-19, G-P-20, G-P-22, G-P-S4.
"""

from __future__ import annotations

import pytest

from tablekeeper.engine.overrides import set_value
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev

from ..encounter.helpers import of_kind, table
from .helpers import active, end_turn, remaining, say, seat, start_social, talk

ORDER = (10, 1, 5, 2)
"""Brenna (25), Garth (17), Wren (14), Oswin (11)."""


def _to_round_end(session: object, *who: str) -> tuple[object, ...]:
    events: tuple[object, ...] = ()
    for key in who:
        events = end_turn(session, key)  # type: ignore[arg-type]
    return events


def test_an_argument_waits_for_the_end_of_the_round() -> None:
    # P-SOC-17: "Wait until the end of the round and make a roll under an appropriate
    # Persuasion specialization"; G-P-20: its social damage lowers its own party's target DP
    session, dice = talk(*ORDER)
    events = say(session, scmd.ARGUE, "brenna")
    assert not of_kind(events, sev.ARGUMENT_RESOLVED)
    dice.done()  # nothing was rolled
    _to_round_end(session, "brenna", "garth", "wren")
    dice.feed(30)
    events = end_turn(session, "oswin")
    resolved = of_kind(events, sev.ARGUMENT_RESOLVED)[0].payload
    assert resolved["defender"] is None  # unopposed: P-ARG-05
    assert remaining(session, "travellers") == 18
    assert remaining(session, "bandits") == 20
    dice.done()


def test_only_the_turn_speaker_argues_and_the_speaker_may_change() -> None:
    # P-SOC-10: "Each turn, only one character may take the Argue action"; "The turn speaker
    # may change every round." (G-P-22: the first of a party to take Argue is its speaker)
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    _to_round_end(session, "brenna", "garth", "wren")
    with pytest.raises(IllegalCommandError, match="Brenna is travellers' turn speaker"):
        say(session, scmd.ARGUE, "oswin")
    dice.feed(80)
    end_turn(session, "oswin")
    _to_round_end(session, "brenna", "garth", "wren")
    say(session, scmd.ARGUE, "oswin")  # round 2: Oswin speaks
    assert session.state.social.party("travellers").speaker == "oswin"


def test_a_defended_argument_asks_the_winner_to_deal_or_block() -> None:
    # P-ARG-04: the other party's speaker also argued: it defends; P-ARG-06: "The winner
    # choose whether to deal damage directly, or to block incoming damage with their own."
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth", specialization="intimidation")
    _to_round_end(session, "garth", "wren")
    dice.feed(40, 20)  # Brenna attacks (earlier in the order), Garth defends
    events = end_turn(session, "oswin")
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "brenna"
    assert pending.option_ids == ("block", "deal")
    assert pending.prompt.startswith("Brenna wins the argument (2 against 2 social damage)")
    assert [option.label for option in pending.options] == [
        "block: travellers' target DP -0, bandits' target DP -0",
        "deal directly: travellers' target DP -2, bandits' target DP -2",
    ]
    awaiting = of_kind(events, ev.AWAITING_SET)[0].payload["awaiting"]
    assert awaiting["kind"] == "argument_choice"  # type: ignore[index]
    session.answer("deal")
    assert remaining(session, "travellers") == 18
    assert remaining(session, "bandits") == 18
    assert session.state.social.round == 2
    assert active(session) == "brenna"


def test_no_choice_is_asked_when_both_choices_come_to_the_same() -> None:
    # a loser who rolled no social damage: dealing and blocking are one
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth")
    _to_round_end(session, "garth", "wren")
    dice.feed(40, 90)
    end_turn(session, "oswin")
    assert session.pending is None
    assert remaining(session, "travellers") == 18
    assert remaining(session, "bandits") == 20


def test_the_arguments_modifiers_are_the_gms() -> None:
    # P-ARG-02: weak or strong arguments -20% / +20%; good roleplaying +20%; arguing from a
    # position of weakness or superiority -20% / +20%
    session, _dice = talk(*ORDER)
    say(
        session,
        scmd.ARGUE,
        "brenna",
        arguments="strong",
        roleplaying=True,
        position="weakness",
        modifier=5,
    )
    declared = session.state.social.party("travellers").argument
    assert declared is not None
    terms = [(term.amount, term.source) for term in declared.breakdown.contributions]
    assert terms == [
        (60, "P-SOC-17"),
        (20, "P-ARG-02"),
        (-20, "P-ARG-02"),
        (20, "P-ARG-02"),
        (5, "P-ARG-02"),
    ]
    assert declared.breakdown.total == 85
    weak, _ = talk(*ORDER)
    say(weak, scmd.ARGUE, "brenna", arguments="weak", position="superiority")
    assert weak.state.social.party("travellers").argument.breakdown.total == 60  # type: ignore[union-attr]


def test_a_forbidden_specialization_is_refused_and_a_missing_one_is_the_closest() -> None:
    # P-SOC-03 at an Hourly scale: no Fast-Talk; G-P-07: a specialization the sheet lacks
    # is rolled with its best other one at -40%
    session, _ = talk(*ORDER, time_scale="hourly")
    with pytest.raises(IllegalCommandError, match="Fast-Talk cannot be used") as caught:
        say(session, scmd.ARGUE, "brenna", specialization="fast_talk")
    assert caught.value.field == "specialization"
    with pytest.raises(IllegalCommandError, match="position of force"):
        say(session, scmd.ARGUE, "brenna", specialization="intimidation")
    say(session, scmd.ARGUE, "brenna", specialization="intimidation", position_of_force=True)


def test_the_closest_persuasion_specialization_at_minus_40() -> None:
    lone, dice = table()
    seat(lone, "brenna", stats={"skills": {"Charm": 70}})  # Charm, and no Negotiation
    seat(lone, "garth")
    dice.feed(5, 1)
    lone.submit(start_social())
    say(lone, scmd.ARGUE, "brenna")  # negotiation, by default
    declared = lone.state.social.party("travellers").argument
    assert declared is not None
    assert declared.skill == "Charm"
    assert [term.amount for term in declared.breakdown.contributions] == [70, -40]


def test_target_dp_and_personal_dp_are_apart() -> None:
    # P-SOC-06: the target DP "has its own determination points", distinct from personal DP
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    _to_round_end(session, "brenna", "garth", "wren")
    dice.feed(30)
    end_turn(session, "oswin")
    assert session.state.combatant("garth").determination_points == 10
    assert remaining(session, "travellers") == 18


def test_an_ad_hominem_attack_goes_to_personal_dp_and_may_bring_doubt() -> None:
    # P-SOC-14: "any social damage is dealt directly to that interlocutor's personal DP";
    # "the Moment of Doubt" (G-P-04: provisional, at 0 or less)
    session, dice = talk(*ORDER)
    dice.feed(30)  # rolled at once (G-P-S4)
    events = say(session, scmd.AD_HOMINEM, "brenna", interlocutor="garth")
    rolled = of_kind(events, sev.AD_HOMINEM_ROLLED)[0].payload
    assert rolled["damage"]["dealt"] == 2  # type: ignore[index]
    points = of_kind(events, ev.POINTS_CHANGED)[0].payload
    assert (points["points"], points["before"], points["after"]) == ("determination", 10, 8)
    assert remaining(session, "bandits") == 20  # not the target DP
    assert not of_kind(events, sev.MOMENT_OF_DOUBT)
    session.submit(set_value("combatants.garth.determination_points", 2, reason="worn down"))
    dice.feed(20)
    events = say(session, scmd.AD_HOMINEM, "brenna", interlocutor="garth")
    assert of_kind(events, sev.MOMENT_OF_DOUBT)
    assert "moment of doubt" in session.state.combatant("garth").conditions


def test_an_ad_hominem_attack_on_ones_own_party_is_refused() -> None:
    session, _ = talk(*ORDER)
    with pytest.raises(IllegalCommandError, match="not an interlocutor") as caught:
        say(session, scmd.AD_HOMINEM, "brenna", interlocutor="oswin")
    assert caught.value.field == "interlocutor"


def test_a_provocation_through_a_trait_they_lack_fails() -> None:
    # P-SOC-21: "If they do not have such a trait, the action fails."
    session, dice = talk(*ORDER)
    events = say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Cowardice")
    provoked = of_kind(events, sev.PROVOKED)[0].payload
    assert (provoked["result"], provoked["roll"]) == ("no_trait", None)
    dice.done()


def test_a_provocation_that_works_lets_the_interlocutor_choose() -> None:
    # P-SOC-21: a success at or below the trait score: act as desired, or let the provoker
    # deal social damage to their target DP (G-P-19: the provoker's party's)
    session, dice = talk(*ORDER)
    dice.feed(30)  # Negotiation 60: success, and 30 <= Greed 70
    say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed", reaction="take less")
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "garth"
    assert pending.option_ids == ("damage", "comply")
    session.answer("damage")
    assert remaining(session, "travellers") == 18
    dice.feed(30)
    say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed")
    events = session.answer("comply")
    assert of_kind(events, sev.PROVOKE_ANSWERED)[0].payload["choice"] == "comply"
    assert remaining(session, "travellers") == 18


def test_a_provoker_who_makes_a_fool_of_themselves_raises_their_target_dp() -> None:
    # P-SOC-21: "a failure and above the opponent's trait score ... their target DP goes back
    # up by +1D6"; G-P-19: a failure at or below it does nothing
    session, dice = talk(*ORDER)
    dice.feed(90, 4)
    say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed")
    assert remaining(session, "travellers") == 24
    dice.feed(65)  # a failure (Negotiation 60), at or below Greed 70: nothing
    events = say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed")
    assert of_kind(events, sev.PROVOKED)[0].payload["result"] == "no_effect"
    assert remaining(session, "travellers") == 24
