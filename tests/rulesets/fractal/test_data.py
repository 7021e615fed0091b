"""The data tables: they load, they cover what the document states, and bad data is a
load error naming the field (document 000, Chapters 6, 9-18)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.fractal.actions import allocation_counts
from tablekeeper.rulesets.fractal.catalogue import (
    _packaged_data,
    default_catalogue,
    load_catalogue,
    parse_catalogue,
)
from tablekeeper.rulesets.fractal.stats import STATS, Stat, half_max, step

CATALOGUE = default_catalogue()


def data() -> dict[str, Any]:
    return copy.deepcopy(_packaged_data())


def test_eight_stats_in_the_documents_order_f_core_01() -> None:
    # F-CORE-01: Body, People, Words, Logic, Nature, Meditation, Visual, Auditory.
    assert [s.value for s in STATS] == [
        "body",
        "people",
        "words",
        "logic",
        "nature",
        "meditation",
        "visual",
        "auditory",
    ]


def test_the_die_ladder_one_size_at_a_time_to_zero_f_core_02_g_f_35() -> None:
    # F-CORE-02: reduced or restored one size at a time; below d4 is zero (Lethal tag).
    assert [step(12, -n) for n in range(6)] == [12, 10, 8, 6, 4, 0]
    assert step(0, 1) == 4
    assert step(12, 1) == 12
    assert step(4, -2) == 0
    with pytest.raises(ValueError, match="ladder"):
        step(5, 1)
    assert [half_max(size) for size in (4, 6, 8, 10, 12)] == [2, 3, 4, 5, 6]


def test_four_domains_three_negative_kinds_one_positive_f_cond_09() -> None:
    # F-COND-09: Physical (Impact, Fatigue, Sickened; Refreshed), Mental (Disoriented,
    # Mental Strain, Distracted; Focused), Social (Disgraced, Ostracized, Entangled;
    # Renowned), Elemental/Magical (Burning, Shocked, Hindered; Vitalized).
    found = {
        domain.id: ([kind.id for kind in domain.negative_kinds], domain.positive_kind.id)
        for domain in CATALOGUE.conditions.generic.domains
    }
    assert found == {
        "physical": (["impact", "fatigue", "sickened"], "refreshed"),
        "mental": (["disoriented", "mental_strain", "distracted"], "focused"),
        "social": (["disgraced", "ostracized", "entangled"], "renowned"),
        "magical": (["burning", "shocked", "hindered"], "vitalized"),
    }


def test_triggers_of_the_positive_conditions_are_recorded() -> None:
    # F-GTAB-PHYS-06, F-GTAB-MENT-06, F-GTAB-SOC-06, F-GTAB-MAG-06: the triggers are the
    # GM's to judge; the tables record them for the console.
    triggers = {d.id: d.trigger for d in CATALOGUE.conditions.generic.domains}
    assert triggers["physical"].startswith("Eating a good meal")  # F-GTAB-PHYS-06
    assert triggers["mental"].startswith("Perfect workspace")  # F-GTAB-MENT-06
    assert triggers["social"].startswith("Winning a debate")  # F-GTAB-SOC-06
    assert triggers["magical"].startswith("Magic infusion")  # F-GTAB-MAG-06


def test_a_domain_without_a_severity_row_is_a_load_error() -> None:
    broken = data()
    broken["generic_conditions"]["domains"][0]["negative"].pop(2)
    with pytest.raises(InvalidInputError, match=r"severity 1-4: no row for severity \[3\]"):
        parse_catalogue(broken)


def test_a_row_twice_is_a_load_error() -> None:
    broken = data()
    rows = broken["micro_conditions"]["tables"][0]["negative"]
    rows[1] = {**rows[1], "severity": 1}
    with pytest.raises(InvalidInputError, match=r"combat_micro negative.*\[1\] twice"):
        parse_catalogue(broken)


def test_a_spillover_to_an_unknown_kind_is_a_load_error() -> None:
    broken = data()
    broken["generic_conditions"]["domains"][0]["negative"][2]["spillover"] = [
        {"condition": "sleepy", "severity": 1}
    ]
    with pytest.raises(InvalidInputError, match="no generic condition 'sleepy'"):
        parse_catalogue(broken)


def test_a_lethal_row_must_say_how_to_dress_it_f_cond_20() -> None:
    broken = data()
    row = broken["generic_conditions"]["domains"][3]["negative"][3]
    del row["dressing"]
    with pytest.raises(InvalidInputError, match="how to dress it"):
        parse_catalogue(broken)


def test_house_rules_lay_over_a_row_and_are_validated() -> None:
    house = {
        "generic_conditions": {
            "domains": [{"id": "physical", "negative": [{"severity": 1, "max_ap_change": -2}]}]
        }
    }
    catalogue = load_catalogue(house)
    assert catalogue.conditions.domain("physical").row("negative", 1).max_ap_change == -2
    assert catalogue.conditions.domain("physical").row("negative", 2).max_ap_change == -2
    assert default_catalogue().conditions.domain("physical").row("negative", 1).max_ap_change == -1
    with pytest.raises(InvalidInputError, match="no table spells"):
        load_catalogue({"spells": {}})
    with pytest.raises(InvalidInputError, match="severity"):
        load_catalogue(
            {
                "micro_conditions": {
                    "tables": [{"id": "combat_micro", "negative": [{"severity": 5}]}]
                }
            }
        )


def test_an_action_naming_an_unknown_table_is_a_load_error() -> None:
    broken = data()
    broken["actions"]["actions"][0]["effect"]["table"] = "gossip_micro"
    with pytest.raises(InvalidInputError, match="conversation names no table 'gossip_micro'"):
        parse_catalogue(broken)


def test_every_scene_element_of_the_five_senses_f_scene_01() -> None:
    # F-SCENE-01: modular tags of the five senses.
    by_sense: dict[str, list[str]] = {}
    for element in CATALOGUE.scene.elements:
        by_sense.setdefault(element.sense, []).append(element.id)
    assert by_sense == {
        "visual": ["obscured", "blinding"],
        "auditory": ["deafening", "resonant"],
        "olfactory": ["noxious", "aromatic"],
        "gustatory": ["tainted", "savorous"],
        "tactile": ["difficult", "hazardous", "soothing"],
    }


def test_gustatory_elements_can_be_placed_on_an_environment_f_scene_17() -> None:
    # F-SCENE-17: usually on food, but they can affect an environment: both are elements.
    assert {"tainted", "savorous"} <= {e.id for e in CATALOGUE.scene.elements}
    tainted = CATALOGUE.scene.element("tainted")
    assert [effect.kind for effect in tainted.effects] == ["max_ap", "condition_on_consume"]


def test_macro_checks_use_the_trees_stat_pairs() -> None:
    expected = {
        "social": ("words", "people"),  # F-SOCIAL-MACRO-01
        "magic": ("logic", "nature"),  # F-MAGIC-MACRO-01
        "combat": ("body", "meditation"),  # F-COMBAT-MACRO-01
        "dancing": ("visual", "body"),  # F-DANCE-MACRO-01
        "art": ("visual", "logic"),  # F-ART-MACRO-01
        "cooking": ("nature", "logic"),  # F-COOK-MACRO-01
    }
    for tree, stats in expected.items():
        assert tuple(s.value for s in CATALOGUE.actions.tree(tree).macro.stats) == stats


MICRO = [
    # (id, types, stats, tn, tn_source, rule)
    ("conversation", ("proactive",), ("words", "people"), 4, "fixed", "F-SOCIAL-MICRO-01"),
    ("etiquette", ("reactive",), ("visual", "people"), 4, "fixed", "F-SOCIAL-MICRO-02"),
    ("oratory", ("proactive",), ("words", "auditory"), 4, "fixed", "F-SOCIAL-MICRO-03"),
    (
        "correspondence",
        ("proactive", "reactive"),
        ("logic", "words"),
        5,
        "fixed",
        "F-SOCIAL-MICRO-04",
    ),
    ("ergokinesis", ("proactive",), ("logic", "nature"), 4, "fixed", "F-MAGIC-MICRO-03"),
    ("mentalism", ("proactive",), ("nature", "people"), 4, "fixed", "F-MAGIC-MICRO-04"),
    ("naturalism", ("neutral",), ("logic", "nature"), 4, "fixed", "F-MAGIC-MICRO-05"),
    ("arcanism", ("reactive",), ("logic", "words"), 4, "fixed", "F-MAGIC-MICRO-06"),
    ("sustain_spell", ("special",), ("logic", "meditation"), 4, "fixed", "F-MAGIC-MICRO-08"),
    ("melee", ("proactive",), ("body", "meditation"), 4, "weapon", "F-COMBAT-MICRO-01"),
    ("ranged", ("proactive",), ("body", "meditation"), 4, "weapon", "F-COMBAT-MICRO-02"),
    ("defense", ("reactive",), ("meditation", "visual"), 4, "weapon", "F-COMBAT-MICRO-03"),
    ("maneuvers", ("action",), ("body", "nature"), 4, "fixed", "F-COMBAT-MICRO-04"),
    ("solo", ("proactive",), ("body", "visual"), 4, "fixed", "F-DANCE-MICRO-01"),
    ("partner", ("reactive",), ("body", "people"), 4, "fixed", "F-DANCE-MICRO-02"),
    ("troupe", ("neutral",), ("body", "visual"), 4, "fixed", "F-DANCE-MICRO-03"),
    ("choreography", ("neutral",), ("visual", "words"), 4, "fixed", "F-DANCE-MICRO-04"),
    ("drafting", ("action",), ("logic", "visual"), 4, "fixed", "F-ART-MICRO-01"),
    ("pigment", ("action",), ("visual", "meditation"), 4, "fixed", "F-ART-MICRO-01"),
    ("sculpture", ("action",), ("body", "nature"), 4, "fixed", "F-ART-MICRO-01"),
    ("appraisal", ("action",), ("logic", "words"), 4, "fixed", "F-ART-MICRO-01"),
    ("preparation", ("utility",), ("body", "logic"), 4, "fixed", "F-COOK-MICRO-01"),
    ("cookery", ("utility",), ("body", "nature"), 4, "fixed", "F-COOK-MICRO-01"),
    ("patisserie", ("utility",), ("logic", "visual"), 4, "fixed", "F-COOK-MICRO-01"),
    ("gastronomy", ("utility",), ("nature", "words"), 4, "fixed", "F-COOK-MICRO-01"),
]


@pytest.mark.parametrize(("action_id", "types", "stats", "tn", "source", "rule"), MICRO)
def test_every_micro_action_as_the_document_states_it(
    action_id: str, types: tuple[str, ...], stats: tuple[str, ...], tn: int, source: str, rule: str
) -> None:
    """Each Micro action's type, stat pair and TN (F-SOCIAL-MICRO-01..04,
    F-MAGIC-MICRO-03..08, F-COMBAT-MICRO-01..04, F-DANCE-MICRO-01..04, F-ART-MICRO-01,
    F-COOK-MICRO-01)."""
    action = CATALOGUE.actions.action(action_id)
    assert (action.types, tuple(s.value for s in action.stats)) == (types, stats)
    assert (action.tn, action.tn_source, action.rule) == (tn, source, rule)


def test_action_categories_include_dual_types_f_core_04() -> None:
    # F-CORE-04: Proactive, Reactive, Neutral, Special, Utility, untyped "Action", and dual
    # types (Proactive/Reactive Correspondence; Proactive/Neutral Dodge the Question;
    # Reactive/Neutral Parry, Ward).
    types = {t for action in CATALOGUE.actions.actions for t in action.types}
    assert {"proactive", "reactive", "neutral", "special", "utility", "action"} <= types
    duals = {a.id: a.types for a in CATALOGUE.actions.actions if len(a.types) == 2}
    assert duals == {
        "correspondence": ("proactive", "reactive"),
        "dodge_the_question": ("proactive", "neutral"),
        "parry": ("reactive", "neutral"),
        "ward": ("reactive", "neutral"),
    }
    assert CATALOGUE.actions.action("correspondence").is_("reactive")


def test_tools_each_tree_occupies_f_core_11() -> None:
    # F-CORE-11: hands/held item (Combat), voice (Social, Incantation), writing
    # implements (Correspondence), whole body (Dancing), both hands (Art, Cooking).
    tools = {(a.tree, a.tool) for a in CATALOGUE.actions.actions if a.level == "micro"}
    assert ("social", "voice") in tools
    assert ("social", "writing") in tools
    assert ("combat", "weapon") in tools
    assert ("dancing", "body") in tools
    assert ("art", "both_hands") in tools
    assert (
        "cooking",
        "both_hands",
    ) in tools
    assert CATALOGUE.actions.action("sustain_spell").metamagic  # F-MAGIC-GEN-04


def test_techniques_have_no_trigger_and_tn_4_f_art_nano_01_f_cook_nano_01() -> None:
    # F-ART-NANO-01, F-COOK-NANO-01
    for tree in ("art", "cooking"):
        techniques = CATALOGUE.actions.of(tree, "nano")
        assert len(techniques) == 20
        assert {t.types for t in techniques} == {("technique",)}
        assert {t.tn for t in techniques} == {4}


def test_allocation_counts_match_combat_exactly_f_combat_gen_02() -> None:
    # F-COMBAT-GEN-02: Body 1/3/9, People 0/0/3, Nature 0/1/2, Meditation 1/3/5, Visual
    # 0/1/6, Auditory 0/0/5: "matches the action list exactly".
    counts = allocation_counts(CATALOGUE.actions, "combat")
    assert counts[Stat.BODY] == (1, 3, 9)
    assert counts[Stat.MEDITATION] == (1, 3, 5)
    assert counts[Stat.VISUAL] == (0, 1, 6)
    assert counts[Stat.AUDITORY] == (0, 0, 5)
    assert counts[Stat.PEOPLE] == (0, 0, 3)
    assert counts[Stat.NATURE] == (0, 1, 2)
    assert counts[Stat.WORDS] == counts[Stat.LOGIC] == (0, 0, 0)


def test_the_notes_disagree_with_the_action_lists_exactly_where_g_f_45_says() -> None:
    # F-DANCE-GEN-11 (Visual 8 at Nano: the list has 9), F-ART-GEN-08 (Logic 10: the list
    # has 11), F-COOK-GEN-08 (no Auditory line: 0/0/0): everything else matches.
    mismatches = CATALOGUE.allocation_mismatches()
    assert sorted(mismatches) == sorted(
        [
            ("dancing", Stat.VISUAL, "nano", 8, 9),
            ("art", Stat.LOGIC, "nano", 10, 11),
            ("cooking", Stat.AUDITORY, "all", None, 0),
        ]
    )
    listed = {(d.tree, d.stat, d.actions) for d in CATALOGUE.allocations.known_disagreements}
    assert {(tree, stat, actual) for tree, stat, _, _, actual in mismatches} == listed


def test_fractal_time_scales_f_time_01_to_06() -> None:
    scale = CATALOGUE.time.scale
    combat_nano = scale("combat", "nano")
    assert (str(combat_nano.beat), str(combat_nano.unit)) == ("3 seconds", "5 feet")  # F-TIME-01
    cooking = scale("cooking", "solo")
    assert (str(cooking.interval), str(cooking.unit)) == ("1 hour", "irrelevant")  # F-TIME-02
    court = scale("social", "micro", "court")
    assert (str(court.exchange), str(court.unit)) == ("1 day", "a wing of the palace")  # F-TIME-03
    nations = scale("social", "macro", "diplomatic")
    assert (str(nations.exchange), str(nations.unit)) == ("1 month", "50 miles")  # F-TIME-04
    # F-TIME-06: a social Solo Interval a week of carousing, an Exchange a day, a Beat a
    # few seconds.
    assert str(scale("social", "solo").interval) == "1 week"
    assert str(scale("social", "micro").exchange) == "1 day"
    assert str(scale("social", "nano").beat) == "a few seconds"
    assert combat_nano.sources["beat"] == "F-TIME-01"
    assert combat_nano.sources["exchange"] == "provisional"


def test_the_gm_redefines_any_measure_f_time_05() -> None:
    from tablekeeper.rulesets.fractal.timescale import ScaleOverride

    redefined = CATALOGUE.time.scale(
        "combat",
        "nano",
        redefined=ScaleOverride.model_validate({"beat": {"amount": 6, "unit": "second"}}),
    )
    assert (str(redefined.beat), redefined.sources["beat"]) == ("6 seconds", "gm (F-TIME-05)")
    assert str(redefined.unit) == "5 feet"


def test_every_output_condition_is_provisional_g_f_44() -> None:
    assert {c.id for c in CATALOGUE.outputs.conditions} >= {"well_fed", "praised", "inspired"}
    assert all(c.provisional for c in CATALOGUE.outputs.conditions)
