"""Critical injuries (document 003, sections 1-3): R-LIFE-03, R-CRIT-01 .. R-CRIT-08."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.errors import InvalidInputError, UnknownNameError
from tablekeeper.rulesets.realtime import (
    AUTOMATIC_DEATH_SECONDS,
    Contribution,
    CriticalInjuryInput,
    RealtimeOptions,
    critical_injury,
    critical_injury_odds,
    critical_injury_result,
    critical_injury_table,
    death_chance,
    injury_check_penalties,
)
from tablekeeper.rulesets.realtime.resolvers import REALTIME_RESOLVERS

# Section 3 of the document, copied by hand: the oracle the packaged YAML is checked against.
DOCUMENT_TABLE = [
    (1, 10, 0, "Dazed"),
    (11, 20, 0, "Feeble"),
    (21, 30, 0, "Exhausted"),
    (31, 40, 0, "Tired"),
    (41, 50, 0, "Broken"),
    (51, 60, -5, "Weak"),
    (61, 70, -5, "Latterity"),
    (71, 73, -5, "Strength disability"),
    (74, 76, -5, "Agility disability"),
    (77, 80, -5, "Physical vulnerability"),
    (81, 83, -5, "Intelligence disability"),
    (84, 86, -5, "Sagacity disability"),
    (87, 90, -5, "Psychic vulnerability"),
    (91, 93, -5, "Physical wound"),
    (94, 95, -5, "Physical weakness"),
    (96, 98, -5, "Psychic wound"),
    (99, 100, -5, "Psychic weakness"),
    (101, 110, -10, "Paralyzed"),
    (111, 116, -10, "Confused"),
    (117, 117, -10, "Amputated (Left Leg)"),
    (118, 118, -10, "Amputated (Right Leg)"),
    (119, 119, -10, "Amputated (Left Arm)"),
    (120, 120, -10, "Amputated (Right Arm)"),
    (121, 125, -10, "Deaf"),
    (126, 130, -10, "Mute"),
    (131, 135, -10, "Blind"),
    (136, 140, -10, "Coma"),
    (141, 150, -10, "Bleeding"),
    (151, 175, -15, "The end is near"),
]


def oracle(total: int) -> tuple[str, int | None]:
    """The document's table, read plainly: the injury and its modifier, or death."""
    if total >= 176:
        return "death", None
    for low, high, modifier, injury in DOCUMENT_TABLE:
        if low <= total <= high:
            return injury, modifier
    raise AssertionError(total)


BOUNDARIES = sorted({edge for low, high, _, _ in DOCUMENT_TABLE for edge in (low, high)} | {176})


def outcome_for_total(total: int) -> tuple[str, int | None]:
    """Resolve a total through the resolver: modifier total-1 (d=0, npv) and a die of 1."""
    request = CriticalInjuryInput(n_wounds=0, seconds_negative=0, negative_hp=total - 1)
    outcome = critical_injury(request, FixedRoller([1], strict=True))
    assert outcome.total == total
    return outcome.label, outcome.test_modifier


@pytest.mark.parametrize("total", BOUNDARIES)
def test_every_row_boundary_of_the_table_r_crit_04_to_07(total: int) -> None:
    """Each interval's first and last total, 1, 10, 11, ..., 175, and 176 (death):
    R-CRIT-04 (modifier 0), R-CRIT-05 (-5), R-CRIT-06 (-10), R-CRIT-07 (-15, death)."""
    assert outcome_for_total(total) == oracle(total)


def test_the_packaged_table_is_the_documents_thirty_rows_r_crit_04_to_07() -> None:
    table = critical_injury_table()
    rows = [(row.low, row.high, row.test_modifier, row.injury) for row in table.rows]
    assert rows == DOCUMENT_TABLE
    assert table.death_at == 176  # the 30th row: "176+ | / | Death"
    assert len(rows) + 1 == 30


def test_the_symptoms_are_not_in_the_document_r_crit_08() -> None:
    """ "The symptoms/effects of each injury are not described" (R-CRIT-08): the packaged
    rows hold no symptom text; a GM's house table may add it."""
    assert all(row.symptoms is None for row in critical_injury_table().rows)


@given(
    st.integers(0, 5),
    st.integers(0, AUTOMATIC_DEATH_SECONDS - 1),
    st.integers(0, 60),
    st.integers(1, 100),
)
def test_the_total_is_1d100_plus_wounds_plus_one_times_d_plus_npv_r_crit_01_02_03(
    n_wounds: int, seconds: int, npv: int, die: int
) -> None:
    """ "roll = 1d100 + (n_wounds + 1) * (d + npv)"; 176 or more kills (R-CRIT-02, R-CRIT-03)."""
    request = CriticalInjuryInput(n_wounds=n_wounds, seconds_negative=seconds, negative_hp=npv)
    outcome = critical_injury(request, FixedRoller([die], strict=True))
    total = die + (n_wounds + 1) * (seconds + npv)
    assert (outcome.die, outcome.total, outcome.modifier) == (die, total, total - die)
    assert outcome.breakdown is not None
    assert outcome.breakdown.total == total
    assert outcome.dead is (total >= 176)
    assert (outcome.label, outcome.test_modifier) == oracle(total)


def test_the_total_explains_itself_r_crit_02() -> None:
    outcome = critical_injury(
        CriticalInjuryInput(n_wounds=1, seconds_negative=40, negative_hp=6), FixedRoller([58])
    )
    assert outcome.breakdown is not None
    assert outcome.breakdown.contributions == (
        Contribution(amount=58, label="1d100", source="R-CRIT-02"),
        Contribution(
            amount=92,
            label="(n_wounds + 1) × (d + npv) = (1 + 1) × (40 + 6)",
            source="R-CRIT-02",
        ),
    )


@pytest.mark.parametrize(("seconds", "dies"), [(174, False), (175, True), (600, True)])
def test_death_comes_without_a_roll_when_d_reaches_175_r_life_03_g_r_05(
    seconds: int, dies: bool
) -> None:
    """ "If it remains at negative HP for 175 seconds, it dies automatically" (R-LIFE-03);
    ruling G-R-05: at d = 175 exactly, not 176. At 174 the roll is still made."""
    request = CriticalInjuryInput(n_wounds=0, seconds_negative=seconds, negative_hp=0)
    roller = FixedRoller([1] if not dies else [], strict=True)
    outcome = critical_injury(request, roller)
    assert outcome.automatic_death is dies
    assert (outcome.die is None) is dies
    roller.finish()
    assert critical_injury_odds(request).as_dict() == (
        {"death": Fraction(1)} if dies else critical_injury_odds(request).as_dict()
    )


@given(st.integers(0, 4), st.integers(0, 200), st.integers(0, 40))
def test_the_odds_equal_brute_force_over_the_100_faces(
    n_wounds: int, seconds: int, npv: int
) -> None:
    request = CriticalInjuryInput(n_wounds=n_wounds, seconds_negative=seconds, negative_hp=npv)
    odds = critical_injury_odds(request)
    assert sum(odds.as_dict().values()) == 1
    if seconds >= 175:
        assert odds.as_dict() == {"death": 1}
        return
    counts = Counter(oracle(die + (n_wounds + 1) * (seconds + npv))[0] for die in range(1, 101))
    expected = {label: Fraction(n, 100) for label, n in counts.items()}
    expected.setdefault("death", Fraction(0))
    assert odds.as_dict() == expected
    assert odds.labels[-1] == "death"
    assert death_chance(request) == expected["death"]


def test_death_chance_now_and_ten_seconds_later() -> None:
    """What the encounter engine asks: the chance of death if stabilized now or in 10 s."""
    now = CriticalInjuryInput(n_wounds=1, seconds_negative=40, negative_hp=6)
    later = now.model_copy(update={"seconds_negative": 50})
    assert (death_chance(now), death_chance(later)) == (Fraction(17, 100), Fraction(37, 100))


def test_the_rule_refuses_a_missing_or_impossible_die() -> None:
    request = CriticalInjuryInput(seconds_negative=3, negative_hp=3)
    for die in (None, 0, 101):
        with pytest.raises(ValueError, match="d100"):
            critical_injury_result(request, die)


def test_input_errors_name_the_field() -> None:
    resolver = next(item for item in REALTIME_RESOLVERS if item.name == "realtime.critical_injury")
    with pytest.raises(InvalidInputError, match=r"^input\.negative_hp: "):
        resolver.parse({"seconds_negative": 3, "negative_hp": -6})
    with pytest.raises(InvalidInputError, match=r"input\.seconds_negative: Field required"):
        resolver.parse({"negative_hp": 6})


def test_the_test_modifier_penalises_only_treatment_by_default_g_r_03() -> None:
    """Ruling G-R-03: the column is the treatment checks' penalty; with the option
    ``injury_modifier_scope='all_checks'`` each symptomatic injury penalises every check."""
    assert injury_check_penalties(["Weak", "Bleeding"]) == ()
    everywhere = RealtimeOptions(injury_modifier_scope="all_checks")
    penalties = injury_check_penalties(["Weak", "Broken", "Bleeding"], everywhere)
    assert [(term.amount, term.label) for term in penalties] == [
        (-5, "Weak (critical injury)"),
        (-10, "Bleeding (critical injury)"),
    ]
    with pytest.raises(UnknownNameError, match="did you mean Weak"):
        injury_check_penalties(["weak"], everywhere)
