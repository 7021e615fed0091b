"""Button labels made distinct: two commands offered side by side never read alike.

Each label itself is the ruleset's words (``Ruleset.words.command_label``); what is left
to the console is telling apart two buttons whose labels coincide (an attack to wound
and one to disarm, say) by the payload fields they differ in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


def distinct_labels(offered: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The offered commands, each label made unique: two buttons that read alike (an
    attack to wound and one to disarm, say) get the payload fields they differ in.
    Each item has ``label`` and ``payload``."""
    counts = Counter(item["label"] for item in offered)
    for label, count in counts.items():
        if count < 2:
            continue
        alike = [item for item in offered if item["label"] == label]
        keys = sorted({key for item in alike for key in item["payload"]})
        differing = [
            key for key in keys if len({repr(item["payload"].get(key)) for item in alike}) > 1
        ]
        for item in alike:
            shown = ", ".join(
                f"{key.replace('_', ' ')} {_shown(item['payload'].get(key))}" for key in differing
            )
            item["label"] = f"{label} ({shown})" if shown else label
    return list(offered)


def _shown(value: object) -> str:
    if value is None:
        return "default"
    if isinstance(value, list | tuple):
        return ", ".join(str(part) for part in value) or "none"
    return str(value)
