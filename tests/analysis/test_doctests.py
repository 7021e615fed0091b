"""The analysis modules' examples (their docstrings' doctests) hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tablekeeper.analysis

MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(tablekeeper.analysis.__path__, "tablekeeper.analysis.")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
