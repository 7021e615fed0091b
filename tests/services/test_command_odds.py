"""Odds before committing, through the services: each ruleset's odds, as a viewer sees them.

The rules of each ruleset's odds are tested in its own package (``tests/rulesets/
percentile/test_odds.py``...); here, that the services ask the ruleset with the viewer's
sight (C-10), and treat a command whose odds cannot be read as one without odds. Each
expectation is computed another way: the critical injury roll's odds on the input the
engine really rolled at stabilization (R-CRIT-03, R-STAB-01).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import Command
from tablekeeper.rulesets.realtime.encounter import events as rev
from tablekeeper.rulesets.realtime.encounter.commands import advance, damage, support
from tablekeeper.rulesets.realtime.injuries import CriticalInjuryInput, death_chance
from tablekeeper.services import encounters
from tablekeeper.services.access import GM_VIEWER, Viewer
from tablekeeper.services.command_odds import command_odds, standing_odds
from tablekeeper.services.encounters import EncounterView

from .tables import memory, seat


def _dying_table() -> tuple[EncounterView, Any, Viewer]:
    """The orc at -5 HP, dying, one square from Ann's hero."""
    table = seat(memory(), "realtime")
    encounters.start_encounter(
        table.new_uow(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
    )
    orc = encounters.load_encounter(table.new_uow(), "e1").state.creature("orc")
    encounters.submit_command(table.new_uow(), "e1", damage("orc", orc.hp + 5))
    view = encounters.submit_command(table.new_uow(), "e1", advance(3))
    return view, table, table.viewer(table.ann)


def test_standing_odds_now_and_in_ten_seconds_for_those_who_may_see_them() -> None:
    # R-LIFE-02, R-CRIT-01, R-CRIT-03
    view, _, ann = _dying_table()
    orc = view.state.creature("orc")
    assert orc.is_dying
    shown = standing_odds(view, GM_VIEWER)
    assert list(shown) == ["orc"]
    base = {"n_wounds": orc.n_wounds, "negative_hp": -orc.hp}
    now = death_chance(CriticalInjuryInput(seconds_negative=orc.seconds_negative, **base))
    later = death_chance(CriticalInjuryInput(seconds_negative=orc.seconds_negative + 10, **base))
    assert dict(shown["orc"].outcomes) == {"now": now, "in 10 s": later}
    assert standing_odds(view, ann) == {}  # the orc's HP and injuries are the GM's (C-03)


def test_support_shows_the_death_chance_of_the_roll_it_will_bring() -> None:
    # R-STAB-01: the critical injury is rolled when Support completes, G-R-E1's order
    view, table, ann = _dying_table()
    command = support("hero", "orc")
    assert command_odds(view, command, ann) is None
    odds = command_odds(view, command, GM_VIEWER)
    assert odds is not None
    encounters.submit_command(table.new_uow(), "e1", command)
    rolled = None
    for _ in range(30):
        played = encounters.submit_command(table.new_uow(), "e1", advance(1))
        found = [r for r in played.records if r.kind == rev.CRITICAL_INJURY_ROLLED]
        if found:
            rolled = found[0].payload
            break
    assert rolled is not None
    really = death_chance(CriticalInjuryInput.model_validate(rolled["input"]))
    assert dict(odds.outcomes) == {"dies when stabilized": really, "survives": 1 - really}


def test_a_command_whose_odds_cannot_be_read_has_none() -> None:
    view, _, _ = _dying_table()
    broken = Command(actor="hero", kind="realtime.support", payload={"creature": "hero"})
    assert command_odds(view, broken, GM_VIEWER) is None  # no target: no odds, no error
