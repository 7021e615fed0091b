"""The fractal panel's own controls: buttons adding an ally's dice to a Ward (G-F-N11,
F-MAGIC-MICRO-07) and the GM's conflict transformation (F-GM-10, F-GM-13), which posts to
the console's generic GM-command route with the form the payload model gives."""

from __future__ import annotations

import html as html_lib
import json
import re

from tablekeeper.engine import GM, Command
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.nano_declare import Declare
from tablekeeper.web.encounter import gm_forms
from tablekeeper.web.forms import sheet_from_form

from .encounter.nano_helpers import SWORD, Duelists, duelists
from .test_nano_console import render, start

WAND = {"id": "wand", "kind": "focus", "name": "Wand"}


def _assist_buttons(page: str) -> list[dict[str, object]]:
    found = re.findall(r'<form[^>]*class="dice-buttons ward-assist".*?</form>', page, re.S)
    values = re.findall(r'name="command" [^>]*value="(.*?)"', "".join(found))
    return [json.loads(html_lib.unescape(v)) for v in values]


def _ward_table() -> Duelists:
    table = duelists(a_tools=(SWORD,), b_tools=(WAND,))
    table.pc("c")
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="party")))
    table.passes("a")
    table.declare("b", action="energy_strike", target="a", dice=2)
    table.passes("c")
    table.declare("a", defense="ward", defense_dice=1)
    return table


def test_an_ally_is_offered_its_dice_for_the_ward_g_f_n11() -> None:
    table = _ward_table()
    page = render(table.state, Sight.player({"c"}))
    assert "Add dice to A's Ward" in page.replace("&#39;", "'")
    offered = _assist_buttons(page)
    assert [b["payload"]["defense_dice"] for b in offered][:3] == [1, 2, 3]  # type: ignore[index]
    assert {b["payload"]["assist"] for b in offered} == {"a"}  # type: ignore[index]
    choice = offered[1]
    table.dice(6, 6, 1, 6, 6)  # the strike 2; the Ward: a's die fails, c's two succeed
    table.session.submit(
        Command.of(choice["actor"], choice["kind"], Declare(**choice["payload"]))  # type: ignore[arg-type]
    )
    struck = [p for p in table.payloads("struck") if p["attacker"] == "b"]
    assert struck[0]["defense"] == 2  # the ally's dice joined the one Ward (F-MAGIC-MICRO-07)


def test_no_assist_is_offered_where_none_is_legal() -> None:
    run = start("steel_duel")  # two duellists: no ally to join
    assert _assist_buttons(render(run.state, GM_SIGHT)) == []


def _forms(page: str) -> list[dict[str, str]]:
    found = re.findall(r'<form[^>]*class="transform-form".*?</form>', page, re.S)
    forms = []
    for form in found:
        fields = dict(re.findall(r'<input[^>]*name="(sheet\.[a-z]+)"[^>]*value="([^"]*)"', form))
        fields |= {
            name: value
            for value, name in re.findall(
                r'<input[^>]*value="([^"]*)"[^>]*name="(sheet\.[a-z]+)"', form
            )
        }
        fields["words"] = re.findall(r"<button[^>]*>(.*?)</button>", form, re.S)[-1]
        forms.append(fields)
    return forms


def test_the_gm_transforms_a_duel_from_the_panel_f_gm_13() -> None:
    run = start("steel_duel")
    assert "Transform this conflict" not in render(run.state, Sight.player({"brenna"}))
    forms = _forms(render(run.state, GM_SIGHT))
    assert [f["words"] for f in forms] == [
        "Nano duel → Micro conflict",
        "Split the Scene into sequential duels",
    ]
    (form,) = [item for item in gm_forms("fractal") if item.kind == "fractal.transform_conflict"]
    to_micro = {k: v for k, v in forms[0].items() if k != "words"}
    payload, problems = sheet_from_form(form.items, to_micro)
    assert problems == {}
    run.session.submit(Command(actor=GM, kind=form.kind, payload=payload))
    levels = {c.id: (c.level, c.ended is None) for c in run.state.conflicts.values()}
    assert levels[to_micro["sheet.id"]] == ("micro", True)
    assert levels["duel"][1] is False  # the duel paused (F-GM-13)
    page = render(run.state, GM_SIGHT)
    assert "Micro conflict → Nano duel" in page  # and back again, from the new conflict


def test_split_the_scene_from_the_panel_f_gm_10() -> None:
    table = duelists()
    table.pc("c")
    table.pc("d", side="foes")
    for key, side in (("c", "party"), ("d", "foes")):
        table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character=key, side=side)))
    split = [f for f in _forms(render(table.state, GM_SIGHT)) if "sheet.split" in f]
    (form,) = [item for item in gm_forms("fractal") if item.kind == "fractal.transform_conflict"]
    payload, problems = sheet_from_form(
        form.items, {k: v for k, v in split[0].items() if k != "words"}
    )
    assert (problems, payload["split"], payload["level"]) == ({}, True, "nano")
    table.session.submit(Command(actor=GM, kind=form.kind, payload=payload))
    assert table.state.queued  # the next duel waits its turn (F-GM-10)


def _declare_buttons(page: str) -> list[str]:
    found = re.findall(r'<form[^>]*class="declare-options".*?</form>', page, re.S)
    return [
        html_lib.unescape(b) for b in re.findall(r"<button[^>]*>(.*?)</button>", "".join(found))
    ]


def test_a_mage_is_offered_its_spells_and_the_area_form_f_magic_nano_06() -> None:
    """The panel offers a mage's strikes, the TN 6 area form against several opponents
    (G-F-N13) with its odds at TN 6, and Kinetic Surge (F-MAGIC-NANO-03)."""
    table = duelists(a_tools=(WAND,), b_tools=(SWORD,))
    table.pc("c", side="foes", tools=[SWORD])
    table.gm(cmd.JOIN, cmd.Join(conflict="duel", seat=cmd.Seat(character="c", side="foes")))
    page = render(table.state, Sight.player({"a"}))
    offered = _declare_buttons(page)
    assert any(b.startswith("phantasm on every opponent (area, TN 6)") for b in offered)
    assert any(b.startswith("kinetic surge") for b in offered)
    assert "phantasm: " in page
    assert re.search(r"phantasm: \d+d\d+ against TN 6", page)
    plain = render(duelists().state, Sight.player({"b"}))  # no focus, no Rank: no spells
    assert not any("phantasm" in b for b in _declare_buttons(plain))


def test_a_spell_coming_offers_the_ward_and_the_counterspell_f_magic_nano_18_20() -> None:
    table = duelists(a_tools=(WAND,), b_tools=(WAND,))
    table.declare("a", action="energy_strike", target="b", dice=1)
    table.passes("b")
    offered = _declare_buttons(render(table.state, Sight.player({"b"})))
    assert any(b.startswith("ward, ") for b in offered)
    assert any(b.startswith("counterspell, ") for b in offered)
