"""A campaign imported as a copy: the exported document under new ids.

An export keeps its campaign's and encounters' ids, so that a backup restores as it
was; on the server it came from those ids are taken. :func:`as_copy` gives the document
new ids (every string equal to an old id, wherever the log names it: a record's scope, a
campaign event naming its encounter) and names it "... (copy)", and
:func:`~tablekeeper.services.exports.import_campaign` stores it as usual.
"""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import JsonValue

COPY_SUFFIX = " (copy)"
"""What a copy's name ends with."""


def as_copy(document: Any) -> Any:
    """``document`` (an exported campaign) with a new campaign id and new encounter ids,
    named as a copy; a document not of that shape is returned as it is, for the import
    to refuse with its field paths."""
    if not isinstance(document, dict) or not isinstance(document.get("campaign"), dict):
        return document
    campaign = document["campaign"]
    encounters = document.get("encounters")
    old = [campaign.get("id")]
    if isinstance(encounters, list):
        old += [item.get("id") for item in encounters if isinstance(item, dict)]
    renamed = {key: uuid.uuid4().hex for key in old if isinstance(key, str) and key}
    copied = _renamed(document, renamed)
    assert isinstance(copied, dict)
    inner = copied["campaign"]
    name = campaign.get("name")
    if isinstance(inner, dict) and isinstance(name, str) and name:
        inner["name"] = name[: 200 - len(COPY_SUFFIX)] + COPY_SUFFIX
    return copied


def _renamed(value: JsonValue, ids: dict[str, str]) -> JsonValue:
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, dict):
        return {key: _renamed(item, ids) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, ids) for item in value]
    return value
