"""Phantasm (F-MAGIC-NANO-06) and Empathic Projection (F-MAGIC-NANO-10) in a Nano duel:
spells that strike one target with a condition by success level; their tables are not in
the document, so the Mental table stands in, provisional (G-F-06)."""

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
        pytest.param("phantasm", "people", "Ringing Ears", "Vertigo", id="F-MAGIC-NANO-06-people"),
        pytest.param("phantasm", "visual", "Ringing Ears", "Vertigo", id="F-MAGIC-NANO-06-visual"),
        pytest.param(
            "empathic_projection", "people", "Pestered", "Frazzled", id="F-MAGIC-NANO-10-people"
        ),
        pytest.param(
            "empathic_projection", "nature", "Pestered", "Frazzled", id="F-MAGIC-NANO-10-nature"
        ),
    ],
)
def test_a_mind_spell_inflicts_by_success_level_at_tn_4(
    spell: str, stat: str, first: str, second: str
) -> None:
    """F-MAGIC-NANO-06, F-MAGIC-NANO-10: either stat vs TN 4 (a 3 fails); the condition's
    severity is the success level (G-F-06: the Mental table, provisional)."""
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
