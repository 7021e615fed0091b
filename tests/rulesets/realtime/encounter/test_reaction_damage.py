"""A hit reaction's damage in unattended play: the GM's ruling, stated by the scenario
(G-R-E5, with G-R-E1: the GM rules it in the second after the trigger's).

The document gives an Opportunity Attack a check and no damage. Unattended play (the
terminal runner with nobody at the keys, the balance lab) deals, for each hit, the
damage the scenario's ``reaction_damage`` states, as the ``damage`` command the GM would
give; with none stated it deals none.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.analysis.trials import play
from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import GM
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.realtime.encounter import advance, damage, move
from tablekeeper.rulesets.realtime.encounter.state import Hit
from tablekeeper.rulesets.realtime.policy import POLICY
from tablekeeper.rulesets.realtime.scenario import ScenarioRun, start
from tablekeeper.services import lab, scenarios

from .helpers import cast, of_kind, table

OA = "Opportunity Attack"

DUEL: dict[str, Any] = {
    "schema_version": 1,
    "name": "Leaving Aliena's reach",
    "seconds": 4,
    "creatures": [
        {"id": "aliena", "side": "party", "hp": 20, "characteristics": {"melee": 13}},
        {"id": "balthazar", "side": "foes", "hp": 20, "position": [1, 0]},
    ],
    # Balthazar leaves Aliena's reach at the end of second 2 (R-REACT-08)
    "timeline": [{"at": 1, "do": "move", "creature": "balthazar", "to": [2, 0], "cost": 2}],
}


def _played(faces: list[int], **changes: Any) -> ScenarioRun:
    """The duel played unattended, as a simulation's trial plays it, with these dice."""
    scenario = scenarios.parse_scenario({**DUEL, **changes}, ruleset="realtime")
    run = start(scenario, FixedRoller(faces), seed=None)
    play(run, POLICY)
    return run


def test_unattended_play_deals_the_stated_damage_after_a_hit() -> None:
    # G-R-E5: the check (d20 5 <= melee 13) hits; the scenario's 1d6 rolls 4, dealt in
    # second 3 as the GM's damage command from the reaction.
    run = _played([5, 4], reaction_damage={"opportunity_attack": "1d6"})
    events = run.session.log.events
    (used,) = of_kind(events, "reaction_used")
    (dealt,) = of_kind(events, "damaged")
    assert used.payload["check"]["success"]
    assert dealt.payload == {
        "creature": "balthazar",
        "amount": 4,
        "hp_before": 20,
        "hp_after": 16,
        "source": OA,
    }
    assert run.state.creature("balthazar").hp == 16
    assert run.state.awaiting_damage == ()
    assert run.session.replay() == run.session.state  # logged: its replay is the play


def test_a_stated_number_deals_that_number_without_a_roll() -> None:
    # the FixedRoller holds the check's d20 only: a roll for the damage would fail
    run = _played([5], reaction_damage={"opportunity_attack": 3})
    assert run.state.creature("balthazar").hp == 17


def test_unattended_play_deals_nothing_after_a_miss() -> None:
    # G-R-E5: 18 > melee 13 misses: no damage, and no die rolled for it
    run = _played([18], reaction_damage={"opportunity_attack": "1d6"})
    assert of_kind(run.session.log.events, "reaction_used")
    assert of_kind(run.session.log.events, "damaged") == []
    assert run.state.creature("balthazar").hp == 20


def test_without_a_stated_damage_a_hit_deals_none_unattended() -> None:
    # G-R-E5: "the GM's to rule; none in unattended play"; the hit lapses unruled at the
    # end of the second after its trigger's (G-R-E1)
    run = _played([5])
    assert of_kind(run.session.log.events, "damaged") == []
    assert run.state.creature("balthazar").hp == 20
    assert run.state.awaiting_damage == ()


def test_a_reaction_that_rolls_no_check_is_a_hit() -> None:
    # G-R-E5: a creature without the characteristic rolls nothing; its damage is the GM's
    creatures = [{**DUEL["creatures"][0], "characteristics": {}}, DUEL["creatures"][1]]
    run = _played([2], creatures=creatures, reaction_damage={"opportunity_attack": "1d6"})
    assert run.state.creature("balthazar").hp == 18


def _hit_at_second_2() -> Any:
    session = table([5])
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=2))
    session.submit(advance(2))
    session.answer("react:opportunity_attack")
    return session


def test_a_hit_awaits_the_gms_damage_in_the_second_after_then_lapses() -> None:
    # G-R-E1: "Effects the GM rules (an Opportunity Attack's damage ...) are entered as
    # commands of second s + 1."
    session = _hit_at_second_2()
    hit = Hit(
        creature="aliena", reaction="opportunity_attack", name=OA, target="balthazar", second=2
    )
    assert session.state.second == 3
    assert session.state.awaiting_damage == (hit,)
    session.submit(advance(1))
    assert session.state.awaiting_damage == ()


def test_the_gms_damage_from_the_reaction_rules_the_hit() -> None:
    # the answer to the follow-up ("Damage dealt to Balthazar by Opportunity Attack?")
    # rules the hit, so unattended play never deals it a second time
    session = _hit_at_second_2()
    session.submit(damage("balthazar", 2))  # other damage: not the hit's
    assert len(session.state.awaiting_damage) == 1
    session.submit(damage("balthazar", 6, source=OA))
    assert session.state.awaiting_damage == ()


def _hit_by_hand(run: ScenarioRun) -> ScenarioRun:
    """The duel played by hand to Aliena's hit at second 2, as a GM at the keys plays it."""
    for command in run.due():
        run.session.submit(command)
    run.session.submit(advance(2))
    run.session.answer("react:opportunity_attack")
    return run


def test_the_gms_answer_at_the_keys_is_not_dealt_again_unattended() -> None:
    scenario = scenarios.parse_scenario(
        {**DUEL, "reaction_damage": {"opportunity_attack": "1d6"}}, ruleset="realtime"
    )
    run = _hit_by_hand(start(scenario, FixedRoller([5]), seed=None))
    run.session.submit(damage("balthazar", 6, source=OA))
    assert run.next_command(POLICY) == advance(1)
    play(run, POLICY)  # the rest unattended: no die left for a second damage roll
    assert run.state.creature("balthazar").hp == 14


def test_the_damage_is_the_gms_command() -> None:
    scenario = scenarios.parse_scenario(
        {**DUEL, "reaction_damage": {"opportunity_attack": "1d6"}}, ruleset="realtime"
    )
    run = _hit_by_hand(start(scenario, FixedRoller([5, 6]), seed=None))
    command = run.next_command(POLICY)
    assert command == damage("balthazar", 6, source=OA)
    assert command is not None
    assert command.actor == GM


@pytest.mark.parametrize(
    ("rule", "field", "message"),
    [
        ({"opportunity_attack": "1d"}, "opportunity_attack", "'1d' cannot be rolled: expected"),
        ({"opportunity_attack": "2000d6"}, "opportunity_attack", "limit of 1000 dice"),
        ({"opportunity_attack": -2}, "opportunity_attack", "a damage is 0 or more, not -2"),
        ({"opportunity_attack": 2.5}, "opportunity_attack", "a whole number \\(3\\) or a dice"),
        ({"opportunity_attack": True}, "opportunity_attack", "not True"),
        ({"bite": "1d4"}, "bite", "no reaction 'bite' \\(reactions: opportunity_attack\\)"),
    ],
)
def test_a_bad_reaction_damage_names_the_field(
    rule: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(RulesError, match=message) as caught:
        scenarios.parse_scenario({**DUEL, "reaction_damage": rule}, ruleset="realtime")
    assert caught.value.field is not None
    assert caught.value.field.endswith(f"reaction_damage.{field}")


def test_a_dice_expression_is_kept_in_its_canonical_form() -> None:
    scenario = scenarios.parse_scenario(
        {**DUEL, "reaction_damage": {"opportunity_attack": " 1d4+1 "}}, ruleset="realtime"
    )
    assert scenario.reaction_damage == {"opportunity_attack": "1d4 + 1"}


def test_a_simulation_of_leaving_reach_shows_the_damage_its_reactions_dealt() -> None:
    # the shipped scenario states 1d6 per hit: Aliena hits Balthazar (melee 13) at 2 and
    # 10, Calliope hits Demilio (melee 9) at 3, Demilio hits Calliope (melee 10) at 8
    result = lab.simulate("leaving_reach", trials=40, ruleset="realtime", workers=1)
    actors = result["points"][0]["report"]["actors"]
    lost = {key: actor["resources"]["HP lost"] for key, actor in actors.items()}
    assert lost["aliena"] == 0
    assert lost["balthazar"] > 0
    assert lost["calliope"] > 0
    assert lost["demilio"] > 0
