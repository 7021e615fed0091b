"""The examples in the ``percentile`` docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    f"tablekeeper.rulesets.percentile.{name}"
    for name in (
        "attack",
        "attack_input",
        "attack_odds",
        "blows",
        "checks",
        "damage",
        "defense",
        "expressions",
        "fumbles",
        "grapples",
        "impales",
        "modifiers",
        "opposed",
        "options",
        "sentences",
        "stats",
        "tables",
    )
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
