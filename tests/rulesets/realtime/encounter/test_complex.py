"""Complex Actions and the charge (document 003, "Complex Actions"; ruling G-R-15)."""

from __future__ import annotations

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime.encounter import (
    advance,
    cancel_action,
    load_catalogue,
    move,
    start_action,
)

from .helpers import cast, kinds, of_kind, table


def test_completing_a_complex_action_opens_an_opportunity_attack_at_completion_only() -> None:
    # R-CPLX-02: "Aliena completes a Complex Action requiring 3 A.P. At the moment the action
    # ends, Balthazar (who has his Reaction available) may perform an Opportunity Attack
    # against her. He cannot attack her during the charging phase."
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(start_action("aliena", name="Complex Spell*", cost=3))
    for _ in range(2):
        session.submit(advance(1))
        assert session.pending is None
        assert session.state.triggers == ()
        assert not [c for c in session.legal_commands("balthazar") if c.kind == "realtime.react"]
    events = session.submit(advance(1))
    assert kinds(events)[1:5] == [
        "second_ending",
        "action_completed",
        "trigger_opened",
        "reaction_offered",
    ]
    (trigger,) = session.state.triggers
    assert (trigger.kind, trigger.source, trigger.second) == (
        "complex_action_completed",
        "aliena",
        3,
    )
    assert session.pending is not None
    assert session.pending.chooser == "balthazar"
    session.answer("react:opportunity_attack")
    assert session.pending is None


def test_every_hostile_within_reach_may_attack_once_for_the_completion() -> None:
    # R-CPLX-02: "all hostile creatures capable of performing an Opportunity Attack (i.e.,
    # within reach, with Reaction and cooldown available) may choose to do so"; "only one".
    session = table(house_rules={"reactions": {"opportunity_attack": {"cooldown": 0}}})
    cast(
        session,
        aliena=(0, 0),
        balthazar=(1, 0),
        calliope=(1, 1),  # an ally: not hostile
        demilio=(0, 1),
        faraway=(6, 6),  # hostile to everyone, out of reach
    )
    session.submit(start_action("aliena", action="complex_technique"))
    session.submit(advance(3))
    (trigger,) = session.state.triggers
    assert trigger.candidates == ("balthazar", "demilio")
    choosers = []
    while session.pending is not None:
        choosers.append(session.pending.chooser)
        session.answer("react:opportunity_attack")
    assert choosers == ["balthazar", "demilio"]
    assert session.state.second == 4


def test_a_complex_action_charged_over_several_seconds_triggers_once() -> None:
    # R-CPLX-02: "The trigger occurs once, exactly when the Complex Action finishes ...
    # even if the action took several seconds to charge."
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(start_action("aliena", name="Long Ritual*", cost=6))
    session.submit(advance(6))
    session.answer("decline")
    session.submit(advance(10))
    assert len(of_kind(session.log.events, "trigger_opened")) == 1


@pytest.mark.parametrize(("action", "cost"), [("complex_spell", 4), ("complex_technique", 3)])
def test_voluntary_movement_while_charging_a_complex_action_loses_all_charge(
    action: str, cost: int
) -> None:
    # R-CPLX-03: "Calliope begins charging a Complex Action requiring 4 A.P. At 2 A.P., she
    # voluntarily moves to the side. The Complex Action is cancelled immediately, and all
    # charge is lost." (and the Complex Technique* requiring 3 A.P.)
    session = table()
    cast(session, calliope=(0, 0))
    session.submit(start_action("calliope", action=action, cost=cost))
    session.submit(advance(2))
    charge = session.state.creature("calliope").charge
    assert charge is not None
    assert (charge.charged, charge.cost, charge.complex) == (2, cost, True)
    events = session.submit(move("calliope", (0, 1)))
    (cancelled,) = of_kind(events, "action_cancelled")
    assert cancelled.payload["reason"] == "voluntary_movement"
    assert cancelled.payload["rule"] == "R-CPLX-03"
    assert cancelled.payload["charged"] == 2
    charge = session.state.creature("calliope").charge
    assert charge is not None
    assert (charge.action, charge.charged) == ("move", 0)
    session.submit(advance(cost))
    assert not [e for e in of_kind(session.log.events, "action_completed") if e.payload["complex"]]


def test_forced_movement_does_not_cancel_a_complex_action() -> None:
    # R-CPLX-04: "Forced movement does not cancel a Complex Action."
    session = table()
    cast(session, calliope=(0, 0))
    session.submit(start_action("calliope", name="Complex Spell*", cost=4))
    session.submit(advance(2))
    events = session.submit(move("calliope", (3, 0), voluntary=False))
    assert kinds(events) == ["moved"]
    charge = session.state.creature("calliope").charge
    assert charge is not None
    assert charge.charged == 2
    assert session.state.creature("calliope").position == (3, 0)
    (completed,) = of_kind(session.submit(advance(2)), "action_completed")
    assert completed.payload["second"] == 4


def test_movement_before_starting_or_after_completing_has_no_effect() -> None:
    # R-CPLX-03: "Movement before starting the charge or after completing the action has
    # no effect."
    session = table()
    cast(session, calliope=(0, 0))
    session.submit(move("calliope", (1, 0)))
    session.submit(advance(1))
    session.submit(start_action("calliope", name="Complex Spell*", cost=2))
    session.submit(advance(2))
    session.submit(move("calliope", (2, 0)))
    session.submit(advance(1))
    assert not of_kind(session.log.events, "action_cancelled")
    completed = of_kind(session.log.events, "action_completed")
    assert [e.payload["name"] for e in completed] == ["Move", "Complex Spell*", "Move"]


def test_starting_another_action_cancels_the_charging_one() -> None:
    # R-CPLX-05: "Starting another action always cancels the currently charging action
    # unless specified otherwise by another rule."
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Aim", cost=4))
    session.submit(advance(3))
    events = session.submit(start_action("aliena", name="Shout", cost=1))
    (cancelled,) = of_kind(events, "action_cancelled")
    assert (cancelled.payload["reason"], cancelled.payload["rule"]) == (
        "another_action",
        "R-CPLX-05",
    )
    assert cancelled.payload["charged"] == 3
    charge = session.state.creature("aliena").charge
    assert charge is not None
    assert (charge.name, charge.charged) == ("Shout", 0)


def test_giving_up_an_action_loses_its_charge() -> None:
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Aim", cost=4))
    session.submit(advance(2))
    (cancelled,) = of_kind(session.submit(cancel_action("aliena")), "action_cancelled")
    assert cancelled.payload["reason"] == "withdrawn"
    assert session.state.creature("aliena").charge is None


def test_an_asterisk_marks_a_complex_action() -> None:
    # R-CPLX-01: "A Complex Action is any action marked with an asterisk '*'."
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Fireball*", cost=2))
    charge = session.state.creature("aliena").charge
    assert charge is not None
    assert charge.complex
    with pytest.raises(InvalidInputError, match=r"house_rules\.actions\.bad: .*marked '\*'"):
        load_catalogue({"actions": {"bad": {"name": "Bad*", "cost": 1}}})


def test_a_complex_reaction_completes_at_once_and_opens_opportunity_attacks() -> None:
    # R-CPLX-01 ("Complex Actions can be any type of actions, including Reactions"); G-R-15.
    riposte = {
        "name": "Arcane Riposte*",
        "cooldown": 3,
        "triggers": ["leaves_reach"],
        "complex": True,
    }
    session = table(house_rules={"reactions": {"arcane_riposte": riposte}})
    cast(session, aliena=(0, 0), balthazar=(1, 0), demilio=(0, 1))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    assert session.pending is not None
    assert session.pending.option_ids == (
        "react:opportunity_attack",
        "react:arcane_riposte",
        "decline",
    )
    events = session.answer("react:arcane_riposte")
    opened = of_kind(events, "trigger_opened")
    assert [e.payload["trigger"]["kind"] for e in opened] == ["complex_action_completed"]  # type: ignore[index, call-overload]
    assert session.pending is not None
    assert session.pending.chooser == "demilio"


def test_forced_movement_out_of_reach_triggers_nothing() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (4, 0), voluntary=False))
    session.submit(advance(1))
    assert not of_kind(session.log.events, "trigger_opened")
