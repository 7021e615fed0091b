"""Body plans: a wolf is struck on four legs, not on arms (issue 13, bug 12; G-P-08).

The document strikes "a random hit location" without giving the table; the provisional
humanoid table gave every creature two arms. A stat block's ``body_plan`` now chooses the
table its blows land on (``humanoid`` unless it says ``quadruped``), for rolled locations,
Called Shots, a counter's or a fumble's self-hit, the odds, and its location hit points.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from tablekeeper.rulesets.percentile import attack_odds, hit_location_table, resolve_attack
from tablekeeper.rulesets.percentile.scenario import parse_scenario
from tablekeeper.rulesets.percentile.stats import StatBlock
from tablekeeper.services.scenarios import load_scenario

from .attack_cases import attack_input
from .helpers import dice

QUADRUPED = {
    "right hind leg",
    "left hind leg",
    "hindquarters",
    "forequarters",
    "right foreleg",
    "left foreleg",
    "head",
}


def test_the_quadruped_table_covers_the_d20_with_four_legs_and_no_arm_g_p_08() -> None:
    table = hit_location_table("quadruped")
    assert table.provisional
    assert table.die == 20
    assert set(table.locations) == QUADRUPED
    assert sum(faces for _, faces in table.chances()) == 20
    assert hit_location_table().locations != table.locations  # humanoid stays the default


def test_the_ambush_wolf_has_quadruped_locations_and_their_hit_points() -> None:
    scenario = load_scenario("river_ambush", ruleset="percentile")
    wolf = next(actor for actor in scenario.actors() if actor.id == "wolf")  # type: ignore[attr-defined]
    assert wolf.stats.body_plan == "quadruped"
    points = wolf.stats.hit_points_at()
    assert set(points) == QUADRUPED
    assert "left arm" not in points
    assert points["forequarters"] == 4  # 10 HP x 2/5
    assert points["head"] == 4  # 10 HP x 1/3, rounded up


def test_a_blow_on_a_quadruped_rolls_its_location_on_the_quadruped_table() -> None:
    # attack d100 30 (a success), no defense, location d20 12: a humanoid's right arm,
    # a quadruped's right foreleg; then the damage dice.
    request = attack_input(defender={"body_plan": "quadruped"}, options={"hit_locations": True})
    assert resolve_attack(request, dice(30, 12, 5, 3)).location == "right foreleg"
    humanoid = attack_input(options={"hit_locations": True})
    assert resolve_attack(humanoid, dice(30, 12, 5, 3)).location == "chest"


def test_a_called_shot_names_a_location_of_the_defenders_body_plan_p_opt_09() -> None:
    with pytest.raises(ValidationError, match="called_shot: no hit location named 'left arm'"):
        attack_input(
            {"called_shot": "left arm"},
            {"body_plan": "quadruped"},
            options={"hit_locations": True},
        )
    called = attack_input(
        {"called_shot": "forequarters", "skill": 90},
        {"body_plan": "quadruped"},
        options={"hit_locations": True},
    )
    outcome = resolve_attack(called, dice(30, 5, 3))
    # the forequarters count as the chest for a Called Shot: -40%
    assert (outcome.location, outcome.attack.effective_skill) == ("forequarters", 50)


def test_the_odds_weigh_the_quadrupeds_locations() -> None:
    # Head armor that stops everything: the blows that land there deal nothing, and a
    # quadruped's head takes 4 faces of 20 where a humanoid's takes 2.
    armor = {"physical": 0, "locations": {"head": {"physical": 30}}}
    zero = {}
    for plan in ("humanoid", "quadruped"):
        request = attack_input(
            defender={"armor": armor, "body_plan": plan}, options={"hit_locations": True}
        )
        odds = attack_odds(request)
        zero[plan] = odds.damage.probability(0) - (1 - odds.hit)
    assert zero["quadruped"] == 2 * zero["humanoid"]
    assert zero["humanoid"] > Fraction(0)


def test_the_default_body_plan_is_left_out_of_stored_payloads() -> None:
    # Logs written before body plans replay byte for byte (test_stored.py); a quadruped
    # says so.
    humanoid = StatBlock.model_validate({"name": "Brenna", "hit_points": 12, "mov": 10})
    assert "body_plan" not in humanoid.model_dump(mode="json")
    wolf = humanoid.model_copy(update={"body_plan": "quadruped"})
    assert wolf.model_dump(mode="json")["body_plan"] == "quadruped"
    with pytest.raises(ValidationError, match="body_plan"):
        StatBlock.model_validate({"name": "Eel", "hit_points": 3, "mov": 6, "body_plan": "fish"})


def test_a_scenario_may_give_a_creature_a_body_plan() -> None:
    data = {
        "schema_version": 1,
        "ruleset": "percentile",
        "name": "Two wolves",
        "options": {"hit_locations": True},
        "combatants": [
            {
                "id": "wolf",
                "side": "wolves",
                "stats": {"name": "Wolf", "body_plan": "quadruped", "hit_points": 10, "mov": 12},
            },
            {
                "id": "hunter",
                "side": "hunters",
                "stats": {"name": "Hunter", "hit_points": 12, "mov": 10},
            },
        ],
    }
    scenario = parse_scenario(data)
    plans = {actor.id: actor.stats.body_plan for actor in scenario.actors()}  # type: ignore[attr-defined]
    assert plans == {"wolf": "quadruped", "hunter": "humanoid"}
