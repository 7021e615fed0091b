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


def test_a_creatures_card_says_its_reach_in_squares_singular_or_plural() -> None:
    # "Reach 1 square", "Reach 2 squares": not "square(s)" (GM walkthrough)
    from tablekeeper.engine import set_value
    from tablekeeper.rulesets.realtime.cards import cards

    from .encounter.helpers import cast, table

    session = table()
    cast(session, aliena=(0, 0), demilio=(3, 0))
    session.submit(set_value("creatures.demilio.reach", 2, reason="a spear"))

    def reach(creature: str) -> str:
        (card,) = [card for card in cards(session.state, GM_SIGHT) if card.id == creature]
        facts = [fact for section in card.details for fact in section.facts]
        return next(fact.value for fact in facts if fact.label == "Reach")

    assert reach("aliena") == "1 square"
    assert reach("demilio") == "2 squares"
