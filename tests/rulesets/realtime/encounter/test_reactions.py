"""Reactions: triggers, eligibility, the shared cooldown, the decisions (document 003,
"Reaction"). Each test cites the CATALOG rule it proves; the document's examples are
quoted where they are played."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, DefaultPolicy, Event, ScriptedPolicy, Session
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import (
    RealtimeState,
    add_creature,
    advance,
    damage,
    declare_trigger,
    move,
    react,
    start_action,
)

from .helpers import cast, kinds, of_kind, table


def test_leaving_reach_at_the_end_of_second_2_makes_aliena_eligible_at_second_2() -> None:
    # R-REACT-08: "Balthazar leaves Aliena's melee reach at the end of second 2, completing
    # the triggering event at that moment. Aliena becomes eligible to use a Reaction such
    # as Opportunity Attack at second 2."
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=2))  # charged during seconds 1 and 2
    session.submit(advance(1))
    assert session.pending is None
    session.submit(advance(1))
    pending = session.pending
    assert pending is not None
    assert pending.chooser == "aliena"
    assert pending.option_ids == ("react:opportunity_attack", "decline")
    assert session.state.second == 2
    (trigger,) = session.state.triggers
    assert (trigger.kind, trigger.source, trigger.second) == ("leaves_reach", "balthazar", 2)


def _oa_at_second_2() -> tuple[Session[RealtimeState], tuple[Event, ...]]:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=2))
    session.submit(advance(2))
    events = session.answer("react:opportunity_attack")
    return session, events


def test_opportunity_attack_at_second_2_is_available_again_at_second_10_not_9() -> None:
    # R-REACT-04: "Aliena uses Opportunity Attack, which has an 8-second cooldown.
    # Triggering event: end of second 2 -> Reaction used at second 2. Cooldown begins at
    # second 2, and Aliena becomes eligible to use another Reaction at second 10."
    session, events = _oa_at_second_2()
    (used,) = of_kind(events, "reaction_used")
    assert used.payload["second"] == 2
    assert used.payload["cooldown"] == 8
    assert used.payload["ready_at"] == 10
    aliena = session.state.creature("aliena")
    assert not aliena.can_react(9)
    assert aliena.can_react(10)

    # Balthazar steps back in (forced) and out again, completing at the end of second 9.
    session.submit(move("balthazar", (1, 0), voluntary=False))
    session.submit(advance(6))
    assert session.state.second == 9
    session.submit(move("balthazar", (2, 0), cost=1))
    events = session.submit(advance(1))
    assert of_kind(events, "trigger_opened")
    assert session.pending is None

    # The same at second 10: she may react again.
    session.submit(move("balthazar", (1, 0), voluntary=False))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    assert session.pending is not None
    assert session.pending.chooser == "aliena"
    assert session.state.second == 10


def test_a_reaction_leaves_the_charging_action_at_3_of_5_and_it_continues() -> None:
    # R-REACT-06: "Calliope is charging an action requiring 5 A.P. At 3 A.P. charged, an
    # enemy triggers a Reaction opportunity. Calliope uses the Reaction at the triggering
    # second. Her previous action remains at 3/5 A.P., and she continues charging it."
    session = table()
    cast(session, calliope=(0, 0), balthazar=(1, 0))
    session.submit(start_action("calliope", name="Incantation", cost=5))
    session.submit(move("balthazar", (2, 0), cost=3))  # leaves her reach at the end of 3
    session.submit(advance(3))
    assert session.pending is not None
    assert session.pending.chooser == "calliope"
    charge = session.state.creature("calliope").charge
    assert charge is not None
    assert (charge.charged, charge.cost) == (3, 5)
    session.answer("react:opportunity_attack")
    charge = session.state.creature("calliope").charge
    assert charge is not None
    assert (charge.charged, charge.cost) == (3, 5)
    assert session.state.second == 4
    events = session.submit(advance(2))
    (completed,) = of_kind(events, "action_completed")
    assert completed.payload["creature"] == "calliope"
    assert completed.payload["second"] == 5


def _two_leave_at_once() -> Session[RealtimeState]:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0), demilio=(1, 1))
    session.submit(move("balthazar", (3, 0), cost=1))
    session.submit(move("demilio", (3, 3), cost=1))
    session.submit(advance(1))
    return session


def test_the_cooldown_stops_a_second_reaction_in_the_same_second() -> None:
    # R-REACT-04: all Reactions are unavailable until the shared cooldown ends.
    session = _two_leave_at_once()
    assert len(session.state.triggers) == 2
    session.answer("react:opportunity_attack")
    assert session.pending is None
    assert session.state.second == 2


def test_a_zero_cooldown_allows_another_reaction_to_another_trigger_only() -> None:
    # R-REACT-05 ("reductions may bring the cooldown to 0 seconds"), R-REACT-07 ("Only one
    # Reaction can be used per triggering event"); ruling G-R-09.
    session = table(house_rules={"reactions": {"opportunity_attack": {"cooldown": 0}}})
    cast(session, aliena=(0, 0), balthazar=(1, 0), demilio=(1, 1))
    session.submit(move("balthazar", (3, 0), cost=1))
    session.submit(move("demilio", (3, 3), cost=1))
    session.submit(advance(1))
    first = session.state.offer
    session.answer("react:opportunity_attack")
    second = session.state.offer
    assert first is not None
    assert second is not None
    assert (first.trigger, second.trigger) == ("1.1", "1.2")
    session.answer("react:opportunity_attack")
    assert session.pending is None
    used = of_kind(session.log.events, "reaction_used")
    assert [event.payload["trigger"] for event in used] == ["1.1", "1.2"]


def test_a_creature_reacts_once_to_one_triggering_event() -> None:
    # R-REACT-07, R-CPLX-02: "only one Opportunity Attack for this completion".
    session = table(house_rules={"reactions": {"opportunity_attack": {"cooldown": 0}}})
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(start_action("aliena", name="Ponder", cost=10))
    session.submit(advance(1))
    session.answer("decline")
    session.submit(declare_trigger("balthazar", kind="leaves_reach", candidates=["aliena"]))
    session.answer("react:opportunity_attack")
    with pytest.raises(IllegalCommandError, match=r"already answered the trigger 2\.1"):
        session.submit(react("aliena", "2.1", "opportunity_attack"))


def test_reactions_need_a_trigger_of_their_own_second() -> None:
    # R-REACT-01: "Reactions cannot be used proactively; they always require a valid event."
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    with pytest.raises(IllegalCommandError, match=r"no trigger '1\.1' is open") as caught:
        session.submit(react("aliena", "1.1", "opportunity_attack"))
    assert caught.value.field == "trigger"
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    session.answer("decline")
    with pytest.raises(IllegalCommandError, match=r"no trigger '1\.1' is open"):
        session.submit(react("aliena", "1.1", "opportunity_attack"))


def test_declining_starts_no_cooldown() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    events = session.answer("decline")
    assert kinds(events)[1:] == ["reaction_declined", "second_ended"]
    assert session.state.creature("aliena").reaction_ready_at == 1


@pytest.mark.parametrize(("modifier", "ready_at"), [(-3, 7), (-10, 2), (4, 14)])
def test_effects_change_the_cooldown_never_below_zero(modifier: int, ready_at: int) -> None:
    # R-REACT-05: "The cooldown may be reduced or increased by certain effects or talents."
    session = table()
    session.submit(add_creature(id="aliena", side="party", hp=20, cooldown_modifier=modifier))
    cast(session, balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=2))
    session.submit(advance(2))
    events = session.answer("react:opportunity_attack")
    (used,) = of_kind(events, "reaction_used")
    assert used.payload["ready_at"] == ready_at


def test_an_unconscious_creature_is_not_asked() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(damage("aliena", 20))
    session.submit(move("balthazar", (2, 0), cost=1))
    events = session.submit(advance(1))
    assert of_kind(events, "trigger_opened")
    assert session.pending is None


def test_creatures_are_asked_one_after_another_in_the_order_they_were_added() -> None:
    # Ruling: the decision order (docs/rulings.md).
    session = table()
    cast(session, calliope=(0, 1), aliena=(0, 0), balthazar=(1, 0))
    session.submit(move("balthazar", (3, 0), cost=1))
    session.submit(advance(1))
    (trigger,) = session.state.triggers
    assert trigger.candidates == ("calliope", "aliena")
    assert session.pending is not None
    assert session.pending.chooser == "calliope"
    session.answer("decline")
    assert session.pending is not None
    assert session.pending.chooser == "aliena"
    session.answer("react:opportunity_attack")
    assert session.pending is None
    assert session.state.second == 2


def test_the_opportunity_attack_rolls_the_attackers_melee_check() -> None:
    # Ruling (Opportunity Attack): realtime.check on the attacker's `melee`; R-TEST-02.
    session = table([9])
    session.submit(add_creature(id="aliena", side="party", hp=20, characteristics={"Melee": 12}))
    cast(session, balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    (used,) = of_kind(session.answer("react:opportunity_attack"), "reaction_used")
    check = used.payload["check"]
    assert isinstance(check, dict)
    assert (check["die"], check["success"], check["success_points"]) == (9, True, 3)
    assert used.payload["target"] == "balthazar"


def test_without_reaction_checks_the_gm_rules_the_attack() -> None:
    session = table([], reaction_checks=False)
    session.submit(add_creature(id="aliena", side="party", hp=20, characteristics={"melee": 12}))
    cast(session, balthazar=(1, 0))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    (used,) = of_kind(session.answer("react:opportunity_attack"), "reaction_used")
    assert used.payload["check"] is None


def test_a_gm_declared_trigger_offers_reactions_at_once() -> None:
    # R-REACT-03 / R-TEST-07: triggers a talent adds, or an action "too poorly executed".
    session = table(
        house_rules={
            "reactions": {
                "riposte": {"name": "Riposte", "cooldown": 4, "triggers": ["poorly_executed"]}
            }
        }
    )
    cast(session, aliena=(0, 0), balthazar=(5, 5))
    session.submit(declare_trigger("balthazar", kind="poorly_executed", description="6 F.P."))
    assert session.pending is not None
    assert session.pending.option_ids == ("react:riposte", "decline")
    (used,) = of_kind(session.answer("react:riposte"), "reaction_used")
    assert (used.payload["second"], used.payload["ready_at"]) == (1, 5)


def test_only_the_gm_declares_triggers_and_advances() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    command = advance(1).model_copy(update={"actor": "aliena"})
    with pytest.raises(IllegalCommandError, match="only the GM") as caught:
        session.submit(command)
    assert caught.value.field == "actor"
    assert session.legal_commands(GM) == (advance(1),)


def test_a_simulations_policy_answers_the_decisions() -> None:
    session = table(house_rules={"reactions": {"opportunity_attack": {"cooldown": 0}}})
    cast(session, aliena=(0, 0), calliope=(0, 1), balthazar=(1, 0))
    session.submit(move("balthazar", (3, 0), cost=1))
    session.submit(advance(1))
    policy = ScriptedPolicy(["decline"], commands=DefaultPolicy())
    while session.pending is not None:
        answer = (policy if policy.remaining else DefaultPolicy()).answer(
            session.state, session.pending
        )
        session.submit(answer)
    used = of_kind(session.log.events, "reaction_used")
    declined = of_kind(session.log.events, "reaction_declined")
    assert [e.payload["creature"] for e in declined] == ["aliena"]
    assert [e.payload["creature"] for e in used] == ["calliope"]


def test_a_reaction_needs_a_resolved_trigger_and_no_cooldown_r_react_02() -> None:
    """R-REACT-02: usable only when (1) a triggering event occurs, (2) it has fully
    resolved (its A.P. completed, within its second) and (3) the creature is not under the
    shared cooldown."""
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0), demilio=(1, 1))
    with pytest.raises(IllegalCommandError, match="R-REACT-02"):  # (1) no event
        session.submit(react("aliena", "1.1", "opportunity_attack"))
    session.submit(move("balthazar", (3, 0), cost=2))  # resolves at the end of second 2
    session.submit(advance(1))
    assert session.pending is None  # (2) still charging: no trigger yet
    assert session.state.triggers == ()
    session.submit(move("demilio", (3, 3), cost=1))  # resolves at the end of second 2 too
    session.submit(advance(1))
    assert session.state.second == 2
    assert len(session.state.triggers) == 2
    assert session.pending is not None
    assert session.pending.chooser == "aliena"
    session.answer("react:opportunity_attack")
    assert session.pending is None  # (3) the cooldown bars the second trigger
    assert not session.state.creature("aliena").can_react(2)
