"""The encounter's log as the table reads it (web/log_view.py): one entry per command,
the outcome as its heading, details on demand, an undo named by what it took back, and
pages of commands so a long session stays light."""

from __future__ import annotations

import re

import pytest

from tablekeeper.web.log_view import COMMANDS_PER_PAGE

from . import test_encounter_pages
from .test_encounter_pages import AP, Table

table_fixture = pytest.fixture(name="table")(test_encounter_pages.table.__wrapped__)

ENTRY = re.compile(r'<li class="log-entry[^"]*" id="command-')


def test_one_entry_per_command_its_outcome_first(table: Table) -> None:
    page = table.page()
    joined = len(ENTRY.findall(page))
    assert joined == 2, "Aliena and Demilio joined: two commands"
    table.submit("Aliena: start Complex Technique*")
    for _ in range(3):
        table.submit("Advance 1 s")
    page = table.page()
    assert len(ENTRY.findall(page)) == joined + 4
    log = page.split('id="log"')[1]
    first = re.search(r'<div class="log-head">\s*<strong>([^<]+)</strong>', log)
    assert first
    assert "Aliena completes Complex Technique*" in first.group(1), "the outcome first"
    assert "bookkeeping" in log, "records without a sentence are counted, not listed"
    assert 'data-mentions="aliena' in log


def test_undo_says_what_it_will_undo_and_the_log_what_it_undid(table: Table) -> None:
    table.submit("Aliena: start Complex Spell*")
    page = table.page()
    assert ">Undo: Aliena starts charging Complex Spell* (3 A.P.)</button>" in page
    # Redo, too, says what it gives again, and is off with nothing to redo (a GM
    # walk-through pressed it and read "redo: nothing to redo").
    assert "disabled>Redo (nothing undone to redo)</button>" in page
    undone = table.gm.post(f"{table.url}/undo", data={"expected_version": table.version()})
    assert undone.status_code == 303
    page = table.page()
    assert f"<strong>Undo: Aliena starts charging Complex Spell* (3 {AP})</strong>" in page
    assert ">Undo: Demilio joins (foes)</button>" in page
    # The outcome says what the undo took back (a GM walk-through saw it vanish instead).
    outcome = re.search(r'<h3 id="outcome-heading">(.+?)</h3>', page)
    assert outcome
    assert outcome.group(1) == f"Last: Undo: Aliena starts charging Complex Spell* (3 {AP})"
    assert ">Redo: Aliena starts charging Complex Spell* (3 A.P.)</button>" in page
    assert "Redo: " not in table.page(table.player)  # a player has no GM tools


def test_the_log_is_paged_by_commands(table: Table) -> None:
    for _ in range(COMMANDS_PER_PAGE + 3):
        table.submit("Advance 1 s")
    commands = COMMANDS_PER_PAGE + 5
    page = table.page()
    assert len(ENTRY.findall(page)) == COMMANDS_PER_PAGE
    assert f"Page 1 of 2 ({commands} commands)" in page
    older = table.gm.get(f"{table.url}?log_page=1").text
    assert len(ENTRY.findall(older)) == 5
    assert "Demilio joins (foes)" in older.split('id="log"')[1]
    assert "Demilio joins (foes)" not in page.split('id="log"')[1]
    assert len(ENTRY.findall(table.gm.get(f"{table.url}?log_page=99").text)) == 5
