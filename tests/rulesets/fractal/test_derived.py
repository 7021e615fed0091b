"""``fractal.derived``: Max AP and the numbers read off the stat dice (G-F-02, F-GM-02,
F-MAGIC-MICRO-02, F-SOCIAL-MICRO-03, F-MAGIC-GEN-02, F-MAGIC-GEN-03, F-MAGIC-MICRO-08)."""

from __future__ import annotations

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.fractal import DerivedInput, register_resolvers
from tablekeeper.rulesets.fractal.derived import derive

FULL = {
    "body": 8,
    "people": 6,
    "words": 10,
    "logic": 12,
    "nature": 4,
    "meditation": 6,
    "visual": 8,
    "auditory": 4,
}


def of(**fields: object) -> object:
    return derive(DerivedInput.model_validate(fields))


def test_the_goblin_skirmishers_ap_is_its_two_stats_faces_f_gm_02_g_f_02() -> None:
    # F-GM-01: "a Goblin Skirmisher just has Body d6 and Visual d6"; F-GM-02: AP from the
    # two highest (and only) stats; G-F-02: the sum of their highest faces.
    goblin = derive(DerivedInput.model_validate({"stats": {"body": 6, "visual": 6}, "kind": "npc"}))
    assert goblin.max_ap == 12
    assert [c.label for c in goblin.breakdowns["max_ap"].contributions] == ["Body d6", "Visual d6"]


def test_a_player_characters_ap_is_its_two_highest_dice_g_f_02() -> None:
    outcome = derive(DerivedInput.model_validate({"stats": FULL}))
    assert outcome.max_ap == 22  # Logic d12 + Words d10
    assert outcome.breakdowns["max_ap"].total == 22


def test_the_other_max_ap_readings_are_options_g_f_02() -> None:
    half = derive(
        DerivedInput.model_validate(
            {"stats": {"body": 6, "visual": 6}, "options": {"max_ap": "two_highest_half_sum"}}
        )
    )
    assert half.max_ap == 6
    every = derive(DerivedInput.model_validate({"stats": FULL, "options": {"max_ap": "all_faces"}}))
    assert every.max_ap == 58
    npc = derive(
        DerivedInput.model_validate(
            {"stats": FULL, "kind": "npc", "options": {"max_ap": "all_faces"}}
        )
    )
    assert npc.max_ap == 22  # NPCs keep their two highest (F-GM-02)


def test_one_die_size_is_worth_two_max_ap_g_f_02() -> None:
    # "Restore 2 Max AP or restore 1 reduced Stat die size": the two are equal.
    reduced = derive(DerivedInput.model_validate({"stats": {"body": 6, "visual": 6}}))
    restored = derive(DerivedInput.model_validate({"stats": {"body": 8, "visual": 6}}))
    assert restored.max_ap - reduced.max_ap == 2


@pytest.mark.parametrize(
    ("meditation", "logic", "range_", "radius"),
    [(4, 4, 4, 2), (6, 6, 6, 3), (8, 10, 8, 5), (12, 12, 12, 6)],
)
def test_micro_magic_range_and_area_f_magic_micro_02(
    meditation: int, logic: int, range_: int, radius: int
) -> None:
    # "a range of 1 unit per the maximum of your Meditation die"; "radius as many units
    # long as half the maximum of your Logic die (round down)".
    outcome = derive(
        DerivedInput.model_validate({"stats": {"meditation": meditation, "logic": logic}})
    )
    assert (outcome.micro_magic_range, outcome.aoe_radius) == (range_, radius)


@pytest.mark.parametrize(("words", "audience"), [(4, 2), (6, 3), (8, 4), (10, 5), (12, 6)])
def test_oratorys_audience_is_half_the_words_die_f_social_micro_03(
    words: int, audience: int
) -> None:
    # "a number of creature up to half of the maximum value of your Words die (round down)".
    assert (
        derive(DerivedInput.model_validate({"stats": {"words": words, "body": 4}})).oratory_audience
        == audience
    )


@pytest.mark.parametrize(
    ("voice_free", "foci", "spells"),
    [(True, 0, 1), (True, 1, 2), (True, 2, 3), (False, 0, 0), (False, 1, 1), (False, 2, 2)],
)
def test_spells_per_beat_f_magic_gen_02_f_magic_gen_03_g_f_37(
    voice_free: bool, foci: int, spells: int
) -> None:
    # F-MAGIC-GEN-02, F-MAGIC-GEN-03
    # F-MAGIC-GEN-02: one spell per Beat by Incantation; a gagged mage casts none without
    # a focus. F-MAGIC-GEN-03: one Focus and the voice: two; two Foci: three.
    outcome = derive(
        DerivedInput.model_validate(
            {"stats": {"logic": 8, "body": 4}, "voice_free": voice_free, "foci": foci}
        )
    )
    assert outcome.spells_per_beat == spells


def test_a_mage_holds_at_most_two_foci() -> None:
    with pytest.raises(ValueError, match="less than or equal to 2"):
        DerivedInput.model_validate({"stats": {"logic": 8}, "foci": 3})


@pytest.mark.parametrize(("effects", "tn"), [(0, 4), (1, 5), (3, 7)])
def test_sustains_tn_is_4_plus_1_per_active_effect_f_magic_micro_08(effects: int, tn: int) -> None:
    outcome = derive(
        DerivedInput.model_validate({"stats": {"logic": 8}, "active_spell_effects": effects})
    )
    assert outcome.sustain_tn == tn


def test_a_stat_reduced_to_zero_counts_nothing_and_off_ladder_is_refused() -> None:
    outcome = derive(
        DerivedInput.model_validate({"stats": {"body": 0, "visual": 6, "meditation": 0}})
    )
    assert (outcome.max_ap, outcome.micro_magic_range) == (6, 0)
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError, match=r"input\.stats: .*d7 is not on the ladder"):
        registry.resolve("fractal.derived", {"stats": {"body": 7}}, FixedRoller([]))
    assert (
        registry.resolve(
            "fractal.derived", {"stats": {"body": 6, "visual": 6}}, FixedRoller([])
        ).outcome.max_ap
        == 12
    )
