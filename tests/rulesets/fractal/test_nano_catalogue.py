"""Every Nano technique's stats, TN and type as the document gives them (document 000,
Chapters 9-14), checked against ``data/actions.yaml``. The techniques the duel plays are
tested played too (``encounter/test_nano_*.py``); these are the numbers of each."""

from __future__ import annotations

import pytest

from tablekeeper.rulesets.fractal.catalogue import default_catalogue

# technique: (stats, TN, types), transcribed from the document's sentences.
TECHNIQUES = {
    # F-MAGIC-NANO-03 .. -21 (Chapter 10)
    "kinetic_surge": (("meditation", "nature"), 4, ("neutral",)),  # F-MAGIC-NANO-03
    "thermal_manipulation": (("nature", "logic"), 4, ("proactive",)),  # F-MAGIC-NANO-04
    "fine_manipulation": (("logic", "visual"), 4, ("neutral",)),  # F-MAGIC-NANO-05
    "phantasm": (("people", "visual"), 4, ("proactive",)),  # F-MAGIC-NANO-06
    "telepathic_link": (("people", "words"), 3, ("neutral",)),  # F-MAGIC-NANO-08
    "alter_memory": (("people", "logic"), 5, ("proactive",)),  # F-MAGIC-NANO-09
    "empathic_projection": (("people", "nature"), 4, ("proactive",)),  # F-MAGIC-NANO-10
    "wither": (("nature", "meditation"), 4, ("proactive",)),  # F-MAGIC-NANO-14
    "shift_form": (("meditation", "nature"), 4, ("neutral",)),  # F-MAGIC-NANO-15
    "speak_with_nature": (("nature", "people"), 3, ("neutral",)),  # F-MAGIC-NANO-16
    "accelerate_decay": (("nature", "meditation"), 4, ("proactive",)),  # F-MAGIC-NANO-17
    "dispel": (("logic", "meditation"), 4, ("proactive",)),  # F-MAGIC-NANO-19 (G-F-18)
    "scry": (("logic", "visual"), 6, ("neutral",)),  # F-MAGIC-NANO-21
    # F-DANCE-NANO (Chapter 11)
    "improvise": (("auditory", "meditation"), 4, ("special",)),  # F-DANCE-NANO-05
    "cover_mirror": (("visual", "auditory"), 4, ("reactive",)),  # F-DANCE-NANO-07
    "lift_and_support": (("body", "visual"), 4, ("proactive",)),  # F-DANCE-NANO-08
    "synchronized_movement": (("body", "visual"), 4, ("neutral",)),  # F-DANCE-NANO-10
    "formation_shift": (("visual", "meditation"), 4, ("neutral",)),  # F-DANCE-NANO-11
    "cannon_chain": (("body", "auditory"), 4, ("proactive",)),  # F-DANCE-NANO-12
    "shift_mood": (("people", "words"), 4, ("proactive",)),  # F-DANCE-NANO-16
    # F-SOCIAL-NANO-14 (Chapter 12)
    "reframe": (("words", "people"), 4, ("special",)),  # F-SOCIAL-NANO-14
    # F-COMBAT-NANO-08, -11, -18 (Chapter 9)
    "aim": (("visual", "auditory"), 4, ("proactive",)),  # F-COMBAT-NANO-08
    "overwatch": (("visual", "meditation"), 4, ("neutral",)),  # F-COMBAT-NANO-11
    "footwork": (("body", "nature"), 4, ("neutral",)),  # F-COMBAT-NANO-18 (G-F-41: TN 4)
    # The fixed-TN techniques the duel plays (their play: encounter/test_nano_*.py)
    "evasive_attack": (("nature", "visual"), 4, ("proactive",)),  # F-COMBAT-NANO-05
    "reload": (("body", "auditory"), 4, ("neutral",)),  # F-COMBAT-NANO-10
    "slip": (("body", "auditory"), 6, ("reactive",)),  # F-COMBAT-NANO-12
    "stop_short": (("visual", "people"), 4, ("proactive",)),  # F-COMBAT-NANO-19
    "quick_step": (("body", "auditory"), 4, ("action",)),  # F-COMBAT-NANO-21
    "center": (("body", "meditation"), 4, ("reactive",)),  # F-DANCE-NANO-03
    "grand_gesture": (("body", "people"), 4, ("reactive",)),  # F-DANCE-NANO-13
    "assemble_routine": (("visual", "words"), 4, ("utility",)),  # F-DANCE-NANO-14
    "interpret_tempo": (("auditory", "meditation"), 4, ("neutral",)),  # F-DANCE-NANO-17
    "energy_strike": (("logic", "nature"), 4, ("proactive",)),  # F-MAGIC-NANO-01
    "telekinetic_deflection": (("logic", "words"), 4, ("reactive",)),  # F-MAGIC-NANO-02
    "mind_spike": (("nature", "people"), 5, ("proactive",)),  # F-MAGIC-NANO-07
    "dodge_the_question": (("words", "visual"), 4, ("proactive", "neutral")),  # F-SOCIAL-NANO-09
    "turnabout": (("meditation", "people"), 6, ("reactive",)),  # F-SOCIAL-NANO-13
    "cut_off": (("auditory", "words"), 4, ("proactive",)),  # F-SOCIAL-NANO-15
    "coded_message": (("logic", "words"), 5, ("neutral",)),  # F-SOCIAL-NANO-21
}

ART = {
    # F-ART-NANO-02: Drafting
    "sketch": ("visual", "logic"), "perspective": ("logic", "visual"),
    "contour": ("visual", "meditation"), "crosshatch": ("logic", "visual"),
    "blueprint": ("logic", "visual"),
    # F-ART-NANO-03: Pigment
    "glaze": ("visual", "meditation"), "impasto": ("body", "visual"),
    "wash": ("meditation", "visual"), "underpaint": ("logic", "visual"),
    "blend": ("meditation", "visual"),
    # F-ART-NANO-04: Sculpture
    "carve": ("body", "nature"), "cast": ("logic", "body"), "model": ("body", "nature"),
    "assemble": ("logic", "body"), "polish": ("body", "meditation"),
    # F-ART-NANO-05: Appraisal
    "authenticate": ("logic", "visual"), "date": ("nature", "logic"),
    "attribute": ("words", "logic"), "restore": ("meditation", "visual"),
    "appraise": ("words", "logic"),
}  # fmt: skip

COOKING = {
    # F-COOK-NANO-02: Preparation
    "julienne": ("body", "logic"), "french_trim": ("body", "logic"),
    "emulsify": ("logic", "body"), "mince": ("body", "logic"), "brine": ("logic", "nature"),
    # F-COOK-NANO-03: Cookery
    "sear": ("body", "nature"), "braise": ("body", "nature"), "sous_vide": ("logic", "nature"),
    "flambe": ("body", "nature"), "roast": ("body", "nature"),
    # F-COOK-NANO-04: Patisserie
    "whisk": ("body", "logic"), "temper": ("logic", "visual"), "knead": ("body", "logic"),
    "layer": ("logic", "visual"), "proof": ("nature", "logic"),
    # F-COOK-NANO-05: Gastronomy
    "plate": ("visual", "words"), "pair": ("nature", "words"), "balance": ("nature", "logic"),
    "garnish": ("visual", "nature"), "carve_table": ("body", "words"),
}  # fmt: skip


def _find(tree: str, name: str) -> object:
    actions = default_catalogue().actions
    for action in actions.of(tree, "nano"):
        if (
            action.id == name
            or action.id == f"{name}_{tree}"
            or action.name.lower().replace(" ", "_").replace("&", "and") == name
        ):
            return action
    raise AssertionError(f"no Nano technique {name} in {tree}")


@pytest.mark.parametrize("name", sorted(TECHNIQUES))
def test_each_technique_rolls_its_stats_at_its_tn(name: str) -> None:
    action = default_catalogue().actions.action(name)
    stats, tn, types = TECHNIQUES[name]
    assert tuple(s.value for s in action.stats) == stats
    assert action.tn == tn
    assert action.types == types


@pytest.mark.parametrize(("tree", "table"), [("art", ART), ("cooking", COOKING)])
def test_art_and_cooking_techniques_roll_their_pair_at_tn_4_f_art_nano_01_f_cook_nano_01(
    tree: str, table: dict[str, tuple[str, str]]
) -> None:
    # F-ART-NANO-01, F-COOK-NANO-01
    # F-ART-NANO-02 .. -05, F-COOK-NANO-02 .. -05: each technique's pair, every TN 4.
    for name, stats in table.items():
        found = _find(tree, name.removesuffix("_table"))
        assert tuple(s.value for s in found.stats) == stats, name  # type: ignore[attr-defined]
        assert found.tn == 4, name  # type: ignore[attr-defined]
