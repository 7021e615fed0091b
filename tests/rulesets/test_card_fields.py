"""The card fields the console's table offers the GM (engine/cards.py), for every
ruleset through its contract: each step command a gauge offers is a legal GM command now
and moves that gauge its way; at most one actor is marked next, never the one acting; a
condition's duration reads in words."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, GM_SIGHT, Command, Condition, Sight, load_ruleset, next_after
from tablekeeper.services import scenarios

from .test_conformance import SCENARIOS

FIRST = dict(reversed(SCENARIOS))
"""Each ruleset's first shipped scenario."""


@pytest.mark.parametrize(("ruleset", "scenario"), sorted(FIRST.items()))
def test_each_step_a_gauge_offers_is_legal_and_moves_it_its_way(
    ruleset: str, scenario: str
) -> None:
    rules = load_ruleset(ruleset)
    loaded = scenarios.load_scenario(scenario, ruleset=ruleset)
    offered = 0
    for index, card in enumerate(
        rules.cards(scenarios.start(loaded, seed=1).session.state, GM_SIGHT)
    ):
        for number, gauge in enumerate(card.gauges):
            for step, by in ((gauge.lower, -1), (gauge.raise_, +1)):
                if step is None or (by > 0 and gauge.value >= gauge.maximum):
                    continue
                session = scenarios.start(loaded, seed=1).session
                if session.pending is not None:
                    continue
                assert step.actor == "gm"
                session.submit(step)
                after = rules.cards(session.state, GM_SIGHT)[index].gauges[number]
                # the rules apply: healing a dying creature starts from 0 HP (realtime)
                assert (after.value - gauge.value) * by > 0, f"{card.id}'s {gauge.label}"
                offered += 1
    if ruleset != "fractal":  # fractal's AP moves by override only
        assert offered, f"{ruleset} offers no step command"


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_at_most_one_actor_is_next_and_never_the_one_acting(ruleset: str, scenario: str) -> None:
    rules = load_ruleset(ruleset)
    state = scenarios.start(
        scenarios.load_scenario(scenario, ruleset=ruleset), seed=1
    ).session.state
    for sight in (GM_SIGHT, Sight.player(set())):
        cards = rules.cards(state, sight)
        following = [card for card in cards if card.next]
        assert len(following) <= 1
        assert not any(card.next and card.acting for card in cards)


def test_the_percentile_turn_order_marks_next_for_the_gm_only() -> None:
    rules = load_ruleset("percentile")
    loaded = scenarios.load_scenario("river_ambush", ruleset="percentile")
    run = scenarios.start(loaded, seed=1)
    session = run.session
    for _ in range(10):
        if any(card.next for card in rules.cards(session.state, GM_SIGHT)):
            break
        command = run.next_command(rules.policy())
        assert command is not None
        session.submit(command)
        if session.pending is not None:
            session.submit(rules.policy().answer(session.state, session.pending))
    assert any(card.next for card in rules.cards(session.state, GM_SIGHT))
    assert not any(card.next for card in rules.cards(session.state, Sight.player(set())))


def test_the_tactical_skirmish_shows_whose_turn_is_next() -> None:
    rules = load_ruleset("tactical")
    state = scenarios.start(scenarios.load_scenario(FIRST["tactical"], ruleset="tactical"), seed=1)
    cards = rules.cards(state.session.state, Sight.player(set()))
    assert [card.acting for card in cards].count(True) == 1
    assert [card.next for card in cards].count(True) == 1


def test_a_condition_says_what_is_left_of_it() -> None:
    assert Condition(name="stunned", left=2, unit="rounds").lasts == "2 rounds left"
    assert Condition(name="Broken Arm", left=3, unit="DoR").lasts == "3 DoR left"
    assert Condition(name="prone", ends="until it stands up").lasts == "until it stands up"
    assert Condition(name="marked").lasts == ""
    assert next_after(["a", "b"], "b") == "a"


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_no_one_is_next_once_the_encounter_is_over(ruleset: str, scenario: str) -> None:
    # The percentile game night's screenshot marked Brenna "next" under "The encounter is
    # over: side party wins".
    rules = load_ruleset(ruleset)
    loaded = scenarios.load_scenario(scenario, ruleset=ruleset)
    # one that runs its length out with no end (the tactical duel's 12 rounds) plays longer
    for played in (loaded, loaded.with_length(4 * loaded.length)):
        run = scenarios.start(played, seed=1)
        session = run.session
        for _ in range(3000):
            if rules.ended(session.state) is not None:
                break
            if session.pending is not None:
                session.submit(rules.policy().answer(session.state, session.pending))
                continue
            command = run.next_command(rules.policy())
            if command is None:
                break
            session.submit(command)
        if rules.ended(session.state) is not None:
            break
    if rules.ended(session.state) is None:
        pytest.skip(f"{scenario} does not end unattended, even at four times its length")
    for sight in (GM_SIGHT, Sight.player(set())):
        assert not any(card.next for card in rules.cards(session.state, sight))


def test_no_one_is_next_once_the_gm_ends_a_percentile_round_midway() -> None:
    rules = load_ruleset("percentile")
    run = scenarios.start(scenarios.load_scenario("river_ambush", ruleset="percentile"), seed=1)
    session = run.session
    while not any(card.next for card in rules.cards(session.state, GM_SIGHT)):
        command = run.next_command(rules.policy())
        assert command is not None
        session.submit(command)
        if session.pending is not None:
            session.submit(rules.policy().answer(session.state, session.pending))
    session.submit(Command(actor=GM, kind="percentile.end"))  # the GM's "End the encounter"
    assert rules.ended(session.state) is not None
    assert not any(card.next for card in rules.cards(session.state, GM_SIGHT))
