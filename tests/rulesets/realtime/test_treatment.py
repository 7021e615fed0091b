"""Treating critical injuries (document 003, section 6): R-TREAT-01 .. R-TREAT-04, G-R-08."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.realtime import (
    TreatmentInput,
    TreatmentLedger,
    critical_injury_table,
    register_resolvers,
    success_chance,
    treatment,
    treatment_odds,
)

HOUR, DAY = 3600, 24 * 3600
injuries = st.sampled_from(critical_injury_table().injuries)


@given(
    st.sampled_from(["light", "full"]),
    st.integers(-5, 30),
    injuries,
    st.integers(-5, 5),
    st.integers(1, 20),
)
def test_the_threshold_is_cunning_light_bonus_and_table_penalty_r_treat_01_03(
    kind: str, cunning: int, injury: str, modifier: int, die: int
) -> None:
    """Light: "Test: Cunning, Bonus: +2, Penalty: the value listed in the table" (R-TREAT-01);
    full: "Test: Cunning, Penalty: from the table" (R-TREAT-03); the modifier is the table's
    Test Modifier (G-R-03)."""
    request = TreatmentInput.model_validate(
        {"kind": kind, "cunning": cunning, "injury": injury, "modifier": modifier}
    )
    outcome = treatment(request, FixedRoller([die], strict=True))
    penalty = critical_injury_table().row_named(injury).test_modifier
    bonus = 2 if kind == "light" else 0
    assert outcome.check.threshold == cunning + bonus + penalty + modifier
    assert outcome.duration_seconds == (60 if kind == "light" else 3600)
    assert outcome.symptoms_removed is outcome.check.success
    assert outcome.injury_removed is (outcome.check.success and kind == "full")
    assert outcome.counts_toward_n_wounds is not outcome.injury_removed
    assert treatment_odds(request)["success"] == success_chance(outcome.check.threshold)


def test_a_failed_treatment_changes_nothing() -> None:
    outcome = treatment(TreatmentInput(kind="full", cunning=10, injury="Coma"), FixedRoller([5]))
    assert outcome.check.threshold == 0
    assert (outcome.symptoms_removed, outcome.injury_removed) == (False, False)
    assert outcome.counts_toward_n_wounds
    odds = treatment_odds(TreatmentInput(kind="light", cunning=10, injury="Coma"))
    assert odds.as_dict() == {"success": Fraction(2, 20), "failure": Fraction(18, 20)}


def test_the_hidden_modifier_stays_hidden_from_the_player() -> None:
    request = TreatmentInput(kind="light", cunning=10, injury="Weak", hidden_modifier=-3)
    outcome = treatment(request, FixedRoller([6]))
    assert (outcome.check.success, outcome.check.apparent_success) == (False, True)
    assert outcome.check.player_view().breakdown.total == 7


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        ({"kind": "light", "cunning": 9, "injury": "weak"}, "input.injury", "did you mean Weak"),
        (
            {"kind": "light", "cunning": 9, "injury": "Amputated (Left leg)"},
            "input.injury",
            r"did you mean Amputated \(Left Leg\)",
        ),
        ({"kind": "light", "cunning": 9, "injury": "Flu"}, "input.injury", "no critical injury"),
        ({"kind": "medium", "cunning": 9, "injury": "Weak"}, "input.kind", "'light' or 'full'"),
    ],
)
def test_input_errors_name_the_field(raw: dict[str, object], field: str, message: str) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError, match=message) as error:
        registry.resolve("realtime.treatment", raw, FixedRoller([1]))
    assert error.value.field == field


def test_light_treatment_once_per_hour_per_injury_r_treat_02_g_r_08() -> None:
    """ "Limit: One attempt per hour, per injury." (R-TREAT-02), a rolling hour from the last
    attempt (G-R-08); another injury, or the other kind, is not limited by it."""
    ledger = TreatmentLedger().record("wound-1", "light", 100)
    with pytest.raises(IllegalCommandError, match="next is allowed at second 3700") as error:
        ledger.record("wound-1", "light", 3699)
    assert error.value.field == "at"
    assert "one attempt per hour per injury (R-TREAT-02)" in str(error.value)
    ledger = ledger.record("wound-2", "light", 200).record("wound-1", "full", 300)
    ledger = ledger.record("wound-1", "light", 3700)
    assert ledger.next_allowed_at("wound-1", "light") == 3700 + HOUR
    assert ledger.last_attempt("wound-1", "light") is not None


def test_full_treatment_once_per_day_per_injury_r_treat_04() -> None:
    """ "Limit: One attempt per day, per injury." (R-TREAT-04)."""
    ledger = TreatmentLedger().record("wound-1", "full", 5 * HOUR)
    with pytest.raises(IllegalCommandError, match=r"one attempt per day .* second 104400"):
        ledger.record("wound-1", "full", DAY)
    assert ledger.record("wound-1", "full", 5 * HOUR + DAY).next_allowed_at("wound-1", "full") == (
        5 * HOUR + 2 * DAY
    )


def test_calendar_windows_and_forgetting_a_healed_injury_g_r_08() -> None:
    """Option treatment_window='calendar': once per calendar hour / day of the campaign
    clock. A healed injury is forgotten: it has no more attempts to limit."""
    calendar = TreatmentLedger(window="calendar").record("w", "full", DAY - 60)
    assert calendar.next_allowed_at("w", "full") == DAY
    assert calendar.record("w", "light", HOUR - 1).next_allowed_at("w", "light") == HOUR
    assert calendar.forget("w").next_allowed_at("w", "full") == 0
    with pytest.raises(IllegalCommandError, match="second -5"):
        TreatmentLedger().record("w", "light", -5)
    assert TreatmentLedger.model_validate(calendar.model_dump(mode="json")) == calendar
