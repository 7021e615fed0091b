"""The dice parser, built once: ``grammar.lark``'s LALR tables, shipped beside it.

Building the parser from the grammar takes 50-300 ms, most of a ``tablekeeper odds``
call; loading the tables Lark built from it takes about 5 ms. ``grammar.lalr`` holds
them, under a first line that names the grammar and the Lark version they were built
from (:func:`tables_key`): when either changed, the tables are not used and the parser
is built from the grammar (as fast as before, never wrong).
``scripts/build-dice-tables`` writes the file; a test checks it is current.
"""

from __future__ import annotations

import hashlib
import io
from importlib import resources

import lark
from lark import Lark

GRAMMAR = "grammar.lark"
TABLES = "grammar.lalr"
OPTIONS = {"parser": "lalr", "lexer": "contextual"}


def grammar_text() -> str:
    """The dice grammar."""
    return resources.files("tablekeeper.dice").joinpath(GRAMMAR).read_text("utf-8")


def tables_key(grammar: str) -> bytes:
    """What tables built from ``grammar`` by this Lark are filed under."""
    source = f"{lark.__version__}\n{sorted(OPTIONS.items())}\n{grammar}"
    return hashlib.sha256(source.encode("utf-8")).hexdigest().encode("ascii")


def built(grammar: str) -> Lark:
    """The parser, built from the grammar."""
    return Lark(grammar, parser="lalr", lexer="contextual")


def tables_of(parser: Lark, grammar: str) -> bytes:
    """The file ``grammar.lalr``: the key, a newline, the parser's tables."""
    saved = io.BytesIO()
    parser.save(saved)
    return tables_key(grammar) + b"\n" + saved.getvalue()


def shipped_key() -> bytes | None:
    """The key the shipped tables were built under (``None``: none are shipped)."""
    try:
        data = resources.files("tablekeeper.dice").joinpath(TABLES).read_bytes()
    except FileNotFoundError:
        return None
    return data.partition(b"\n")[0]


def load_parser() -> Lark:
    """The parser: from the shipped tables when they are the grammar's, else built."""
    grammar = grammar_text()
    try:
        data = resources.files("tablekeeper.dice").joinpath(TABLES).read_bytes()
    except FileNotFoundError:
        return built(grammar)
    key, _, tables = data.partition(b"\n")
    if key != tables_key(grammar):
        return built(grammar)
    try:
        return Lark.load(io.BytesIO(tables))
    except Exception:  # tables Lark cannot read back: build them again
        return built(grammar)
