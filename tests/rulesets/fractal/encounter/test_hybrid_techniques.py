"""Every Art and Cooking Nano technique played in a hybrid project (document 000, the Art
and Cooking Nano technique lists; F-ART-NANO-02..05, F-COOK-NANO-02..05; ruling G-F-N7):
each rolls the better of its two stats against TN 4, costs the AP it commits, and its
successes go toward the project's Goal."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.rulesets.fractal.encounter.hybrid import HYBRID, HybridProject

from .nano_helpers import SWORD, Duelists

PAN = {"id": "pan", "kind": "kitchen", "name": "Wok", "hands": 2}
BRUSH = {"id": "brush", "kind": "brushes", "name": "Loaded brush"}

# The document's lists, written out here (not read from the data) so a slip in either shows.
TECHNIQUES: dict[str, tuple[str, str, str]] = {
    # F-ART-NANO-02 Drafting
    "sketch": ("visual", "logic", "F-ART-NANO-02"),
    "perspective": ("logic", "visual", "F-ART-NANO-02"),
    "contour": ("visual", "meditation", "F-ART-NANO-02"),
    "crosshatch": ("logic", "visual", "F-ART-NANO-02"),
    "blueprint": ("logic", "visual", "F-ART-NANO-02"),
    # F-ART-NANO-03 Pigment
    "glaze": ("visual", "meditation", "F-ART-NANO-03"),
    "impasto": ("body", "visual", "F-ART-NANO-03"),
    "wash": ("meditation", "visual", "F-ART-NANO-03"),
    "underpaint": ("logic", "visual", "F-ART-NANO-03"),
    "blend": ("meditation", "visual", "F-ART-NANO-03"),
    # F-ART-NANO-04 Sculpture
    "carve_sculpture": ("body", "nature", "F-ART-NANO-04"),
    "cast": ("logic", "body", "F-ART-NANO-04"),
    "model": ("body", "nature", "F-ART-NANO-04"),
    "assemble": ("logic", "body", "F-ART-NANO-04"),
    "polish": ("body", "meditation", "F-ART-NANO-04"),
    # F-ART-NANO-05 Appraisal
    "authenticate": ("logic", "visual", "F-ART-NANO-05"),
    "date": ("nature", "logic", "F-ART-NANO-05"),
    "attribute": ("words", "logic", "F-ART-NANO-05"),
    "restore": ("meditation", "visual", "F-ART-NANO-05"),
    "appraise": ("words", "logic", "F-ART-NANO-05"),
    # F-COOK-NANO-02 Preparation
    "julienne": ("body", "logic", "F-COOK-NANO-02"),
    "french_trim": ("body", "logic", "F-COOK-NANO-02"),
    "emulsify": ("logic", "body", "F-COOK-NANO-02"),
    "mince": ("body", "logic", "F-COOK-NANO-02"),
    "brine": ("logic", "nature", "F-COOK-NANO-02"),
    # F-COOK-NANO-03 Cookery
    "sear": ("body", "nature", "F-COOK-NANO-03"),
    "braise": ("body", "nature", "F-COOK-NANO-03"),
    "sous_vide": ("logic", "nature", "F-COOK-NANO-03"),
    "flambe": ("body", "nature", "F-COOK-NANO-03"),
    "roast": ("body", "nature", "F-COOK-NANO-03"),
    # F-COOK-NANO-04 Patisserie
    "whisk": ("body", "logic", "F-COOK-NANO-04"),
    "temper": ("logic", "visual", "F-COOK-NANO-04"),
    "knead": ("body", "logic", "F-COOK-NANO-04"),
    "layer": ("logic", "visual", "F-COOK-NANO-04"),
    "proof": ("nature", "logic", "F-COOK-NANO-04"),
    # F-COOK-NANO-05 Gastronomy
    "plate": ("visual", "words", "F-COOK-NANO-05"),
    "pair": ("nature", "words", "F-COOK-NANO-05"),
    "balance": ("nature", "logic", "F-COOK-NANO-05"),
    "garnish": ("visual", "nature", "F-COOK-NANO-05"),
    "carve": ("body", "words", "F-COOK-NANO-05"),
}

CASES = [
    pytest.param(technique, stat, rule, id=f"{rule}-{technique}-{stat}")
    for technique, (first, second, rule) in TECHNIQUES.items()
    for stat in (first, second)
]


@pytest.mark.parametrize(("technique", "stat", "rule"), CASES)
def test_an_art_or_cooking_technique_in_the_duel_f_art_nano_f_cook_nano(
    technique: str, stat: str, rule: str
) -> None:
    """F-ART-NANO-02..05, F-COOK-NANO-02..05: either listed stat may carry the technique
    (the better one rolls), TN 4, a face of 4 succeeds and 3 fails, the AP it commits is
    spent, and its successes count toward the Goal."""
    tool = BRUSH if rule.startswith("F-ART") else PAN
    table = Duelists()
    table.pc("a", stats={stat: 10}, tools=[tool])
    table.pc("b", side="foes", tools=[SWORD])
    table.open("duel", "combat", "a", "b", level="nano")
    table.session.submit(
        Command.of(
            GM,
            HYBRID,
            HybridProject(conflict="duel", character="a", goal=3, techniques=(technique,)),
        )
    )
    ap = table.c("a").ap
    table.declare("a", craft=technique, craft_dice=3)
    assert table.c("a").ap == ap - 3  # the AP it commits
    table.dice(10, 4, 3)  # d10 (the raised stat): 10 and 4 succeed at TN 4, 3 fails
    for _ in range(6):  # the others pass until the Beat resolves
        if table.payloads("project_rolled"):
            break
        who = table.waiting
        assert who is not None
        table.passes(who)
    rolled = table.payloads("project_rolled")
    assert len(rolled) == 1
    assert rolled[0]["technique"] == technique
    assert rolled[0]["stat"] == stat  # the better of its two stats
    assert rolled[0]["check"]["tn"] == 4  # TN defaults to 4 (F-ART-NANO-01, F-COOK-NANO-01)
    assert rolled[0]["check"]["successes"] == 2
    project = table.conflict("duel").project
    assert project is not None
    assert project.successes == {technique: 2}
