"""What a player receives of another creature's check: the die and the verdict (C-03)."""

from __future__ import annotations

from tablekeeper.engine import GM_SIGHT, Sight
from tablekeeper.rulesets.realtime.encounter.events import REACTION_USED, TREATMENT_ROLLED
from tablekeeper.rulesets.realtime.views import public_payload

CHECK = {
    "die": 4,
    "threshold": 15,
    "success": True,
    "success_points": 11,
    "failure_points": None,
    "automatic": False,
    "apparent_threshold": 15,
    "apparent_success": True,
    "apparent_success_points": 11,
    "apparent_failure_points": None,
    "breakdown": {"terms": [{"amount": 15, "label": "Agility", "source": "R-TEST-01"}]},
}
USED = {"creature": "demilio", "target": "calliope", "name": "Opportunity Attack", "check": CHECK}


def test_another_creatures_reaction_check_shows_its_die_not_its_characteristic() -> None:
    seen = public_payload(REACTION_USED, USED, Sight.player({"calliope"}))
    assert seen["check"] == {"die": 4, "success": True, "automatic": False}
    assert seen["name"] == "Opportunity Attack"


def test_ones_own_check_and_the_gms_are_whole() -> None:
    assert public_payload(REACTION_USED, USED, Sight.player({"demilio"})) == USED
    assert public_payload(REACTION_USED, USED, GM_SIGHT) == USED


def test_another_creatures_treatment_check_is_reduced_alike() -> None:
    payload = {
        "creature": "demilio",
        "target": "balthazar",
        "outcome": {"check": CHECK, "injury": "Weak"},
    }
    seen = public_payload(TREATMENT_ROLLED, payload, Sight.player({"calliope"}))
    assert seen["outcome"]["check"] == {"die": 4, "success": True, "automatic": False}
    assert seen["outcome"]["injury"] == "Weak"
