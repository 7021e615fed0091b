"""Treating critical injuries inside the encounter (document 003, section 6; G-R-08)."""

from __future__ import annotations

import pytest

from tablekeeper.engine import Session
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import (
    RealtimeState,
    add_creature,
    advance,
    rest,
    treat,
)

from .helpers import of_kind, table


def _patient(faces: list[int], *, rate: int = 1) -> Session[RealtimeState]:
    session = table(faces)
    session.submit(
        add_creature(
            id="aliena", side="party", hp=20, characteristics={"Cunning": 12}, ap_per_second=rate
        )
    )
    session.submit(add_creature(id="calliope", side="party", hp=5, max_hp=20, injuries=["Weak"]))
    return session


def test_example_5_light_treatment_removes_the_symptoms_in_one_minute() -> None:
    # Example 5 / R-TREAT-01: "Weak (-5 penalty). Light Treatment: 1 minute, Cunning +2 -5.
    # Symptoms removed. Injury remains for n_wounds." A 3 A.P./s healer still takes 60 s.
    session = _patient([9], rate=3)
    session.submit(treat("aliena", "calliope", "Weak", "light"))
    assert not of_kind(session.submit(advance(59)), "treatment_rolled")
    (rolled,) = of_kind(session.submit(advance(1)), "treatment_rolled")
    outcome = rolled.payload["outcome"]
    assert isinstance(outcome, dict)
    assert isinstance(outcome["check"], dict)
    assert (outcome["check"]["threshold"], outcome["check"]["die"]) == (9, 9)
    assert outcome["symptoms_removed"]
    calliope = session.state.creature("calliope")
    assert [(i.name, i.symptomatic) for i in calliope.injuries] == [("Weak", False)]
    assert calliope.n_wounds == 1


def test_example_5_full_treatment_removes_the_injury_in_one_hour() -> None:
    # Example 5 / R-TREAT-03: "Full Treatment: 1 hour, Cunning -5. Injury is permanently
    # removed."
    session = _patient([7])
    session.submit(treat("aliena", "calliope", 1, "full"))
    (rolled,) = of_kind(session.submit(advance(3600)), "treatment_rolled")
    assert isinstance(rolled.payload["outcome"], dict)
    assert rolled.payload["outcome"]["injury_removed"]
    assert session.state.creature("calliope").n_wounds == 0


def test_light_treatment_is_tried_once_per_hour_per_injury() -> None:
    # R-TREAT-02: "One attempt per hour, per injury."
    session = _patient([20, 20])
    session.submit(treat("aliena", "calliope", "Weak", "light"))
    session.submit(advance(60))
    with pytest.raises(IllegalCommandError, match="next is allowed at second 3601"):
        session.submit(treat("aliena", "calliope", "Weak", "light"))
    session.submit(advance(3600 - 60))
    session.submit(treat("aliena", "calliope", "Weak", "light"))


def test_treating_is_not_physical_and_does_not_break_a_rest() -> None:
    session = _patient([9])
    session.submit(rest("aliena", quality="adequate", hours=2))
    session.submit(treat("aliena", "calliope", "Weak", "light"))
    session.submit(advance(60))
    assert session.state.creature("aliena").resting is not None


def test_the_healer_needs_cunning_and_the_target_the_injury() -> None:
    session = _patient([])
    session.submit(add_creature(id="demilio", side="party", hp=20))
    with pytest.raises(IllegalCommandError, match="demilio has no Cunning"):
        session.submit(treat("demilio", "calliope", "Weak", "light"))
    with pytest.raises(IllegalCommandError, match="calliope has no critical injury 'Blind'"):
        session.submit(treat("aliena", "calliope", "Blind", "light"))
