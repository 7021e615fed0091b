"""Rules tables as data: YAML validated into Pydantic models, shared by every ruleset.

A ruleset's packaged tables live in its ``data/`` folder and are read once, through
:mod:`importlib.resources` (no path on disk is assumed); a GM's house table goes through
the same validation, so a gap or an overlap in a table is a load error naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from tablekeeper.engine.values import invalid_input
from tablekeeper.errors import InvalidInputError

M = TypeVar("M", bound=BaseModel)


def parse_table(data: Mapping[str, Any] | str, model: type[M], name: str) -> M:
    """Validate a table given as YAML text or parsed data; errors name ``name.<field>``."""
    if isinstance(data, str):
        try:
            data = yaml.safe_load(data)
        except yaml.YAMLError as error:
            raise InvalidInputError(f"{name}: not valid YAML: {error}", field=name) from None
    if not isinstance(data, Mapping):
        raise InvalidInputError(f"{name}: the table must be a mapping", field=name)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise invalid_input(error, prefix=name) from None


def packaged_text(package: str, file: str) -> str:
    """The text of ``data/<file>`` shipped inside ``package``."""
    return resources.files(package).joinpath("data").joinpath(file).read_text(encoding="utf-8")
