"""A social encounter in words (labels, sentences, the clock) and its odds before committing.

The odds of each social command are checked against the resolvers' own distributions on
inputs built by hand from the sheets (STYLE.md, lesson 2: no second formula), and against
what a player may see of them (C-10).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tablekeeper.engine.cards import distinct_names, names_of
from tablekeeper.engine.overrides import set_value
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.percentile.checks import level_odds
from tablekeeper.rulesets.percentile.encounter import order
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.rulesets.percentile.social.argue_input import ArgueInput
from tablekeeper.rulesets.percentile.social.argue_odds import argue_distribution, side_reductions
from tablekeeper.rulesets.percentile.social.provoke import provoke_odds

from .helpers import end_turn, say, talk

ORDER = (10, 1, 5, 2)


def _names(session: Any) -> dict[str, str]:
    return distinct_names(names_of(PERCENTILE.cards(session.state, GM_SIGHT)))


def _lines(session: Any, sight: Any = GM_SIGHT) -> list[str]:
    names = _names(session)
    return [
        line
        for event in session.log.events
        if (line := PERCENTILE.words.event_sentence(event, names, sight))
    ]


def test_the_clock_says_the_social_round_and_whose_turn() -> None:
    session, _ = talk(*ORDER, time_scale="hourly")
    assert PERCENTILE.words.clock(session.state) == (
        "social round 1 of 3 (Hourly scale): Brenna's turn"
    )
    cards = {card.id: card for card in PERCENTILE.cards(session.state, GM_SIGHT)}
    assert cards["brenna"].acting
    assert "acting" in cards["brenna"].summary
    facts = {fact.label: fact.value for fact in cards["garth"].facts}
    assert facts["Party"] == "bandits: 20 of 20 target DP left"
    assert facts["Social turn order"] == "17"
    hidden = {
        fact.label for fact in PERCENTILE.cards(session.state, Sight.player({"brenna"}))[2].facts
    }
    assert "Social turn order" not in hidden
    assert "Party" in hidden


def test_the_labels_of_the_social_commands() -> None:
    session, _ = talk(*ORDER)
    names = _names(session)
    label = PERCENTILE.words.command_label
    legal = {command.kind: command for command in session.legal_commands("brenna")}
    assert label(legal[scmd.ARGUE], session.state, names) == "Brenna: argue (Negotiation)"
    assert label(legal[scmd.IDENTIFY], session.state, names) == (
        "Brenna: identify Garth's motivations"
    )
    assert label(legal[scmd.USE_FAVOR], session.state, names) == (
        "Brenna: call on the reeve (-20% to the opposing speaker)"
    )
    assert label(legal[scmd.SOCIAL_END_TURN], session.state, names) == "Brenna: end the turn"
    start = order(scmd.START_SOCIAL, None, actor=GM, time_scale="daily", length="long")
    assert label(start, session.state, names) == (
        "Start a social encounter: Daily scale, long length, one party per side"
    )


def test_the_sentences_tell_the_encounter() -> None:
    session, dice = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna", specialization="fast_talk")
    for who in ("brenna", "garth", "wren"):
        end_turn(session, who)
    dice.feed(30)
    end_turn(session, "oswin")
    lines = _lines(session)
    assert lines[4] == (
        "A social encounter begins: Short scale (about a minute a round), 3 rounds, active "
        "opposition; travellers (target DP 20); bandits (target DP 20)"
    )
    assert "Brenna's social turn order: 15 + 10 = 25" in lines
    assert "Social round 1: Brenna, Garth, Wren, Oswin" in lines
    assert "Brenna takes the floor for travellers: argues (Fast-Talk)" in lines
    assert "Argument, Brenna 30 against 45%, success, 2 social damage: Brenna wins" in lines
    assert "travellers' target DP: 20 → 18 (Brenna's argument)" in lines
    player = _lines(session, Sight.player({"oswin"}))
    assert "Brenna's social turn order: 25" in player
    assert "Argument, Brenna 30, success, 2 social damage: Brenna wins" in player


def test_an_arguments_odds_are_the_resolvers_distribution() -> None:
    # unopposed as it stands; once the other speaker argued, opposed for both choices (GM)
    session, _ = talk(*ORDER)
    say(session, scmd.ARGUE, "brenna")
    end_turn(session, "brenna")
    argue = next(c for c in session.legal_commands("garth") if c.kind == scmd.ARGUE)
    odds = dict(PERCENTILE.command_odds(session.state, argue, GM_SIGHT).outcomes)  # type: ignore[union-attr]
    for level, chance in level_odds(60).items():
        assert odds[level.value] == chance
    alone = argue_distribution(
        ArgueInput.model_validate({"time_scale": "short", "attacker": {"skill": 60, "damage": "2"}})
    )
    assert odds["bandits' target DP falls, unopposed"] == sum(
        p for (a, _), p in alone.items() if a >= 1
    )
    opposed = ArgueInput.model_validate(
        {
            "time_scale": "short",
            "attacker": {"skill": 60, "damage": "2"},  # Brenna, earlier in the order
            "defender": {"skill": 60, "damage": "2"},
        }
    )
    block = side_reductions(argue_distribution(opposed, "block"), 1)
    assert odds["bandits' target DP falls, opposed, the winner blocks"] == sum(
        p for value, p in block.items() if value >= 1
    )
    deal = side_reductions(argue_distribution(opposed, "deal"), 0)
    assert odds["travellers' target DP falls, opposed, the winner deals directly"] == sum(
        p for value, p in deal.items() if value >= 1
    )
    # a player controlling Garth sees the roll and the unopposed chances, not Brenna's part
    mine = dict(PERCENTILE.command_odds(session.state, argue, Sight.player({"garth"})).outcomes)  # type: ignore[union-attr]
    assert "bandits' target DP falls, unopposed" in mine
    assert not any("opposed," in label for label in mine)


def test_a_provocations_odds_read_the_trait_for_the_gm_only() -> None:
    session, _ = talk(*ORDER)
    command = order(scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed")
    gm = dict(PERCENTILE.command_odds(session.state, command, GM_SIGHT).outcomes)  # type: ignore[union-attr]
    assert gm["Garth must choose"] == provoke_odds(60, 70)["choice"]
    assert gm["a fool of themselves"] == provoke_odds(60, 70)["fool"]
    player = dict(
        PERCENTILE.command_odds(session.state, command, Sight.player({"brenna"})).outcomes
    )  # type: ignore[union-attr]
    assert set(player) == {"critical", "success", "failure", "fumble"}


def test_an_appeals_odds_are_its_new_lengths() -> None:
    session, _ = talk(*ORDER)
    command = order(scmd.APPEAL, "brenna", skill="Negotiation")
    odds = dict(PERCENTILE.command_odds(session.state, command, GM_SIGHT).outcomes)  # type: ignore[union-attr]
    assert odds == {
        "5 rounds": Fraction(6, 100),
        "4 rounds": Fraction(54, 100),
        "3 rounds": Fraction(38, 100),
        "2 rounds": Fraction(2, 100),
    }


def test_an_ad_hominem_attacks_chance_of_doubt() -> None:
    # P-SOC-14: the interlocutor's personal DP at 0 or less (G-P-04): 2 social damage
    # against 10 DP cannot; against 2 DP, any success does
    session, _ = talk(*ORDER)
    command = order(scmd.AD_HOMINEM, "brenna", interlocutor="garth")
    odds = dict(PERCENTILE.command_odds(session.state, command, GM_SIGHT).outcomes)  # type: ignore[union-attr]
    assert odds["Garth's Moment of Doubt"] == 0
    session.submit(set_value("combatants.garth.determination_points", 2, reason="worn"))
    odds = dict(PERCENTILE.command_odds(session.state, command, GM_SIGHT).outcomes)  # type: ignore[union-attr]
    assert odds["Garth's Moment of Doubt"] == Fraction(60, 100)
    player = dict(
        PERCENTILE.command_odds(session.state, command, Sight.player({"brenna"})).outcomes
    )  # type: ignore[union-attr]
    assert "Garth's Moment of Doubt" not in player
