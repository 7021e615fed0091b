"""Log records to JSON and back: the engine's ``Event`` and ``Undone`` as stored rows."""

from __future__ import annotations

from typing import Any, Literal

from tablekeeper.engine.events import Event, LogRecord, Undone

RecordType = Literal["event", "undone"]


def dump_record(record: LogRecord) -> tuple[RecordType, dict[str, Any]]:
    """The record's type tag and its JSON data (``model_dump(mode="json")``)."""
    tag: RecordType = "undone" if isinstance(record, Undone) else "event"
    return tag, record.model_dump(mode="json")


def load_record(tag: str, data: dict[str, Any]) -> LogRecord:
    """The record stored as ``tag`` and ``data``, validated back into the engine's model."""
    if tag == "undone":
        return Undone.model_validate(data)
    if tag == "event":
        return Event.model_validate(data)
    raise ValueError(f"unknown log record type {tag!r}")
