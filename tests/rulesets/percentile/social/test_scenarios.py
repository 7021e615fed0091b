"""The shipped social scenarios, the demo's characters in a social encounter, the social
tables as data, and the invariants of unattended play.

The issue: "``tablekeeper play percentile`` runs a shipped social scenario (ship two: a
haggle with bandits at Short scale, a surrender negotiation at Hourly scale), and the demo
campaign gets one".
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Session
from tablekeeper.engine.values import GM
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.percentile.encounter import order
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.rulesets.percentile.scenario import SCENARIOS, parse_scenario
from tablekeeper.rulesets.percentile.social.tables import parse_social_tables, social_tables

from ..test_scenario import MINIMAL, begin, play_out, shipped


@pytest.mark.parametrize(
    ("name", "scale", "kinds"),
    [
        ("bandit_toll", "short", {scmd.ARGUE, scmd.IDENTIFY, scmd.USE_FAVOR, scmd.PROVOKE}),
        ("brack_surrender", "hourly", {scmd.ARGUE, scmd.IDENTIFY, scmd.INVESTIGATE}),
    ],
)
def test_a_shipped_social_scenario_plays_to_its_end(name: str, scale: str, kinds: set[str]) -> None:
    scenario = shipped(name)
    assert scenario.social is not None
    assert scenario.social.time_scale == scale
    run = begin(scenario)
    played = play_out(run)
    assert run.finished
    social = run.state.social
    assert social is not None
    assert social.over
    assert run.state.clock is None
    assert {party.result for party in social.parties} <= {"victory", "weak_victory", "defeat"}
    assert all(party.result for party in social.parties)
    assert PERCENTILE.ended(run.state) is not None
    events = [event for _, step in played for event in step]
    taken = {
        f"percentile.{event.payload['action']}"
        for event in events
        if event.kind == sev.SOCIAL_ACTION
    }
    assert kinds <= taken
    assert any(event.kind == sev.ARGUMENT_RESOLVED for event in events)
    assert run.session.replay() == run.state


def test_the_demos_characters_can_talk_before_they_fight() -> None:
    # the demo campaign is river_ambush's: its characters carry what a social encounter
    # needs; the GM starts one (one party per side), then turns it into the fight
    run = begin(shipped("river_ambush"))
    assert SCENARIOS.demo == "river_ambush"
    for spec in run.scenario.combatants:
        if spec.id != "wolf":
            assert spec.social is not None
            assert spec.stats.determination_points
            assert spec.stats.characteristics.CHA
            assert spec.stats.characteristics.INT
    session = run.session
    start = next(c for c in session.legal_commands(GM) if c.kind == scmd.START_SOCIAL)
    session.submit(start)
    social = session.state.social
    assert social is not None
    assert [party.side for party in social.parties] == ["travellers", "ambushers"]
    assert social.seat("wolf").turn_order.initiative is None  # no CHA, no INT: 1D10
    assert session.state.combatant("wolf").determination_points == 9  # its POW (G-P-04)
    policy = PERCENTILE.policy()
    while social.round < 2 or session.pending is not None:
        command = run.next_command(policy)
        assert command is not None
        session.submit(command)
        social = session.state.social
        assert social is not None
    session.submit(order(scmd.TO_COMBAT, None, actor=GM))
    assert session.state.clock is not None
    assert session.state.active is not None
    assert PERCENTILE.words.clock(session.state).startswith("round 1: ")


def test_a_social_block_names_its_sides_and_combatants() -> None:
    bad = {**MINIMAL, "social": {"parties": [{"side": "elves"}]}}
    with pytest.raises(InvalidInputError, match="no combatant is on the side 'elves'") as caught:
        parse_scenario(bad)
    assert caught.value.field == "social.parties.0.side"
    bad = {**MINIMAL, "social": {"turn_modifiers": {"bob": 10}}}
    with pytest.raises(InvalidInputError, match="no combatant 'bob'"):
        parse_scenario(bad)
    bad = {**MINIMAL, "social": {"time_scale": "weekly"}}
    with pytest.raises(RulesError) as error:
        parse_scenario(bad)
    assert error.value.field == "scenario.social.time_scale"


def test_the_social_tables_load_and_a_broken_one_names_its_field() -> None:
    tables = social_tables()
    assert tables.goals == {"reasonable": 15, "debatable": 20, "difficult": 25, "impossible": 30}
    assert tables.time_scales["hourly"].provisional is False
    assert tables.time_scales["short"].provisional is True
    assert tables.sheet_defaults.provisional is True
    data: dict[str, Any] = tables.model_dump(mode="json")
    gap = {**data, "outcomes": [{"result": "victory", "high": 0}, {"result": "defeat", "low": 5}]}
    with pytest.raises(InvalidInputError, match="defeat must start right after victory"):
        parse_social_tables(gap)
    short = {**data, "goals": {"reasonable": 15}}
    with pytest.raises(InvalidInputError, match="goals lacks debatable"):
        parse_social_tables(short)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    name=st.sampled_from(["bandit_toll", "brack_surrender"]),
)
def test_unattended_play_keeps_the_invariants(seed: int, name: str) -> None:
    # replay equals state; a target DP changes only by its events; the rounds never fall
    # below the round being played; nobody has negative actions or personal DP
    run = begin(shipped(name), seed=seed)
    play_out(run)
    session = run.session
    assert session.replay() == session.state
    social = session.state.social
    assert social is not None
    assert social.over
    assert social.rounds >= social.round >= 1
    for party in social.parties:
        assert party.target is not None
        changes = [
            event.payload
            for event in session.log.events
            if event.kind == sev.TARGET_DP_CHANGED and event.payload["party"] == party.side
        ]
        after = changes[-1]["after"] if changes else party.target.target_dp
        assert party.remaining == after
    points = [item.determination_points for item in session.state.combatants.values()]
    assert all(value is None or value >= 0 for value in points)
    fresh = Session(
        PERCENTILE.engine, session.initial_state, roller=RandomRoller(0), log=session.log
    )
    assert fresh.state == session.state
