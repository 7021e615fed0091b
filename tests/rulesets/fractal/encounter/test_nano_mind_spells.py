"""Phantasm (F-MAGIC-NANO-06) and Empathic Projection (F-MAGIC-NANO-10) in a Nano duel:
spells that strike one target with a condition by success level; their tables are not in
the document: the phantasm table and the emotional chart are provisional data (G-F-N12)."""

from __future__ import annotations

import pytest

from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _cast(spell: str, stat: str, faces: tuple[int, ...], item: str | None = None) -> Duelists:
    table = duelists(a_tools=(WAND,), b_tools=(SWORD,))
    table.declare("a", action=spell, target="b", dice=len(faces), stat=stat, item=item)
    spent = [p["amount"] for p in table.payloads("ap_spent") if p["character"] == "a"]
    assert spent == [len(faces)]  # its AP: the dice committed
    table.passes("b")
    table.dice(*faces)
    table.passes("b")
    return table


@pytest.mark.parametrize(
    ("spell", "stat", "first", "second"),
    [
        pytest.param(
            "phantasm",
            "people",
            "Flicker at the Edge of Sight",
            "Phantom Shapes",
            id="F-MAGIC-NANO-06-people",
        ),
        pytest.param(
            "phantasm",
            "visual",
            "Flicker at the Edge of Sight",
            "Phantom Shapes",
            id="F-MAGIC-NANO-06-visual",
        ),
        pytest.param(
            "empathic_projection", "people", "Uneasy", "Swayed", id="F-MAGIC-NANO-10-people"
        ),
        pytest.param(
            "empathic_projection", "nature", "Uneasy", "Swayed", id="F-MAGIC-NANO-10-nature"
        ),
    ],
)
def test_a_mind_spell_inflicts_by_success_level_at_tn_4(
    spell: str, stat: str, first: str, second: str
) -> None:
    """F-MAGIC-NANO-06, F-MAGIC-NANO-10: either stat vs TN 4 (a 3 fails); the condition's
    severity is the success level (G-F-N12: the provisional charts)."""
    table = _cast(spell, stat, (4, 3))
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == spell]
    assert (rolled["stat"], rolled["check"]["tn"]) == (stat, 4)  # type: ignore[index]
    assert table.labels("b") == [f"{first} [1]"]
    assert _cast(spell, stat, (4, 4)).labels("b") == [f"{second} [2]"]
    assert _cast(spell, stat, (3, 3)).labels("b") == []  # no success: nothing


def test_the_declared_kind_replaces_the_default_f_magic_nano_10() -> None:
    # F-MAGIC-NANO-10: the GM may read the emotion as another Mental kind
    assert _cast("empathic_projection", "people", (4,), item="mental_strain").labels("b") == [
        "Headache [1]"
    ]


@pytest.mark.parametrize(
    ("spell", "chart"),
    [
        pytest.param("phantasm", "phantasm_nano", id="F-MAGIC-NANO-06"),
        pytest.param("empathic_projection", "emotional_nano", id="F-MAGIC-NANO-10"),
    ],
)
def test_the_charts_are_provisional_data_and_spill_from_severity_3_g_f_n12(
    spell: str, chart: str
) -> None:
    """G-F-N12: every row of the phantasm table / emotional chart is marked provisional; a
    4+ success level reads row 4 (G-F-08) and, from Severity 3, spills into the Mental
    domain (G-F-06)."""
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue

    (found,) = [t for t in default_catalogue().conditions.nano.tables if t.id == chart]
    assert found.tree == "magic"
    assert all(row.provisional for row in found.negative)
    assert [row.severity for row in found.negative] == [1, 2, 3, 4]
    table = _cast(spell, "people", (4, 4, 4, 4, 4))
    labels = table.labels("b")
    assert labels[0] == f"{found.negative[3].name} [4]"
    assert len(labels) == 2  # the spillover: a generic Mental condition [2]
    assert labels[1].endswith("[2]")
    assert len(_cast(spell, "people", (4, 4)).labels("b")) == 1  # severity 2: no spillover
