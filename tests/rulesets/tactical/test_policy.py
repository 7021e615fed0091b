"""The ``tactical`` default policy: a defense weighed threat against yield (G-S-03, G-S-E7),
the attack worth the most, and the shipped scenarios that now vary in the balance lab."""

from __future__ import annotations

from collections import Counter

import pytest

from rulesets.conformance import played_states
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.flow import default_defense
from tablekeeper.rulesets.tactical.encounter.state import DefenseChoice
from tablekeeper.rulesets.tactical.policy import POLICY, attack_worth
from tablekeeper.rulesets.tactical.ruleset import TACTICAL
from tablekeeper.services import lab

from .table import foe, hero, options_of, table, use

ADJACENT = {"position": [3, 2]}


def _answer(session: object) -> str:
    state = session.state  # type: ignore[attr-defined]
    decision = session.pending  # type: ignore[attr-defined]
    assert decision is not None
    return str(POLICY.answer(state, decision).payload["option"])


def test_the_ruleset_plays_with_the_tactical_policy() -> None:
    assert TACTICAL.policy() is POLICY
    assert repr(POLICY) == "TacticalPolicy()"


def test_it_yields_when_the_yield_is_cheap_and_the_threat_dear() -> None:
    """G-S-E7: a kick (1d6 momentum, threat 1 + agility 5 = 6) against armor 3 deals 1 on
    average and can never defeat a target holding 8 momentum: yielding beats paying 6."""
    s = table(
        hero(agility=5, brawn=0, cunning=0, position=[2, 2]),
        foe(armor=3, poise=8, momentum=8, focus=8, **ADJACENT),
    )
    use(s, "hero", "kick", target="foe")
    assert options_of(s) == ("yield", "block", "dodge", "predict")
    assert _answer(s) == "yield"
    about = s.state.awaiting
    assert isinstance(about, DefenseChoice)
    assert default_defense(s.state, "foe", about.options) != "yield"  # the console's default


def test_it_defends_when_the_threat_is_cheaper_than_the_yield() -> None:
    """The same kick at threat 1 (agility 0) from a brawny hero: 1d6 + 4 costs more."""
    s = table(hero(agility=0, brawn=4, cunning=0, position=[2, 2]), foe(**ADJACENT))
    use(s, "hero", "kick", target="foe")
    assert _answer(s) != "yield"


def test_it_defends_when_yielding_would_likely_defeat_even_if_cheaper_on_average() -> None:
    """G-S-03: damage beyond the pool defeats. The kick's 1d6 against 2 momentum defeats on
    a 3 or more (2 in 3): its price (0.5 + 2/3 x 8 held = 5.83) is below the threat of 6,
    but a defeat that likely is not taken; the only pool that holds 6 pays."""
    s = table(
        hero(agility=5, brawn=0, cunning=0, position=[2, 2]),
        foe(poise=6, momentum=2, focus=0, **ADJACENT),
    )
    use(s, "hero", "kick", target="foe")
    assert options_of(s) == ("yield", "dodge")
    assert _answer(s) == "dodge"


def test_a_minion_defends_against_any_yield_that_can_hurt_it() -> None:
    """G-S-03: any yield damage defeats a minion, so even a cheap yield is not taken."""
    s = table(
        hero(agility=5, brawn=0, cunning=0, position=[2, 2]),
        foe(minion=True, armor=3, poise=8, momentum=8, focus=8, **ADJACENT),
    )
    use(s, "hero", "kick", target="foe")
    assert _answer(s) != "yield"


def test_it_pays_from_the_pool_the_yield_would_not_hit() -> None:
    """Block would pay momentum, the pool the kick's yield hits; with poise as full, it
    dodges and keeps the momentum to spare."""
    s = table(
        hero(agility=1, brawn=3, position=[2, 2]),
        foe(poise=6, momentum=6, focus=2, **ADJACENT),
    )
    use(s, "hero", "kick", target="foe")
    assert _answer(s) == "dodge"


def test_the_attack_chosen_is_the_one_worth_the_most() -> None:
    """Two foes in reach: a minion the kick defeats outright is worth more than a foe who
    pays the threat, though the other is offered first."""
    s = table(
        hero(agility=1, brawn=3, position=[2, 2]),
        foe("a", position=[3, 2]),
        foe("b", position=[2, 3], minion=True, poise=1, momentum=1, focus=1),
    )
    state = s.state
    legal = s.legal_commands("hero")
    attacks = [c for c in legal if attack_worth(state, c) is not None]
    assert len(attacks) >= 2
    chosen = POLICY.choose(state, state.turn.actor, legal)  # type: ignore[union-attr]
    assert chosen.payload["target"] == "b"
    assert DefaultPolicy().choose(state, state.turn.actor, legal) != chosen  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["skirmish", "duel"])
def test_it_never_answers_an_option_not_offered_and_agrees_on_both_paths(name: str) -> None:
    """Through the shipped scenario played with the policy, each defense it answers is
    one of the decision's options, and the reference path (nothing remembered) chooses
    the same command, the same answer as the fast paths."""
    source = lab.scenario_source(name, ruleset="tactical")
    assert TACTICAL.scenarios is not None
    scenario = TACTICAL.scenarios.parse(source.data, source=source.source)
    run = TACTICAL.scenarios.start(scenario, RandomRoller(5), seed=5)
    asked = 0
    while not run.finished:
        state, pending = run.session.state, run.session.pending
        command = run.next_command(POLICY)
        assert command is not None
        with fast_paths.reference():
            assert run.next_command(POLICY) == command
        if pending is not None and isinstance(state.awaiting, DefenseChoice):
            assert command.payload["option"] in pending.option_ids
            assert command.payload["option"] in state.awaiting.options
            asked += 1
        run.session.submit(command)
    assert asked > 2


@pytest.mark.parametrize("name", ["skirmish"])
def test_the_shipped_scenarios_vary_in_the_lab(name: str) -> None:
    """The issue's "sensible default policy": with the first legal command and the
    fullest pool every trial of the skirmish was the same length; with the ruleset's
    policy it is not. (The duel's lengths varied only by whether the mage's Stone Ward
    earned a cunning effect, which petrified her by default; since ``cunning_worth`` no
    trial of it falls within its 12 rounds: docs/analysis.md.)"""
    ruled = lab.simulate(name, ruleset="tactical", trials=40, seed=7, workers=1)
    length = ruled["points"][0]["report"]["length"]
    assert length["min"] < length["max"]
    old = lab.simulate(name, ruleset="tactical", trials=40, seed=7, workers=1, policy="first-legal")
    before = old["points"][0]["report"]["length"]
    assert before["min"] == before["max"]


def test_in_the_skirmish_a_target_yields_by_choice_where_it_used_to_pay() -> None:
    """Grask, armored and resistant to slashing, yields Brenna's Slash for little or
    nothing instead of paying its threat of 4; the first-legal play never yields by choice."""
    chosen: Counter[tuple[str, bool]] = Counter()
    for policy in (POLICY, DefaultPolicy()):
        run, _ = played_states("tactical", "skirmish", 2, policy)
        for event in run.session.log.events:
            if event.kind == ev.DEFENSE_CHOSEN and event.payload["defense"] == "yield":
                chosen[(repr(policy), bool(event.payload.get("forced")))] += 1
    assert chosen[("TacticalPolicy()", False)] > 0
    assert chosen[("DefaultPolicy()", False)] == 0
