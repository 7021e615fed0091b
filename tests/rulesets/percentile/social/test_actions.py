"""The social actions besides arguing, and the encounter turning into combat.

Document 001: Ability Use (P-SOC-13), Appeal for Time (P-SOC-15, P-SOC-16), Help
(P-SOC-18), Identify Motivations (P-SOC-19), Investigate (P-SOC-20), Use Favor or Grudge
(P-SOC-22), Cast Magic (P-SOC-23, P-SOC-04) and Use Passion (P-SOC-24), the free actions;
"a social encounter where negotiations fail and the situation degenerates into a combat
encounter" (P-ENC-02). Rulings G-P-06, G-P-07, G-P-18, G-P-23, G-P-28.
"""

from __future__ import annotations

import pytest

from tablekeeper.engine.values import GM
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import order
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev

from ..encounter.helpers import kinds, of_kind
from .helpers import active, end_turn, remaining, say, talk

ORDER = (10, 1, 5, 2)
"""Brenna (25), Garth (17), Wren (14), Oswin (11)."""


def _pass(session: object, *who: str) -> None:
    for key in who:
        end_turn(session, key)  # type: ignore[arg-type]


def test_ability_use_rolls_and_may_be_opposed() -> None:
    # P-SOC-13: "This ability roll may be opposed."
    session, dice = talk(*ORDER)
    dice.feed(20, 45)
    events = say(
        session, scmd.SOCIAL_ABILITY, "brenna", skill="Insight", goal="spot the ambush",
        opposed_by="garth",
    )  # fmt: skip
    rolled = of_kind(events, sev.SOCIAL_ROLLED)
    assert [item.payload["combatant"] for item in rolled] == ["brenna", "garth"]
    assert rolled[1].payload["note"] == "opposed: defender wins"  # 45 beats 20 (G-P-02)
    assert session.state.social.seat("brenna").actions_left == 1


def test_an_appeal_for_time_adds_rounds_at_a_cumulative_penalty() -> None:
    # P-SOC-15: a success, one more round; P-SOC-16: the next appeal at -40% (G-P-18)
    session, dice = talk(*ORDER)
    dice.feed(30)
    events = say(session, scmd.APPEAL, "brenna", skill="Fast Talk", justification="a song")
    appealed = of_kind(events, sev.APPEALED)[0].payload
    assert (appealed["before"], appealed["after"]) == (3, 4)
    dice.feed(6)  # Fast Talk 45 - 40 = 5: a 6 fails
    events = say(session, scmd.APPEAL, "brenna", skill="Fast Talk")
    appealed = of_kind(events, sev.APPEALED)[0].payload
    assert appealed["roll"]["effective_skill"] == 5  # type: ignore[index]
    assert (appealed["before"], appealed["after"]) == (4, 4)
    assert session.state.social.appeals == 2


def test_a_fumbled_appeal_on_the_last_round_ends_it_after_this_round() -> None:
    # P-SOC-15: "Fumble: ... The encounter takes one less round." Never before the round
    # being played is over.
    session, dice = talk(*ORDER, length="one_chance")
    dice.feed(100)
    events = say(session, scmd.APPEAL, "brenna", skill="CHA")
    assert of_kind(events, sev.APPEALED)[0].payload["after"] == 1
    _pass(session, "brenna", "garth", "wren", "oswin")
    assert session.state.social.over


def test_help_rolls_for_another_character_and_records_it() -> None:
    # P-SOC-18: "A character may use an ability to help another character, including the
    # turn speaker" (G-P-07: what helping gives is the missing chapter's; the GM rules it)
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    _pass(session, "brenna", "garth", "wren")
    dice.feed(25)
    events = say(session, scmd.SOCIAL_HELP, "oswin", ally="brenna", skill="Negotiation")
    helped = of_kind(events, sev.SOCIAL_ROLLED)[0].payload
    assert (helped["purpose"], helped["against"]) == ("help", "brenna")
    with pytest.raises(IllegalCommandError, match="not another character") as caught:
        say(session, scmd.SOCIAL_HELP, "oswin", ally="oswin", skill="Negotiation")
    assert caught.value.field == "ally"


def test_identified_motivations_are_told_to_the_identifier_alone() -> None:
    # P-SOC-19: "On a success, identify an interlocutor's two highest Passions or other
    # personality traits."
    session, dice = talk(*ORDER)
    dice.feed(30)
    events = say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    revealed = of_kind(events, sev.MOTIVATIONS_REVEALED)[0]
    assert revealed.payload["traits"] == ["Greed", "Pride"]
    assert revealed.visibility.audience == "player"
    assert revealed.visibility.player == "brenna"
    assert session.state.social.seat("brenna").known == {"garth": ("Greed", "Pride")}
    assert of_kind(events, sev.MOTIVATIONS_READ)[0].payload["halved"] is False
    dice.feed(70)  # a failure tells nothing
    events = say(session, scmd.IDENTIFY, "brenna", interlocutor="wren")
    assert not of_kind(events, sev.MOTIVATIONS_REVEALED)


def test_a_critical_identify_halves_the_interlocutors_damage_until_the_next_turn() -> None:
    # P-SOC-19: "On a critical success, any social damage coming from that interlocutor is
    # halved (round down) until the character's next turn." G-P-28: for the whole party
    session, dice = talk(*ORDER)
    dice.feed(3)
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth")
    _pass(session, "garth", "wren")
    dice.feed(30)  # Garth's argument, unopposed: 2 social damage halved to 1
    events = end_turn(session, "oswin")
    resolved = of_kind(events, sev.ARGUMENT_RESOLVED)[0].payload
    damage = resolved["outcome"]["attacker_damage"]  # type: ignore[index]
    assert (damage["rolled"], damage["dealt"]) == (2, 1)  # type: ignore[index]
    assert remaining(session, "bandits") == 19
    assert session.state.social.halvings == ()  # Brenna's new turn ended it


def test_the_halving_can_protect_the_identifier_alone() -> None:
    # G-P-28's alternative, motivations_protect='character': an unopposed argument is not
    # against the identifier
    session, dice = talk(*ORDER, options={"motivations_protect": "character"})
    dice.feed(3)
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth")
    _pass(session, "garth", "wren")
    dice.feed(30)
    end_turn(session, "oswin")
    assert remaining(session, "bandits") == 18


def test_investigate_needs_an_hourly_scale() -> None:
    # P-SOC-20
    session, _ = talk(*ORDER, time_scale="medium")
    with pytest.raises(IllegalCommandError, match="hourly time scales or longer"):
        say(session, scmd.INVESTIGATE, "brenna")


def test_an_investigation_arms_the_partys_next_argue() -> None:
    # P-SOC-20: "Success: grant +20% and +1D6 social damage to a subsequent Argue action."
    session, dice = talk(*ORDER, time_scale="hourly")
    dice.feed(20, 80)  # Insight 50 against the GM's 60: a success that wins
    events = say(session, scmd.INVESTIGATE, "brenna", opposition=60, errand="the scribe's notes")
    assert of_kind(events, sev.INVESTIGATED)[0].payload["outcome"]["level"] == "success"  # type: ignore[index]
    travellers = session.state.social.party("travellers")
    assert [term.amount for term in travellers.argue_modifiers] == [20]
    assert travellers.argue_damage == ("1d6",)
    say(session, scmd.ARGUE, "brenna")
    _pass(session, "brenna", "garth", "wren")
    dice.feed(75, 4)  # Negotiation 60 + 20 = 80: a 75 succeeds; 2 + 1D6 (4)
    events = end_turn(session, "oswin")
    roll = of_kind(events, sev.ARGUMENT_RESOLVED)[0].payload["outcome"]["attacker_roll"]  # type: ignore[index]
    assert roll["effective_skill"] == 80  # type: ignore[index]
    assert remaining(session, "travellers") == 20 - 6
    assert session.state.social.party("travellers").argue_damage == ()  # spent


def test_a_fumbled_investigation_costs_the_party_60() -> None:
    # P-SOC-20: "Fumble: the next Argue action from the character's party suffers -60%."
    session, dice = talk(*ORDER, time_scale="daily")
    dice.feed(100, 50)
    say(session, scmd.INVESTIGATE, "brenna")
    terms = session.state.social.party("travellers").argue_modifiers
    assert [(term.amount, term.source) for term in terms] == [(-60, "P-SOC-20")]


def test_a_favor_gives_an_ally_20_on_their_next_roll() -> None:
    # P-SOC-22: "to give another character a +20% bonus to a roll"; G-P-28: once
    session, dice = talk(*ORDER)
    say(session, scmd.USE_FAVOR, "brenna", favor="the reeve", ally="oswin")
    with pytest.raises(IllegalCommandError, match="called on already") as caught:
        say(session, scmd.USE_FAVOR, "brenna", favor="the reeve", ally="oswin")
    assert caught.value.field == "favor"
    _pass(session, "brenna", "garth", "wren")
    dice.feed(75)  # Insight 50 + 20
    events = say(session, scmd.IDENTIFY, "oswin", interlocutor="garth")
    roll = of_kind(events, sev.MOTIVATIONS_READ)[0].payload["roll"]
    assert roll["effective_skill"] == 70  # type: ignore[index]
    assert session.state.social.seat("oswin").modifiers == ()  # spent by the roll


def test_a_grudge_costs_the_opposing_speaker_20() -> None:
    # P-SOC-22: "or incur a -20% to the opposing turn speaker"; "A grudge for a 3rd party
    # may be used if it makes sense"
    session, dice = talk(*ORDER)
    say(session, scmd.USE_FAVOR, "brenna", favor="the toll-keeper")
    _pass(session, "brenna")
    say(session, scmd.ARGUE, "garth")
    _pass(session, "garth", "wren")
    dice.feed(50)  # Negotiation 60 - 20 = 40: a 50 fails
    events = end_turn(session, "oswin")
    roll = of_kind(events, sev.ARGUMENT_RESOLVED)[0].payload["outcome"]["attacker_roll"]  # type: ignore[index]
    assert (roll["effective_skill"], roll["level"]) == (40, "failure")  # type: ignore[index]
    with pytest.raises(IllegalCommandError, match="no favor or grudge 'the king'"):
        say(session, scmd.USE_FAVOR, "brenna", favor="the king")


def test_the_gm_may_use_a_grudge_against_anyone() -> None:
    # P-SOC-22: "The gamemaster may use a grudge to give a -20% penalty to any character."
    session, dice = talk(*ORDER)
    session.submit(order(scmd.GM_GRUDGE, "brenna", actor=GM, reason="the feud"))
    dice.feed(35)
    events = say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    roll = of_kind(events, sev.MOTIVATIONS_READ)[0].payload["roll"]
    assert (roll["effective_skill"], roll["level"]) == (30, "failure")  # type: ignore[index]


def test_cast_magic_is_free_and_wasted_unless_it_lasts_two_thirds_of_a_round() -> None:
    # P-SOC-23: "Only spells that last long enough for the encounter's Time Scale are
    # effective. Spells that don't last long enough are wasted"; P-SOC-04, G-P-23
    session, dice = talk(*ORDER)
    events = say(session, scmd.SOCIAL_CAST, "brenna", spell="Glamour", duration_seconds=39)
    assert of_kind(events, sev.SOCIAL_SPELL)[0].payload["rounds"] == 0
    assert not of_kind(events, ev.SPELL_CAST)
    dice.done()
    dice.feed(20)  # POW 12 x 5 = 60: a success; no target
    events = say(
        session, scmd.SOCIAL_CAST, "brenna", spell="Glamour", duration_seconds=130, magic_points=2
    )
    assert of_kind(events, sev.SOCIAL_SPELL)[0].payload["rounds"] == 2
    assert of_kind(events, ev.SPELL_CAST)[0].payload["effective"] is True
    assert session.state.combatant("brenna").magic_points == 10
    assert session.state.social.seat("brenna").actions_left == 2  # free actions


def test_use_passion_is_free_and_once_per_social_encounter() -> None:
    # P-SOC-24: "Once per social encounter, a character may try to gain a scene augment
    # from a Passion." (G-P-06)
    session, dice = talk(*ORDER)
    dice.feed(40)
    events = say(session, scmd.SOCIAL_PASSION, "brenna", passion="Greed")
    used = of_kind(events, sev.SOCIAL_PASSION_USED)[0].payload
    assert used["roll"]["level"] == "success"  # type: ignore[index]
    with pytest.raises(IllegalCommandError, match="once per social encounter"):
        say(session, scmd.SOCIAL_PASSION, "brenna", passion="Pride")
    assert session.state.social.seat("brenna").actions_left == 2


def test_the_gm_turns_the_social_encounter_into_combat_with_the_same_characters() -> None:
    # "Encounters may be combined, such as a social encounter where negotiations fail and
    # the situation degenerates into a combat encounter." The same encounter: one scope.
    session, dice = talk(*ORDER)
    dice.feed(3, 4, 5, 6)  # the combat turn orders
    events = session.submit(order(scmd.TO_COMBAT, None, actor=GM))
    assert kinds(events)[:3] == ["social_ended", "encounter_started", "turn_order_rolled"]
    assert of_kind(events, sev.SOCIAL_ENDED)[0].payload["results"] is None
    state = session.state
    assert state.social is not None
    assert state.social.over
    assert state.clock is not None
    assert set(state.clock.order) == set(state.combatants)
    assert session.state.active is not None
    with pytest.raises(IllegalCommandError, match="social encounter is over"):
        end_turn(session, "brenna")
    first = session.state.active
    assert first is not None
    assert cmd.ATTACK in {command.kind for command in session.legal_commands(first)}
    assert session.replay() == session.state
    kinds_logged = [event.kind for event in session.log.events]
    assert kinds_logged.index(sev.SOCIAL_STARTED) < kinds_logged.index(ev.ENCOUNTER_STARTED)


def test_only_a_social_encounter_turns_into_combat() -> None:
    session, dice = talk(*ORDER)
    dice.feed(3, 4, 5, 6)
    session.submit(order(scmd.TO_COMBAT, None, actor=GM))
    with pytest.raises(IllegalCommandError, match="already turned into combat"):
        session.submit(order(scmd.TO_COMBAT, None, actor=GM))
    assert active(session) is None
