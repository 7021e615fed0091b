"""Ongoing spells in a Nano duel (document 000, Magic, Nano; ruling G-F-N8): Fine
Manipulation, Telepathic Link, Shift Form, Speak With Nature, Scry."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .nano_helpers import SWORD, Duelists, duelists

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}

SPELLS = [  # the technique, its two stats, its TN, its rule: the document's numbers
    ("fine_manipulation", ("logic", "visual"), 4, "F-MAGIC-NANO-05"),
    ("telepathic_link", ("people", "words"), 3, "F-MAGIC-NANO-08"),
    ("shift_form", ("meditation", "nature"), 4, "F-MAGIC-NANO-15"),
    ("speak_with_nature", ("nature", "people"), 3, "F-MAGIC-NANO-16"),
    ("scry", ("logic", "visual"), 6, "F-MAGIC-NANO-21"),
]
CASES = [
    pytest.param(spell, stat, tn, id=f"{rule}-{spell}-{stat}")
    for spell, stats, tn, rule in SPELLS
    for stat in stats
]


def _cast(spell: str, stat: str, faces: tuple[int, ...], target: str | None = None) -> Duelists:
    table = duelists(a_tools=(WAND,), b_tools=(SWORD,))
    ap = table.c("a").ap
    table.declare("a", action=spell, dice=len(faces), stat=stat, target=target)
    assert table.c("a").ap == ap - len(faces)  # its AP: the dice committed
    table.dice(*faces)
    table.passes("b")
    return table


@pytest.mark.parametrize(("spell", "stat", "tn"), CASES)
def test_an_ongoing_spell_is_in_play_on_a_success_at_its_tn(spell: str, stat: str, tn: int) -> None:
    """F-MAGIC-NANO-05 (TN 4), -08 (TN 3), -15 (TN 4), -16 (TN 3), -21 (TN 6): either stat,
    a face at the TN succeeds and one below fails; the spell is then in play."""
    table = _cast(
        spell, stat, (tn, tn - 1), target="b" if spell in ("shift_form", "scry") else None
    )
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == spell]
    assert rolled["stat"] == stat
    assert rolled["check"]["tn"] == tn  # type: ignore[index]
    (active,) = table.c("a").spells
    assert (active.action, active.successes) == (spell, 1)
    failed = _cast(spell, stat, (tn - 1,))
    assert failed.c("a").spells == ()  # no success: nothing in play


def test_telepathic_link_holds_as_many_creatures_as_successes_f_magic_nano_08() -> None:
    # F-MAGIC-NANO-08: 3 successes: 3 creatures; a second casting is a second spell effect
    table = _cast("telepathic_link", "people", (3, 3, 3))
    (link,) = table.c("a").spells
    assert link.successes == 3
    assert table.session.pending is not None  # sustained at the next refresh (F-MAGIC-MICRO-08)


def test_shift_form_and_scry_name_their_target_and_lapse_unsustained_g_f_n8() -> None:
    # F-MAGIC-NANO-15, F-MAGIC-NANO-21: on one target while maintained
    table = _cast("scry", "visual", (6,), target="b")
    (scry,) = table.c("a").spells
    assert scry.target == "b"
    table.answer("collapse")  # not sustained at the refresh: it ends
    assert table.c("a").spells == ()


def test_alter_memory_is_tn_5_on_a_willing_ally_f_magic_nano_09() -> None:
    # F-MAGIC-NANO-09: People or Logic vs TN 5; "Target must be willing, restrained, or
    # unconscious": an ally is willing; an opponent still duelling is none of these
    table = duelists(a_tools=(WAND,), b_tools=(SWORD,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    with pytest.raises(IllegalCommandError, match="willing"):
        table.declare("a", action="alter_memory", target="b", dice=1)
    table.declare("a", action="alter_memory", target="c", dice=2, stat="logic")
    table.dice(5, 4)  # a 5 succeeds at TN 5, a 4 fails
    table.passes("b")
    table.passes("c")
    (rolled,) = [p for p in table.payloads("technique_rolled") if p["technique"] == "alter_memory"]
    assert (rolled["stat"], rolled["target"]) == ("logic", "c")
    assert (rolled["check"]["tn"], rolled["check"]["success_level"]) == (5, 1)  # type: ignore[index]
    assert table.c("a").spells == ()  # instant: nothing to sustain
