"""realtime's words: one sentence per event, saying only what the viewer may know (C-03)."""

from __future__ import annotations

from tablekeeper.engine import GM_SIGHT, CommandId, Event, Sight
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.engine import new_encounter
from tablekeeper.rulesets.realtime.encounter.events import DAMAGED, REACTION_USED
from tablekeeper.rulesets.realtime.words import WORDS

NAMES = {"aliena": "Aliena", "wolf": "Wolf"}
PLAYER = Sight.player({"aliena"})


def event(kind: str, **payload: object) -> Event:
    return Event(sequence=1, command_id=CommandId("c1"), kind=kind, payload=payload)


def test_damage_to_another_creature_says_how_much_not_its_hp() -> None:
    hurt = event(DAMAGED, creature="wolf", amount=5, hp_before=3, hp_after=-2, source="a bite")
    assert WORDS.event_sentence(hurt, NAMES, GM_SIGHT) == "Wolf takes 5 damage (a bite): -2 HP"
    assert WORDS.event_sentence(hurt, NAMES, PLAYER) == "Wolf takes 5 damage (a bite)"


def test_another_creatures_check_says_its_die_not_its_threshold() -> None:
    check = {
        "die": 14, "threshold": 11, "success": False, "success_points": None,
        "failure_points": 3, "automatic": False, "apparent_threshold": 11,
        "apparent_success": False, "apparent_success_points": None,
        "apparent_failure_points": 3,
        "breakdown": {
            "total": 11,
            "contributions": [{"amount": 11, "label": "Agility", "source": "R-TEST-01"}],
        },
    }  # fmt: skip
    used = event(
        REACTION_USED, creature="wolf", reaction="opportunity_attack", name="Opportunity Attack",
        trigger="2.1", second=2, cooldown=8, ready_at=10, target="aliena", check=check,
    )  # fmt: skip
    gm = WORDS.event_sentence(used, NAMES, GM_SIGHT)
    assert gm == (
        "Wolf uses Opportunity Attack against Aliena: ready again at second 10 "
        "(14 on the d20 against 11: miss, 3 F.P.)"
    )
    assert WORDS.event_sentence(used, NAMES, PLAYER) == (
        "Wolf uses Opportunity Attack against Aliena: ready again at second 10 "
        "(14 on the d20: miss)"
    )


def test_a_command_is_labelled_by_the_names_the_table_knows() -> None:
    state = new_encounter()
    assert WORDS.command_label(cmd.advance(3), state, NAMES) == "Advance 3 s"
    assert WORDS.command_label(cmd.move("wolf", (2, 1)), state, NAMES) == "Move Wolf to (2, 1)"
    assert WORDS.clock(state) == "second 1"
