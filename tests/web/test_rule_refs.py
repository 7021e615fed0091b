"""The rules a sentence cites, kept out of the way (GM walkthrough: "minion removed
(F-GM-04)", "(ruling C-16)", "(GM: F-GM-10, F-GM-13)" in the GM's main text): a small mark
that holds the ids, the sentence reading plainly."""

from __future__ import annotations

import doctest

import pytest
from fastapi.testclient import TestClient

from tablekeeper.web import abbreviations
from tablekeeper.web.abbreviations import cited, rule_ref, spelled_out

MARK = '<sup class="rule-ref" title="{0}" aria-label="{0}">§</sup>'


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("minion removed (F-GM-04)", "minion removed" + MARK.format("rule F-GM-04")),
        ("the cards (ruling C-16). Dice", "the cards" + MARK.format("rule C-16") + ". Dice"),
        ("Transform (GM: F-GM-10, F-GM-13)", "Transform" + MARK.format("rules F-GM-10, F-GM-13")),
        ("Melee (body; F-COMBAT-MICRO-01)", "Melee (body)" + MARK.format("rule F-COMBAT-MICRO-01")),
        ("yields (G-S-E7)", "yields" + MARK.format("rule G-S-E7")),
        ("completed (trigger 4.1: Aliena)", "completed (trigger 4.1: Aliena)"),  # not a rule
        ("Move to (1, 0) <b>", "Move to (1, 0) &lt;b&gt;"),
    ],
)  # fmt: skip
def test_a_cited_rule_is_a_mark_that_holds_its_id(text: str, shown: str) -> None:
    assert str(cited(text)) == shown


def test_an_abbreviation_inside_a_rule_id_is_left_alone() -> None:
    shown = str(spelled_out("out (F-GM-04), 3 AP", {"AP": "Action Points", "GM": "Game Master"}))
    assert shown == (
        "out" + MARK.format("rule F-GM-04") + ', 3 <abbr title="Action Points">AP</abbr>'
    )
    assert str(rule_ref("ruling C-16")) == MARK.format("rule C-16")


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(abbreviations).failed == 0


def test_the_gms_table_cites_no_rule_in_its_sentences(client: TestClient) -> None:
    from . import test_encounter_pages

    table = test_encounter_pages.table.__wrapped__(client)
    page = table.page()
    assert "(ruling C-16)" not in page
    assert "(C-20)" not in page
    assert MARK.format("rule C-16") in page  # a hover away
