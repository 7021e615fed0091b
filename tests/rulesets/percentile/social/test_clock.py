"""A social encounter's start and clock: parties and target DP, rounds on the declared time
scale, social turn order, two actions, the encounter's length and its end.

Document 001, "Social Encounters": P-SOC-01, P-SOC-02, P-SOC-05 .. P-SOC-12, P-ARG-09,
P-ARG-10; rulings G-P-04, G-P-16, G-P-17, G-P-23.
"""

from __future__ import annotations

import pytest

from tablekeeper.engine.values import GM
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import order
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from ..encounter.helpers import kinds, of_kind, table
from .helpers import active, end_turn, remaining, say, seat, start_social, talk

ORDER = (10, 1, 5, 2)
"""Brenna 15 + 10 = 25, Oswin 10 + 1 = 11, Garth 12 + 5 = 17, Wren 12 + 2 = 14."""


def _round(session: object, *who: str) -> None:
    for key in who:
        end_turn(session, key)  # type: ignore[arg-type]


def test_the_gm_starts_a_social_encounter_instead_of_a_combat() -> None:
    # P-SOC-01, P-SOC-02: the time scale declared before it starts; each character a turn
    session, dice = talk(*ORDER, time_scale="hourly")
    social = session.state.social
    assert social is not None
    assert session.state.clock is None
    assert (social.time_scale, social.round_seconds) == ("hourly", 3600)
    assert social.clock is not None
    assert social.clock.round == 1
    assert social.clock.order == ("brenna", "garth", "wren", "oswin")
    assert active(session) == "brenna"
    dice.done()
    with pytest.raises(IllegalCommandError, match=r"percentile\.to_combat"):
        session.submit(order(cmd.START, None, actor=GM))


def test_both_parties_of_an_active_opposition_get_a_target_dp() -> None:
    # P-SOC-05, P-SOC-07: one party per side by default, each Debatable (20)
    session, _ = talk(*ORDER)
    social = session.state.social
    assert social is not None
    assert [(party.side, party.remaining) for party in social.parties] == [
        ("travellers", 20),
        ("bandits", 20),
    ]


def test_in_a_passive_opposition_only_the_petitioner_has_a_target_dp() -> None:
    # P-SOC-05: "If the encounter is passively opposed, only the active side of the
    # encounter gets a target DP."
    session, _ = talk(*ORDER, opposition="passive", petitioner="bandits")
    social = session.state.social
    assert social is not None
    assert social.party("bandits").remaining == 20
    assert social.party("travellers").target is None
    # the passive party has no target DP to argue down
    with pytest.raises(IllegalCommandError, match="passive party"):
        say(session, scmd.ARGUE, "brenna")


def test_each_partys_goal_and_circumstances_make_its_target_dp() -> None:
    # P-SOC-07, P-SOC-08
    session, _ = talk(
        *ORDER,
        parties=[
            {"side": "bandits", "goal": "the cargo", "goal_kind": "difficult",
             "party_size": "significantly_smaller"},
            {"side": "travellers", "goal_kind": "reasonable", "recent_events": 5},
        ],
    )  # fmt: skip
    social = session.state.social
    assert social is not None
    assert [party.side for party in social.parties] == ["bandits", "travellers"]
    assert social.party("bandits").remaining == 25 - 5
    assert social.party("bandits").goal == "the cargo"
    assert social.party("travellers").remaining == 15 + 5


def test_a_social_encounter_is_between_two_sides() -> None:
    session, _ = table()
    for who in ("brenna", "garth"):
        seat(session, who)
    ghost = {"name": "Ghost", "hit_points": 3, "mov": 0}
    session.submit(
        order(cmd.ADD_COMBATANT, None, actor=GM, id="ghost", side="spirits", stats=ghost)
    )
    with pytest.raises(IllegalCommandError, match="between two parties") as caught:
        session.submit(start_social())
    assert caught.value.field == "parties"
    with pytest.raises(IllegalCommandError, match="no combatant is on the side") as caught:
        session.submit(start_social(parties=[{"side": "elves"}]))
    assert caught.value.field == "parties.0.side"


def test_the_gm_has_the_final_say_on_a_target_dp_and_the_progress_stays() -> None:
    # P-SOC-08: "The gamemaster has the final say on the effective target DP."
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    _round(session, "brenna", "garth", "wren")
    dice.feed(30)  # Brenna's argument: success, 2 social damage
    end_turn(session, "oswin")
    assert remaining(session, "travellers") == 18
    session.submit(
        order(scmd.RULE_TARGET, None, actor=GM, side="travellers", goal_kind="difficult")
    )
    assert remaining(session, "travellers") == 25 - 2


def test_a_sheet_without_personal_dp_gets_its_pow() -> None:
    # G-P-04 (provisional): personal DP are the missing chapter's; a sheet without gets POW
    session, dice = table()
    seat(session, "brenna", stats={"determination_points": None})
    seat(session, "garth", stats={"determination_points": 7})
    dice.feed(1, 1)
    events = session.submit(start_social())
    started = of_kind(events, sev.SOCIAL_STARTED)[0].payload
    assert started["personal_dp"] == {"brenna": 12}  # the cast's POW
    assert session.state.combatant("brenna").determination_points == 12
    assert session.state.combatant("garth").determination_points == 7


def test_the_social_turn_order_and_the_gms_modifier() -> None:
    # P-SOC-11: Social Initiative + 1D10, descending; "a tribal king's great hall might grant
    # that GMC +10"
    session, _ = talk(*ORDER, turn_modifiers={"oswin": 20})
    social = session.state.social
    assert social is not None
    assert social.clock is not None
    assert social.seat("oswin").turn_order.total == 10 + 1 + 20
    assert social.clock.order == ("oswin", "brenna", "garth", "wren")


def test_equal_turn_orders_go_to_the_higher_initiative_then_to_a_roll_off() -> None:
    # G-P-16, as in combat: Garth and Wren share a social initiative of 12
    session, dice = talk(10, 1, 4, 4, 3, 9)  # the roll-off: Garth 3, Wren 9
    social = session.state.social
    assert social is not None
    assert social.clock is not None
    assert social.clock.order == ("brenna", "wren", "garth", "oswin")
    dice.done()


def test_a_character_without_cha_or_int_uses_the_other_or_rolls_alone() -> None:
    # G-P-S1: as combat initiative does (P-CMB-04)
    session, dice = table()
    seat(session, "brenna", stats={"characteristics": {"POW": 12, "INT": 14, "CHA": None}})
    seat(session, "garth", stats={"characteristics": {"POW": 10, "INT": None, "CHA": None}})
    dice.feed(2, 3)
    session.submit(start_social())
    social = session.state.social
    assert social is not None
    assert social.seat("brenna").turn_order.total == 14 + 2
    assert social.seat("garth").turn_order.initiative is None
    assert social.seat("garth").turn_order.total == 3


def test_two_actions_a_turn_and_more_with_high_initiatives() -> None:
    # P-SOC-12: two actions; P-OPT-01, G-P-17: social initiative above 30 gives
    # initiative / 10 (the initiative, not the turn order)
    session, dice = table()
    seat(session, "brenna", stats={"characteristics": {"CHA": 31, "INT": 31, "POW": 12}})
    seat(session, "garth", stats={"characteristics": {"CHA": 30, "INT": 30, "POW": 12}})
    dice.feed(5, 5)
    session.submit(start_social())
    social = session.state.social
    assert social is not None
    assert social.seat("brenna").actions_left == 3
    dice.feed(50, 50)
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    dice.feed(50)
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    with pytest.raises(IllegalCommandError, match="no action left"):
        say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    end_turn(session, "brenna")
    assert session.state.social.seat("garth").actions_left == 2  # exactly 30: two


def test_only_the_acting_character_acts_and_unused_actions_are_lost() -> None:
    session, _ = talk(*ORDER)
    with pytest.raises(IllegalCommandError, match="brenna's social turn") as caught:
        say(session, scmd.ARGUE, "garth")
    assert caught.value.field == "combatant"
    events = end_turn(session, "brenna")
    assert of_kind(events, sev.SOCIAL_TURN_ENDED)[0].payload["unused"] == 2
    assert active(session) == "garth"


def test_no_combat_action_while_the_social_encounter_is_under_way() -> None:
    session, _ = talk(*ORDER)
    with pytest.raises(IllegalCommandError, match="social encounter is under way"):
        session.submit(order(cmd.ATTACK, "brenna", targets=["garth"]))


def test_the_encounter_ends_when_its_rounds_are_played() -> None:
    # P-SOC-09: "Once the predetermined number of rounds have been played, the parties are
    # dismissed and the encounter ends."; P-ARG-09: the results by the target DP left
    session, dice = talk(*ORDER, length="short")
    say(session, scmd.ARGUE, "brenna")
    _round(session, "brenna", "garth", "wren")
    dice.feed(30)
    end_turn(session, "oswin")
    assert session.state.social.round == 2
    _round(session, "brenna", "garth", "wren")
    events = end_turn(session, "oswin")
    ended = of_kind(events, sev.SOCIAL_ENDED)[0].payload
    assert ended["results"] == {"travellers": "defeat", "bandits": "defeat"}
    assert ended["remaining"] == {"travellers": 18, "bandits": 20}
    assert PERCENTILE.ended(session.state) == (
        "the social encounter ended: travellers: Defeat, bandits: Defeat"
    )
    assert session.state.talking is None
    assert session.legal_commands(GM) == ()
    with pytest.raises(IllegalCommandError, match="social encounter is over"):
        end_turn(session, "brenna")


def test_one_chance_is_a_single_round() -> None:
    # P-SOC-09: "One Chance: 1 round."
    session, _ = talk(*ORDER, length="one_chance")
    events = ()
    for who in ("brenna", "garth", "wren", "oswin"):
        events = end_turn(session, who)
    assert sev.SOCIAL_ENDED in [event.kind for event in events]


def test_the_gm_ends_early_scored_only_when_some_target_dp_is_zero_or_less() -> None:
    # P-ARG-10: "The gamemaster may end an encounter earlier when some of the target DP
    # have dropped to zero or less."
    session, _ = talk(*ORDER)
    events = session.submit(order(cmd.END, None, actor=GM))
    ended = of_kind(events, sev.SOCIAL_ENDED)[0].payload
    assert ended["results"] is None
    assert PERCENTILE.ended(session.state) == (
        "the social encounter ended: not scored (the GM ended it)"
    )
    scored, _dice = talk(*ORDER)
    scored.submit(order(scmd.RULE_TARGET, None, actor=GM, side="bandits", gm_adjustment=-20))
    events = scored.submit(order(cmd.END, None, actor=GM))
    assert of_kind(events, sev.SOCIAL_ENDED)[0].payload["results"] == {
        "travellers": "defeat",
        "bandits": "victory",
    }
    assert kinds(events)[-1] == "encounter_ended"


def test_a_combatant_added_midway_speaks_from_the_next_round() -> None:
    session, dice = talk(*ORDER)
    dice.feed(9)
    extra = {"stats": {"name": "Cob", "hit_points": 10, "mov": 8,
                       "characteristics": {"CHA": 20, "INT": 20}}}  # fmt: skip
    session.submit(order(cmd.ADD_COMBATANT, None, actor=GM, id="cob", side="bandits", **extra))
    social = session.state.social
    assert social is not None
    assert "cob" in social.seats
    assert "cob" not in (social.clock.order if social.clock else ())
    _round(session, "brenna", "garth", "wren", "oswin")
    assert session.state.social.clock.order[0] == "cob"  # 20 + 9 = 29
    with pytest.raises(IllegalCommandError, match="between travellers and bandits"):
        session.submit(order(cmd.ADD_COMBATANT, None, actor=GM, id="elf", side="elves", **extra))
