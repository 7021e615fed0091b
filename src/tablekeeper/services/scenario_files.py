"""Scenario files: YAML read from disk or from a ruleset's shipped ``scenarios/`` folder.

What every ruleset's scenario format shares: a mapping with a ``schema_version`` (checked
first, so an old or foreign file fails with one clear line), an optional ``ruleset``
naming the ruleset it plays, and shipped examples found by name in the ruleset package
(``tablekeeper/rulesets/<ruleset>/scenarios/<name>.yaml``). Each ruleset's own format
and its validation live in ``services/<ruleset>_scenarios.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from tablekeeper.errors import InvalidInputError

SCENARIO_FOLDER = "scenarios"


def _folder(ruleset: str) -> Traversable:
    return resources.files(f"tablekeeper.rulesets.{ruleset}").joinpath(SCENARIO_FOLDER)


def packaged(ruleset: str) -> tuple[str, ...]:
    """The names of the scenarios ``ruleset`` ships, sorted."""
    return tuple(
        sorted(
            item.name.removesuffix(".yaml")
            for item in _folder(ruleset).iterdir()
            if item.name.endswith(".yaml")
        )
    )


def packaged_text(ruleset: str, name: str) -> str:
    """The YAML of the shipped scenario ``name`` of ``ruleset``."""
    return _folder(ruleset).joinpath(f"{name}.yaml").read_text(encoding="utf-8")


def read_text(path: Path, shipped: str) -> str:
    """The text of ``path``; an unreadable file's error lists the ``shipped`` scenarios."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidInputError(
            f"cannot read {path}: {error.strerror or error} (shipped scenarios: {shipped})",
            field="scenario",
        ) from None


def parse_yaml(text: str, source: str) -> Any:
    """The YAML document in ``text``; invalid YAML is one error naming ``source``."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise InvalidInputError(f"{source} is not valid YAML: {error}", field="scenario") from None


def versioned_mapping(data: Any, *, source: str, version: int) -> dict[str, Any]:
    """``data`` as a mapping of fields that states its ``schema_version``."""
    if not isinstance(data, Mapping):
        raise InvalidInputError(f"{source} must be a mapping of fields", field="scenario")
    if "schema_version" not in data:
        raise InvalidInputError(
            f"{source} has no schema_version (this Tablekeeper reads {version})",
            field="schema_version",
        )
    return dict(data)


def check_version(version: int, expected: int) -> int:
    """A pydantic field check: the one format version this code reads."""
    if version != expected:
        raise ValueError(f"this Tablekeeper reads scenario format {expected}, not {version}")
    return version
