"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tablekeeper.engine

MODULES = sorted(
    info.name for info in pkgutil.iter_modules(tablekeeper.engine.__path__, "tablekeeper.engine.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
