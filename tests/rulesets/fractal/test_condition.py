"""``fractal.condition``: every row of the generic and Micro tables, severity boundaries,
spillovers and their total (document 000, Chapters 6, 17, 18; G-F-08 .. G-F-16)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError, UnknownNameError
from tablekeeper.rulesets.fractal import FractalOptions, lookup, register_resolvers
from tablekeeper.rulesets.fractal.catalogue import default_catalogue


def dice(outcome: Any) -> list[tuple[tuple[str, ...], int, str]]:
    return [(tuple(s.value for s in c.stats), c.dice, c.mode) for c in outcome.dice_changes]


def spills(outcome: Any) -> list[tuple[str, int]]:
    return [(s.condition, s.severity) for s in outcome.spillover]


GENERIC_NEGATIVE = [
    # table, severity, names per kind, max AP, dice, spillover, DoR, rule
    ("physical", 1, ("Bruised", "Tired", "Mild Nausea"), -1, [], [], 2, "F-GTAB-PHYS-01"),
    (
        "physical",
        2,
        ("Battered", "Exhausted", "Fevers"),
        -2,
        [(("body", "nature"), -1, "or")],
        [],
        7,
        "F-GTAB-PHYS-02",
    ),
    (
        "physical",
        3,
        ("Strained Muscle", "Depleted", "Severe Illness"),
        -3,
        [(("body", "nature"), -1, "and")],
        [("fatigue", 1)],
        14,
        "F-GTAB-PHYS-03",
    ),
    (
        "physical",
        4,
        ("Broken Bone", "Collapsed", "Incapacitating Sickness"),
        -5,
        [(("body",), -2, "and")],
        [("fatigue", 2)],
        30,
        "F-GTAB-PHYS-04",
    ),
    ("mental", 1, ("Ringing Ears", "Headache", "Pestered"), -1, [], [], None, "F-GTAB-MENT-01"),
    (
        "mental",
        2,
        ("Vertigo", "Migraine", "Frazzled"),
        -2,
        [(("logic", "visual"), -1, "or")],
        [],
        None,
        "F-GTAB-MENT-02",
    ),
    (
        "mental",
        3,
        ("Hallucinating", "Burnout", "Obsessed"),
        -3,
        [(("logic", "meditation"), -1, "and")],
        [("distracted", 1)],
        None,
        "F-GTAB-MENT-03",
    ),
    (
        "mental",
        4,
        ("Delirium", "Mental Breakdown", "Compulsion"),
        -5,
        [(("meditation",), -2, "and")],
        [("disoriented", 2)],
        None,
        "F-GTAB-MENT-04",
    ),
    (
        "social",
        1,
        ("Mild Embarrassment", "Snubbed", "Minor Favor Owed"),
        -1,
        [],
        [],
        None,
        "F-GTAB-SOC-01",
    ),
    (
        "social",
        2,
        ("Humiliated", "Shunned", "Debt Called In"),
        -2,
        [(("people", "words"), -1, "or")],
        [],
        None,
        "F-GTAB-SOC-02",
    ),
    (
        "social",
        3,
        ("Scandalized", "Exiled", "Blackmailed"),
        -3,
        [(("people", "words"), -1, "and")],
        [("distracted", 1)],
        None,
        "F-GTAB-SOC-03",
    ),
    (
        "social",
        4,
        ("Infamous", "Banished", "Indebted for Life"),
        -5,
        [(("people",), -2, "and")],
        [("entangled", 2)],
        None,
        "F-GTAB-SOC-04",
    ),
    ("magical", 1, ("Singed", "Static Cling", "Tangled"), -1, [], [], 1, "F-GTAB-MAG-01"),
    (
        "magical",
        2,
        ("On Fire", "Stunned", "Immobilized"),
        -2,
        [(("body",), -1, "and")],
        [],
        3,
        "F-GTAB-MAG-02",
    ),
    (
        "magical",
        3,
        ("Blazing", "Electrocuted", "Petrified"),
        -3,
        [(("body", "nature"), -1, "and")],
        [("impact", 1)],
        7,
        "F-GTAB-MAG-03",
    ),
    (
        "magical",
        4,
        ("Incinerated", "Flatlined", "Entombed"),
        -5,
        [(("body",), -2, "and")],
        [("impact", 2)],
        30,
        "F-GTAB-MAG-04",
    ),
]

KINDS = {
    "physical": ("impact", "fatigue", "sickened"),
    "mental": ("disoriented", "mental_strain", "distracted"),
    "social": ("disgraced", "ostracized", "entangled"),
    "magical": ("burning", "shocked", "hindered"),
}


@pytest.mark.parametrize(
    ("table", "severity", "names", "max_ap", "dice_", "spill", "dor", "rule"), GENERIC_NEGATIVE
)
def test_every_negative_generic_row(
    table: str,
    severity: int,
    names: tuple[str, ...],
    max_ap: int,
    dice_: list[Any],
    spill: list[Any],
    dor: int | None,
    rule: str,
) -> None:
    """F-GTAB-PHYS-01..04, F-GTAB-MENT-01..04, F-GTAB-SOC-01..04, F-GTAB-MAG-01..04 (and
    the recoveries F-GTAB-PHYS-05, F-GTAB-MAG-05)."""
    for kind, name in zip(KINDS[table], names, strict=True):
        outcome = lookup(table, kind, severity)
        assert (outcome.name, outcome.severity, outcome.rule) == (name, severity, rule)
        assert (outcome.max_ap_change, dice(outcome), spills(outcome)) == (max_ap, dice_, spill)
        assert outcome.recovery.dor == dor
        assert outcome.polarity == "negative"
        assert outcome.in_social_scenes_only is (table == "social")  # F-GTAB-SOC-01..04
        assert outcome.lethal is (table == "magical" and severity == 4)  # F-GTAB-MAG-04


def test_negative_rows_remove_their_severity_except_the_fours_remove_5_f_gtab_02_g_f_09() -> None:
    # F-GTAB-02: "Unless otherwise noted, Negative Conditions reduce Maximum Action Pool
    # (Max AP) by their Severity level"; the Severity 4 rows note "Lose 5 Max AP".
    for table, kinds in KINDS.items():
        assert [lookup(table, kinds[0], s).max_ap_change for s in (1, 2, 3, 4)] == [-1, -2, -3, -5]


def test_only_severity_3_and_4_rows_spill_over_f_gtab_01() -> None:
    # F-GTAB-01: the tables also serve the "spillover" damage from Severity 3+ attacks.
    for table, kinds in KINDS.items():
        assert [bool(lookup(table, kinds[0], s).spillover) for s in (1, 2, 3, 4)] == [
            False,
            False,
            True,
            True,
        ]


def test_recoveries_physical_mental_social_magical() -> None:
    phys = [lookup("physical", "impact", s).recovery for s in (1, 2, 3, 4)]
    assert [r.dor for r in phys] == [2, 7, 14, 30]  # F-GTAB-PHYS-05
    assert phys[0].requirements == ("2 DoR", "a good night's sleep")
    assert "requires bed rest" in phys[2].requirements
    ment = [lookup("mental", "distracted", s).recovery for s in (1, 2, 3, 4)]  # F-GTAB-MENT-05
    assert ment[0].macro_check == "meditation"
    assert "4 hours of rest" in ment[0].requirements
    assert [r.solo_successes for r in ment] == [None, 4, 8, 12]
    soc = [lookup("social", "disgraced", s).recovery for s in (1, 2, 3, 4)]  # F-GTAB-SOC-05
    assert soc[0].requirements == ("a sincere apology", "a small gift")
    assert soc[2].solo_successes == 8
    assert "fleeing the region entirely" in soc[3].requirements
    mag = [lookup("magical", "burning", s) for s in (1, 2, 3, 4)]  # F-GTAB-MAG-05
    assert [m.recovery.dor for m in mag] == [1, 3, 7, 30]
    assert mag[3].dressing
    assert mag[3].dressing.startswith("Immediate magical intervention or CPR")


def test_refreshed_rows_f_gtab_phys_07_to_09() -> None:
    # F-GTAB-PHYS-07: S1 restores 1 Max AP; S2 2 Max AP or 1 die size.
    rows = [lookup("physical", "refreshed", s) for s in (1, 2, 3, 4)]
    assert [r.max_ap_change for r in rows] == [1, 2, 3, 5]
    assert [(r.restores_die_sizes, r.restore_mode) for r in rows] == [
        (0, "and"),
        (1, "or"),
        (1, "and"),
        (2, "and"),
    ]
    # F-GTAB-PHYS-08: S3 spills Focused [1]; F-GTAB-PHYS-09: S4 Focused [2].
    assert [spills(r) for r in rows] == [[], [], [("focused", 1)], [("focused", 2)]]


def test_focused_rows_f_gtab_ment_07_to_09_and_f_cond_12() -> None:
    # F-GTAB-MENT-07: S1 cancels a penalty, S2 +1 Logic or Visual die; F-GTAB-MENT-09: S4.
    rows = [lookup("mental", "focused", s) for s in (1, 2, 3, 4)]
    # F-COND-12: cancels one Circumstance penalty (S1), or a re-roll of a failed Macro (S4).
    assert rows[0].cancels_circumstance_penalties == 1
    assert dice(rows[1]) == [(("logic", "visual"), 1, "or")]
    assert dice(rows[2]) == [(("logic", "visual"), 2, "and")]
    assert rows[3].macro_rerolls == 1
    assert [spills(r) for r in rows] == [[], [], [("refreshed", 1)], [("refreshed", 2)]]


def test_renowned_rows_f_gtab_soc_07_to_09_and_f_cond_13() -> None:
    # F-GTAB-SOC-07: S1 +1 People die; S2 2 Temporary AP; F-GTAB-SOC-09: S4 armor 0.
    rows = [lookup("social", "renowned", s) for s in (1, 2, 3, 4)]
    # F-COND-13: a Circumstance bonus to social checks, or temporary AP on a new social scene.
    assert dice(rows[0]) == [(("people",), 1, "and")]
    assert (rows[1].temporary_ap, rows[1].temporary_ap_use) == (2, "social_entry")
    assert dice(rows[2]) == [(("people", "words"), 2, "and")]  # F-GTAB-SOC-08
    assert rows[3].ignores_social_armor
    assert [spills(r) for r in rows] == [[], [], [("focused", 1)], [("focused", 2)]]


def test_vitalized_rows_f_gtab_mag_07_to_09_and_f_cond_14_g_f_13() -> None:
    # F-GTAB-MAG-07: S1 1, S2 2 Temporary AP, for Proactive actions only.
    rows = [lookup("magical", "vitalized", s) for s in (1, 2, 3, 4)]
    assert [r.temporary_ap for r in rows] == [1, 2, 3, 5]
    assert {r.temporary_ap_use for r in rows} == {"proactive"}  # the table (G-F-13)
    assert dice(rows[2]) == [(("logic",), 1, "and")]  # F-GTAB-MAG-08
    assert dice(rows[3]) == [(("nature",), 1, "and")]  # F-GTAB-MAG-09
    # F-COND-14's "magical or proactive" reading, as an option.
    either = lookup(
        "magical", "vitalized", 1, FractalOptions(vitalized_spend="magical_or_proactive")
    )
    assert either.temporary_ap_use == "magical_or_proactive"


def test_severity_scales_with_s_f_cond_10() -> None:
    # F-COND-10: "Fatigue [2] removes 2 Max AP; Restored [2] adds 2 Max AP or restores 1
    # stat die size" (Restored is Refreshed: G-F-12).
    assert lookup("physical", "fatigue", 2).max_ap_change == -2
    restored = lookup("physical", "restored", 2)
    assert (
        restored.name,
        restored.max_ap_change,
        restored.restores_die_sizes,
        restored.restore_mode,
    ) == ("Refreshed", 2, 1, "or")


@pytest.mark.parametrize(
    ("successes", "severity"), [(0, 0), (1, 1), (3, 3), (4, 4), (5, 4), (12, 4)]
)
def test_severity_is_the_successes_at_most_4_and_none_on_0_g_f_08(
    successes: int, severity: int
) -> None:
    for table, kind in (("physical", "impact"), ("combat_micro", "negative")):
        outcome = lookup(table, kind, successes)
        assert outcome.severity == severity
        assert outcome.inflicted is (severity > 0)


def test_spillover_counts_in_the_total_max_ap_change_g_f_10() -> None:
    # Strained Muscle (-3) spills Fatigued [1] ("Tired", -1): -4 in all.
    outcome = lookup("physical", "impact", 3)
    assert (outcome.max_ap_change, outcome.total_max_ap_change) == (-3, -4)
    assert [c.source for c in outcome.total_breakdown.contributions] == ["F-GTAB-PHYS-03", "G-F-10"]
    assert outcome.spillover[0].name == "Tired"
    label = lookup("physical", "impact", 3, FractalOptions(spillover="label"))
    assert label.total_max_ap_change == -3
    worry = lookup("social", "ostracized", 3).spillover[0]
    assert (worry.name, worry.label) == ("Pestered", "Worry")


MICRO = [
    ("combat_micro", "negative", 1, "Nick", -1, [], [], "F-MTAB-CBT-01"),
    ("combat_micro", "negative", 2, "Strike", -2, [], [("fatigue", 1)], "F-MTAB-CBT-02"),
    (
        "combat_micro",
        "negative",
        3,
        "Heavy Blow",
        -3,
        [(("body",), -1, "and")],
        [("fatigue", 1)],
        "F-MTAB-CBT-03",
    ),
    (
        "combat_micro",
        "negative",
        4,
        "Devastating Blow",
        -5,
        [(("body",), -2, "and")],
        [("fatigue", 2)],
        "F-MTAB-CBT-04",
    ),
    ("dancing_micro", "negative", 1, "Upstaged", -1, [], [], "F-MTAB-DAN-01"),
    (
        "dancing_micro",
        "negative",
        2,
        "Outclassed",
        -2,
        [(("visual",), -1, "and")],
        [],
        "F-MTAB-DAN-02",
    ),
    ("dancing_micro", "negative", 3, "Forgotten", -3, [], [("distracted", 1)], "F-MTAB-DAN-03"),
    (
        "dancing_micro",
        "negative",
        4,
        "Jeered off stage",
        -5,
        [],
        [("disgraced", 1)],
        "F-MTAB-DAN-04",
    ),
    ("social_micro", "negative", 1, "Misspoke", -1, [], [], "F-MTAB-SOC-01"),
    (
        "social_micro",
        "negative",
        2,
        "Contradicted",
        -2,
        [(("words",), -1, "and")],
        [],
        "F-MTAB-SOC-02",
    ),
    ("social_micro", "negative", 3, "Flustered", -3, [], [("distracted", 1)], "F-MTAB-SOC-03"),
    ("social_micro", "negative", 4, "Humiliated", -5, [], [("disgraced", 2)], "F-MTAB-SOC-04"),
    ("social_micro", "positive", 1, "Charmed", -1, [], [], "F-MTAB-SOC-05"),
    ("social_micro", "positive", 2, "Convinced", -2, [], [], "F-MTAB-SOC-06"),
    ("social_micro", "positive", 3, "Indebted", -3, [], [("renowned", 1)], "F-MTAB-SOC-07"),
    ("social_micro", "positive", 4, "Flipped", -5, [], [], "F-MTAB-SOC-08"),
]


@pytest.mark.parametrize(
    ("table", "kind", "successes", "name", "max_ap", "dice_", "spill", "rule"), MICRO
)
def test_every_micro_row(
    table: str,
    kind: str,
    successes: int,
    name: str,
    max_ap: int,
    dice_: list[Any],
    spill: list[Any],
    rule: str,
) -> None:
    """F-MTAB-CBT-01..04, F-MTAB-DAN-01..04, F-MTAB-SOC-01..08."""
    outcome = lookup(table, kind, successes)
    assert (outcome.name, outcome.max_ap_change, dice(outcome), spills(outcome), outcome.rule) == (
        name,
        max_ap,
        dice_,
        spill,
        rule,
    )


def test_the_micro_tables_top_row_is_4_plus_f_mtab_01() -> None:
    # F-MTAB-01: indexed by successes with a "4+" top row.
    assert lookup("combat_micro", "negative", 7).name == "Devastating Blow"
    assert lookup("dancing_micro", "positive", 9).name == "Encore"


def test_dancing_micro_positive_rows_give_temporary_ap_f_mtab_dan_05_to_08() -> None:
    # F-MTAB-DAN-05: Applause gives 1 Temporary AP.
    rows = [lookup("dancing_micro", "positive", s) for s in (1, 2, 3, 4)]
    assert [(r.name, r.temporary_ap) for r in rows] == [
        ("Applause", 1),
        ("Cheered", 2),
        ("Star of the Show", 3),
        ("Encore", 5),
    ]
    # F-MTAB-DAN-06 Cheered 2, F-MTAB-DAN-07 Star of the Show 3 (Renowned [1]),
    # F-MTAB-DAN-08 Encore 5 (Renowned [2]).
    assert [spills(r) for r in rows] == [[], [], [("renowned", 1)], [("renowned", 2)]]


def test_strike_suffers_fatigued_1_on_top_f_mtab_cbt_02() -> None:
    assert lookup("combat_micro", "negative", 2).total_max_ap_change == -3


def test_indebted_grants_renowned_to_the_attacker_and_flipped_switches_sides() -> None:
    indebted = lookup("social_micro", "positive", 3)  # F-MTAB-SOC-07
    assert indebted.spillover[0].to == "attacker"
    assert indebted.total_max_ap_change == -3
    assert lookup("social_micro", "positive", 4).flips  # F-MTAB-SOC-08


def test_zero_ap_translations_f_mtab_cbt_05_dan_09_soc_09() -> None:
    # F-MTAB-DAN-09, F-MTAB-SOC-09: the Zero AP translations.
    assert lookup("combat_micro", "negative", 1).zero_ap == "Unconscious and bleeding out."
    assert lookup("dancing_micro", "negative", 1).zero_ap.startswith("The audience ignores you")  # type: ignore[union-attr]
    assert lookup("social_micro", "negative", 1).zero_ap.startswith("Socially irrelevant")  # type: ignore[union-attr]
    tables = default_catalogue().conditions
    assert [tables.micro_table(t).zero_ap.effect for t in tables.micro_ids] == [
        "falls_to_wounds",
        "no_proactive",
        "removed",
    ]


def test_micro_conditions_are_specific_to_their_tree_f_cond_02() -> None:
    # F-COND-02: a Micro table's condition belongs to its tree.
    assert lookup("combat_micro", "negative", 1).tree == "combat"
    assert lookup("physical", "impact", 1).tree is None  # F-COND-04: generic, every tree


def test_magic_deals_generic_conditions_and_combat_specific_ones_f_cond_07() -> None:
    actions = default_catalogue().actions
    magic = {a.effect.table for a in actions.of("magic", "micro") if a.effect and a.effect.table}
    assert magic == {"generic"}
    assert actions.action("melee").effect.table == "combat_micro"  # type: ignore[union-attr]


def test_each_generic_row_has_a_bespoke_name_and_exact_recovery_f_cond_11() -> None:
    # F-COND-11: at Nano level the generic conditions map to bespoke conditions with
    # exact recovery times (the Nano tables are missing, G-F-06): every kind's row has
    # its own name, and every physical and magical row an exact DoR.
    for table, kinds in KINDS.items():
        names = {lookup(table, kind, s).name for kind in kinds for s in (1, 2, 3, 4)}
        assert len(names) == 12
    assert all(
        lookup(t, KINDS[t][0], s).recovery.dor
        for t in ("physical", "magical")
        for s in (1, 2, 3, 4)
    )


def test_knockdown_is_impact_or_hindered_g_f_16() -> None:
    assert lookup("physical", "knockdown", 2).name == "Battered"
    hindered = lookup("magical", "knockdown", 2, FractalOptions(knockdown="hindered"))
    assert hindered.name == "Immobilized"


def test_aliases_and_wrong_columns() -> None:
    assert lookup("physical", "Fatigued", 1).name == "Tired"
    with pytest.raises(
        InvalidInputError, match="'burning' is a magical condition, not a physical one"
    ):
        lookup("physical", "burning", 1)
    with pytest.raises(UnknownNameError, match="no generic condition 'sleepy'"):
        lookup("physical", "sleepy", 0)
    with pytest.raises(InvalidInputError, match="'negative' or 'positive'"):
        lookup("combat_micro", "impact", 1)
    with pytest.raises(UnknownNameError, match="no positive rows"):
        lookup("combat_micro", "positive", 1)
    with pytest.raises(UnknownNameError, match="no generic table 'astral'"):
        lookup("astral", "impact", 1)


def test_the_resolver_through_the_registry() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    resolution = registry.resolve(
        "fractal.condition",
        {"table": "magical", "kind": "shocked", "successes": 4},
        FixedRoller([]),
    )
    outcome = resolution.outcome
    assert (outcome.name, outcome.lethal, outcome.total_max_ap_change) == ("Flatlined", True, -7)
    assert resolution.faces == ()
    assert registry.odds(
        "fractal.condition", {"table": "physical", "kind": "impact", "successes": 0}
    ).labels == ("none",)


def test_generic_negatives_come_from_massive_victories_f_cond_05() -> None:
    # F-COND-05: "A Generic Negative Condition is usually only inflicted when an attacker
    # scores a massive victory (typically 3+ successes after the target's defenses are
    # applied)": the Dancing and Social Micro tables spill a generic condition only from 3
    # successes; Combat's Strike already fatigues at 2 (the table's own exception).
    for table in ("dancing_micro", "social_micro"):
        generic = [bool(lookup(table, "negative", s).spillover) for s in (1, 2, 3, 4)]
        assert generic == [False, False, True, True]
    assert lookup("combat_micro", "negative", 2).spillover[0].condition == "fatigue"
