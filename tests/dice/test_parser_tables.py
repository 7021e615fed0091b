"""The dice parser's shipped tables are the grammar's, and parse as the grammar does."""

from __future__ import annotations

import pytest
from lark import Lark

from tablekeeper.dice import parser_tables

EXPRESSIONS = ["4d6kh3", "1d20+5 [to hit]", "{2d6, 1d8}kh1", "8d8>=4f1", "dF*3", "-(1d4)"]


def test_the_shipped_tables_are_built_from_todays_grammar_by_this_lark() -> None:
    assert parser_tables.shipped_key() == parser_tables.tables_key(parser_tables.grammar_text()), (
        "the dice grammar or Lark changed: run scripts/build-dice-tables"
    )


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_the_loaded_parser_parses_as_the_built_one(text: str) -> None:
    loaded = parser_tables.load_parser()
    built = parser_tables.built(parser_tables.grammar_text())
    assert loaded.parse(text) == built.parse(text)


def test_tables_of_another_grammar_are_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser_tables, "tables_key", lambda grammar: b"another")
    built: list[str] = []
    real = parser_tables.built

    def counted(grammar: str) -> Lark:
        built.append(grammar)
        return real(grammar)

    monkeypatch.setattr(parser_tables, "built", counted)
    assert parser_tables.load_parser().parse("2d6")
    assert built
