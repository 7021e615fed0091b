"""Reading what a GM types on the command line: faces rolled at the table, check input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tablekeeper.errors import InvalidInputError


def parse_faces(text: str | None) -> list[int] | None:
    """``"3,5,6"`` -> ``[3, 5, 6]``; a clear error names ``--dice`` otherwise."""
    if text is None:
        return None
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise InvalidInputError(
            f"{text!r} is not a comma-separated list of whole numbers", field="--dice"
        ) from None


def read_input(text: str) -> dict[str, Any]:
    """``--input``: inline JSON, ``@file.json`` or ``@file.yaml``, which must be a mapping."""
    import yaml  # only for this command

    source = "--input"
    if text.startswith("@"):
        path = Path(text[1:])
        source = f"--input {path}"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise InvalidInputError(
                f"cannot read {path}: {error.strerror or error}", field="--input"
            ) from None
        loader = yaml.safe_load if path.suffix.lower() in {".yaml", ".yml"} else json.loads
    else:
        loader = json.loads
    try:
        data = loader(text)
    except (json.JSONDecodeError, yaml.YAMLError) as error:
        raise InvalidInputError(f"{source} is not valid: {error}", field="--input") from None
    if not isinstance(data, dict):
        raise InvalidInputError(
            f"{source} must be an object of named fields, not {type(data).__name__}",
            field="--input",
        )
    return data
